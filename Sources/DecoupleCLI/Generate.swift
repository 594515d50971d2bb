import ArgumentParser
import DecoupleGenerator
import Foundation

extension OutputStyle: ExpressibleByArgument {}

// MARK: - Generate

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate adapters from model sources.",
        discussion: """
            Reads the Swift files and folders given (the current folder by default), takes mappings \
            from the configuration file, from `// decouple: Protocol(requirement: member)` comments \
            on the models, and from members that already have a requirement's name, and writes one \
            Swift file. Without --config, ./decouple.json is used when it exists.

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

    @Option(name: .long, help: ArgumentHelp("A folder for cached output: a rerun whose sources, configuration and options are unchanged reads the result instead of generating it.", valueName: "folder"))
    var cache: String?

    func validate() throws {
        if check && output == nil {
            throw ValidationError("--check needs --output: the file to compare with")
        }
    }

    func run() throws {
        var configuration: Configuration
        do {
            configuration = try ConfigurationFile.load(explicit: config)
        } catch {
            throw fail(error)
        }
        if let style { configuration.style = style }

        let sources: [SourceFile]
        let code: String
        do {
            sources = try SourceDiscovery.sources(at: paths.isEmpty ? ["."] : paths, excluding: output.map { [$0] } ?? [])
            let key = cache.map { _ in
                Generator.cacheKey(
                    sources: sources,
                    configurationText: ConfigurationFile.text(explicit: config) + "\n--style=\(style?.rawValue ?? "")",
                    version: DecoupleCommand.configuration.version)
            }
            if let cache, let key, let cached = OutputCache.read(key, in: cache) {
                code = cached
            } else {
                code = try Generator.generate(sources: sources, configuration: configuration)
                if let cache, let key { OutputCache.write(code, key: key, in: cache) }
            }
        } catch {
            throw fail(error)
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
            case .written: printError("wrote \(output) from \(sources.count) source file\(sources.count == 1 ? "" : "s")")
            case .unchanged: printError("\(output) is up to date")
            }
        } catch {
            printError("decouple: error: cannot write \(output): \(error.localizedDescription)")
            throw Status.badInput
        }
    }
}

// MARK: - OutputCache

/// Generated files by the digest of what produced them. Only successful output is kept; a
/// damaged or missing entry just means generating again.
enum OutputCache {
    static func read(_ key: String, in folder: String) -> String? {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(key).swift") else { return nil }
        return String(data: data, encoding: .utf8)
    }

    static func write(_ code: String, key: String, in folder: String) {
        // Best effort: a cache that cannot be written costs time, never the result.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(code.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(key).swift"), options: .atomic)
    }
}

// MARK: - ConfigurationFile

enum ConfigurationFile {
    static let defaultName = "decouple.json"

    /// The explicit file, or ./decouple.json if present.
    private static func path(explicit path: String?) -> String? {
        path ?? (FileManager.default.fileExists(atPath: defaultName) ? defaultName : nil)
    }

    /// The configuration's text as read, or "" when there is none; part of the cache key.
    static func text(explicit path: String?) -> String {
        self.path(explicit: path).flatMap { FileManager.default.contents(atPath: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The explicit file, or ./decouple.json if present, or an empty configuration.
    static func load(explicit path: String?) throws(GenerationFailure) -> Configuration {
        guard let candidate = self.path(explicit: path) else { return Configuration() }
        guard let data = FileManager.default.contents(atPath: candidate) else {
            throw GenerationFailure([Diagnostic("no configuration file at \(candidate)", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw GenerationFailure([Diagnostic("\(candidate) is not UTF-8 text", at: SourcePosition(file: candidate, line: 1, column: 1))])
        }
        return try Configuration.parse(text, path: candidate)
    }
}
