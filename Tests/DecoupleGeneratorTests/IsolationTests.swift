import DecoupleGenerator
import Testing

/// A `@MainActor` model's members can be read on the main actor only: its conformance is
/// isolated (`extension M: @MainActor P`), which compiles in Swift 5 and 6, or the style that
/// cannot be isolated is refused with a located error.
@Suite struct IsolationTests {
    private static let source = """
        protocol Titled { var title: String { get } }
        @MainActor final class Card {
            var name = "n"
            init() {}
        }
        """

    private static func config(_ style: OutputStyle) -> String {
        #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Card", "protocol": "Titled", "map": {"title": "name"}}]}"#
    }

    @Test func aMainActorModel_getsAnIsolatedConformance() throws {
        let result = try judged(["Sources/App/Card.swift": Self.source], config: Self.config(.conformance))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Card: @Swift.MainActor Titled") == true, "\(result)")
    }

    @Test func aMainActorModel_inTheFactoryAndProxyStyles_compilesOrIsRefusedWhereAsked() throws {
        for style in [OutputStyle.factory, .proxy] {
            let result = try judged(["Sources/App/Card.swift": Self.source], config: Self.config(style))
            if let refusal = result.refusal {
                #expect(refusal.contains("decouple.json:1:") && refusal.contains("@MainActor"), "\(style): \(refusal)")
            } else {
                #expect(result.compiles, "\(style): \(result)")
            }
        }
    }
}
