import CommittedDependencyFixture
import Decouple
import PluginDependencyFixture
import PluginModelsFixture
import Testing

/// Both plugins adapt a model of a target their target depends on: decouple.json names the
/// model's `"module"`, and the plugin hands the tool that target's sources to read.
@Suite struct PluginDependencyTests {
    @Test func aModelOfADependencyTarget_isAdaptedByTheBuildPlugin() {
        let content = PluginDependencyFixture.content(of: Recipe(name: "Soup", minutes: 20))
        #expect(content.title == "Soup")
        #expect(content.subtitle == "20")
    }

    /// `swift package generate-adapters` wrote the committed conformance (`.ci/run`'s plugins
    /// step checks that it writes it again unchanged). It is compiled in a target that does not
    /// depend on `Decouple`: conformances to the app's own protocols do not import it.
    @Test func aModelOfADependencyTarget_isAdaptedByTheCommandPlugin() {
        let card = CommittedDependencyFixture.card(of: Recipe(name: "Stew", minutes: 90))
        #expect(card.dish == "Stew")
        #expect(card.minutes == 90)
    }
}
