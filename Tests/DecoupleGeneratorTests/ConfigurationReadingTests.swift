import DecoupleGenerator
import Testing

/// How decouple.json is read: one reader, with positions, for the whole file.
@Suite struct ConfigurationReadingTests {
    /// `"exclude"` among the other keys, in any order, with brackets, quotes and escapes in the
    /// strings around it: read as written, or the whole file refused. Every case checks its
    /// answer: patterns that must be read, or a parse that must fail.
    @Test func excludePatterns_amidBrackets_quotes_escapes_andOrder() {
        let cases: [(String, [String]?)] = [
            (#"{"exclude": ["A", "B/**"]}"#, ["A", "B/**"]),
            (#"{"style": "factory"}"#, []),
            (#"{"adapters": [{"model": "A", "protocol": "TitledContent", "map": {"title": {"from": "x", "default": "]}\"{["}}}], "exclude": ["Gen"]}"#, ["Gen"]),
            (#"{"module": "M]}\"{[\\", "exclude": ["a\"b", "c\\d", "\u00e9\ud83e\uddea"]}"#, ["a\"b", "c\\d", "é🧪"]),
            (#"{"excl\u0075de": ["X"]}"#, ["X"]),
            ("\u{FEFF}{\n\t\"style\" : \"proxy\" ,\r\n \"exclude\":[ ] }", []),
            (#"{"exclude": "Gen"}"#, nil),
            (#"{"exclude": ["A", 1]}"#, nil),
            (#"[{"exclude": ["A"]}]"#, nil),
            (#"{"adapters": [{"model": "A""#, nil),
            (#"{"exclude": ["A""#, nil),
        ]
        for (text, expected) in cases {
            // `nil` on both sides only when the parse fails.
            #expect((try? Configuration.parse(text, path: "decouple.json"))?.exclude == expected, "\(text)")
        }
    }

    /// Strings without an escape are read as one run; with one, they go the long way. Both
    /// give the same text, and a non-ASCII member name is still one.
    @Test func configurationStrings_withAndWithoutEscapes() throws {
        let configuration = try Configuration.parse(#"""
            {"adapters": [
              {"model": "Plain", "protocol": "TitledContent", "map": {"title": "naïve"}},
              {"model": "Esc\u0061ped\n", "protocol": "Titled\"Content", "map": {"title": "a\u00efb"}}
            ]}
            """#, path: "decouple.json")
        #expect(configuration.adapters.map(\.model) == ["Plain", "Escaped\n"])
        #expect(configuration.adapters.map(\.protocolName) == ["TitledContent", "Titled\"Content"])
        #expect(configuration.adapters.map { $0.map["title"]?.member } == ["naïve", "aïb"])
        for (name, accepted) in [("_x9", true), ("x_Y", true), ("9x", false), ("a-b", false), ("", false), ("ünïcödé", true), ("a b", false)] {
            let text = #"{"adapters": [{"model": "M", "protocol": "TitledContent", "map": {"title": "\#(name)"}}]}"#
            let parsed = (try? Configuration.parse(text, path: "decouple.json")) != nil
            #expect(parsed == accepted, "\(name)")
        }
    }
}
