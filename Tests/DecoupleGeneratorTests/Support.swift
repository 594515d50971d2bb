import DecoupleGenerator
import SwiftParser
import SwiftSyntax
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

/// The test oracle for the generated file's `import Decouple`: the plan decides it from what
/// the adapters are (`Plan.namesDecouple`); this reads it from the code's tokens, which the run
/// no longer parses.
enum DecoupleImport {
    /// Whether code names the `Decouple` module, read from its tokens: a string or a comment
    /// that says `Decouple.` does not count, nor a member `x.Decouple`.
    static func namesDecouple(_ code: String) -> Bool {
        let tokens = Array(Parser.parse(source: code).tokens(viewMode: .sourceAccurate))
        return tokens.indices.contains { index in
            tokens[index].tokenKind == .identifier("Decouple") && index + 1 < tokens.count && tokens[index + 1].tokenKind == .period
                && (index == 0 || tokens[index - 1].tokenKind != .period)
        }
    }

    /// What is wrong with a generated file's imports, or `nil`: where its declarations (past the
    /// imports) name the module, it imports it outside any `#if`. (It may import it where they do
    /// not, when a protocol's file does: `importsDecouple(_:)` tells the rest where no source
    /// imports it.)
    static func mismatch(in file: String) -> String? {
        let (imports, names) = (importsDecouple(file), namesDecouple(body(of: file)))
        return names && !imports ? "its code names Decouple, and it does not import it" : nil
    }

    /// The declarations of a generated file, past its header and imports.
    static func body(of file: String) -> String {
        let lines = file.components(separatedBy: "\n")
        let bodyStart = lines.firstIndex { $0.hasPrefix("// MARK: - ") } ?? lines.endIndex
        return lines[bodyStart...].joined(separator: "\n")
    }

    /// Whether a generated file imports `Decouple` outside any `#if`.
    static func importsDecouple(_ file: String) -> Bool {
        let lines = file.components(separatedBy: "\n")
        let bodyStart = lines.firstIndex { $0.hasPrefix("// MARK: - ") } ?? lines.endIndex
        var depth = 0
        for line in lines[..<bodyStart] {
            if line.hasPrefix("#if ") { depth += 1 }
            if line == "#endif" { depth -= 1 }
            if depth == 0, line == "import Decouple" { return true }
        }
        return false
    }
}
