import DecoupleGenerator
import Foundation
import Testing
@testable import DecoupleTool

/// How sources, the configuration and cache entries are read: straight into a string for ASCII,
/// checked for UTF-8 otherwise, and never waiting on something that is not a regular file. And
/// the digest that keys the cache: SHA-256 over length-prefixed fields.
@Suite struct FileReadingTests {
    /// A new, empty folder, removed by the caller.
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-read-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func text_isExactlyTheFile_asciiOrNot_emptyOrLarge() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let large = String(repeating: "struct Model { var name: String }\n", count: 6_000)   // 204 KB, past the buffer
        let texts = ["", "struct A {}\n", "// naïve café ✓ 🧪\nstruct B {}\n", "\u{FEFF}struct C {}\n", large, large + "é"]
        for (index, text) in texts.enumerated() {
            let path = "\(root)/\(index).swift"
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(try FileReader.text(of: path).get() == text, "file \(index)")
            // A cache entry: the first line and the body after it, as bytes, and the body as text.
            let entry = "\(root)/\(index).entry"
            try ("first line\n" + text).write(toFile: entry, atomically: false, encoding: .utf8)
            var seen: ([UInt8], [UInt8]) = ([], [])
            #expect(try FileReader.body(of: entry) { line, body in
                seen = (Array(line), Array(body))
                return true
            }.get() == text, "file \(index)")
            #expect(seen.0 == Array("first line".utf8) && seen.1 == Array(text.utf8), "file \(index)")
            #expect(try FileReader.body(of: entry) { _, _ in false }.get() == nil, "file \(index)")
        }
        // No first line to check: no body.
        try "no newline".write(toFile: "\(root)/bare.entry", atomically: false, encoding: .utf8)
        #expect(try FileReader.body(of: "\(root)/bare.entry") { _, _ in true }.get() == nil)
    }

    /// Each is the same length once repaired (a truncated four-byte sequence becomes one
    /// three-byte U+FFFD), so only a byte-for-byte check catches every one.
    @Test func textThatIsNotUTF8_isNil_andDiscoveryNamesTheFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let invalid: [[UInt8]] = [[0x61, 0xFF, 0x62], [0x61, 0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80], Array("struct A {}".utf8) + [0x80]]
        for (index, bytes) in invalid.enumerated() {
            let path = "\(root)/\(index).swift"
            try write(bytes, to: path)
            #expect(try FileReader.text(of: path).get() == nil, "bytes \(bytes)")
        }
        let expected = (0..<invalid.count).map { "\(root)/\($0).swift:1:1: error: \(root)/\($0).swift is not UTF-8 text [#UnreadableInput]" }
        let failure = #expect(throws: GenerationFailure.self) { try SourceDiscovery.sources(at: [root]) }
        #expect(failure?.diagnostics.map(\.description) == expected)
        // Digested instead of read as text: the same check, the same errors.
        let digestFailure = #expect(throws: GenerationFailure.self) { try SourceDiscovery.discover(own: [root], context: [], readingText: false).compactMap(\.sourceDigest) }
        #expect(digestFailure?.diagnostics.map(\.description) == expected)
    }

    /// Digesting finds the files reading finds, in the same order, each with the digest of the
    /// text that reading gives (which the scan cache's keys are made of), and skips or refuses
    /// the output among them alike.
    @Test func discoveryByDigest_matchesDiscoveryByText() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let large = String(repeating: "struct Model { var name: String }\n", count: 6_000)
        let texts = ["b/A.swift": "struct A {}\n", "a.swift": "// naïve café ✓\n", "c/d/B.swift": "\u{FEFF}struct B {}\n", "c/Large.swift": large, "Empty.swift": ""]
        for (name, text) in texts {
            try FileManager.default.createDirectory(atPath: (("\(root)/\(name)") as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: "\(root)/\(name)", atomically: false, encoding: .utf8)
        }
        try (generatedFileHeader + "struct Old {}\n").write(toFile: "\(root)/Generated.swift", atomically: false, encoding: .utf8)
        let sources = try SourceDiscovery.sources(at: [root], output: "\(root)/Generated.swift")
        let digests = try SourceDiscovery.discover(own: [root], context: [], output: "\(root)/Generated.swift", readingText: false).compactMap(\.sourceDigest)
        #expect(sources.count == texts.count)
        #expect(digests == sources.map { SourceDigest(path: $0.path, content: Digest.of($0.text)) })
        // An output that is not generated is an input the run would overwrite: refused by both.
        let expected = "refusing to write the output \(root)/a.swift: it is the input source \(root)/a.swift, which would be overwritten [#OutputOverwritesInput]"
        for discover in [{ _ = try SourceDiscovery.sources(at: [root], output: "\(root)/a.swift") }, { _ = try SourceDiscovery.discover(own: [root], context: [], output: "\(root)/a.swift", readingText: false).compactMap(\.sourceDigest) }] {
            let failure = #expect(throws: GenerationFailure.self) { try discover() }
            #expect(failure?.diagnostics.map(\.description) == ["decouple: error: " + expected])
        }
    }

    /// One walk finds the target's own files and the context's: a file among both is the
    /// target's own, each is found once, and its text is read when asked for.
    @Test func discovery_givesEachFileOnceWithItsRole() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["App/A.swift", "App/B.swift", "Library/C.swift"] {
            try FileManager.default.createDirectory(atPath: (("\(root)/\(name)") as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "struct \(name.dropFirst(name.count - 7).prefix(1)) {}\n".write(toFile: "\(root)/\(name)", atomically: false, encoding: .utf8)
        }
        let files = try SourceDiscovery.discover(own: ["\(root)/App"], context: [root], readingText: false)
        #expect(files.map { "\($0.path.dropFirst(root.count + 1)) \($0.role)" } == ["App/A.swift own", "App/B.swift own", "Library/C.swift context"])
        #expect(try files[2].source().text == "struct C {}\n" && files.allSatisfy { $0.text == nil && $0.digest != nil })
        let read = try SourceDiscovery.discover(own: ["\(root)/App"], context: [root], readingText: true)
        #expect(read.map(\.path) == files.map(\.path) && read.allSatisfy { $0.text != nil && $0.digest == nil })
    }

    @Test func onlyARegularFile_isRead_soAFIFONeverBlocks() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fifo = "\(root)/pipe.swift"
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opened without waiting for a writer, then refused: the test would hang otherwise.
        #expect(throws: FileReader.Failure.notARegularFile(.fifo)) { try FileReader.text(of: fifo).get() }
        #expect(throws: FileReader.Failure.notARegularFile(.directory)) { try FileReader.body(of: root) { _, _ in true }.get() }
        let missing = #expect(throws: FileReader.Failure.self) { try FileReader.text(of: "\(root)/missing.swift").get() }
        #expect(missing.map { if case .system(let error) = $0 { error.isMissing } else { false } } == true)
        #expect(FileReader.Failure.notARegularFile(.fifo).description == "it is a FIFO, not a regular file")
    }

    /// The digest is SHA-256 of each field's length (eight bytes, little-endian) and bytes, as
    /// Python's `hashlib.sha256(struct.pack('<Q', 3) + b'abc').hexdigest()` computes it; fields
    /// split differently digest differently, and a string digests as its UTF-8 bytes.
    @Test func digest_isSHA256OfLengthPrefixedFields() {
        #expect(Digest.of("abc") == "ce91dc5eec0139adf091900d225971d6ad246a845bad791b5693a9d0d55dd391")
        func digest(_ fields: [String]) -> String {
            var digest = Digest()
            for field in fields { digest.add(field) }
            return digest.hex
        }
        #expect(Set([digest(["ab", "c"]), digest(["a", "bc"]), digest(["abc"]), digest(["abc", ""])]).count == 4)
        let text = "naïve ✓ " + String(repeating: "long field ", count: 1_000)
        var bytes = Digest()
        Array(text.utf8).withUnsafeBytes { bytes.add(bytes: $0) }
        #expect(bytes.hex == Digest.of(text), "a string and its UTF-8 bytes digest alike")
        #expect(Digest.isHex(Digest.of(text).utf8) && !Digest.isHex(Digest.of(text).uppercased().utf8))
    }
}
