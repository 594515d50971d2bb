import Decouple
import PluginDependencyFixture
import PluginModelsFixture
import Testing

/// The build plugin adapts a model of a target its target depends on: decouple.json names the
/// model's `"module"`, and the plugin hands the tool that target's sources to read.
@Suite struct PluginDependencyTests {
    @Test func aModelOfADependencyTarget_isAdaptedByTheBuildPlugin() {
        let content = PluginDependencyFixture.content(of: Recipe(name: "Soup", minutes: 20))
        #expect(content.title == "Soup")
        #expect(content.subtitle == "20")
    }
}
