import DecoupleGenerator
import Foundation

@_exported import DecoupleTestSupport

/// Runs the generator on in-memory files and returns its output, or its diagnostics, one per line.
func generate(_ files: [String: String], config: String? = nil) -> String {
    let sources = files.keys.sorted().map { SourceFile(path: $0, text: files[$0]!) }
    do {
        let configuration = try config.map { try Configuration.parse($0, path: "decouple.json") } ?? Configuration()
        return try Generator.generate(sources: sources, configuration: configuration).get()
    } catch {
        return "\(error)"
    }
}

/// Only the declarations of a generated file, without its header and imports (or the whole
/// text, when it is diagnostics).
func body(_ generated: String) -> String {
    guard generated.hasPrefix(generatedFileHeader) else { return generated.trimmingCharacters(in: .newlines) }
    guard let start = generated.range(of: "// MARK: ") else { return "" }
    return String(generated[start.lowerBound...]).trimmingCharacters(in: .newlines)
}

/// The `.swift` files in `folder` and below, in the tool's order (name by name, each folder's
/// files where its name sorts), each at `folder/relative/path` as the tool names them.
func swiftSources(in folder: String, excluding excluded: Set<String> = []) throws -> [SourceFile] {
    let names = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }
    return try names.map { $0.split(separator: "/").map(String.init) }.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { parts in
        let path = folder + "/" + parts.joined(separator: "/")
        return excluded.contains(path) ? nil : SourceFile(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
    }
}
