import DecoupleTestSupport
import Foundation
import Testing

/// The macro cannot see the module's default isolation, so what it expands to must compile in
/// every language mode apps are built in: the `MacroClient` fixture's models (a public struct, a
/// struct, a final class, a client protocol, generic and nested models), expanded by the built
/// plugin and type-checked by `swiftc` in Swift 5, Swift 6, and Swift 6 with the main actor as
/// the default isolation.
@Suite struct MacroLanguageModesTests {
    @Test(arguments: [
        ["-swift-version", "5"],
        ["-swift-version", "6"],
        ["-swift-version", "6", "-default-isolation", "MainActor"],
    ])
    func theFixturesExpansions_compileInEveryLanguageMode(mode: [String]) throws {
        let models = packageRoot.appendingPathComponent("Tests/Fixtures/MacroClient/Models.swift").path
        let plugin = builtProduct("DecoupleMacrosPlugin-tool").path
        let run = try ProcessRun(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-parse-as-library", "-module-name", "MacroModels", "-package-name", "Client",
             "-I", builtProduct("Modules").path, "-load-plugin-executable", plugin + "#DecoupleMacrosPlugin"] + mode + [models],
            in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0, "\(mode.joined(separator: " ")):\n\(run.stderr)")
    }
}
