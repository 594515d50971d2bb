import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import SwiftParser
import Testing

/// The generator writes its output without parsing it (the emitter lays declarations out,
/// `DeclarationLayout`); that the output parses is the tests' to show, here on every committed
/// generated file, and by the compiler oracle on random programs.
@Suite struct OutputCheckTests {
    @Test(arguments: [
        "Examples/Generated.swift", "Tests/Fixtures/Coverage/Generated.swift", "Tests/Fixtures/AppTree/Sources/AppTreeAdapters/Generated.swift",
    ])
    func everyCommittedGeneratedFile_parses(path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(text.contains("extension"))
        #expect(!Parser.parse(source: text).hasError, "\(path)")
    }

    /// `import Decouple` is written where a declaration names the module, read from its tokens
    /// only in the declarations whose text says `Decouple.`: a model's conformance to its own
    /// protocol imports only what the protocol's file imports.
    @Test func theLibraryIsImported_exactlyWhereADeclarationNamesIt() throws {
        let sources = [SourceFile(path: "M.swift", text: """
            protocol Row { var heading: String { get } }
            struct Card { var name: String; var heading: String { "Decouple.title" } }
            """)]
        func generated(_ json: String) throws -> String {
            try #require(Generator.generate(sources: sources, configuration: try Configuration.parse(json, path: "decouple.json")).code)
        }
        let own = try generated(#"{"adapters": [{"model": "Card", "protocol": "Row"}]}"#)
        #expect(!own.contains("import Decouple"), "\(own)")
        let library = try generated(#"{"adapters": [{"model": "Card", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "heading"}}]}"#)
        #expect(library.contains("import Decouple\n"), "\(library)")
    }
}
