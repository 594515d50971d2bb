import DecoupleGenerator
import SwiftParser
import SwiftSyntax
import Testing

/// Positions in messages are counted as the compiler counts them: the scanner's line table must
/// give, at every offset of a source, the line and column swift-syntax's converter gives.
@Suite struct LineTableTests {
    @Test(arguments: [
        "",
        "struct A {}",
        "struct A {}\n",
        "\n\n\nstruct A {}",
        "struct A {\r\n    let a: Int\r\n}\r\n",
        "struct A {\r    let a: Int\r}",
        "let a = 1\r\n\r\n\n\r\rlet b = 2",
        "// é, 日本, 🙂\nstruct Café { let 名前: String }\n",
        "/* a\r\n b */ struct A {} // decouple: TitledContent\n",
        "let s = \"\"\"\n  two\r\n  lines\n  \"\"\"\n",
    ])
    func everyOffset_hasTheConvertersLineAndColumn(source: String) {
        let table = LineTable(source)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: Parser.parse(source: source))
        // One past the end and beyond are clamped to the end, as the converter clamps them.
        for offset in -1...(source.utf8.count + 2) {
            let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
            let (line, column) = table.location(of: AbsolutePosition(utf8Offset: offset))
            #expect(line == expected.line && column == expected.column, "offset \(offset)")
        }
    }
}
