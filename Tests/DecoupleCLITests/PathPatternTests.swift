import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import Testing
@testable import DecoupleTool

/// The `--exclude` / `"exclude"` glob matcher: what it matches, and that `**` costs polynomial
/// time however many there are.
@Suite struct PathPatternTests {
    @Test func examples_matchAsTheREADMESays() {
        let cases: [(String, String, Bool)] = [
            ("Generated", "Sources/App/Generated", true),
            ("Generated", "Sources/App/Generated.swift", false),
            ("*.pb.swift", "Sources/A/B.pb.swift", true),
            ("*.pb.swift", "Sources/A/B.swift", false),
            ("Generated/*.swift", "Sources/App/Generated/A.swift", true),
            ("Generated/*.swift", "Sources/App/Generated/Deeper/A.swift", false),
            ("Sources/**/Templates/*.swift", "Sources/Templates/A.swift", true),
            ("Sources/**/Templates/*.swift", "Sources/A/B/C/Templates/A.swift", true),
            ("Sources/**/Templates/*.swift", "Other/A/Templates/A.swift", false),
            ("**", "a/b", true),
            ("a/**", "x/a", true),
            ("**/x.swift", "x.swift", true),
            ("**/**/x.swift", "a/x.swift", true),
            ("?.swift", "ab.swift", false),
            ("?b.swift", "./q/ab.swift", true),
            ("", "a", false),
            ("a", "", false),
        ]
        for (pattern, path, expected) in cases {
            #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) on \(path)")
        }
    }

    /// Six, twelve and 24 `**` against a path 40 components deep, with no match: taking every
    /// split of the path at every `**`, six ran for minutes (the splits number in the millions);
    /// it is now a table of components × 42 cells, each name compared at most once per cell.
    @Test func manyDoubleStars_onADeepPath_matchInPolynomialSteps() {
        let deep = (0..<40).map { "d\($0)" }.joined(separator: "/") + "/y.swift"
        var stepsByCount: [Int] = []
        for count in [6, 12, 24] {
            let pattern = PathPattern(Array(repeating: "**", count: count).joined(separator: "/") + "/x.swift")
            let match = pattern.match(deep)
            #expect(!match.matches)
            #expect(pattern.matches(deep.replacingOccurrences(of: "y.swift", with: "x.swift")))
            // Each cell of the table at most, and the last component's name compared in each.
            #expect(match.steps <= (count + 1) * 42 + 41 * "y.swift".count, "\(count): \(match.steps) steps")
            stepsByCount.append(match.steps)
        }
        // Linear in the number of `**`: doubling it at most doubles the steps.
        #expect(stepsByCount[1] <= 2 * stepsByCount[0] && stepsByCount[2] <= 2 * stepsByCount[1], "\(stepsByCount)")
    }

    /// The matcher against the plain definition, trying every split at every `**`, on random
    /// small patterns and paths of a few letters, so that they often match.
    @Test func randomPatterns_matchAsTheDefinitionSays() {
        var random = SplitMix64(seed: 20)
        func next(_ bound: Int) -> Int { Int(truncatingIfNeeded: random.next() >> 33) % bound }
        let patternPieces = ["**", "*", "a", "b", "?", "a*", "*b", "?a", ".", "a?b"]
        let pathPieces = ["a", "b", "ab", "ba", "aab", ".", "bb"]
        var matched = 0
        for _ in 0..<3_000 {
            let pattern = (0..<(1 + next(5))).map { _ in patternPieces[next(patternPieces.count)] }.joined(separator: "/")
            let path = (0..<(1 + next(6))).map { _ in pathPieces[next(pathPieces.count)] }.joined(separator: "/")
            let expected = Self.definition(pattern, path)
            if expected { matched += 1 }
            #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) on \(path)")
        }
        #expect(matched > 300 && matched < 2_700, "\(matched) matched: too few cases of one kind")
    }

    /// Whether `path`, from some component on to its end, matches `pattern` (`.` components
    /// dropped): by trying every split, exponential but plainly right.
    private static func definition(_ pattern: String, _ path: String) -> Bool {
        let wanted = pattern.split(separator: "/").filter { $0 != "." }.map(String.init)
        let parts = path.split(separator: "/").filter { $0 != "." }.map(String.init)
        guard !wanted.isEmpty, !parts.isEmpty else { return false }
        func from(_ p: Int, _ t: Int) -> Bool {
            if p == wanted.count { return t == parts.count }
            if wanted[p] == "**" { return (t...parts.count).contains { from(p + 1, $0) } }
            return t < parts.count && componentMatches(Array(wanted[p]), Array(parts[t])) && from(p + 1, t + 1)
        }
        return (0..<parts.count).contains { from(0, $0) }
    }

    /// `*` any run of characters, `?` one, by recursion.
    private static func componentMatches(_ pattern: [Character], _ text: [Character]) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let rest = Array(pattern.dropFirst())
        if first == "*" { return (0...text.count).contains { componentMatches(rest, Array(text[$0...])) } }
        guard let character = text.first, first == "?" || first == character else { return false }
        return componentMatches(rest, Array(text.dropFirst()))
    }
}
