import Foundation
import PackagePlugin

/// Runs `decouple generate` on a target's Swift files with the target's `decouple.json`, as part
/// of the build. The output goes to the plugin's work folder and is compiled with the target.
///
/// The command's inputs are the target's Swift files and its `decouple.json`, and its output is
/// one file, so the build system reruns it only when one of those changes. Each rerun uses the
/// tool's cache in the work folder: on a large target, an edit costs the parse of the files
/// that changed, not a cold run.
@main
struct DecouplePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let configuration = GenerateInvocation.configuration(from: module.directoryURL, upTo: module.directoryURL)
        // The targets it depends on, directly or not, in this package or through products, that
        // decouple.json names as a model's `"module"`: their files are read for declarations only.
        let named = configuration.map(Self.modulesNamed) ?? []
        let dependencies = named.isEmpty ? [] : module.recursiveTargetDependencies.compactMap(\.sourceModule).filter { named.contains($0.name) }
        return try commands(
            for: module.name, sources: module.sourceFiles(withSuffix: "swift").map(\.url),
            configuration: configuration, lookedIn: module.directoryURL.path(percentEncoded: false),
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "decouple").url,
            context: dependencies.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) })
    }

    /// The `"module"` of each adapter in the configuration; none when it does not read as JSON
    /// (the tool then says what is wrong with it).
    static func modulesNamed(in configuration: URL) -> Set<String> {
        guard let data = try? Data(contentsOf: configuration),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let adapters = root["adapters"] as? [[String: Any]] else { return [] }
        return Set(adapters.compactMap { $0["module"] as? String })
    }

    /// The target's one build command, for SwiftPM and Xcode alike; none, and an error naming
    /// where `decouple.json` was looked for, when the target has none.
    func commands(
        for target: String, sources: [URL], configuration: URL?, lookedIn place: String, workDirectory: URL, tool: URL,
        context: [URL] = []
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
            cache: workDirectory.appending(path: "cache"), context: context)
        return [
            .buildCommand(
                displayName: "Decouple: generating adapters for \(target)",
                executable: tool,
                arguments: invocation.arguments,
                inputFiles: invocation.sources + invocation.context + [configuration],
                outputFiles: [invocation.output])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// An Xcode app target: its Swift files are the target's compiled sources, and its
/// `decouple.json` is the nearest one in the folder that holds them or above it, up to the
/// project's folder.
extension DecouplePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard let folder = GenerateInvocation.commonFolder(of: sources) else { return [] }
        return try commands(
            for: target.displayName, sources: sources,
            configuration: GenerateInvocation.configuration(from: folder, upTo: context.xcodeProject.directoryURL),
            lookedIn: "\(folder.path(percentEncoded: false)) and the folders above it up to \(context.xcodeProject.directoryURL.path(percentEncoded: false))",
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "decouple").url)
    }
}
#endif
