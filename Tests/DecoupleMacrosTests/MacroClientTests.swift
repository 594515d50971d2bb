import DecoupleTextUI
import Decouple
import MacroClientFixture
import Testing

/// The fixture's models were adapted by `@Adapts` at compile time; here they are read through the
/// protocols at run time.
@Suite struct MacroClientTests {
    @Test func titledContentReadsTheMappedMembers() {
        let rows = fixtureContents().map { "\($0.title) | \($0.subtitle)" }
        #expect(rows == [
            "Ada | 36",
            "Grace | no nickname",
            "Alan | Turing",
            "Edsger | +31 20 555",
            "#swift | macros",
            "Kettle | 24.5",
            "Macros | 1200",
            "Rex | animal",
            "Tweety | bird",
            "Nemo | fish",
        ])
    }

    /// A subclass inherits its superclass's adapted conformance, and its overrides are read.
    @Test func subclassesOfAnAdaptedClass_conformAndReadTheirOverrides() {
        let badges = fixtureBadges().map { "\($0.label) \($0.count)" }
        #expect(badges.suffix(2) == ["Poetry 40", "Novels 120"])
    }

    @Test func oneMemberFeedsTwoProtocols() {
        let image = fixtureImages()[0]
        #expect(image.name == "Edsger")
        #expect(image.image == ImageName("edsger.png"))
    }

    @Test func aClientProtocolGetsTheMappedMembers() {
        let badge = fixtureBadges()[0]
        #expect(badge.label == "Inbox")
        #expect(badge.count == 3)
    }

    @Test func aClientProtocolMappedOnTheType_getsTheNamedMembers() {
        let badge = fixtureBadges()[1]
        #expect(badge.label == "Compiler")
        #expect(badge.count == 12)
    }

    @Test @MainActor func adaptedModelsRenderInAView() {
        let view = TitledContentView()
        view.content = fixtureContents()[0]
        #expect(view.render(width: 6) == ["Ada   ", "36    "])
    }
}
