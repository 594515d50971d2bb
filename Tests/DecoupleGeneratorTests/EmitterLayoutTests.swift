import DecoupleGenerator
import Foundation
import Testing

/// The emitter lays out most declarations without parsing them (`DeclarationLayout.plain`);
/// these tests hold that layout to what swift-syntax's `BasicFormat` writes, byte for byte.
@Suite struct EmitterLayoutTests {
    /// Every committed fixture, generated with the plain layout and with the formatter alone.
    @Test(arguments: ["Examples", "Tests/Fixtures/Coverage", "Tests/Fixtures/CommittedAdapters"])
    func fixtures_areLaidOutAsTheFormatterLaysThemOut(folder: String) throws {
        let directory = packageRoot.appendingPathComponent(folder).path
        let sources = try swiftSources(in: directory)
        let configuration = try Configuration.parse(String(contentsOfFile: directory + "/decouple.json", encoding: .utf8), path: "decouple.json")
        let plain = try Generator.generate(sources: sources, configuration: configuration).get()
        let formatted = try DeclarationLayout.$alwaysFormats.withValue(true) {
            try Generator.generate(sources: sources, configuration: configuration).get()
        }
        #expect(plain == formatted)
        #expect(plain.contains("\n// MARK: - "))
    }

    /// Mappings whose text the formatter would change (closures, operators, odd spacing): the
    /// plain layout leaves those declarations to it.
    @Test func awkwardMappings_areLaidOutAsTheFormatterLaysThemOut() throws {
        let files = [
            "P.swift": """
                protocol Sized { var size: [String: Int] { get }; var pair: Dictionary<String,Int> { get }; var note: String { get } }
                protocol Tagged { var tags: [String:Int] { get } }
                protocol Priced { func price(in currency: String, _ digits: Int) async throws -> String }
                """,
            "M.swift": #"""
                #if os(iOS) && !targetEnvironment(macCatalyst)
                // decouple: TitledContent(title: name, subtitle: count ?? "a \"quoted\" one")
                struct Phone { var name: String; var count: Int? }
                #endif
                // decouple: TitledContent(title: name, subtitle: detail ?? "-")
                struct Row { var name: String; var detail: Int?; var icon: String? }
                // decouple: Sized(size: sizes, pair: pairs, note: label ?? "")
                struct Box { var sizes: [String:Int]; var pairs: Dictionary<String,Int>; var label: String? }
                struct Bag { var tags: [String:Int] }
                // decouple: Priced(price: cost)
                struct Shop { func cost(in currency: String, _ digits: Int) async throws -> String { "" } }
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
        let plain = generate(files, config: config)
        let formatted = DeclarationLayout.$alwaysFormats.withValue(true) { generate(files, config: config) }
        #expect(plain == formatted)
        for expected in ["extension Box: Sized {", "extension Phone: Decouple.TitledContent {", "extension Shop: Priced {", "ForwardingProxy: Tagged", "registerGeneratedAdapters"] {
            #expect(plain.contains(expected), "\(plain)")
        }
    }

    /// Declarations as the emitter writes them, before layout: where the plain layout takes
    /// them, it writes what the formatter writes; the rest it leaves to the formatter.
    @Test(arguments: [
        ("extension A: Decouple.TitledContent {\ninternal var title: Swift.String {\nself.name\n}\n}", true),
        ("#if os(iOS) && !targetEnvironment(macCatalyst) || FLAG\nextension A.B: P {\npublic var x: [Swift.String: Swift.Int]? {\nself.y ?? \"商品 (none)\"\n}\n}\n#endif", true),
        ("extension `class`: `Protocol` {\n\n}", true),
        ("private struct AP: P {\nlet model: A\nvar x: Swift.Array<Swift.Int> {\nSwift.String(describing: self.model.y)\n}\n}", true),
        ("extension A: P {\ninternal func price(in p0: Swift.String, _ p1: Swift.Int) async throws(E) -> Swift.String {\ntry await self.cost(in: p0, p1)\n}\n}", true),
        ("extension A: P {\ninternal func f<T: Swift.Equatable>(_ p0: T) -> T where T: Swift.Hashable {\nself.g(p0)\n}\n}", true),
        ("extension Decouple.ForwardingProxy: P {\npublic var a: Swift.Int? {\nself.forward(\\(any P).a) ?? nil\n}\n}", true),
        ("extension 名片: P {\ninternal nonisolated var title: Swift.String {\nself.名字 ?? .none\n}\n}", true),
        ("extension A: P {\nvar x: Swift.String {\nself.y.map { Swift.String(describing: $0) } ?? \"-\"\n}\n}", false),
        ("extension A: P {\nvar x: [String:Int] {\nself.y\n}\n}", false),
        ("extension A: P {\nvar x: Dictionary<String,Int> {\nself.y\n}\n}", false),
        ("extension A: P {\nvar x: Swift.Int {\nself.y+1\n}\n}", false),
        ("extension A: P {\nvar x: Swift.Int {\nself.y ?? -1\n}\n}", false),
        ("extension A: P {\nvar x: Swift.String {\nself.y ?? \"a\\(b)\"\n}\n}", false),
        ("extension A: P {\n/// A comment.\nvar x: Swift.Int {\nself.y\n}\n}", false),
        ("extension A: P {\nfunc f() {\n#if FLAG\nself.g()\n#endif\n}\n}", false),
        ("#if swift(>=5.9)\nextension A: P {\n}\n#endif", false),
        ("extension A: P {\nvar x: Swift.Int { self.y }\n}", false),
        ("extension A: P {\nvar x: ( Swift.Int ) {\nself.y\n}\n}", false),
        // Blank lines, ASCII or not, are dropped, as both layouts read them from the characters
        // (a space with a combining mark is a whitespace character); a non-blank one is not.
        ("extension A: P {\n\t \u{0B}\u{0C}\n\u{3000}\u{A0}\nvar x: Swift.Int {\nself.y\n}\n}", true),
        ("extension A: P {\n \u{301}\nvar x: Swift.Int {\nself.y\n}\n}", true),
        ("extension A: P {\n \u{301}x\nvar x: Swift.Int {\nself.y\n}\n}", false),
        // Lines are split at LF only: a CR, even in a string literal, goes to the formatter.
        ("extension A: P {\r\nvar x: Swift.Int {\r\nself.y\r\n}\r\n}", false),
        ("extension A: P {\nvar x: Swift.String {\nself.y ?? \"a\rb\"\n}\n}", false),
    ])
    func declarations_plainWhereTheFormatterChangesNothingButIndentation(text: String, isPlain: Bool) {
        let plain = DeclarationLayout.plain(text)
        #expect((plain != nil) == isPlain, "\(text)")
        if let plain { #expect(plain == DeclarationLayout.formatted(text), "\(text)") }
    }
}
