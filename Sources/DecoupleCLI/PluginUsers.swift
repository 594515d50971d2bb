import ArgumentParser
import DecoupleGenerator
import Foundation

// MARK: - PluginUsers

/// `decouple plugin-users Package.swift`: which targets of a manifest apply the build plugin.
///
/// For the `generate-adapters` command plugin, which must not write a committed copy of the
/// adapters into a target whose build already generates them. Not shown in the help: its output
/// is a protocol between the tool and the plugin, one line per finding:
///
///     target NAME
///     unattributed PATH:LINE:COLUMN
struct PluginUsers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-users",
        abstract: "List the targets of a Package.swift that apply a plugin (used by the generate-adapters command plugin).",
        shouldDisplay: false
    )

    @Argument(help: "The package manifest.")
    var manifest: String

    @Option(name: .long, help: "The plugin product's name.")
    var plugin = "DecouplePlugin"

    func run() throws {
        let source: String
        do {
            let data = try Data(contentsOf: URL(filePath: manifest))
            guard let text = String(data: data, encoding: .utf8) else {
                throw GenerationFailure([Diagnostic("\(displayPath(manifest)) is not UTF-8 text", rule: .unreadableInput, at: nil)])
            }
            source = text
        } catch let failure as GenerationFailure {
            throw fail(failure)
        } catch {
            throw fail(GenerationFailure([Diagnostic("cannot read \(displayPath(manifest)): \(error.localizedDescription)", rule: .unreadableInput, at: nil)]))
        }
        let uses = ManifestReader.uses(ofPlugin: plugin, inManifest: source, path: manifest)
        for target in uses.targets { print("target \(target)") }
        for position in uses.unattributed { print("unattributed \(position)") }
    }
}
