import DecoupleGenerator
import Testing

/// The check that the generated file parses, made on its pieces in batches, in parallel: one
/// broken piece anywhere fails it.
@Suite struct OutputCheckTests {
    @Test func oneBrokenPieceAnywhere_failsTheCheck() {
        let piece = "extension Model: Decouple.TitledContent {\n    public var title: Swift.String {\n        self.name\n    }\n}"
        let pieces = ["// header\n\nimport Decouple\n"] + Array(repeating: piece, count: 2_000)   // about 200 kB: several batches
        #expect(Generator.allParse(pieces))
        #expect(Generator.allParse([]))
        for position in [0, 1, 700, 1_999, 2_000] {
            var broken = pieces
            broken[position] = String(broken[position].dropLast())   // an unclosed brace, or a lost newline in the header
            if position == 0 { broken[0] = "import" }
            #expect(!Generator.allParse(broken), "broken at \(position)")
        }
    }
}
