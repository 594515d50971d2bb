import Foundation

// MARK: - GenerateInvocation

/// `decouple generate` as both plugins run it, for a SwiftPM target and for an Xcode target
/// alike: the target's Swift files, its `decouple.json`, where the adapters go and, for the
/// build plugin, the cache in its work folder.
///
/// Each plugin folder links this file (`Plugins/*/Shared`), and so does the benchmark package,
/// whose `plugin.one_file_edit_vs_cold` figure runs exactly these arguments.
struct GenerateInvocation {
    static let configurationName = "decouple.json"
    static let outputName = "DecoupleAdapters.swift"

    /// The target's Swift files, the generated file itself left out.
    var sources: [URL]
    var configuration: URL
    var output: URL
    /// A folder of the tool's cache (`--cache`): a rerun after an edit parses only the files
    /// that changed, and one that changed no declaration reads the output kept.
    var cache: URL?
    /// The Swift files of the other modules whose models decouple.json adapts, read for their
    /// declarations only (`--context`; see `ModelModules`): their annotations are theirs.
    var context: [URL]
    /// Every Swift file of the modules the target depends on, with their names: the tool reads
    /// those of the modules decouple.json names when it runs (`--dependency`; see `ModelModules`).
    var dependencies: [(names: [String], file: URL)]

    init(
        sources: [URL], configuration: URL, output: URL, cache: URL? = nil, context: [URL] = [],
        dependencies: [(names: [String], file: URL)] = []
    ) {
        self.sources = sources.filter { $0.standardizedFileURL != output.standardizedFileURL }
        self.configuration = configuration
        self.output = output
        self.cache = cache
        self.context = context
        self.dependencies = dependencies
    }

    var arguments: [String] {
        ["generate"] + sources.map(Self.path)
            + ["--config", Self.path(configuration), "--output", Self.path(output)]
            + (cache.map { ["--cache", Self.path($0)] } ?? [])
            + context.flatMap { ["--context", Self.path($0)] }
            + dependencies.flatMap { ["--dependency", $0.names.joined(separator: ",") + "=" + Self.path($0.file)] }
    }

    /// What the command reads: a change to any of them reruns it.
    var inputs: [URL] { sources + context + dependencies.map(\.file) + [configuration] }

    static func path(_ url: URL) -> String { url.path(percentEncoded: false) }

    /// The nearest `decouple.json` in `folder` or a folder above it, up to `root` (only in
    /// `folder` itself when it is not inside `root`); `nil` when there is none.
    static func configuration(from folder: URL, upTo root: URL) -> URL? {
        let rootComponents = root.standardizedFileURL.pathComponents
        var components = folder.standardizedFileURL.pathComponents
        let inside = components.starts(with: rootComponents)
        repeat {
            let candidate = URL(fileURLWithPath: NSString.path(withComponents: components + [configurationName]))
            if FileManager.default.fileExists(atPath: path(candidate)) { return candidate }
            components.removeLast()
        } while inside && components.count >= rootComponents.count
        return nil
    }

    /// The `"module"` of each adapter in `configuration`: the modules whose models it adapts.
    /// None when the file does not read as JSON (the tool then says what is wrong with it).
    static func modulesNamed(in configuration: URL) -> Set<String> {
        guard let data = try? Data(contentsOf: configuration),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let adapters = root["adapters"] as? [[String: Any]] else { return [] }
        return Set(adapters.compactMap { $0["module"] as? String })
    }

    /// The deepest folder that holds every one of `files`; `nil` for no files.
    static func commonFolder(of files: [URL]) -> URL? {
        guard let first = files.first else { return nil }
        var common = Array(first.standardizedFileURL.deletingLastPathComponent().pathComponents)
        for file in files.dropFirst() {
            let components = file.standardizedFileURL.deletingLastPathComponent().pathComponents
            let shared = zip(common, components).prefix { $0 == $1 }.count
            common.removeLast(common.count - shared)
        }
        return URL(fileURLWithPath: NSString.path(withComponents: common), isDirectory: true)
    }
}
