import DecoupleGenerator
import Testing

/// A file's annotations are parsed with one parser: each must read as it reads alone, with its
/// own positions and errors, whatever the lines around it, even where lines read together would
/// make another statement.
@Suite struct AnnotationBatchTests {
    @Test(arguments: [
        ["TitledContent", "TitledContent(title: name, subtitle: age)", "API.NamedImageContent(name: `default`)"],
        ["TitledContent(subtitle: bio ?? \"-\")", "TitledContent(title: \\.name, subtitle: self.age)"],
        ["Ω(title: é)", "TitledContent(title: 名前)"],
        // Read together, these lines would be one statement or none.
        ["TitledContent", ".Nested"],
        ["TitledContent(title: a,", "subtitle: b)"],
        ["TitledContent", "(title: b)"],
        ["TitledContent", "{ x }"],
        ["TitledContent", "<B>"],
        ["TitledContent /* open", "B */"],
        // A block comment across two texts would hide both halves' errors, and too-deep nesting.
        ["TitledContent /* see below", "*/ NamedImageContent"],
        ["TitledContent /*", "*/ " + String(repeating: "[", count: 300)],
        ["\"\"\"", "TitledContent"],
        // Two statements on one line, none, and malformed ones beside good ones.
        ["A; B", "TitledContent"],
        ["", "TitledContent"],
        ["TitledContent(name)", "TitledContent(title: a, title: b)", "TitledContent(title: f())"],
        ["TitledContent(title: " + String(repeating: "(", count: 300), "TitledContent"],
    ])
    func eachAnnotation_readsAsItReadsAlone(texts: [String]) {
        let origins = texts.indices.map { SourcePosition(file: "Models.swift", line: 3 * $0 + 2, column: 4 + $0) }
        let alone = zip(texts, origins).map { AnnotationParser.parse($0, origin: $1) }
        #expect(AnnotationParser.parseAll(texts, origins: origins) == alone)
    }
}
