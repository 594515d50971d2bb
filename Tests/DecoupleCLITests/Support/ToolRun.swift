@_exported import DecoupleTestSupport
import Foundation
import Testing

/// The result of running the `decouple` binary.
typealias ToolRun = ProcessRun

/// Where `swift build` put the `decouple` binary: beside the test bundle.
let toolURL = builtProduct("decouple")

/// Runs `decouple` with arguments in a folder and waits for it.
///
/// - Parameter input: What the tool reads from its standard input, a pipe; none if `nil`.
func runTool(_ arguments: [String], in folder: URL, input: String? = nil) throws -> ToolRun {
    try ProcessRun(toolURL, arguments, in: folder, input: input)
}

/// A fresh folder holding the given files, removed when the test ends.
final class Workspace {
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    /// A copy of a folder of the package.
    convenience init(copying folder: String) throws {
        try self.init()
        try FileManager.default.removeItem(at: url)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(folder), to: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Dates `paths` (every regular file in the workspace, when none is named) a moment long
    /// past, so that any later write, however soon, gives a file a date of its own: no waiting
    /// out the file system's clock.
    func backdate(_ paths: [String]? = nil, to date: Date = Date(timeIntervalSince1970: 1_000_000_000)) throws {
        let names = paths ?? (FileManager.default.subpaths(atPath: url.path) ?? []).filter { path in
            (try? FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)[.type] as? FileAttributeType) == .typeRegular
        }
        for name in names {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.appendingPathComponent(name).path)
        }
    }

    func modificationDate(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)[.modificationDate] as? Date
    }

    /// The whole-output entries (`KEY.output`) in a `--cache` folder, by name.
    func outputCacheEntries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".output") }.sorted()
    }

    /// The keys of the files in the scan cache's index: after its header line, a JSON record
    /// whose `declarations` holds each file's declaration digest by its key.
    func scanCacheEntries(_ folder: String) throws -> [String] {
        let indexes = try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder + "/files").path)
            .filter { $0.hasSuffix(".index") }
        guard indexes.count == 1 else { return [] }
        let lines = try Data(contentsOf: url.appendingPathComponent("\(folder)/files/\(indexes[0])")).split(separator: UInt8(ascii: "\n"))
        guard lines.count == 2, let record = try JSONSerialization.jsonObject(with: Data(lines[1])) as? [String: Any],
              let declarations = record["declarations"] as? [String: String] else { return [] }
        return declarations.keys.sorted()
    }

    /// The scan cache's index, as a path relative to the workspace.
    func scanCacheFile(_ folder: String, ending suffix: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder + "/files").path)
            .filter { $0.hasSuffix(suffix) }
        return "\(folder)/files/\(names.first ?? "missing\(suffix)")"
    }

    func run(_ arguments: String...) throws -> ToolRun {
        try runTool(arguments, in: url)
    }

    /// Runs the tool with `input` piped to its standard input.
    func run(input: String, _ arguments: String...) throws -> ToolRun {
        try runTool(arguments, in: url, input: input)
    }
}
