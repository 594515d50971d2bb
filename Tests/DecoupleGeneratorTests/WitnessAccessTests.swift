import DecoupleGenerator
import Testing

/// Generated code is another file: it sees no `private` or `fileprivate` member, and a public
/// conformance needs public witnesses. What it cannot use is refused at the member, not
/// written into code that does not compile.
@Suite struct WitnessAccessTests {
    private static let titled = "protocol Titled { var title: String { get } }\n"

    private static let configuration = ConfigurationBuilder(protocolName: "Titled", model: "Card")

    @Test(arguments: ["private", "fileprivate"])
    func aFilePrivateMemberMatchedByName_isRefused(access: String) throws {
        let source = Self.titled + "struct Card {\n    \(access) var title: String\n}\n"
        for style in OutputStyle.allCases {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style))
            let refusal = try #require(result.refusal, "\(style): \(result)")
            #expect(refusal.contains("Sources/App/Card.swift:3:") && refusal.contains("'title' is \(access)"), "\(refusal)")
        }
    }

    @Test func aMappedMemberOfAPrivateExtension_isRefused() throws {
        let source = Self.titled + "struct Card {}\nprivate extension Card {\n    var name: String { \"n\" }\n}\n"
        for style in OutputStyle.allCases {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style, map: #"{"title": "name"}"#))
            let refusal = try #require(result.refusal, "\(style): \(result)")
            #expect(refusal.contains("Sources/App/Card.swift:4:") && refusal.contains("'name' is fileprivate"), "\(refusal)")
        }
        // A visible namesake is read instead of a file-private one.
        let visible = Self.titled + "struct Card {\n    var name: String { \"n\" }\n}\n"
        #expect(try judged(["Sources/App/Card.swift": visible], config: Self.configuration.json(.conformance, map: #"{"title": "name"}"#)).compiles)
    }

    /// An internal member cannot witness a public protocol's requirement for a public model.
    @Test func anInternalMemberOfAPublicModel_cannotWitnessAPublicRequirement() throws {
        let source = """
            public protocol Titled { var title: String { get } }
            public struct Card {
                var title: String
                public var name: String
            }
            """
        let refused = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(.conformance))
        let refusal = try #require(refused.refusal, "\(refused)")
        #expect(refusal.contains("Sources/App/Card.swift:3:9: error:") && refusal.contains("public"), "\(refusal)")
        // Mapped from another member, the witness is generated public, and compiles.
        let other = source.replacingOccurrences(of: "var title: String\n", with: "var heading: String\n")
        let mapped = try judged(["Sources/App/Card.swift": other], config: Self.configuration.json(.conformance, map: #"{"title": "name"}"#))
        #expect(mapped.compiles, "\(mapped)")
    }
}
