import DecoupleGenerator
import Foundation
import Testing

/// The generator is an in-memory core: sources and a configuration in, a result out. Reading,
/// writing, caching and signals are the command-line tool's, and the macro plug-in, which links
/// the core, links none of them.
@Suite struct InMemoryCoreTests {
    /// No file-system or signal call in the core's sources: their code, not their comments
    /// and string literals (a table of the SDK's members names `FileManager`).
    @Test func theCoresSources_callNoFileSystemAndNoSignals() throws {
        let folder = packageRoot.appendingPathComponent("Sources/DecoupleGenerator").path
        let names = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }
        #expect(names.count > 20)
        let forbidden = [
            "FileManager", "FileHandle", "fopen", "open(", "unlink(", "rename(", "signal(", "sigaction", "raise(",
            "Data(contentsOf", "String(contentsOf", "write(to", "import Glibc", "import Darwin",
        ]
        for name in names {
            let text = try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .map { $0.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression) }
                .joined(separator: "\n")
            for word in forbidden {
                #expect(!text.contains(word), "\(name) uses \(word)")
            }
        }
    }

    /// The same generator, called again and again in one process with other sources and
    /// configurations, from several threads at once: each result depends on its own input only.
    private static func input(_ index: Int) throws -> (sources: [SourceFile], configuration: Configuration) {
        let source = SourceFile(path: "M\(index).swift", text: "struct Model\(index) { var name: String; var detail: String }\n")
        let json = #"{"adapters": [{"model": "Model\#(index)", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "detail"}}]}"#
        return ([source], try Configuration.parse(json, path: "decouple.json"))
    }

    @Test func manyCalls_fromManyThreads_eachGiveTheirOwnResult() async throws {
        let inputs = try (0..<4).map(Self.input)
        let results = await withTaskGroup(of: (Int, GenerationResult).self) { group in
            for index in 0..<40 {
                let (sources, configuration) = inputs[index % 4]
                group.addTask { (index, Generator.generate(sources: sources, configuration: configuration)) }
            }
            return await group.reduce(into: [Int: GenerationResult]()) { $0[$1.0] = $1.1 }
        }
        for (index, result) in results {
            #expect(result.diagnostics.isEmpty && result.warnings.isEmpty)
            #expect(result.adapters.map(\.model) == ["Model\(index % 4)"])
            #expect(result.code == results[index % 4]?.code)
            #expect(result.code?.contains("extension Model\(index % 4): Decouple.TitledContent") == true)
        }
    }

    /// Whether adapters were made is a field of the result, not a search of the code: none for a
    /// configuration that maps nothing, one per adapter otherwise, in every style.
    @Test func adaptersMade_areListedInTheResult() throws {
        let source = SourceFile(path: "M.swift", text: "struct Post: Codable { var title: String; var subtitle: String }\nstruct Plain {}\n")
        let none = Generator.generate(sources: [source], configuration: Configuration())
        #expect(none.adapters.isEmpty)
        #expect(try none.get().hasPrefix(generatedFileHeader))
        for style in OutputStyle.allCases {
            let json = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Post", "protocol": "TitledContent"}]}"#
            let result = Generator.generate(sources: [source], configuration: try Configuration.parse(json, path: "decouple.json"))
            #expect(result.adapters.map { "\($0.model) \($0.protocolName) \($0.style)" } == ["Post TitledContent \(style)"])
            #expect(result.adapters.first?.modelPosition == SourcePosition(file: "M.swift", line: 1, column: 8))
        }
        let failed = Generator.generate(sources: [source], configuration: try Configuration.parse(#"{"adapters": [{"model": "Plain", "protocol": "TitledContent"}]}"#, path: "decouple.json"))
        #expect(failed.code == nil && failed.adapters.isEmpty && !failed.diagnostics.isEmpty)
        #expect(throws: GenerationFailure.self) { try failed.get() }
    }
}
