import Foundation
import PackagePlugin

/// `swift package generate-adapters [--target NAME …]`: writes `DecoupleAdapters.swift` into each
/// target that has a `decouple.json`, for teams that commit generated code.
///
/// SwiftPM asks before the plugin writes into the package; pass
/// `--allow-writing-to-package-directory` to say yes up front (CI). The file is replaced only when
/// its content changes, and not at all when the sources have an error.
///
/// A target that applies the build plugin (`DecouplePlugin`) already gets its adapters at build
/// time; a committed copy would be a second producer of the same file and break its build. So
/// those targets are skipped, by name, when no `--target` is given, and refused when one names
/// them. PackagePlugin does not say which plugins a target uses, so `decouple plugin-users` reads
/// the manifest; where it cannot tell which target a use belongs to, the command stops and asks
/// for `--target` rather than guess.
@main
struct GenerateAdapters: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first {
            throw PluginFailure("unknown argument '\(unknown)'; usage: swift package generate-adapters [--target NAME …]")
        }
        let tool = try context.tool(named: "decouple").url
        let buildPluginUses = try BuildPluginUses(package: context.package, tool: tool)
        var targets: [SourceModuleTarget]
        if named.isEmpty {
            targets = context.package.targets.compactMap(\.sourceModule).filter { hasConfiguration($0) }
            if targets.isEmpty {
                throw PluginFailure("no target has a decouple.json; add one beside a target's sources, or name targets with --target")
            }
            if let place = buildPluginUses.unattributed.first {
                throw PluginFailure("\(place): error: DecouplePlugin is applied here to a target whose name cannot be read from the manifest; name the targets to write with --target")
            }
            let skipped = targets.filter { buildPluginUses.targets.contains($0.name) }
            for target in skipped {
                print("generate-adapters: skipping '\(target.name)': it uses the build plugin DecouplePlugin, which generates its adapters at build time")
            }
            targets.removeAll { buildPluginUses.targets.contains($0.name) }
            if targets.isEmpty {
                throw PluginFailure("every target with a decouple.json uses the build plugin, so there is nothing to write; remove DecouplePlugin from a target's plugins to commit its adapters instead")
            }
        } else {
            targets = try named.map { name in
                guard let target = try context.package.targets(named: [name]).first?.sourceModule else {
                    throw PluginFailure("'\(name)' is not a source target of this package")
                }
                guard hasConfiguration(target) else {
                    throw PluginFailure("\(target.directoryURL.path(percentEncoded: false)): error: target '\(name)' has no decouple.json")
                }
                guard !buildPluginUses.targets.contains(target.name) else {
                    throw PluginFailure("target '\(name)' uses the build plugin DecouplePlugin, which generates its adapters at build time; a committed DecoupleAdapters.swift would be a second producer of the same file. Remove DecouplePlugin from its plugins to commit its adapters instead")
                }
                return target
            }
        }

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

/// The manifest's uses of the build plugin, as `decouple plugin-users` reads them from every
/// manifest of the package (`Package.swift` and any `Package@swift-*.swift`).
struct BuildPluginUses {
    var targets: Set<String> = []
    var unattributed: [String] = []

    init(package: Package, tool: URL) throws {
        let folder = package.directoryURL
        let manifests = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
            .filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
            .sorted()
        for manifest in manifests {
            let process = Process()
            let output = Pipe()
            process.executableURL = tool
            process.arguments = ["plugin-users", folder.appending(path: manifest).path(percentEncoded: false)]
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw PluginFailure("decouple could not read \(manifest); the error is above")
            }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if line.hasPrefix("target ") { targets.insert(String(line.dropFirst("target ".count))) }
                if line.hasPrefix("unattributed ") { unattributed.append(String(line.dropFirst("unattributed ".count))) }
            }
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
