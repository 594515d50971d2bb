import DecoupleGenerator
import Foundation

// MARK: - GenerateRequest

/// What `decouple generate` was asked to do.
package struct GenerateRequest: Sendable {
    /// Swift files or folders to read; the current folder when empty.
    package var paths: [String] = []
    /// The configuration file; without one, the `decouple.json` found for the sources.
    package var configuration: String?
    /// Where to write the generated code; standard output when `nil`.
    package var output: String?
    /// Write nothing; the run ends ``ExitStatus/outOfDate`` when the output differs.
    package var check = false
    /// The style for adapters that name none.
    package var style: OutputStyle?
    /// A folder for cached output and scans.
    package var cache: String?
    /// Glob patterns of files and folders not to read.
    package var exclude: [String] = []
    /// Swift files or folders read for their declarations only: the configuration can adapt
    /// their models, and their `// decouple:` annotations are left to their own target.
    package var context: [String] = []
    /// Swift files or folders of the modules the target depends on, each with its module's
    /// names: read as ``context`` when an adapter names one of them as its `"module"`, and not
    /// read otherwise. The build plugins pass every dependency so: a `decouple.json` that starts
    /// adapting a model of another module takes effect without a new build plan.
    package var dependencies: [Dependency] = []

    package init() {}

    /// A file or folder of a module, and that module's names (a target's name and its module's).
    package struct Dependency: Sendable, Equatable {
        package var modules: Set<String>
        package var path: String

        package init(modules: Set<String>, path: String) {
            self.modules = modules
            self.path = path
        }

        /// `NAME[,NAME…]=PATH`, as `--dependency` takes it; `nil` without both parts.
        package init?(argument: String) {
            guard let equals = argument.firstIndex(of: "=") else { return nil }
            let names = argument[..<equals].split(separator: ",").map(String.init).filter { !$0.isEmpty }
            let path = String(argument[argument.index(after: equals)...])
            guard !names.isEmpty, !path.isEmpty else { return nil }
            self.init(modules: Set(names), path: path)
        }
    }
}

extension Frontend {
    /// `decouple generate`: reads the sources and the configuration, and prints or writes the
    /// adapters. With an output, the file is replaced atomically and only when its content
    /// changes; on any error nothing is written, and with `check` nothing at all.
    package func generate(_ request: GenerateRequest) -> ExitStatus {
        var run = GenerateRun(request: request, console: console)
        return run.run()
    }
}

// MARK: - GenerateRun

/// One `generate` run: the request, and the steps that read, generate and write.
private struct GenerateRun {
    let request: GenerateRequest
    let console: Console
    /// The files read for their declarations only: the context given, and the dependencies
    /// whose module an adapter names.
    var context: [String] = []

    var output: String? { request.output }
    var check: Bool { request.check }

    mutating func run() -> ExitStatus {
        let inputs = request.paths.isEmpty ? ["."] : request.paths
        let configurationFile: ConfigurationFile
        let code: String
        let sourceCount: Int
        var madeNothing = false
        var fromCache = false
        // With a cache, the output is kept by what the sources declare: a run whose files are
        // unchanged, or changed only where nothing is declared, reads it.
        // With --check, which writes nothing, the cache is read and never created or written.
        let scanCache = request.cache.map { ScanCache(folder: "\($0)/files", version: OutputCache.toolIdentity, writes: !check) }
        var patterns: [PathPattern] = []
        do {
            configurationFile = try ConfigurationFile.read(explicit: request.configuration, forSources: inputs, console: console)
            let named = Set(configurationFile.configuration.adapters.compactMap(\.module))
            context = request.context + request.dependencies.filter { !$0.modules.isDisjoint(with: named) }.map(\.path)
            if let output { try checkOutput(output, against: configurationFile) }
            if let cache = request.cache { try checkCache(cache) }
            patterns = (request.exclude + configurationFile.configuration.exclude).map(PathPattern.init)
            // One walk of the tree: with a cache, each file's digest, and its text only if the
            // output is not cached; without one, each file's text.
            let files = try SourceDiscovery.discover(
                own: inputs, context: context, output: output, excludedPatterns: patterns, readingText: request.cache == nil)
            if let cache = request.cache, let scanCache, let cached = cachedOutput(of: files, in: cache, scanCache, configurationFile) {
                (code, sourceCount, fromCache) = (cached.code, cached.sourceCount, true)
            } else {
                var configuration = configurationFile.configuration
                if let style = request.style { configuration.style = style }
                // The text, read now where discovery read only the digest: what is generated, and
                // the key it is kept by, come from the same bytes even if a file changed since.
                let sources = try files.map { file throws(GenerationFailure) in try file.source() }
                configuration.declarationsOnly = Set(files.filter { $0.role == .context }.map(\.path))
                let key = scanCache?.declarationDigests(for: sources).map { digests in
                    outputKey(sources.map(\.path), digests, configurationFile)
                }
                // The cache serves the scan: a file it digested above is not parsed again.
                let result = Generator.generate(sources: sources, configuration: configuration, scanning: scanCache?.scan ?? SourceScanner.scan)
                scanCache?.writeIndex()
                code = try result.get()
                console.warn(result.warnings)
                sourceCount = sources.count
                madeNothing = result.adapters.isEmpty
                // Only output with adapters is kept: a run served from the cache has made some.
                if let cache = request.cache, let key, !check, !madeNothing { OutputCache.write(code, key: key, in: cache) }
            }
        } catch {
            return console.fail(Self.naming(excludedDeclarationsIn: error, at: inputs, excludedPatterns: patterns))
        }

        if madeNothing {
            // Never a silent shrink: an empty result usually means the configuration was not found.
            let source = configurationFile.path.map { "the configuration \(displayPath($0)) maps nothing" }
                ?? "no decouple.json was found beside the sources or above them up to the current folder"
            console.warn([Diagnostic(
                "no adapters generated: \(source), and no model has a `// decouple:` annotation", rule: .nothingToGenerate, at: nil, severity: .warning)])
        }
        guard let output else {
            console.output(code)
            return .success
        }
        if check {
            if OutputFile.isCurrent(output, text: code) {
                console.errors("\(output) is up to date")
                return .success
            }
            console.errors("\(output) is out of date; run `decouple generate` without --check to update it")
            return .outOfDate
        }
        do {
            switch try OutputFile.write(code, to: output) {
            case .written:
                let files = "\(sourceCount) source file\(sourceCount == 1 ? "" : "s")"
                console.errors("wrote \(output) from " + (fromCache ? "the cache (\(files)\(changeSummary(scanCache)))" : files))
            case .unchanged: console.errors("\(output) is up to date")
            }
        } catch let refusal as OutputFile.Refusal {
            // It names the path already.
            return console.fail(GenerationFailure([Diagnostic(refusal.description, rule: .unwritableOutput, at: nil)]))
        } catch {
            return console.fail(GenerationFailure([Diagnostic("cannot write \(displayPath(output)): \(error)", rule: .unwritableOutput, at: nil)]))
        }
        return .success
    }

    /// The failure, with a note at each declaration an exclude pattern left out of the name an
    /// "unknown model" or "unknown protocol" error gives: it is there, but not read.
    static func naming(
        excludedDeclarationsIn failure: GenerationFailure, at inputs: [String], excludedPatterns: [PathPattern]
    ) -> GenerationFailure {
        let names = Set(failure.diagnostics.compactMap(\.missingName))
        let found = SourceDiscovery.excludedDeclarations(of: names, at: inputs, excludedPatterns: excludedPatterns)
        guard !found.isEmpty else { return failure }
        return GenerationFailure(failure.diagnostics.map { diagnostic in
            guard let name = diagnostic.missingName, let places = found[name] else { return diagnostic }
            var named = diagnostic
            named.notes += places.map { place in
                Diagnostic.Note("'\(name)' is declared here, in a file that is not read: the exclude pattern '\(place.pattern)' matches it", at: place.position)
            }
            return named
        })
    }

    /// The cached output for the sources as they are, if the cache has it. The sources are
    /// digested, not kept as text: only files the cache does not know are read as text, and
    /// scanned, and none when nothing changed.
    private func cachedOutput(
        of files: [DiscoveredFile], in cache: String, _ scanCache: ScanCache, _ configurationFile: ConfigurationFile
    ) -> (code: String, sourceCount: Int)? {
        let found = files.compactMap(\.sourceDigest)
        guard found.count == files.count, let digests = scanCache.declarationDigests(for: found),
              let code = OutputCache.read(outputKey(found.map(\.path), digests, configurationFile), in: cache, touching: !check)
        else { return nil }
        scanCache.writeIndex()
        return (code, found.count)
    }

    private func outputKey(_ paths: [String], _ digests: [String], _ configurationFile: ConfigurationFile) -> String {
        // With a context, which of the files read are the target's own changes what the same
        // files give: the paths and the context are kept with the configuration's text.
        let options = context.isEmpty ? "" : (request.paths.map { "\n--path \($0)" } + context.map { "\n--context \($0)" }).joined()
        return OutputCache.key(
            declarationDigests: Array(zip(paths, digests)), configurationText: configurationFile.text + options,
            style: request.style, version: OutputCache.toolIdentity)
    }

    /// ` unchanged`, or `, 2 scanned: the same declarations`, after a run served from the
    /// cache. Scanned are the files the last run did not read: changed ones, or new ones.
    private func changeSummary(_ scanCache: ScanCache?) -> String {
        let scanned = scanCache?.scannedCount ?? 0
        return scanned == 0 ? " unchanged" : ", \(scanned) scanned: the same declarations"
    }

    /// Refuses a cache that is no folder, or that is the output or holds it (or is inside it),
    /// before anything is read or written: a cache is created only where it can be.
    private func checkCache(_ cache: String) throws(GenerationFailure) {
        func refuse(_ message: String) -> GenerationFailure { GenerationFailure([Diagnostic(message, rule: .unusableCache, at: nil)]) }
        guard !cache.isEmpty else { throw refuse("the cache's path is empty; name a folder for --cache (it is created when missing)") }
        var missing = false
        switch FileStatus.of(cache) {
        case .success(let status) where status.kind != .directory:
            throw refuse("the cache \(displayPath(cache)) is \(status.kind.rawValue), not a folder; name a folder for --cache (it is created when missing)")
        case .success:
            // Read by every run, written by all but --check: a folder the run cannot use is
            // said now, not found out by a cache that never serves.
            let mode = check ? R_OK | X_OK : R_OK | W_OK | X_OK
            guard access(cache, mode) == 0 else {
                throw refuse("cannot use the cache \(displayPath(cache)): \(SystemError(code: errno)); name a folder this user can \(check ? "read" : "read and write")")
            }
        case .failure(let error) where !error.isMissing:
            throw refuse("cannot use the cache \(displayPath(cache)): \(error)")
        case .failure:
            missing = true
        }
        if let output {
            let (outputPath, cachePath) = (Self.absolute(output), Self.absolute(cache))
            let shownOutput = displayPath(output)
            let clash = outputPath == cachePath ? "it is the output \(shownOutput)"
                : outputPath.hasPrefix(cachePath + "/") ? "it would hold the output \(shownOutput)"
                : cachePath.hasPrefix(outputPath + "/") ? "it would be inside the output \(shownOutput), a file" : nil
            if let clash { throw refuse("refusing to use \(displayPath(cache)) as the cache folder: \(clash)") }
        }
        // Made by the first write, after the run; said now when it could not be. --check
        // creates nothing (a missing cache is one with nothing in it).
        if missing, !check, let failure = Self.whyNoFolderCanBeMade(at: cache) {
            throw refuse("cannot create the cache folder \(displayPath(cache)): \(failure)")
        }
    }

    /// Why a folder cannot be made at `path`, as `mkdir -p` would make it, or `nil`: the
    /// nearest part of the path that exists must be a folder this user may write in, and no part
    /// a file or a link to nothing.
    private static func whyNoFolderCanBeMade(at path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var parent = path.hasPrefix("/") ? "/" : "."
        for end in 1...parts.count {
            let prefix = parts[..<end].joined(separator: "/")
            guard !prefix.isEmpty, parts[end - 1] != "." else { continue }
            switch FileStatus.of(prefix) {
            case .success(let status) where status.kind == .directory:
                parent = prefix
            case .success:
                return "\(displayPath(prefix)) is not a folder"
            case .failure(let error) where !error.isMissing:
                return error.description
            case .failure(let error):
                if case .success(let link) = FileStatus.of(prefix, followingLinks: false), link.kind == .symbolicLink {
                    return "\(displayPath(prefix)) is a symbolic link to nothing that exists"
                }
                if error.code == ENOTDIR { return "\(displayPath(parent)) is not a folder" }
                return access(parent, W_OK | X_OK) == 0 ? nil : "\(SystemError(code: errno)) in \(displayPath(parent))"
            }
        }
        return nil
    }

    /// The path made absolute, with `.`, `..` and symbolic links resolved as far as it exists.
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Refuses an output that is the configuration file, or that is not a regular file, before
    /// anything is read or written. (An output that is an input source is refused by discovery.)
    private func checkOutput(_ output: String, against configurationFile: ConfigurationFile) throws(GenerationFailure) {
        do {
            _ = try OutputFile.target(of: output)
        } catch {
            throw GenerationFailure([Diagnostic(error.description, rule: .unwritableOutput, at: nil)])
        }
        if let configPath = configurationFile.path, let configIdentity = configurationFile.identity,
           case .success(let status) = FileStatus.of(output), status.identity == configIdentity {
            throw GenerationFailure([Diagnostic(
                "refusing to write the output \(displayPath(output)): it is the configuration file \(displayPath(configPath)), which would be overwritten",
                rule: .outputOverwritesInput, at: nil)])
        }
    }
}
