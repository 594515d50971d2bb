import DecoupleTestSupport
import Foundation
import Testing

/// The macro cannot see the module's default isolation, so what it expands to must compile in
/// every language mode apps are built in: the `MacroClient` fixture's models (a public struct, a
/// struct, a final class, a client protocol, generic and nested models, classes with subclasses in
/// the same file and another), expanded by the built
/// plugin and type-checked by `swiftc` in Swift 5, Swift 6, and Swift 6 with the main actor as
/// the default isolation.
@Suite struct MacroLanguageModesTests {
    @Test(arguments: languageModes)
    func theFixturesExpansions_compileInEveryLanguageMode(mode: [String]) throws {
        let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/MacroClient")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(names == ["Models.swift", "Subclasses.swift"])
        let files = try names.map { (name: $0, text: try String(contentsOf: fixture.appendingPathComponent($0), encoding: .utf8)) }
        let plugin = builtProduct("DecoupleMacrosPlugin-tool").path + "#DecoupleMacrosPlugin"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("macro-modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try typecheck(
            files: files, module: "MacroModels", options: ["-parse-as-library", "-load-plugin-executable", plugin] + mode, in: folder)
        #expect(run.status == 0, "\(mode.joined(separator: " ")):\n\(run.stderr)")
    }
}
