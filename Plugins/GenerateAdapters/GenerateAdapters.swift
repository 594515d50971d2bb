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

        try write(
            targets.map { target in
                let configuration = target.directoryURL.appending(path: GenerateInvocation.configurationName)
                return Job(
                    target: target.name, sources: target.sourceFiles(withSuffix: "swift").map(\.url), configuration: configuration,
                    context: [], dependencies: ModelModules.dependencies(of: target))
            },
            tool: tool)
    }

    /// One target to write: its Swift files and its `decouple.json`, beside which
    /// `DecoupleAdapters.swift` is written, and the files of the other modules whose models it
    /// adapts (``ModelModules``).
    struct Job {
        var target: String
        var sources: [URL]
        var configuration: URL
        var context: [URL]
        var dependencies: [(names: [String], file: URL)] = []
    }

    /// Runs `decouple generate` for each job, for SwiftPM and Xcode alike, and passes on what
    /// the tool says (``relay(_:)``).
    func write(_ jobs: [Job], tool: URL, asDiagnostics: Bool = false) throws {
        let invocations = jobs.map { job in
            GenerateInvocation(
                sources: job.sources, configuration: job.configuration,
                output: job.configuration.deletingLastPathComponent().appending(path: GenerateInvocation.outputName),
                context: job.context, dependencies: job.dependencies)
        }
        var writers: [String: String] = [:]
        for (job, invocation) in zip(jobs, invocations) {
            let output = GenerateInvocation.path(invocation.output)
            if let other = writers.updateValue(job.target, forKey: output) {
                throw PluginFailure("targets '\(other)' and '\(job.target)' would both write \(output), since they share one decouple.json; name one of them with --target")
            }
        }
        var failed: [String] = []
        for (job, invocation) in zip(jobs, invocations) {
            let process = Process()
            process.executableURL = tool
            process.arguments = invocation.arguments
            let said = Pipe()
            process.standardOutput = said
            process.standardError = said
            try process.run()
            relay(said.fileHandleForReading.readDataToEndOfFile(), asDiagnostics: asDiagnostics)
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(job.target) }
        }
        if !failed.isEmpty {
            throw PluginFailure("decouple generate failed for \(failed.joined(separator: ", ")); the errors are above, and no file was changed for those targets")
        }
    }

    private func hasConfiguration(_ target: SourceModuleTarget) -> Bool {
        FileManager.default.fileExists(atPath: target.directoryURL.appending(path: GenerateInvocation.configurationName).path(percentEncoded: false))
    }
}

/// Passes on what the tool said, each line as the tool wrote it and in its order: errors and
/// warnings stay `path:line:column: error: …`, which editors and terminals jump to (SwiftPM
/// prints a command plugin's standard error on its standard output, and its diagnostics as
/// `error: …`, without the place first). In Xcode, where a plugin's diagnostics become issues of
/// the command, the errors and warnings are passed on as diagnostics instead.
func relay(_ said: Data, asDiagnostics: Bool = false) {
    for line in String(decoding: said, as: UTF8.self).split(separator: "\n") {
        guard asDiagnostics else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
            continue
        }
        if let severity = line.range(of: ": error: ") {
            Diagnostics.error(String(line[..<severity.lowerBound] + ": " + line[severity.upperBound...]))
        } else if let severity = line.range(of: ": warning: ") {
            Diagnostics.warning(String(line[..<severity.lowerBound] + ": " + line[severity.upperBound...]))
        } else {
            print(line)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode, on the targets chosen when the command is run (Xcode passes them as `--target`).
/// A target's `decouple.json` is found as the build plugin finds it, and `DecoupleAdapters.swift`
/// is written beside it; a folder that Xcode keeps in step with the disk adds it to the target,
/// otherwise add it once by hand. Xcode does not say which targets use the build plugin, so
/// choose only targets that do not.
extension GenerateAdapters: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let named = Set(extractor.extractOption(named: "target"))
        let project = context.xcodeProject.directoryURL
        let jobs = context.xcodeProject.targets.filter { named.isEmpty || named.contains($0.displayName) }.compactMap { target -> Job? in
            let sources = ModelModules.swiftFiles(of: target)
            guard let folder = GenerateInvocation.commonFolder(of: sources),
                  let configuration = GenerateInvocation.configuration(from: folder, upTo: project)
            else { return nil }
            return Job(
                target: target.displayName, sources: sources, configuration: configuration,
                context: ModelModules.sources(for: target, in: context.xcodeProject, configuration: configuration))
        }
        guard !jobs.isEmpty else {
            throw PluginFailure("no chosen target has a decouple.json in the folder of its Swift files or above it, up to \(project.path(percentEncoded: false))")
        }
        try write(jobs, tool: context.tool(named: "decouple").url, asDiagnostics: true)
    }
}
#endif

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
            let said = Pipe()
            process.standardError = said
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            relay(said.fileHandleForReading.readDataToEndOfFile())
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
