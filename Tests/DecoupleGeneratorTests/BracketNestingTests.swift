@testable import DecoupleGenerator
import Testing

/// The lexical pre-scan that refuses square brackets nested too deep for the parser, before it
/// parses: only code counts, never a comment or a string literal.
@Suite struct BracketNestingTests {
    private func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
    }

    @Test func theBracketThatGoesTooDeep_isFound_atItsLineAndColumn() {
        let limit = BracketNesting.limit
        #expect(BracketNesting.firstTooDeep(in: "let x: " + nested(limit)) == nil)
        #expect(BracketNesting.firstTooDeep(in: "let x: " + nested(limit + 1)).map { [$0.line, $0.column] } == [1, 8 + limit])
        // Depth is what is open at once: many shallow brackets in a row are fine.
        #expect(BracketNesting.firstTooDeep(in: String(repeating: "[[1]], ", count: 10_000)) == nil)
        // Unclosed, on a later line, after multi-byte text (columns count UTF-8 bytes, as the parser's do).
        let unclosed = "let é = 1\n  let y = " + String(repeating: "[", count: 5_000)
        #expect(BracketNesting.firstTooDeep(in: unclosed).map { [$0.line, $0.column] } == [2, 11 + limit])
        // A stray closing bracket does not make room for more.
        #expect(BracketNesting.firstTooDeep(in: "]]]]" + nested(limit + 1)).map(\.column) == limit + 5)
    }

    @Test func commentsAndStrings_doNotCount_butInterpolations_do() {
        let deep = String(repeating: "[", count: 40)
        let skipped = [
            "// \(deep)\nlet a = 1",
            "/* \(deep) /* nested \(deep) */ still a comment \(deep) */ let a = 1",
            "let s = \"\(deep)\"",
            "let s = \"a \\\" \(deep)\"",
            "let s = #\"\(deep) \\(not interpolated) \" \(deep)\"#",
            "let s = ##\"\(deep) \"# \(deep)\"##",
            "let s = \"\"\"\n\(deep)\n\" \"\" \(deep)\n\"\"\"",
            "let s = #\"\"\"\n\(deep) \"\"\" \(deep)\n\"\"\"#",
            "let s = \"unclosed \(deep)\nlet t = 1",
        ]
        for text in skipped {
            #expect(BracketNesting.firstTooDeep(in: text) == nil, "\(text)")
        }
        let counted = [
            "let s = \"\\(\(deep))\"",
            "let s = \"a \\(f(g(1)) + \"\\(\(deep))\")\"",
            "let s = #\"\\#(\(deep))\"#",
            "let s = \"\"\"\n\\(\(deep))\n\"\"\"",
            "let s = \"closed\" + \(deep)",
            "/* comment */ \(deep)",
            // A backquote alone hides nothing after it; a line break ends a string and any
            // interpolation open in it.
            "` ; let x: \(deep)",
            "let s = \"\\(\n) ; let x: \(deep)",
        ]
        for text in counted {
            #expect(BracketNesting.firstTooDeep(in: text) != nil, "\(text)")
        }
    }

    @Test func aScannedFileNestedTooDeep_isAnErrorAtTheBracket_notParsed() {
        let file = SourceScanner.scan(source: "// decouple: TitledContent\nlet x: " + nested(800), path: "Deep.swift")
        #expect(file.diagnostics.map(\.description) == ["Deep.swift:2:\(8 + BracketNesting.limit): error: \(BracketNesting.reason) [#NestingTooDeep]"])
        // Never skipped as a merely broken file: it is an error whatever it declares.
        #expect(file.namesDeclaredDespiteErrors == nil)
    }
}
