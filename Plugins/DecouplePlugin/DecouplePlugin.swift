import Foundation
import PackagePlugin

/// Runs `decouple generate` on a target's Swift files with the target's `decouple.json`, as part
/// of the build. The output goes to the plugin's work folder and is compiled with the target.
///
/// The command's inputs are the target's Swift files, its `decouple.json` and the files of the
/// modules it depends on (``ModelModules``), and its output is one file, so the build system
/// reruns it only when one of those changes. The command does not depend on what decouple.json
/// says, which SwiftPM reads only when it plans the build: the tool reads it when it runs. Each rerun uses the
/// tool's cache in the work folder: on a large target, an edit costs the parse of the files
/// that changed, not a cold run.
@main
struct DecouplePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let configuration = GenerateInvocation.configuration(from: module.directoryURL, upTo: module.directoryURL)
        return try commands(
            for: module.name, sources: module.sourceFiles(withSuffix: "swift").map(\.url),
            configuration: configuration, lookedIn: module.directoryURL.path(percentEncoded: false),
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "decouple").url,
            dependencies: ModelModules.dependencies(of: module))
    }

    /// The target's one build command, for SwiftPM and Xcode alike; none, and an error naming
    /// where `decouple.json` was looked for, when the target has none.
    func commands(
        for target: String, sources: [URL], configuration: URL?, lookedIn place: String, workDirectory: URL, tool: URL,
        context: [URL] = [], dependencies: [(names: [String], file: URL)] = []
    ) -> [Command] {
        guard let configuration else {
            Diagnostics.error("""
                \(place): error: target '\(target)' uses the Decouple plugin but has no decouple.json; \
                add one (it may be `{}` when the models carry `// decouple:` comments)
                """)
            return []
        }
        let invocation = GenerateInvocation(
            sources: sources, configuration: configuration,
            output: workDirectory.appending(path: GenerateInvocation.outputName),
            cache: workDirectory.appending(path: "cache"), context: context, dependencies: dependencies)
        return [
            .buildCommand(
                displayName: "Decouple: generating adapters for \(target)",
                executable: tool,
                arguments: invocation.arguments,
                inputFiles: invocation.inputs,
                outputFiles: [invocation.output])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// An Xcode app target: its Swift files are the target's compiled sources, and its
/// `decouple.json` is the nearest one in the folder that holds them or above it, up to the
/// project's folder. Models of the project's other targets are read as ``ModelModules`` says.
extension DecouplePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = ModelModules.swiftFiles(of: target)
        guard let folder = GenerateInvocation.commonFolder(of: sources) else { return [] }
        let configuration = GenerateInvocation.configuration(from: folder, upTo: context.xcodeProject.directoryURL)
        return try commands(
            for: target.displayName, sources: sources, configuration: configuration,
            lookedIn: "\(folder.path(percentEncoded: false)) and the folders above it up to \(context.xcodeProject.directoryURL.path(percentEncoded: false))",
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "decouple").url,
            context: ModelModules.sources(for: target, in: context.xcodeProject, configuration: configuration))
    }
}
#endif
