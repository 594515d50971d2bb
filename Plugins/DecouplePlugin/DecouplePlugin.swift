import Foundation
import PackagePlugin

/// Runs `decouple generate` on a target's Swift files with the target's `decouple.json`, as part
/// of the build. The output goes to the plugin's work folder and is compiled with the target.
///
/// The command's inputs are the target's Swift files and its `decouple.json`, and its output is
/// one file, so the build system reruns it only when one of those changes.
@main
struct DecouplePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let configuration = module.directoryURL.appending(path: "decouple.json")
        guard FileManager.default.fileExists(atPath: configuration.path(percentEncoded: false)) else {
            Diagnostics.error("""
                \(module.directoryURL.path(percentEncoded: false)): error: target '\(module.name)' uses the Decouple plugin but has no decouple.json; \
                add one (it may be `{}` when the models carry `// decouple:` comments)
                """)
            return []
        }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "DecoupleAdapters.swift")
        return [
            .buildCommand(
                displayName: "Decouple: generating adapters for \(module.name)",
                executable: try context.tool(named: "decouple").url,
                arguments: ["generate"] + sources.map { $0.path(percentEncoded: false) } + [
                    "--config", configuration.path(percentEncoded: false),
                    "--output", output.path(percentEncoded: false),
                ],
                inputFiles: sources + [configuration],
                outputFiles: [output])
        ]
    }
}
