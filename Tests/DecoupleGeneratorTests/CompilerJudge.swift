import DecoupleGenerator
import Foundation

/// What the generator made of `files`, judged by the compiler: `.refused` with its diagnostics,
/// or `.generated` with what `swiftc -typecheck` said of the sources and the output together in
/// each language mode (empty when all compiled).
enum Judged: CustomStringConvertible {
    case refused(String)
    case generated(code: String, failures: [String])

    var description: String {
        switch self {
        case let .refused(text): "refused:\n\(text)"
        case let .generated(code, failures): failures.isEmpty ? "compiles" : "does not compile:\n\(failures.joined(separator: "\n"))\n\(code)"
        }
    }

    var compiles: Bool { if case let .generated(_, failures) = self { failures.isEmpty } else { false } }
    var refusal: String? { if case let .refused(text) = self { text } else { nil } }
    var code: String? { if case let .generated(code, _) = self { code } else { nil } }
}

/// Generates for `files` (and `config`), then type-checks the files and the output as one
/// module in each of `languageModes`.
func judged(_ files: [String: String], config: String? = nil, modes: [[String]] = languageModes) throws -> Judged {
    let sources = files.keys.sorted().map { SourceFile(path: $0, text: files[$0]!) }
    let configuration = try config.map { try Configuration.parse($0, path: "decouple.json") } ?? Configuration()
    let result = Generator.generate(sources: sources, configuration: configuration)
    guard let code = result.code else {
        return .refused(result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("judged-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (name, text) in files.sorted(by: { $0.key < $1.key }) + [("Generated.swift", code)] {
        let file = folder.appendingPathComponent((name as NSString).lastPathComponent)
        try Data(text.utf8).write(to: file)
        paths.append(file.path)
    }
    var failures: [String] = []
    for mode in modes {
        let run = try ProcessRun(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-parse-as-library", "-module-name", "App", "-I", builtProduct("Modules").path] + mode + paths,
            in: folder)
        if run.status != 0 {
            let errors = run.stderr.split(separator: "\n").filter { $0.contains("error:") }
            failures.append("\(mode.joined(separator: " ")): " + errors.joined(separator: "\n"))
        }
    }
    return .generated(code: code, failures: failures)
}
