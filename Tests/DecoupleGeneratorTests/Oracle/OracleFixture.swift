import DecoupleTestSupport
import Foundation

// MARK: - Regression fixtures

/// A program the oracle once failed on, shrunk by hand or by `OracleShrinker`, kept in
/// `Tests/Fixtures/Oracle/NAME/`: its Swift files, its `decouple.json` (written in the
/// conformance style; the oracle runs every style), and `oracle.json`:
///
/// ```json
/// { "module": "OracleApp",
///   "requests": [ { "models": ["Post1_17"], "protocol": "TitledContent", "file": "decouple.json", "line": 4 } ],
///   "knownIssue": "what still fails, while the generator does not handle it" }
/// ```
///
/// While `knownIssue` is there the fixture must still fail (Swift Testing's known issue); once
/// the generator handles it the test fails until the line is removed, and the fixture passes
/// from then on.
struct OracleFixture {
    var name: String
    var program: OracleProgram
    var knownIssue: String?

    private struct Metadata: Codable {
        struct Request: Codable {
            var models: [String]
            var `protocol`: String
            var file: String
            var line: Int
        }

        var module: String
        var requests: [Request]
        var knownIssue: String?
    }

    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/Oracle")

    static func loadAll() throws -> [OracleFixture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.enumerated().map { try load($1, number: $0) }
    }

    static func load(_ name: String, number: Int) throws -> OracleFixture {
        let directory = folder.appendingPathComponent(name)
        let metadata = try JSONDecoder().decode(Metadata.self, from: Data(contentsOf: directory.appendingPathComponent("oracle.json")))
        let swiftFiles = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        let files = try swiftFiles.map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
        let configuration = try String(contentsOf: directory.appendingPathComponent("decouple.json"), encoding: .utf8)
        let template = configuration.replacingOccurrences(of: "\"style\": \"conformance\"", with: "\"style\": \"__STYLE__\"")
        let program = OracleProgram(
            seed: UInt64(number), module: metadata.module, pinnedModule: metadata.module != "OracleApp",
            files: files.map { (name: $0.0, text: $0.1) }, configurationTemplate: template,
            requests: metadata.requests.map {
                .init(models: $0.models, protocolName: $0.protocol, file: $0.file == "decouple.json" ? "decouple.json" : "Sources/\(metadata.module)/\($0.file)", line: $0.line)
            },
            shapes: [])
        return OracleFixture(name: name, program: program, knownIssue: metadata.knownIssue)
    }

    /// Writes a program as a fixture (for `OracleShrinker` and by hand).
    static func write(_ program: OracleProgram, name: String, knownIssue: String?) throws {
        let directory = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in program.files { try Data(file.text.utf8).write(to: directory.appendingPathComponent(file.name)) }
        try Data(program.configuration(style: .conformance).utf8).write(to: directory.appendingPathComponent("decouple.json"))
        let prefix = "Sources/\(program.module)/"
        let metadata = Metadata(
            module: program.module,
            requests: program.requests.map {
                .init(models: $0.models, protocol: $0.protocolName, file: $0.file.hasPrefix(prefix) ? String($0.file.dropFirst(prefix.count)) : $0.file, line: $0.line)
            },
            knownIssue: knownIssue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(metadata).write(to: directory.appendingPathComponent("oracle.json"))
    }
}
