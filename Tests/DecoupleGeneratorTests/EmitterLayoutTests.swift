import DecoupleGenerator
import Foundation
import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import Testing

/// The renderer lays generated code out from the styles' structure without parsing it, and
/// text read from the sources is spaced at the scan as swift-syntax's `BasicFormat` spaces it.
/// These tests hold the output to what `BasicFormat` writes, byte for byte: every declaration
/// but the forwarding proxy's hand-laid member table and look-up is one the formatter leaves
/// as it is.
@Suite struct EmitterLayoutTests {
    /// Every committed fixture, generated again.
    @Test(arguments: ["Examples", "Tests/Fixtures/Coverage", "Tests/Fixtures/CommittedAdapters"])
    func fixtures_areLaidOutAsTheFormatterLaysThemOut(folder: String) throws {
        let directory = packageRoot.appendingPathComponent(folder).path
        let sources = try swiftSources(in: directory)
        let configuration = try Configuration.parse(String(contentsOfFile: directory + "/decouple.json", encoding: .utf8), path: "decouple.json")
        let code = try Generator.generate(sources: sources, configuration: configuration).get()
        #expect(code.contains("\n// MARK: - "))
        #expect(FormatterCheck.changed(in: code) == [])
    }

    /// Mappings and declarations whose source text the formatter would space otherwise
    /// (closures, operators, odd spacing, `#if` conditions, typed throws, generic clauses).
    @Test func awkwardSources_areLaidOutAsTheFormatterLaysThemOut() throws {
        let files = [
            "P.swift": """
                protocol Sized { var size: [String: Int] { get }; var pair: Dictionary<String,Int> { get }; var note: String { get } }
                protocol Tagged { var tags: [String:Int] { get }; var run: ((Int)->Void)? { get } }
                protocol Priced { func price(in currency: String, _ digits: Int) async throws(PriceError)  -> String }
                protocol Sorted { func sort<T:Comparable>(_ items: [T], by key: (T,T)->Bool) -> [T] where T:Hashable }
                protocol Described { var detail: String? { get } }
                struct PriceError: Error {}
                """,
            "M.swift": #"""
                #if os(iOS)&&DEBUG || !targetEnvironment(macCatalyst)
                // decouple: TitledContent(title: name, subtitle: count ?? "a \"quoted\" one")
                struct Phone { var name: String; var count: Int? }
                #endif
                // decouple: TitledContent(title: name, subtitle: detail ?? "-")
                struct Row { var name: String; var detail: Int?; var icon: String? }
                // decouple: Sized(size: sizes, pair: pairs, note: label ?? "")
                struct Box { var sizes: [String:Int]; var pairs: Dictionary<String,Int>; var label: String? }
                struct Bag { var tags: [String:Int]; var run: ((Int)->Void)? }
                // decouple: Priced(price: cost)
                struct Shop { func cost(in currency: String, _ digits: Int) async throws(PriceError) -> String { "" } }
                // decouple: Sorted(sort: order)
                struct Sorter { func order<T:Comparable>(_ items: [T], by key: (T,T)->Bool) -> [T] where T:Hashable { items } }
                // decouple: Described(detail: count)
                struct Counter { var count: Int? }
                struct 名片 { var 名字: String; var 职位: String }
                """#,
        ]
        let config = #"""
            { "adapters": [
                { "model": "名片", "protocol": "TitledContent", "map": { "title": "名字", "subtitle": "职位" }, "style": "factory" },
                { "model": "Row", "protocol": "NamedImageContent", "map": { "name": "name", "image": { "from": "icon", "default": "\"x\"" } }, "style": "factory" },
                { "model": "Bag", "protocol": "Tagged", "style": "proxy" }
            ] }
            """#
        let code = generate(files, config: config)
        #expect(FormatterCheck.changed(in: code) == [], "\(code)")
        for expected in [
            "extension Box: Sized {", "extension Phone: Decouple.TitledContent {", "extension Shop: Priced {", "ForwardingProxy: Tagged", "registerGeneratedAdapters",
            "#if os(iOS) && DEBUG || !targetEnvironment(macCatalyst)", "[Swift.String: Swift.Int]", "Swift.Dictionary<Swift.String, Swift.Int>", "((Swift.Int) -> Void)?",
            "async throws(PriceError) -> Swift.String", "func sort<T: Comparable>(_ p0: [T], by p1: (T, T) -> Swift.Bool) -> [T] where T: Hashable {",
            "self.count.map {\n            Swift.String(describing: $0)\n        }",
        ] {
            #expect(code.contains(expected), "\(expected)\n\(code)")
        }
    }

    /// Text the spacing check takes as plain is text the formatter leaves as it is; text it
    /// does not, the formatter spaces, and that is what the scan keeps.
    @Test(arguments: [
        ("[Swift.String: Swift.Int]?", true),
        ("Outer.`Type`", true),
        ("self.y ?? \"商品 (none)\"", true),
        ("os(iOS) && !targetEnvironment(macCatalyst) || FLAG", true),
        ("(Swift.Int, Swift.String) -> Swift.Bool", true),
        ("\\(any P).a", true),
        ("[String:Int]", false),
        ("Dictionary<String,Int>", false),
        ("(Int)->Void", false),
        ("y+1", false),
        ("-1", false),
        ("\"a\\(b)\"", false),
        ("( Swift.Int )", false),
        ("A&B", false),
        ("@Sendable(Int) -> Void", false),
        ("@ Sendable () -> Void", false),
        ("@1 () -> Void", false),
    ])
    func plainText_isTextTheFormatterLeavesAsItIs(text: String, isPlain: Bool) {
        #expect(FormatterSpacing.isPlain(Substring(text), condition: true) == isPlain, "\(text)")
        if isPlain { #expect(FormatterCheck.formatted("let x = \(text)") == "let x = \(text)", "\(text)") }
    }

    /// A type's attributes, as parameters' types have them, are plain when each is followed by
    /// one space: the formatter leaves such a type as it is.
    @Test(arguments: [
        "@Sendable (Int) -> Void", "@escaping @Sendable () -> Void", "@MainActor @escaping (Swift.String) async throws -> Void",
        "@autoclosure () -> Bool", "((@Sendable () -> Void)?) -> Void", "@escaping (inout [Int]) -> Void",
    ])
    func aTypesAttributes_arePlain_asTheFormatterLeavesThem(type: String) {
        #expect(FormatterSpacing.isPlain(Substring(type), condition: false), "\(type)")
        #expect(FormatterCheck.formatted("let x: \(type)") == "let x: \(type)", "\(type)")
    }

    /// Code lays its blocks out four spaces in and its `#if` groups at the level around them.
    @Test func code_isIndentedByItsBlocks() {
        let code = Code.text(of: [
            .line("/// Doc."),
            .block("extension A: P", [
                .block("func f()", Code.guarded([.line("self.g()")], by: [Condition.written("FLAG", isOperand: true)])),
                .line(""),
                .block(open: "static let t = Self(readers: [", body: [.line("\"a\": { $0.a },")], close: "])"),
            ]),
        ])
        #expect(code == """
            /// Doc.
            extension A: P {
                func f() {
                    #if FLAG
                    self.g()
                    #endif
                }

                static let t = Self(readers: [
                    "a": { $0.a },
                ])
            }
            """)
        #expect(Code.text(of: []) == "")
    }
}

/// swift-syntax's `BasicFormat` as the generated code is held to.
enum FormatterCheck {
    /// The declaration parsed and formatted with four-space indentation, without the line
    /// break the formatter puts before the end of the file after `#endif`.
    static func formatted(_ text: String) -> String {
        var formatted = Parser.parse(source: text).formatted(using: BasicFormat(indentationWidth: .spaces(4))).trimmedDescription
        while formatted.hasSuffix("\n") { formatted.removeLast() }
        return formatted
    }

    /// The top-level declarations of a generated file that the formatter would change, but
    /// the proxy's hand-laid ones (its member table keeps each closure on one line).
    static func changed(in file: String) -> [String] {
        Parser.parse(source: file).statements.map(\.trimmedDescription).filter { declaration in
            !declaration.contains("extension Decouple.MemberTable") && !declaration.hasPrefix("extension Decouple.ForwardingProxy {")
                && formatted(declaration) != declaration
        }
    }
}
