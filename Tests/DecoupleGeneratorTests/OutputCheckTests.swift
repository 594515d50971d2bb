import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import SwiftParser
import Testing

/// The generator writes its output without parsing it (the renderer lays out the styles'
/// `Code`); that the output parses is the tests' to show, here on every committed
/// generated file, and by the compiler oracle on random programs.
@Suite struct OutputCheckTests {
    @Test(arguments: [
        "Examples/Generated.swift", "Tests/Fixtures/Coverage/Generated.swift", "Tests/Fixtures/AppTree/Sources/AppTreeAdapters/Generated.swift",
    ])
    func everyCommittedGeneratedFile_parses(path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(text.contains("extension"))
        #expect(!Parser.parse(source: text).hasError, "\(path)")
        #expect(DecoupleImport.mismatch(in: text) == nil, "\(path)")
    }

    /// `import Decouple` is written where a declaration names the module, as the plan decides
    /// from what the adapters are (`Plan.namesDecouple`), checked against the code's tokens: a
    /// model's conformance to its own protocol imports only what the protocol's file imports;
    /// a library protocol, an `ImageName` (written, converted to, or a default's), a type
    /// written `Decouple.…`, and the factory and proxy styles name it.
    @Test func theLibraryIsImported_exactlyWhereADeclarationNamesIt() throws {
        // No source imports the library: the file imports it only where the plan says so.
        let sources = [SourceFile(path: "M.swift", text: """
            protocol Row { var heading: String { get } }
            protocol Pictured { var picture: Decouple.ImageName { get } }
            protocol Iconic { var symbol: ImageName { get } }
            protocol Counted { func count(in names: [Decouple.ImageName]) -> Int }
            struct Card { var name: String; var heading: String { "Decouple.title" }; var icon: String?; func count(in names: [ImageName]) -> Int { 0 } }
            """)]
        func generated(_ json: String) throws -> String {
            try #require(Generator.generate(sources: sources, configuration: try Configuration.parse(json, path: "decouple.json")).code)
        }
        let cases: [(String, Bool)] = [
            (#"{"adapters": [{"model": "Card", "protocol": "Row"}]}"#, false),
            (#"{"adapters": [{"model": "Card", "protocol": "Row", "style": "factory"}]}"#, true),
            (#"{"adapters": [{"model": "Card", "protocol": "Row", "style": "proxy"}]}"#, true),
            (#"{"adapters": [{"model": "Card", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "heading"}}]}"#, true),
            (#"{"adapters": [{"model": "Card", "protocol": "Pictured", "map": {"picture": {"from": "icon", "default": "x"}}}]}"#, true),
            (#"{"adapters": [{"model": "Card", "protocol": "Iconic", "map": {"symbol": {"from": "icon", "default": "x"}}}]}"#, true),
            (#"{"adapters": [{"model": "Card", "protocol": "Counted"}]}"#, false),
        ]
        for (json, imports) in cases {
            let code = try generated(json)
            #expect(DecoupleImport.importsDecouple(code) == imports, "\(json)\n\(code)")
            #expect(DecoupleImport.namesDecouple(DecoupleImport.body(of: code)) == imports, "\(json)\n\(code)")
        }
    }
}
