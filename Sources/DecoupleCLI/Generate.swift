import ArgumentParser
import DecoupleGenerator
import Foundation

extension OutputStyle: ExpressibleByArgument {}

// MARK: - Generate

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named, not derived from the type's name, which costs run-time conformance look-ups
        // on every start.
        commandName: "generate",
        abstract: "Generate adapters from model sources.",
        discussion: """
            Reads the Swift files and folders given (the current folder by default), takes mappings \
            from the configuration file, from `// decouple: Protocol(requirement: member)` comments \
            on the models, and from members that already have a requirement's name, and writes one \
            Swift file. Without --config, the decouple.json beside the sources given, or in a folder above \
            them up to the current folder, is used; a note says which.

            With --output, the file is replaced atomically and only when its content changes; on any \
            error nothing is written. With --check, nothing is written: the exit status is 1 when the \
            file is out of date.
            """
    )

    @Argument(help: "Swift files or folders to read (folders are searched recursively).")
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("The configuration file.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Where to write the generated code; standard output if omitted.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Write nothing; exit 1 if the output file is out of date.")
    var check = false

    @Option(name: .long, help: ArgumentHelp("The output style for adapters that don't choose one: conformance, factory or proxy.", valueName: "style"))
    var style: OutputStyle?

    @Option(name: .long, help: ArgumentHelp("A folder for cached output: a rerun with the same configuration and options whose sources declare what they did (unchanged, or changed only in bodies, comments or blank lines) reads the result instead of generating it; only changed files are parsed again.", valueName: "folder"))
    var cache: String?

    @Option(name: .long, help: ArgumentHelp("A glob pattern of files and folders not to read (repeatable): `*` within a name, `**` across folders; `Generated`, `*.pb.swift`, `Sources/**/Templates/*.swift`.", valueName: "pattern"))
    var exclude: [String] = []

    func validate() throws {
        if check && output == nil {
            throw ValidationError("--check needs --output: the file to compare with")
        }
    }

    func run() throws {
        let inputs = paths.isEmpty ? ["."] : paths
        let configurationFile: ConfigurationFile
        let code: String
        let sourceCount: Int
        var madeNothing = false
        var fromCache = false
        // With a cache, the output is kept by what the sources declare: a run whose files are
        // unchanged, or changed only where nothing is declared, reads it.
        // With --check, which writes nothing, the cache is read and never created or written.
        let scanCache = cache.map { ScanCache(folder: "\($0)/files", version: OutputCache.toolIdentity, writes: !check) }
        var patterns: [PathPattern] = []
        do {
            configurationFile = try ConfigurationFile.read(explicit: config, forSources: inputs)
            if let output { try checkOutput(output, against: configurationFile) }
            if let cache { try checkCache(cache) }
            patterns = (exclude + configurationFile.configuration.exclude).map(PathPattern.init)
            if let cache, let scanCache, let cached = try cachedOutput(of: inputs, in: cache, scanCache, configurationFile, patterns) {
                (code, sourceCount, fromCache) = (cached.code, cached.sourceCount, true)
            } else {
                var configuration = configurationFile.configuration
                if let style { configuration.style = style }
                // Read again, as text this time: what is generated, and the key it is kept by,
                // come from the same bytes even if a file changed since it was digested.
                let sources = try SourceDiscovery.sources(at: inputs, output: output, excludedPatterns: patterns)
                let key = scanCache?.declarationDigests(for: sources).map { digests in
                    outputKey(sources.map(\.path), digests, configurationFile)
                }
                let result = scanCache?.generate(sources: sources, configuration: configuration)
                    ?? Generator.generate(sources: sources, configuration: configuration)
                code = try result.get()
                printWarnings(result.warnings)
                sourceCount = sources.count
                madeNothing = result.adapters.isEmpty
                // Only output with adapters is kept: a run served from the cache has made some.
                if let cache, let key, !check, !madeNothing { OutputCache.write(code, key: key, in: cache) }
            }
        } catch {
            throw fail(Self.naming(excludedDeclarationsIn: error, at: inputs, excludedPatterns: patterns))
        }

        if madeNothing {
            // Never a silent shrink: an empty result usually means the configuration was not found.
            let source = configurationFile.path.map { "the configuration \(displayPath($0)) maps nothing" }
                ?? "no decouple.json was found beside the sources or above them up to the current folder"
            printWarnings([Diagnostic(
                "no adapters generated: \(source), and no model has a `// decouple:` annotation", rule: .nothingToGenerate, at: nil, severity: .warning)])
        }
        guard let output else {
            print(code, terminator: "")
            return
        }
        if check {
            if OutputFile.isCurrent(output, text: code) {
                printError("\(output) is up to date")
                return
            }
            printError("\(output) is out of date; run `decouple generate` without --check to update it")
            throw Status.stale
        }
        do {
            switch try OutputFile.write(code, to: output) {
            case .written:
                let files = "\(sourceCount) source file\(sourceCount == 1 ? "" : "s")"
                printError("wrote \(output) from " + (fromCache ? "the cache (\(files)\(changeSummary(scanCache)))" : files + scanSummary(scanCache)))
            case .unchanged: printError("\(output) is up to date")
            }
        } catch let refusal as OutputFile.Refusal {
            // It names the path already.
            throw fail(GenerationFailure([Diagnostic(refusal.description, rule: .unwritableOutput, at: nil)]))
        } catch {
            throw fail(GenerationFailure([Diagnostic("cannot write \(displayPath(output)): \(error)", rule: .unwritableOutput, at: nil)]))
        }
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
        of inputs: [String], in cache: String, _ scanCache: ScanCache, _ configurationFile: ConfigurationFile, _ patterns: [PathPattern]
    ) throws(GenerationFailure) -> (code: String, sourceCount: Int)? {
        let found = try SourceDiscovery.digests(at: inputs, output: output, excludedPatterns: patterns)
        guard let digests = scanCache.declarationDigests(for: found),
              let code = OutputCache.read(outputKey(found.map(\.path), digests, configurationFile), in: cache, touching: !check)
        else { return nil }
        scanCache.writeIndex()
        return (code, found.count)
    }

    private func outputKey(_ paths: [String], _ digests: [String], _ configurationFile: ConfigurationFile) -> String {
        OutputCache.key(
            declarationDigests: Array(zip(paths, digests)), configurationText: configurationFile.text,
            style: style, version: OutputCache.toolIdentity)
    }

    /// ` unchanged`, or `, 2 scanned: the same declarations`, after a run served from the
    /// cache. Scanned are the files the last run did not read: changed ones, or new ones.
    private func changeSummary(_ scanCache: ScanCache?) -> String {
        let scanned = scanCache?.counts.scanned ?? 0
        return scanned == 0 ? " unchanged" : ", \(scanned) scanned: the same declarations"
    }

    /// ` (3 scanned, 397 from the cache)` after a run that used the per-file cache.
    private func scanSummary(_ scanCache: ScanCache?) -> String {
        guard let counts = scanCache?.counts else { return "" }
        return " (\(counts.scanned) scanned, \(counts.reused) from the cache)"
    }

    /// Refuses a cache that is no folder, or that is the output or holds it (or is inside it),
    /// before anything is read or written: a cache is created only where it can be.
    private func checkCache(_ cache: String) throws(GenerationFailure) {
        func refuse(_ message: String) -> GenerationFailure { GenerationFailure([Diagnostic(message, rule: .unusableCache, at: nil)]) }
        switch FileStatus.of(cache) {
        case .success(let status) where status.kind != .directory:
            throw refuse("the cache \(displayPath(cache)) is \(status.kind.rawValue), not a folder; name a folder for --cache (it is created when missing)")
        case .failure(let error) where !error.isMissing:
            throw refuse("cannot use the cache \(displayPath(cache)): \(error)")
        default:
            break
        }
        guard let output else { return }
        let (outputPath, cachePath) = (Self.absolute(output), Self.absolute(cache))
        let shownOutput = displayPath(output)
        let clash = outputPath == cachePath ? "it is the output \(shownOutput)"
            : outputPath.hasPrefix(cachePath + "/") ? "it would hold the output \(shownOutput)"
            : cachePath.hasPrefix(outputPath + "/") ? "it would be inside the output \(shownOutput), a file" : nil
        if let clash { throw refuse("refusing to use \(displayPath(cache)) as the cache folder: \(clash)") }
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
