import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import Testing

/// A run reads a configuration's `"exclude"` patterns alone first (a run served from the cache
/// needs nothing else), and parses the whole only when it generates. These hold the two reads to
/// the same patterns wherever the whole parses.
@Suite struct ExcludePatternsTests {
    private func expectSameAsWholeParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let whole = try? Configuration.parse(text, path: "decouple.json") else { return }
        #expect(Configuration.excludePatterns(in: text, path: "decouple.json") == whole.exclude, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func everyConfigurationInThePackage_readsTheSameAlone() throws {
        let roots = ["Examples", "Tests/Fixtures"].map { packageRoot.appendingPathComponent($0).path }
        var parsed = 0
        for root in roots {
            let enumerator = try #require(FileManager.default.enumerator(atPath: root))
            for case let name as String in enumerator where name.hasSuffix(".json") {
                let text = try String(contentsOfFile: "\(root)/\(name)", encoding: .utf8)
                if (try? Configuration.parse(text, path: name)) != nil { parsed += 1 }
                expectSameAsWholeParse(text)
            }
        }
        #expect(parsed >= 5)
    }

    @Test func brackets_quotes_escapes_andOrder_doNotMisleadIt() {
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
            #expect(Configuration.excludePatterns(in: text, path: "decouple.json") == expected, "\(text)")
            expectSameAsWholeParse(text)
        }
    }

    /// Configurations drawn at random from the keys a configuration has, in any order, with
    /// strings full of brackets, quotes and escapes.
    @Test func randomConfigurations_readTheSameAlone() {
        var random = SplitMix64(seed: 18)
        func next() -> Int { Int(truncatingIfNeeded: random.next() >> 33) }
        let pieces = ["a", "]", "}", "[", "{", "\\\"", "\\\\", ",", ":", " ", "\\u0041", "é", "\\n", "**"]
        func string() -> String {
            "\"" + (0..<(next() % 6)).map { _ in pieces[next() % pieces.count] }.joined() + "\""
        }
        var checked = 0
        for _ in 0..<500 {
            var members: [String] = []
            if next() % 2 == 0 { members.append(#""style": "factory""#) }
            if next() % 2 == 0 { members.append(#""module": "# + string()) }
            if next() % 4 != 0 { members.append(#""exclude": ["# + (0..<(next() % 4)).map { _ in string() }.joined(separator: ", ") + "]") }
            let adapters = (0..<(next() % 3)).map { _ in
                #"{"model": "A", "protocol": "TitledContent", "map": {"title": {"from": "x", "default": "# + string() + "}}}"
            }
            members.append(#""adapters": ["# + adapters.joined(separator: ", ") + "]")
            members.shuffle(using: &random)
            let text = "{" + members.joined(separator: ", ") + "}"
            if (try? Configuration.parse(text, path: "decouple.json")) != nil { checked += 1 }
            expectSameAsWholeParse(text)
        }
        #expect(checked > 400)
    }
}
