import DecoupleGenerator
import Foundation
import Testing

/// A scanned file's declaration digest, read from the scanned values, against a reference: the
/// file's JSON coding with every position's line and column taken out. Two files have the same
/// digest exactly when their references are the same.
@Suite struct DeclarationDigestTests {
    /// The reference: the JSON coding, keys sorted, without the lines and columns of positions.
    static func reference(_ file: ScannedFile) throws -> Data {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                let isPosition = Set(object.keys) == ["file", "line", "column"]
                return object.filter { !isPosition || $0.key == "file" }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let coded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(file), options: [.fragmentsAllowed])
        return try JSONSerialization.data(withJSONObject: strip(coded), options: [.sortedKeys, .fragmentsAllowed])
    }

    /// The files of random programs, each also moved down (a comment and blank lines before it),
    /// with a member's type changed, with a function body changed, and with a type more: the
    /// digests agree with the reference on every pair, moved files keep their digest, and
    /// changed declarations change it.
    @Test func theDigest_isTheReferencesEquality() throws {
        let programs = 30
        var texts: [String] = []
        for seed in 0..<UInt64(programs) {
            for file in ProgramGrammar.program(seed: seed).files {
                let text = file.text
                texts += [
                    text, "// Moved.\n\n\n" + text, text.replacingOccurrences(of: ": String", with: ": Int"),
                    text + "\nextension Never { static func f() { _ = 1 } }\n", text + "\nextension Never { static func f() { _ = 2 } }\n",
                    text + "\nstruct Extra { var title: String }\n",
                ]
            }
        }
        let scanned = texts.map { SourceScanner.scan(SourceFile(path: "Sources/M/A.swift", text: $0)) }
        let digests = scanned.map(\.declarationDigest)
        let references = try scanned.map(Self.reference)
        var same = 0
        for i in scanned.indices {
            for j in scanned.indices where j > i {
                #expect((digests[i] == digests[j]) == (references[i] == references[j]), "\(i) and \(j):\n\(texts[i])\n---\n\(texts[j])")
                if digests[i] == digests[j] { same += 1 }
            }
        }
        for start in stride(from: 0, to: texts.count, by: 6) {
            #expect(digests[start] == digests[start + 1], "moved:\n\(texts[start])")
            #expect(digests[start + 3] == digests[start + 4], "a body changed")
            #expect(digests[start] != digests[start + 5], "a type more")
            if texts[start].contains(": String") { #expect(digests[start] != digests[start + 2], "a type changed") }
        }
        print("declaration digests: \(texts.count) files of \(programs) programs, \(same) pairs alike")
    }

    private struct Inner: Encodable {
        var b: String
        var c: String?
    }

    private struct Outer: Encodable {
        var a: Inner
        var c: String?
        var list: [[String]] = []
    }

    /// Values whose tokens are the same keys and texts in different nestings have different
    /// digests: every key and element is digested with its depth. Positions count their file.
    @Test func nesting_isPartOfTheDigest() {
        func digest(_ value: some Encodable) -> String { Digest.leavingPositionsOut(value) }
        #expect(digest(Outer(a: Inner(b: "1"), c: "2")) != digest(Outer(a: Inner(b: "1", c: "2"))))
        #expect(digest(Outer(a: Inner(b: "1"), list: [["x", "y"]])) != digest(Outer(a: Inner(b: "1"), list: [["x"], ["y"]])))
        #expect(digest(Outer(a: Inner(b: "1"), list: [["x", "y"]])) != digest(Outer(a: Inner(b: "1"), list: [["xy"]])))
        #expect(digest(Outer(a: Inner(b: "1"), list: [[]])) != digest(Outer(a: Inner(b: "1"), list: [])))
        #expect(digest(Outer(a: Inner(b: "1", c: "2"))) == digest(Outer(a: Inner(b: "1", c: "2"))))
        #expect(digest(SourcePosition(file: "A", line: 1, column: 2)) == digest(SourcePosition(file: "A", line: 9, column: 9)))
        #expect(digest(SourcePosition(file: "A", line: 1, column: 2)) != digest(SourcePosition(file: "B", line: 1, column: 2)))
    }
}
