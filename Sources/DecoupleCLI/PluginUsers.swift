import ArgumentParser
import DecoupleTool

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
        try Frontend().pluginUsers(manifest: manifest, plugin: plugin).exit()
    }
}
