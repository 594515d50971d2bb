import DecoupleGenerator
import DecoupleTestSupport
import Testing

/// Protocols as apps write them: refining a composition through a type alias, refining the
/// standard library's protocols, isolated to a global actor of their own, with defaults in an
/// extension, and types spelled several ways. Each compiles in every language mode, or is
/// refused with its rule at its place. The compiler is the judge.
@Suite struct LibraryRefinementTests {
    private static let configuration = ConfigurationBuilder(protocolName: "Row")

    /// Swift 5 and Swift 6 without a default isolation.
    private static let nonisolatedModes = Array(languageModes.prefix(2))

    /// `protocol Row: Named`, with `typealias Named = Titled & Counted`: the requirements reached
    /// through the alias are written, and can be mapped.
    @Test(arguments: OutputStyle.allCases)
    func aCompositionTypealiasRefined_isRequiredAndMapped(style: OutputStyle) throws {
        let source = """
            protocol Titled { var label: String { get } }
            protocol Counted { var count: Int { get } }
            typealias Named = Titled & Counted
            protocol Row: Named { var caption: String { get } }
            struct Point { var name: String; var count: Int; var caption: String }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"label": "name"}"#)]))
        #expect(result.compiles, "\(result)")
    }

    /// A global actor of the sources' own is not modelled: a model or a member isolated to one
    /// is refused where it is.
    @Test(arguments: OutputStyle.allCases)
    func aCustomGlobalActor_isRefused(style: OutputStyle) throws {
        let source = """
            @globalActor actor DBActor { static let shared = DBActor() }
            protocol Row { var caption: String { get } }
            @DBActor final class Store { var name: String = "" }
            final class Other { @DBActor var name: String = ""; var plain = "" }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Store", #"{"caption": "name"}"#), ("Other", #"{"caption": "name"}"#)]))
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("'Store' is isolated to the global actor 'DBActor'") && refusal.contains("M.swift:3:22: note: 'Store' is declared here"), "\(refusal)")
        #expect(refusal.contains("'name' is isolated to the global actor 'DBActor'") && refusal.contains("[#GlobalActorIsolation]"), "\(refusal)")
        // Its members that are not isolated to it are read as any other.
        let plain = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Other", #"{"caption": "plain"}"#)]))
        #expect(plain.compiles, "\(plain)")
    }

    /// `Identifiable` and `CustomStringConvertible` refined: `id` and `description` are read from
    /// the model in the factory's adapter; the proxy cannot declare an `id` for every model.
    /// (Judged without MainActor by default, which the configuration must then say: below.)
    @Test(arguments: OutputStyle.allCases)
    func libraryProtocolsWithKnownRequirements_areWritten(style: OutputStyle) throws {
        let source = """
            protocol Row: Identifiable, CustomStringConvertible { var caption: String { get } }
            struct Point { var id: Int; var name: String; var description: String { name } }
            final class Box { let id = "b"; var name = ""; var description: String { name } }
            """
        let result = try judged(
            ["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"caption": "name"}"#), ("Box", #"{"caption": "name"}"#)]),
            modes: Self.nonisolatedModes)
        if style == .proxy {
            #expect(result.refusal?.contains("'Row' refines Identifiable, whose 'id' has the type each model gives it") == true, "\(result)")
            #expect(result.refusal?.contains("[#LibraryRefinement]") == true, "\(result)")
        } else {
            #expect(result.compiles, "\(result)")
            #expect(style == .conformance || result.code?.contains("var id: Swift.Int {") == true, "\(result)")
        }
    }

    /// Under MainActor by default, a conformance to a protocol that refines one of the standard
    /// library's (never isolated) is isolated to the main actor.
    @Test func aRefinementOfALibraryProtocol_underMainActorByDefault() throws {
        let source = """
            protocol Row: Identifiable { var caption: String { get } }
            struct Point { var id: Int; var name: String }
            """
        let result = try judged(
            ["Sources/App/M.swift": source],
            config: ConfigurationBuilder(protocolName: "Row", mainActorByDefault: true).json(.conformance, adapters: [("Point", #"{"caption": "name"}"#)]))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Point: @Swift.MainActor Row {") == true, "\(result)")
    }

    /// Under MainActor by default, a `nonisolated` model's conformance to such a protocol is
    /// declared in a `nonisolated extension`, so that the conformance to the library protocol
    /// it implies is not isolated either. Found by the compiler oracle.
    @Test func aNonisolatedModel_underMainActorByDefault_getsNonisolatedWitnesses() throws {
        let source = """
            protocol Row: CustomStringConvertible { func total() -> Int }
            nonisolated final class User { func count() -> Int { 1 }; var description: String { "d" } }
            """
        let result = try judged(
            ["Sources/App/M.swift": source],
            config: ConfigurationBuilder(protocolName: "Row", mainActorByDefault: true).json(.conformance, adapters: [("User", #"{"total": "count"}"#)]))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("nonisolated extension User: Row {") == true, "\(result)")
    }

    /// `Hashable` and the like: the model declares them itself, where Swift writes them; the
    /// factory's adapter gets them from such a model; the proxy cannot have them.
    @Test(arguments: OutputStyle.allCases)
    func libraryProtocolsWithOtherRequirements_needTheModelsOwnConformance(style: OutputStyle) throws {
        let source = """
            protocol Row: Hashable { var caption: String { get } }
            struct Point: Hashable { var name: String }
            struct Other { var name: String }
            """
        let declared = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"caption": "name"}"#)]), modes: Self.nonisolatedModes)
        if style == .proxy {
            #expect(declared.refusal?.contains("'Row' refines 'Hashable', whose requirements generated code does not write, which ForwardingProxy cannot have") == true, "\(declared)")
        } else {
            #expect(declared.compiles, "\(declared)")
        }
        let undeclared = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Other", #"{"caption": "name"}"#)]))
        let refusal = try #require(undeclared.refusal, "\(undeclared)")
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("[#LibraryRefinement]"), "\(refusal)")
        #expect(style == .proxy || refusal.contains("declare 'Other: Hashable'"), "\(refusal)")
    }

    /// A requirement an extension of the protocol implements needs no member.
    @Test(arguments: OutputStyle.allCases)
    func aRequirementWithADefault_needsNoMember(style: OutputStyle) throws {
        let source = """
            protocol Row { var caption: String { get }; var detail: String { get } }
            extension Row { var detail: String { "" } }
            struct Point { var name: String }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"caption": "name"}"#)]))
        #expect(result.compiles, "\(result)")
        // A default under `where` is not every conformance's.
        let constrained = source.replacingOccurrences(of: "extension Row {", with: "extension Row where Self: Sendable {")
        #expect(try judged(["Sources/App/M.swift": constrained], config: Self.configuration.json(style, adapters: [("Point", #"{"caption": "name"}"#)])).refusal != nil)
    }

    /// One type spelled otherwise: through a type alias, a nested name, or without sugar.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func oneTypeSpelledOtherwise_isTheSameType(style: OutputStyle) throws {
        let source = """
            typealias Score = Int
            protocol Row { var score: Int { get }; var kind: Catalog.Kind { get }; var tags: [String] { get }; var level: Score { get } }
            struct Catalog {
                enum Kind { case a }
                var points: Score
                var kind: Kind
                var labels: Array<String>
                var depth: Int
            }
            """
        let result = try judged(
            ["Sources/App/M.swift": source],
            config: Self.configuration.json(style, adapters: [("Catalog", #"{"score": "points", "tags": "labels", "level": "depth"}"#)]))
        #expect(result.compiles, "\(result)")
    }

    /// Effects and generics as Swift matches them: a property or a method with fewer effects
    /// meets an `async` or `throws` requirement, and `where V: P` is `<V: P>`.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func methodsWithFewerEffectsOrOtherGenericSpelling_implementRequirements(style: OutputStyle) throws {
        let source = """
            struct LoadError: Error {}
            protocol Row {
                func load() async -> String
                func check() throws(LoadError) -> Int
                func fetch() async throws -> String
                func show<V: CustomStringConvertible>(_ value: V) -> String
            }
            struct Point {
                var loaded: String
                func check() -> Int { 0 }
                func fetching() -> String { "" }
                func show<V>(_ value: V) -> String where V: CustomStringConvertible { value.description }
            }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"load": "loaded", "fetch": "fetching"}"#)]))
        #expect(result.compiles, "\(result)")
    }

    /// `@unchecked Sendable` is Sendable; a static member a class inherits is its own.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func uncheckedSendableAndInheritedStatics_areRead(style: OutputStyle) throws {
        let source = """
            protocol Row: Sendable { var caption: String { get } }
            final class Point: @unchecked Sendable { let name = "p" }
            class Base { static let kind = "base"; init() {} }
            final class Sub: Base, @unchecked Sendable {}
            """
        let result = try judged(
            ["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"caption": "name"}"#), ("Sub", #"{"caption": "kind"}"#)]))
        #expect(result.compiles, "\(result)")
    }

    /// The generated file imports what the protocols' files import and the modules the
    /// configuration names, not every import of the models' files.
    @Test func theGeneratedFile_importsWhatItSpells() throws {
        let result = Generator.generate(
            sources: [
                SourceFile(path: "Sources/App/Row.swift", text: "import Foundation\nprotocol Row { var stamp: Date { get } }"),
                SourceFile(path: "Sources/App/Point.swift", text: "import Foundation\nimport Dispatch\nimport Combine\nstruct Point { var stamp: Date }"),
            ],
            configuration: try Configuration.parse(#"{"adapters": [{"model": "Point", "protocol": "Row"}]}"#, path: "decouple.json"))
        let code = try #require(result.code, "\(result.diagnostics)")
        #expect(code.split(separator: "\n").filter { $0.hasPrefix("import ") } == ["import Foundation"], "\(code)")
    }

    /// `Decouple` is imported where the generated code names it (the library's protocols, the
    /// factory and proxy styles), and otherwise only as the protocol's file imports it, under its
    /// conditions: conformances to the app's own protocols compile in a target that does not
    /// depend on the library. A type whose name ends in `Decouple`, or a constant that says
    /// `Decouple.`, is not the module.
    @Test(arguments: [
        ("conformance", "protocol Row { var caption: String { get } }", "Row", "{}", ""),
        ("conformance", "enum MyDecouple { struct Kind {} }\nprotocol Row { var kind: MyDecouple.Kind { get } }", "Row", #"{"kind": "sort"}"#, ""),
        ("conformance", "protocol Row { var note: String { get } }", "Row", #"{"note": {"default": "Decouple.note"}}"#, ""),
        ("conformance", "import Decouple\nprotocol Row { var caption: String { get } }", "Row", "{}", "import Decouple"),
        ("conformance", "#if canImport(Decouple)\nimport Decouple\n#endif\nprotocol Row { var caption: String { get } }", "Row", "{}",
         "#if canImport(Decouple)\nimport Decouple\n#endif"),
        ("conformance", "", "TitledContent", "{}", "import Decouple"),
        ("factory", "protocol Row { var caption: String { get } }", "Row", "{}", "import Decouple"),
        ("proxy", "protocol Row { var caption: String { get } }", "Row", "{}", "import Decouple"),
    ])
    func decouple_isImportedWhereTheCodeNeedsIt(style: String, protocolFile: String, adapted: String, map: String, imports: String) throws {
        let model = "struct Point { let caption = \"p\"; let sort = MyDecouple.Kind(); let title = \"t\"; let subtitle = \"s\" }"
        let declarations = protocolFile.contains("MyDecouple") ? "" : "enum MyDecouple { struct Kind {} }\n"
        let result = try judged(
            ["Sources/App/Row.swift": protocolFile, "Sources/App/Point.swift": declarations + model],
            config: #"{"style": "\#(style)", "adapters": [{"model": "Point", "protocol": "\#(adapted)", "map": \#(map)}]}"#,
            modes: Self.nonisolatedModes)
        #expect(result.compiles, "\(result)")
        let code = result.code ?? ""
        let header = code.components(separatedBy: "// MARK:")[0].dropFirst(generatedFileHeader.count)
        #expect(header.trimmingCharacters(in: .newlines) == imports, "\(code)")
    }

    /// A member reached through `@dynamicMemberLookup` is not declared: the message says so.
    @Test func aDynamicMember_isExplained() throws {
        let source = """
            protocol Row { var caption: String { get } }
            @dynamicMemberLookup struct Point { subscript(dynamicMember key: String) -> String { key } }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(.conformance, adapters: [("Point", #"{"caption": "label"}"#)]))
        #expect(result.refusal?.contains("'Point' has no member 'label'; 'Point' is @dynamicMemberLookup, and a member reached through its `subscript(dynamicMember:)` is not declared") == true, "\(result)")
    }

    /// A type declared nearer hides an alias of a farther scope, as Swift reads names: the
    /// member is described, not read as the alias's type.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aNestedTypeHidesATopLevelAlias(style: OutputStyle) throws {
        let source = """
            typealias Identifier = String
            protocol Row { var handle: String { get } }
            struct User { struct Identifier { let raw = "r" }; let identifier = Identifier() ; let id: Identifier }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("User", #"{"handle": "id"}"#)]))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("String(describing:") == true, "\(result)")
    }

    /// A requirement inherited from a protocol of another file is spelled with that file's
    /// imports.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func anInheritedRequirement_bringsItsFilesImports(style: OutputStyle) throws {
        let result = try judged(
            [
                "Sources/App/Dated.swift": "import Foundation\nprotocol Dated { var date: Date { get } }",
                "Sources/App/Row.swift": "protocol Row: Dated { var caption: String { get } }",
                "Sources/App/Post.swift": "import Foundation\nstruct Post { var created: Date; var caption: String }",
            ],
            config: Self.configuration.json(style, adapters: [("Post", #"{"date": "created"}"#)]))
        #expect(result.compiles, "\(result)")
    }

    /// `rethrows` is not fewer effects than none: such a method does not implement a
    /// requirement that cannot throw.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aRethrowingMethod_doesNotImplementANonThrowingRequirement(style: OutputStyle) throws {
        let source = """
            protocol Row { func visit(_ body: (Int) throws -> Void) }
            struct Point { func visit(_ body: (Int) throws -> Void) rethrows { try body(1) } }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", "{}")]))
        #expect(result.refusal?.contains("does not implement method requirement 'visit(_: (Int) throws -> Void)' of 'Row'") == true && result.refusal?.contains("[#MissingMethod]") == true, "\(result)")
    }

    /// A default the generated file cannot see, or that only some builds have, does not count.
    @Test func aDefaultNotSeenOrNotAlwaysThere_doesNotCount() throws {
        for defaults in ["fileprivate extension Row { var detail: String { \"\" } }", "#if DEBUG\nextension Row { var detail: String { \"\" } }\n#endif"] {
            let result = try judged(
                ["Sources/App/Row.swift": "protocol Row { var caption: String { get }; var detail: String { get } }\n\(defaults)",
                 "Sources/App/Point.swift": "struct Point { var name: String }"],
                config: Self.configuration.json(.conformance, adapters: [("Point", #"{"caption": "name"}"#)]))
            #expect(result.refusal?.contains("'detail'") == true, "\(defaults): \(result)")
        }
    }

    /// Members of an extension isolated to a global actor are isolated to it.
    @Test func membersOfAGlobalActorExtension_areRefused() throws {
        let source = """
            @globalActor actor DBActor { static let shared = DBActor() }
            protocol Row { var caption: String { get } }
            final class Store {}
            @DBActor extension Store { var count: Int { 1 } }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(.conformance, adapters: [("Store", #"{"caption": "count"}"#)]))
        #expect(result.refusal?.contains("'count' is isolated to the global actor 'DBActor'") == true, "\(result)")
    }

    /// A requirement of a wider protocol refined (a public parent, `CustomStringConvertible`) is
    /// witnessed as visibly as the model and that protocol allow: `public` on a public model and
    /// on the proxy, though the protocol listing it is internal. (Judged without MainActor by
    /// default, which the configuration does not say.)
    @Test(arguments: OutputStyle.allCases)
    func aWiderProtocolsRequirement_isWitnessedAsVisiblyAsItNeeds(style: OutputStyle) throws {
        let source = """
            public protocol Parent { var label: String { get } }
            protocol Row: Parent, CustomStringConvertible { var caption: String { get } }
            public struct Point { var name = ""; var caption = ""; var text = "" }
            """
        let result = try judged(
            ["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"label": "name", "description": "text"}"#)]),
            modes: Self.nonisolatedModes)
        #expect(result.compiles, "\(result)")
    }

    /// The wider access holds however the requirement is reached: declared again by the
    /// protocol, or through a narrower parent listed first. A model's own member that is the
    /// witness must be that visible too, or it is refused where it is.
    @Test(arguments: OutputStyle.allCases)
    func aWiderRequirementDeclaredAgain_keepsItsAccess(style: OutputStyle) throws {
        let sources = [
            "protocol Row: Identifiable, CustomStringConvertible { var id: String { get }; var description: String { get } }",
            "protocol Local { var description: String { get } }\nprotocol Row: Local, CustomStringConvertible { var id: String { get } }",
        ]
        for protocols in sources {
            let source = protocols + "\npublic struct Point { public let key: String; var text = \"\" }"
            let result = try judged(
                ["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: [("Point", #"{"id": "key", "description": "text"}"#)]),
                modes: Self.nonisolatedModes)
            #expect(result.compiles, "\(protocols): \(result)")
        }
        guard style == .conformance else { return }
        let own = "protocol Row: CustomStringConvertible { var caption: String { get } }\npublic struct Point { var caption = \"\"; var description: String { \"p\" } }"
        let refusal = try #require(try judged(["Sources/App/M.swift": own], config: Self.configuration.json(style, adapters: [("Point", "{}")])).refusal)
        #expect(refusal.contains("'description' is internal") && refusal.contains("[#WitnessAccess]"), "\(refusal)")
    }

    /// A protocol-extension default counts as the witness only when it is as visible as the
    /// witness must be: an internal default for a public parent's requirement does not serve a
    /// public model, which must then have a member of its own.
    @Test func anInternalDefaultOfAPublicParentsRequirement_doesNotServeAPublicModel() throws {
        let source = """
            public protocol Parent { var label: String { get } }
            protocol Row: Parent { var caption: String { get } }
            extension Row { var label: String { "d" } }
            public struct Point { var caption = "" }
            """
        let result = try judged(["Sources/App/M.swift": source], config: Self.configuration.json(.conformance, adapters: [("Point", "{}")]), modes: Self.nonisolatedModes)
        #expect(result.refusal?.contains("'Row.label' has no mapping for 'Point'") == true && result.refusal?.contains("[#MissingMapping]") == true, "\(result)")
        let internalModel = source.replacingOccurrences(of: "public struct", with: "struct")
        #expect(try judged(["Sources/App/M.swift": internalModel], config: Self.configuration.json(.conformance, adapters: [("Point", "{}")]), modes: Self.nonisolatedModes).compiles)
    }

    /// A subclass adapted to a protocol its superclass conforms to (declared, or adapted alike)
    /// needs nothing written, and is among the adapters made: no adapter asked for is dropped
    /// unnamed, and a configuration of such subclasses alone does not "make nothing".
    @Test(arguments: [OutputStyle.conformance, .proxy])
    func aSubclassOfAConformingSuperclass_isMade(style: OutputStyle) throws {
        for declared in [true, false] {
            let source = """
                protocol Row { var caption: String { get } }
                class Animal\(declared ? ": Row" : "") { var caption: String { "a" }; init() {} }
                final class Bird: Animal { override var caption: String { "b" } }
                """
            let adapters = declared ? [("Bird", "{}")] : [("Animal", "{}"), ("Bird", "{}")]
            let configuration = try Configuration.parse(Self.configuration.json(style, adapters: adapters), path: "decouple.json")
            let result = Generator.generate(sources: [SourceFile(path: "Sources/App/M.swift", text: source)], configuration: configuration)
            #expect(result.adapters.map { "\($0.model): \($0.protocolName)" }.contains("Bird: Row"), "\(result)")
            #expect(try judged(["Sources/App/M.swift": source], config: Self.configuration.json(style, adapters: adapters)).compiles)
        }
    }
}
