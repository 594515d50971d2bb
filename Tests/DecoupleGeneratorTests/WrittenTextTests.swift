import DecoupleGenerator
import SwiftParser
import Testing

/// What generated code takes from the sources is written on one line, spaced as the formatter
/// spaces it, without the sources' comments, tabs or line breaks: wherever it was read (a
/// declared type, an inferred one, a type alias, a generic clause), and however the sources
/// space it. Each case exited 0 with code that did not compile, or refused valid code.
@Suite struct WrittenTextTests {
    private func generated(_ models: String, _ config: String) throws -> String {
        let code = generate(["M.swift": models], config: config)
        #expect(!Parser.parse(source: code).hasError, "\(code)")
        #expect(!code.contains("//") || !code.contains("// c"), "\(code)")
        return code
    }

    @Test func aCommentInAnInferredType_orATypeAlias_isNotWritten() throws {
        let code = try generated("""
            protocol Row: Identifiable {}
            struct Model {
                struct Inner: Hashable {}
                var key = Set< // c
                    Inner>()
            }
            typealias Key = [Int: // c
                Model.Inner]
            struct Other { var key: Key }
            struct Tabbed { var key = Set<Int\t>() }\r\n
            """, #"{"adapters": [{"model": "Model", "protocol": "Row", "map": {"id": "key"}}, {"model": "Other", "protocol": "Row", "map": {"id": "key"}}, {"model": "Tabbed", "protocol": "Row", "map": {"id": "key"}}]}"#)
        #expect(code.contains("internal var id: Swift.Set<Model.Inner> {"), "\(code)")
        #expect(code.contains("internal var id: [Swift.Int: Model.Inner] {"), "\(code)")
        #expect(code.contains("internal var id: Swift.Set<Swift.Int> {"), "\(code)")
        #expect(!code.contains("\t") && !code.contains("\r"), "\(code)")
    }

    @Test func aCommentInATypeAlias_orAGenericConstraint_isReadAlike() throws {
        let code = try generated("""
            typealias Score = [String: /* c */ Int]
            protocol Scored { var score: Score { get }; func f<T: Hashable & /* c */ Sendable>(_ x: T) -> Int where T: /* e */ Equatable }
            struct Player { var points: [String: Int]; func g<T: Hashable & Sendable>(_ x: T) -> Int where T: Equatable { 0 } }
            """, #"{"adapters": [{"model": "Player", "protocol": "Scored", "map": {"score": "points", "f": "g"}}]}"#)
        #expect(code.contains("internal var score: Score {"), "\(code)")
        #expect(code.contains("func f<T: Hashable & Sendable>(_ p0: T) -> Swift.Int where T: Equatable {"), "\(code)")
    }

    @Test func anInferredSelf_namesTheModel_inAFactoryAdapter() throws {
        let code = try generated("""
            struct Tag<T, V: Hashable>: Hashable { var v: V }
            protocol Row: Identifiable {}
            struct Model { var id = Tag<Self, Int>(v: 1) }
            """, #"{"adapters": [{"model": "Model", "protocol": "Row", "style": "factory"}]}"#)
        #expect(code.contains("var id: Tag<Model, Swift.Int> {"), "\(code)")
    }

    @Test func aParameterPack_isExpandedAgain_andAGenericParameterKeepsItsName() throws {
        let code = try generated("""
            protocol Packed { func f<each T>(_ t: repeat each T) -> Int; func h<String>(_ x: String) -> String }
            struct Packer { func f<each T>(_ t: repeat each T) -> Int { 0 }; func h<String>(_ x: String) -> String { x } }
            """, #"{"adapters": [{"model": "Packer", "protocol": "Packed", "style": "factory"}]}"#)
        #expect(code.contains("self.model.f(repeat each p0)"), "\(code)")
        #expect(code.contains("func h<String>(_ p0: String) -> String {"), "\(code)")
    }

    /// Swift refuses a module imported with an access level in one file and without in another.
    @Test func anImportsAccessLevel_andPreconcurrency_areKept() throws {
        let sources = [
            "P.swift": "internal import Foundation\n@preconcurrency public import Dispatch\nprotocol Row { var title: String { get } }",
            "Q.swift": "import Foundation\npublic import Dispatch\nprotocol Tile { var title: String { get } }",
            "M.swift": "struct Card { var name: String }",
        ]
        let code = generate(sources, config: #"{"adapters": [{"model": "Card", "protocol": "Row", "map": {"title": "name"}}, {"model": "Card", "protocol": "Tile", "map": {"title": "name"}}]}"#)
        // A plain import is a public one: with an `internal import` elsewhere, `public`.
        #expect(code.contains("\n@preconcurrency public import Dispatch\npublic import Foundation\n"), "\(code)")
        let internalOnly = generate(["P.swift": "internal import Foundation\nprotocol Row { var title: String { get } }", "M.swift": "struct Card { var name: String }"],
                                    config: #"{"adapters": [{"model": "Card", "protocol": "Row", "map": {"title": "name"}}]}"#)
        #expect(internalOnly.contains("\ninternal import Foundation\n"), "\(internalOnly)")
        // The library, imported `internal` by a file, is imported `public`: the proxy's members are.
        let proxied = generate(["P.swift": "internal import Decouple\npublic protocol Row { var heading: String { get } }", "M.swift": "struct Card { var heading: String }"],
                               config: #"{"adapters": [{"model": "Card", "protocol": "Row", "style": "proxy"}]}"#)
        #expect(proxied.contains("\npublic import Decouple\n"), "\(proxied)")
        #expect(!proxied.contains("\nimport Decouple\n") && !proxied.contains("internal import Decouple"), "\(proxied)")
    }

    /// A type the catalog writes again (`Self` as the type it names, a name qualified) is
    /// compared as written again, not by the shape it was read with; an initializer of nested
    /// arrays or optionals reads aliases through.
    @Test func aTypeWrittenAgain_orNestedInAnInitializer_isReadThroughAliases() throws {
        let code = try generated("""
            typealias Score = Int
            protocol Look { var look: Model.Theme { get }; var grid: [[Int]] { get }; var maybe: [Int?] { get } }
            struct Model {
                enum Theme { case light; static func standard() -> Self { .light } }
                var theme = Theme.standard()
                var cells = [[Score]]()
                var scores = [Score?]()
            }
            """, #"{"adapters": [{"model": "Model", "protocol": "Look", "map": {"look": "theme", "grid": "cells", "maybe": "scores"}}]}"#)
        #expect(code.contains("internal var look: Model.Theme {\n        self.theme\n    }"), "\(code)")
        #expect(code.contains("internal var grid: [[Swift.Int]] {\n        self.cells\n    }"), "\(code)")
        #expect(code.contains("internal var maybe: [Swift.Int?] {\n        self.scores\n    }"), "\(code)")
    }
}

/// A type's shape, read at the scan, writes the type's text back: what the catalog compares
/// through aliases is the type generated code writes.
@Suite struct TypeShapeTests {
    @Test func everyScannedTypesShape_writesItsText() throws {
        var sources = try ["Examples", "Tests/Fixtures/Coverage", "Tests/Fixtures/CommittedAdapters"].flatMap {
            try swiftSources(in: packageRoot.appendingPathComponent($0).path)
        }
        sources.append(SourceFile(path: "Odd.swift", text: """
            typealias Pair = (first: Int, second: [String:Int])
            protocol Odd {
                var a: [String:Int] { get }; var b: (Int)->Void { get }; var c: Dictionary<String,[Int?]> { get }
                var d: some Collection<Int> { get }; var e: any Hashable & Sendable { get }; var f: Outer.`Type`<Int> { get }
                var g: @Sendable (inout Int, Int...) async throws -> (Int, b: String) { get }; var h: [ Int /* c */ ]? { get }
                var i: Result<Int, any Error> { get }; var j: ((Int) -> Void)? { get }; var k: Int! { get }; var l: [[Int]: Set<Int>] { get }
            }
            struct Model { var m = Set<Int>(); var n = [Model.Inner](); var o = [String: Int](); struct Inner {} }
            """))
        var checked = 0
        for source in sources {
            let file = SourceScanner.scan(source)
            let types = file.types.flatMap { $0.members.compactMap(\.type) } + file.protocols.flatMap { $0.requirements.map(\.type) }
            for type in types {
                guard let shape = type.shape else { continue }
                #expect(shape.text == type.wrapped, "\(source.path): \(type.wrapped)")
                checked += 1
            }
            for alias in file.typeAliases {
                #expect(alias.aliasedShape?.text == alias.aliased, "\(alias.aliased)")
            }
        }
        #expect(checked >= 90, "\(checked) types checked")
    }
}

/// Swift matches a method's generic parameters by their place, not their names: a model's
/// `load<Model>` implements a requirement's `load<T>`. It was refused as a missing method.
@Suite struct RenamedGenericParameterTests {
    @Test func aGenericParameterNamedOtherwise_implementsTheRequirement() {
        let code = generate(["M.swift": """
            protocol Loader { func load<T: Decodable>(_ type: T.Type, from name: String) -> T? where T: Sendable; var title: String { get } }
            struct Disk { func load<Model: Decodable>(_ type: Model.Type, from name: String) -> Model? where Model: Sendable { nil }; var name: String }
            struct Swapped { func pair<A, B>(_ a: A, _ b: B) -> (A, B) { (a, b) } }
            protocol Pairing { func pair<B, A>(_ a: B, _ b: A) -> (B, A) }
            struct Wrong { func pair<A, B>(_ a: A, _ b: B) -> (B, A) { (b, a) } }
            """], config: #"""
            {"adapters": [{"model": "Disk", "protocol": "Loader", "map": {"title": "name"}}, {"model": "Swapped", "protocol": "Pairing"}]}
            """#)
        #expect(code.contains("extension Disk: Loader {\n    internal var title: Swift.String {"), "\(code)")
        #expect(code.contains("extension Swapped: Pairing {\n}"), "\(code)")
        let wrong = generate(["M.swift": """
            protocol Pairing { func pair<B, A>(_ a: B, _ b: A) -> (B, A) }
            struct Wrong { func pair<A, B>(_ a: A, _ b: B) -> (B, A) { (b, a) } }
            """], config: #"{"adapters": [{"model": "Wrong", "protocol": "Pairing"}]}"#)
        #expect(wrong.contains("'Wrong' does not implement method requirement"), "\(wrong)")
        // A generic parameter is not the type spelled like the requirement's parameter.
        let namesake = generate(["M.swift": """
            protocol Store { func value<Value>(for key: String) -> Value? }
            struct Value {}
            struct Box { func value<T>(for key: String) -> Value? { nil } }
            """], config: #"{"adapters": [{"model": "Box", "protocol": "Store"}]}"#)
        #expect(namesake.contains("'Box' does not implement method requirement"), "\(namesake)")
        // Renamed in a thrown type and in a pack's constraint too.
        let thrown = generate(["M.swift": """
            protocol Runner { func run<E: Error>(_ f: () throws(E) -> Void) throws(E); func all<each T>(_ t: repeat each T) where repeat each T: Hashable }
            struct Job { func run<Failure: Error>(_ f: () throws(Failure) -> Void) throws(Failure) {}; func all<each U>(_ t: repeat each U) where repeat each U: Hashable {} }
            """], config: #"{"adapters": [{"model": "Job", "protocol": "Runner"}]}"#)
        #expect(thrown.contains("extension Job: Runner {\n}"), "\(thrown)")
    }
}

/// A problem found twice is reported once: a model declared in two `#if` branches is checked in
/// each, and the proxy style's conflicting requirement was printed twice, under "2 problems".
@Suite struct RepeatedProblemTests {
    @Test func aProblemFoundInTwoBranches_isReportedOnce() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            #if DEBUG
            struct Card { var title: String }
            #else
            struct Card { var title: String }
            #endif
            """], config: #"{"adapters": [{"model": "Card", "protocol": "Row", "style": "proxy"}]}"#)
        #expect(output.components(separatedBy: "[#ProxyConflictingRequirements]").count == 2, "\(output)")
        #expect(!output.contains("2 problems"), "\(output)")
    }
}
