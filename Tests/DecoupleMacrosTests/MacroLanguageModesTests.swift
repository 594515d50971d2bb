import DecoupleTestSupport
import Foundation
import Testing

/// The macro cannot see the module's default isolation, so what it expands to must compile in
/// every language mode apps are built in: the `MacroClient` fixture's models (a public struct, a
/// struct, a final class, a client protocol, generic and nested models), expanded by the built
/// plugin and type-checked by `swiftc` in Swift 5, Swift 6, and Swift 6 with the main actor as
/// the default isolation.
@Suite struct MacroLanguageModesTests {
    @Test(arguments: languageModes)
    func theFixturesExpansions_compileInEveryLanguageMode(mode: [String]) throws {
        let models = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/MacroClient/Models.swift"), encoding: .utf8)
        let plugin = builtProduct("DecoupleMacrosPlugin-tool").path + "#DecoupleMacrosPlugin"
        let run = try typecheck(
            models,
            options: ["-parse-as-library", "-module-name", "MacroModels", "-package-name", "Client", "-load-plugin-executable", plugin] + mode,
            fileName: "Models.swift")
        #expect(run.status == 0, "\(mode.joined(separator: " ")):\n\(run.stderr)")
    }
}
