import CommittedAdaptersFixture
import Decouple
import DecoupleMacrosPlugin
import DecoupleTestSupport
import Foundation
import MacroClientFixture
import PluginClientFixture
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// One set of models and one mapping, adapted by every front end: the `decouple` tool, the build
/// plugin, the command plugin (its output committed) and the `@Adapts` macro. They must write the
/// same code, and the three compiled fixtures must behave the same.
@Suite struct FrontEndParityTests {
    /// What the `decouple` binary writes for Tests/Fixtures/PluginClient.
    func toolOutput() throws -> String {
        let run = try ProcessRun(
            builtProduct("decouple"),
            ["generate", "Tests/Fixtures/PluginClient/Models.swift", "--config", "Tests/Fixtures/PluginClient/decouple.json"],
            in: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// The file the build plugin wrote while building PluginClientFixture for this test run.
    func buildPluginOutput() throws -> String {
        var folder = Bundle.main.bundleURL
        while folder.path != "/" {
            let outputs = folder.appendingPathComponent("plugins/outputs")
            if let packages = try? FileManager.default.contentsOfDirectory(atPath: outputs.path) {
                for package in packages {
                    let file = outputs.appendingPathComponent("\(package)/PluginClientFixture/destination/DecouplePlugin/DecoupleAdapters.swift")
                    if let text = try? String(contentsOf: file, encoding: .utf8) { return text }
                }
            }
            folder = folder.deletingLastPathComponent()
        }
        Issue.record("the build plugin's output for PluginClientFixture was not found above \(Bundle.main.bundleURL.path)")
        return ""
    }

    @Test func toolAndBothPluginsWriteTheSameFile() throws {
        let tool = try toolOutput()
        #expect(tool.contains("extension Member: Decouple.TitledContent"))
        #expect(try buildPluginOutput() == tool)
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/CommittedAdapters/DecoupleAdapters.swift"), encoding: .utf8)
        #expect(committed == tool)
    }

    @Test func macroExpandsToTheToolsDeclarations() throws {
        let tool = try toolOutput()
        // The tool's declarations, one per `// MARK: -` section.
        let toolDeclarations = tool.components(separatedBy: "// MARK: - ").dropFirst().map { section in
            section.split(separator: "\n", maxSplits: 1)[1].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let macroDeclarations = try macroExpansions(of: "Tests/Fixtures/MacroClient/Models.swift")
        #expect(macroDeclarations.count == 11)
        #expect(macroDeclarations.sorted() == toolDeclarations.sorted())
    }

    @Test func theThreeFixturesReadTheSame() {
        let rows: ([any TitledContent]) -> [String] = { $0.map { "\($0.title) | \($0.subtitle)" } }
        let macro = rows(MacroClientFixture.fixtureContents())
        #expect(macro.count == 10)
        #expect(rows(PluginClientFixture.fixtureContents()) == macro)
        #expect(rows(CommittedAdaptersFixture.fixtureContents()) == macro)
        #expect(PluginClientFixture.fixtureBadges().map(\.count) == MacroClientFixture.fixtureBadges().map(\.count))
        #expect(CommittedAdaptersFixture.fixtureImages().map(\.image) == MacroClientFixture.fixtureImages().map(\.image))
    }

    /// Runs `@Adapts` on every type of a file that carries it, as the compiler does.
    private func macroExpansions(of path: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let file = Parser.parse(source: text)
        var result: [String] = []
        for (declaration, qualifiedName) in adaptedTypes(in: Syntax(file), enclosing: []) {
            for attribute in declaration.attributes.compactMap({ $0.as(AttributeSyntax.self) })
            where attribute.attributeName.trimmedDescription == "Adapts" {
                let context = BasicMacroExpansionContext()
                let extensions = try AdaptsMacro.expansion(
                    of: attribute, attachedTo: declaration, providingExtensionsOf: TypeSyntax("\(raw: qualifiedName)"),
                    conformingTo: [], in: context)
                #expect(context.diagnostics.isEmpty, "\(qualifiedName): \(context.diagnostics.map(\.message))")
                result += extensions.map(\.trimmedDescription)
            }
        }
        return result
    }

    private func adaptedTypes(in node: Syntax, enclosing: [String]) -> [(any DeclGroupSyntax, String)] {
        var result: [(any DeclGroupSyntax, String)] = []
        for child in node.children(viewMode: .sourceAccurate) {
            if let group = child.asProtocol(DeclGroupSyntax.self), let named = child.asProtocol(NamedDeclSyntax.self) {
                let path = enclosing + [named.name.text]
                result.append((group, path.joined(separator: ".")))
                result += adaptedTypes(in: child, enclosing: path)
            } else {
                result += adaptedTypes(in: child, enclosing: enclosing)
            }
        }
        return result
    }
}
