import DecoupleGenerator
import Testing

/// What a protocol inherits is required, and what a class inherits from a superclass in the
/// sources is its own; the compiler is the judge.
@Suite struct InheritanceTests {
    private static let configuration = ConfigurationBuilder(protocolName: "Titled", model: "Card")

    @Test(arguments: ["protocol Titled: Base", "protocol Titled: Base & Other", "protocol Titled: Other, Base"])
    func requirementsAProtocolInherits_areRequiredAndMapped(declaration: String) throws {
        let source = """
            protocol Base { var title: String { get } }
            protocol Other {}
            \(declaration) { var subtitle: String { get } }
            struct Card: Other { var name: String; var detail: String }
            """
        for style in [OutputStyle.conformance, .factory] {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style, map: #"{"title": "name", "subtitle": "detail"}"#))
            #expect(result.compiles, "\(style): \(result)")
        }
    }

    @Test func membersAClassInheritsFromItsSuperclass_areRead() throws {
        let source = """
            protocol Titled { var title: String { get }; var subtitle: String { get } }
            class Base { var name = "n"; init() {} }
            class Middle: Base {}
            final class Card: Middle { var detail = "d" }
            """
        for style in [OutputStyle.conformance, .factory] {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style, map: #"{"title": "name", "subtitle": "detail"}"#))
            #expect(result.compiles, "\(style): \(result)")
        }
    }

    /// The proxy's conformance for a protocol that refines `Sendable` (here through another
    /// protocol) has no isolation: it is read from any thread.
    @Test func aSendableProtocol_getsAProxyConformanceWithoutIsolation() throws {
        let source = """
            protocol Safe: Sendable {}
            protocol Titled: Safe { var caption: String { get } }
            struct Card: Sendable { var name: String }
            """
        let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(.proxy, map: #"{"caption": "name"}"#))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Decouple.ForwardingProxy: Titled {") == true, "\(result)")
        #expect(result.code?.contains("MainActor") == false, "\(result)")
        let plain = try judged(["Sources/App/Card.swift": source.replacingOccurrences(of: ": Sendable", with: "")], config: Self.configuration.json(.proxy, map: #"{"caption": "name"}"#))
        #expect(plain.code?.contains("extension Decouple.ForwardingProxy: @Swift.MainActor Titled {") == true, "\(plain)")
        // The model's own conformance to `Sendable` must be in its file: refused without it.
        let undeclared = try judged(["Sources/App/Card.swift": source.replacingOccurrences(of: "struct Card: Sendable", with: "struct Card")], config: Self.configuration.json(.conformance, map: #"{"caption": "name"}"#))
        #expect(undeclared.refusal?.contains("decouple.json:1:") == true && undeclared.refusal?.contains("Card: Sendable") == true, "\(undeclared)")
    }
}
