import Foundation
import PackagePlugin

/// `swift package generate-adapters [--target NAME …]`: writes `DecoupleAdapters.swift` into each
/// target that has a `decouple.json`, for teams that commit generated code.
///
/// SwiftPM asks before the plugin writes into the package; pass
/// `--allow-writing-to-package-directory` to say yes up front (CI). The file is replaced only when
/// its content changes, and not at all when the sources have an error.
@main
struct GenerateAdapters: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first {
            throw PluginFailure("unknown argument '\(unknown)'; usage: swift package generate-adapters [--target NAME …]")
        }
        let targets: [SourceModuleTarget]
        if named.isEmpty {
            targets = context.package.targets.compactMap(\.sourceModule).filter { hasConfiguration($0) }
            if targets.isEmpty {
                throw PluginFailure("no target has a decouple.json; add one beside a target's sources, or name targets with --target")
            }
        } else {
            targets = try named.map { name in
                guard let target = try context.package.targets(named: [name]).first?.sourceModule else {
                    throw PluginFailure("'\(name)' is not a source target of this package")
                }
                guard hasConfiguration(target) else {
                    throw PluginFailure("\(target.directoryURL.path(percentEncoded: false)): error: target '\(name)' has no decouple.json")
                }
                return target
            }
        }

        let tool = try context.tool(named: "decouple").url
        var failed: [String] = []
        for target in targets {
            let output = target.directoryURL.appending(path: "DecoupleAdapters.swift")
            let process = Process()
            process.executableURL = tool
            process.arguments = ["generate"]
                + target.sourceFiles(withSuffix: "swift").map { $0.url.path(percentEncoded: false) }
                .filter { $0 != output.path(percentEncoded: false) }
                + [
                    "--config", target.directoryURL.appending(path: "decouple.json").path(percentEncoded: false),
                    "--output", output.path(percentEncoded: false),
                ]
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(target.name) }
        }
        if !failed.isEmpty {
            throw PluginFailure("decouple generate failed for \(failed.joined(separator: ", ")); the errors are above, and no file was changed for those targets")
        }
    }

    private func hasConfiguration(_ target: SourceModuleTarget) -> Bool {
        FileManager.default.fileExists(atPath: target.directoryURL.appending(path: "decouple.json").path(percentEncoded: false))
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
