import DecoupleGenerator
import Foundation
import Testing
@testable import DecoupleTool

extension InProcessWrites {
    /// The scan cache's index behind a valid header: the header's SHA-256 has no secret, so
    /// anyone can write one. Whatever the body says, reading it is a miss or a correct read,
    /// never a crash or another file's digest.
    @Suite struct ScanCacheTests {
        /// A run as the tool makes one: the files digested, the cache serving the scan, then the
        /// index of what the run read kept.
        private static func generate(_ sources: [SourceFile], with cache: ScanCache) -> GenerationResult {
            _ = cache.declarationDigests(for: sources)
            let result = Generator.generate(sources: sources, configuration: Configuration(), scanning: cache.scan)
            cache.writeIndex()
            return result
        }

        private let sources = (0..<3).map { index in
            SourceFile(path: "Models/File\(index).swift", text: """
                // decouple: TitledContent(title: name, subtitle: naïve)
                struct Model\(index) {
                    var name: String
                    var naïve: String
                }

                """)
        }

        private let indexFormat = CacheEntryFormat(kind: "scan-index", fileExtension: "index")

        /// A new, empty cache folder, removed by the caller.
        private func folder() throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-scan-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// A new cache folder (removed by the caller) filled by a run on ``sources``, what a run
        /// without a cache generates from them, and their declaration digests.
        private func filledFolder() throws -> (root: String, cold: String, digests: [String]) {
            let cold = try Generator.generate(sources: sources, configuration: Configuration()).get()
            let root = try folder()
            let first = ScanCache(folder: root, version: "test")
            let digests = try #require(first.declarationDigests(for: sources))
            #expect(try Self.generate(sources, with: first).get() == cold)
            return (root, cold, digests)
        }

        /// The one file in `folder` ending in `suffix`, and its key (its name without the suffix).
        private func file(in folder: String, ending suffix: String) throws -> (path: String, key: String) {
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(suffix) })
            return ("\(folder)/\(name)", String(name.dropLast(suffix.count)))
        }

        /// The file's header line, decoded, and the body after it.
        private func entry(at path: String) throws -> (header: CacheHeader, body: String) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let newline = try #require(text.firstIndex(of: "\n"))
            let header = try JSONDecoder().decode(CacheHeader.self, from: Data(text[..<newline].utf8))
            return (header, String(text[text.index(after: newline)...]))
        }

        /// Writes `body` at `path` behind `header`, re-encoded as the cache encodes it.
        private func write(_ header: CacheHeader, _ body: String, to path: String) throws {
            let line = String(decoding: try CacheEntryFormat.encoder.encode(header), as: UTF8.self)
            try (line + "\n" + body).write(toFile: path, atomically: false, encoding: .utf8)
        }

        /// Whether the entry at `path` is one this version writes for the key of `header`, and
        /// reads. (A record's keys are in no set order, so its bytes may differ from run to run.)
        private func isWrittenAgain(_ path: String, as format: CacheEntryFormat, like header: CacheHeader, in folder: String) throws -> Bool {
            let written = try entry(at: path).header
            return written.version == CacheHeader.version && written.key == header.key && written.kind == header.kind
                && format.read(header.key, in: folder) != nil
        }

        /// Ways to spoil the entry at `path`, whose header and body are given: each writes it
        /// spoiled. The header's fields are compared as values, so a re-encoded valid header
        /// would be a hit.
        private func corruptions(of header: CacheHeader, _ body: String, at path: String) -> [(String, () throws -> Void)] {
            func with(_ change: (inout CacheHeader) -> Void) -> CacheHeader {
                var header = header
                change(&header)
                return header
            }
            return [
                ("an older version", { try write(with { $0.version -= 1 }, body, to: path) }),
                ("a newer version", { try write(with { $0.version += 1 }, body, to: path) }),
                ("another kind", { try write(with { $0.kind = "output" }, body, to: path) }),
                ("another format", { try write(with { $0.format = "decouple-cache-2" }, body, to: path) }),
                ("a wrong SHA-256", { try write(with { $0.sha256 = String(repeating: "0", count: 64) }, body, to: path) }),
                ("a character of the body changed", {
                    var changed = Array(body)
                    changed[changed.count / 2] = changed[changed.count / 2] == "a" ? "b" : "a"
                    try write(header, String(changed), to: path)
                }),
                ("truncated", { try write(header, String(body.prefix(body.count - 1)), to: path) }),
                ("a header that is no JSON", { try ("{\"format\":\n" + body).write(toFile: path, atomically: false, encoding: .utf8) }),
            ]
        }

        @Test func hostileIndexesBehindAValidHeader_areMisses() throws {
            let (root, _, digests) = try filledFolder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            let index = try file(in: root, ending: ".index")
            let hex = String(repeating: "ab", count: 32)
            let hostileIndexes = [
                ("no JSON", "garbage"),
                ("an array", "[]"),
                ("a digest that is no digest", #"{"declarations":{"\#(hex)":"AB"}}"#),
                ("upper-case digits", #"{"declarations":{"\#(hex.uppercased())":"\#(hex)"}}"#),
            ]
            for (what, body) in hostileIndexes {
                indexFormat.write(body, key: index.key, in: root)
                // Without a usable index every file is scanned, and gives the same digests.
                let cache = ScanCache(folder: root, version: "test")
                #expect(cache.declarationDigests(for: sources) == digests, "\(what)")
                #expect(cache.scannedCount == 3, "\(what)")
            }
        }

        /// An index of another schema version, or with a header that does not describe its body,
        /// is a miss: the files are scanned again, and it is written again in this version.
        @Test func indexesOfAnotherVersion_orCorrupted_areMisses_andAreRewritten() throws {
            let (root, _, digests) = try filledFolder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            let index = try file(in: root, ending: ".index").path
            let (indexHeader, indexBody) = try entry(at: index)
            #expect(indexHeader.version == CacheHeader.version && indexHeader.kind == "scan-index")
            for (what, corrupt) in corruptions(of: indexHeader, indexBody, at: index) {
                try corrupt()
                let cache = ScanCache(folder: root, version: "test")
                #expect(cache.declarationDigests(for: sources) == digests, "\(what)")
                #expect(cache.scannedCount == 3, "\(what)")
                cache.writeIndex()
                #expect(try isWrittenAgain(index, as: indexFormat, like: indexHeader, in: root), "\(what): the index was not written again")
            }
        }

        /// A run with the cache writes what a run without one writes, and parses each file once:
        /// the files it digests are not scanned again to generate. One file's declarations
        /// changed: that file is digested, and every file scanned, once.
        @Test func aRunWithTheCache_parsesEachFileOnce_andWritesWhatAColdRunWrites() throws {
            let (root, cold, _) = try filledFolder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            let warm = ScanCache(folder: root, version: "test")
            #expect(try Self.generate(sources, with: warm).get() == cold)
            #expect(warm.scannedCount == sources.count, "the index knows every file; the run still parses each")
            var changed = sources
            changed[1].text = changed[1].text.replacingOccurrences(of: "subtitle: naïve)", with: "subtitle: name)")
            let expected = try Generator.generate(sources: changed, configuration: Configuration()).get()
            #expect(expected != cold)
            let once = ScanCache(folder: root, version: "test")
            #expect(try Self.generate(changed, with: once).get() == expected)
            #expect(once.scannedCount == sources.count)
        }

        /// Each build of the tool writes an index of its own; a third build's run removes the
        /// first build's, and an older build's index with the pack it kept beside it, keeps the
        /// other two builds' indexes, and leaves anything else in the folder alone, a name that
        /// is not a key's included.
        @Test func indexes_ofTheTwoBuildsWrittenLast_areKept() throws {
            let root = try folder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            try "kept".write(toFile: "\(root)/notes.pack", atomically: false, encoding: .utf8)
            // Named like entries, but not under a key (128 bits, where a key has 256): not the cache's.
            let old = ["0123456789abcdef0123456789abcdef.pack", "0123456789abcdef0123456789abcdef.index"]
            // An earlier build's pair, under a key.
            let earlier = ["pack", "index"].map { String(repeating: "cd", count: 32) + "." + $0 }
            func files() throws -> Set<String> {
                Set(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != "notes.pack" && !old.contains($0) })
            }
            // Each is dated apart, in the order written, rather than waiting out the clock.
            func date(_ names: some Sequence<String>, _ seconds: TimeInterval) throws {
                for name in names {
                    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: "\(root)/\(name)")
                }
            }
            for name in old + earlier {
                try "old".write(toFile: "\(root)/\(name)", atomically: false, encoding: .utf8)
            }
            try date(old + earlier, 1_000_000_000)
            var written: [Set<String>] = []
            for (index, build) in ["build 1", "build 2", "build 3"].enumerated() {
                let before = try files()
                _ = Self.generate(sources, with: ScanCache(folder: root, version: build))
                written.append(try files().subtracting(before))
                try date(written[index], 1_000_000_000 + 10 * Double(index + 1))
            }
            for one in written {
                #expect(one.count == 1 && one.allSatisfy { $0.hasSuffix(".index") }, "an index alone: \(one)")
            }
            #expect(try files() == written[1].union(written[2]))
            #expect(try String(contentsOfFile: "\(root)/notes.pack", encoding: .utf8) == "kept")
            for name in old { #expect(FileManager.default.fileExists(atPath: "\(root)/\(name)"), "\(name)") }
        }

        /// The digest of what a file declares leaves out where: moved declarations keep it, a
        /// changed member type or annotation changes it, and a file that does not parse has none.
        @Test func declarationDigests_ignorePositionsOnly() throws {
            func digest(_ text: String) throws -> String? {
                let root = try folder()
                defer { try? FileManager.default.removeItem(atPath: root) }
                return ScanCache(folder: root, version: "test").declarationDigests(for: [SourceFile(path: "A.swift", text: text)])?.first
            }
            let original = try #require(try digest(sources[0].text))
            #expect(try digest("// A comment.\n\n\n" + sources[0].text) == original)
            #expect(try digest(sources[0].text.replacingOccurrences(of: "var name: String", with: "var name: Int")) != original)
            #expect(try digest(sources[0].text.replacingOccurrences(of: "title: name", with: "title: naïve")) != original)
            #expect(try digest(sources[0].text.replacingOccurrences(of: "Model0", with: "Model9")) != original)
            #expect(try digest(sources[0].text + "struct Broken {\n") == nil)
        }

        /// Files found by digest give the digests their texts give; only the files the cache does not
        /// know are read as text; and a file that changed after it was digested is no answer (`nil`),
        /// never declarations of other bytes kept under its digest.
        @Test func declarationDigests_ofFilesFoundByDigest() throws {
            let root = try folder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            for source in sources {
                try FileManager.default.createDirectory(atPath: "\(root)/Models", withIntermediateDirectories: true)
                try source.text.write(toFile: "\(root)/\(source.path)", atomically: false, encoding: .utf8)
            }
            let onDisk = sources.map { SourceFile(path: "\(root)/\($0.path)", text: $0.text) }
            let byText = try #require(ScanCache(folder: "\(root)/cache", version: "test").declarationDigests(for: onDisk))
            let found = try SourceDiscovery.discover(own: ["\(root)/Models"], context: [], readingText: false).compactMap(\.sourceDigest)
            let cache = ScanCache(folder: "\(root)/cache", version: "test")
            #expect(cache.declarationDigests(for: found) == byText)
            #expect(cache.scannedCount == sources.count)
            cache.writeIndex()
            // The next run knows every file: it reads none as text.
            let next = ScanCache(folder: "\(root)/cache", version: "test")
            #expect(next.declarationDigests(for: found) == byText)
            #expect(next.scannedCount == 0)
            // A file changed between being digested and being read: no digests.
            try (sources[1].text + "struct Added {}\n").write(toFile: onDisk[1].path, atomically: false, encoding: .utf8)
            let stale = found.map { SourceDigest(path: $0.path, content: $0.path == onDisk[1].path ? Digest.of("before the change") : $0.content) }
            #expect(ScanCache(folder: "\(root)/cache", version: "test").declarationDigests(for: stale) == nil)
        }
    }
}
