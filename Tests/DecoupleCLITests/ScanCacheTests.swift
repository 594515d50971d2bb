import DecoupleGenerator
import Foundation
import Testing
@testable import decouple

extension InProcessWrites {
    /// The scan cache's pack and index behind a valid header: the header's digest has no secret, so
    /// anyone can write one. Whatever the body says, reading it is a miss or a correct read, never a
    /// crash or another file's declarations.
    @Suite struct ScanCacheTests {
        private let sources = (0..<3).map { index in
            SourceFile(path: "Models/File\(index).swift", text: """
                // decouple: TitledContent(title: name, subtitle: naïve)
                struct Model\(index) {
                    var name: String
                    var naïve: String
                }

                """)
        }

        /// A new, empty cache folder, removed by the caller.
        private func folder() throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-scan-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// The one file in `folder` ending in `suffix`, and its key (its name without the suffix).
        private func file(in folder: String, ending suffix: String) throws -> (path: String, key: String) {
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(suffix) })
            return ("\(folder)/\(name)", String(name.dropLast(suffix.count)))
        }

        @Test func hostileBodiesBehindAValidHeader_areMisses() throws {
            let cold = try Generator.generate(sources: sources, configuration: Configuration()).get()
            let root = try folder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            let first = ScanCache(folder: root, version: "test")
            let digests = try #require(first.declarationDigests(for: sources))
            #expect(try first.generate(sources: sources, configuration: Configuration()).get() == cold)

            let pack = try file(in: root, ending: ".pack")
            let index = try file(in: root, ending: ".index")
            let hex = String(repeating: "ab", count: 16)
            let packFormat = CacheEntryFormat(marker: "// \(ScanCache.scannerFormat)", fileExtension: "pack")
            let indexFormat = CacheEntryFormat(marker: "// \(ScanCache.scannerFormat) index", fileExtension: "index")
            let hostilePacks = [
                ("a length past the end", "\(hex) \(hex) 9223372036854775800\nx"),
                ("a negative length", "\(hex) \(hex) -5\nx"),
                ("a length ending inside a character", "\(hex) \(hex) 1\né"),
                ("a line that is no record", "not a record\n"),
                ("a record body that is no entry", "\(hex) \(hex) 7\ngarbage"),
            ]
            for (what, body) in hostilePacks {
                packFormat.write(body, key: pack.key, in: root)
                // The index still names every file, so generating must read the pack.
                let cache = ScanCache(folder: root, version: "test")
                #expect(try cache.generate(sources: sources, configuration: Configuration()).get() == cold, "\(what)")
                #expect(cache.counts.scanned == 3, "\(what)")
            }

            let hostileIndexes = [
                ("a short line", "\(hex)\n"),
                ("upper-case digits", String(repeating: "AB", count: 16) + " \(hex)\n"),
                ("a line too long", "\(hex) \(hex)0\n"),
                ("no final newline", "\(hex) \(hex)"),
            ]
            for (what, body) in hostileIndexes {
                indexFormat.write(body, key: index.key, in: root)
                // Without a usable index the pack's digests serve; a fresh cache computes the same.
                let cache = ScanCache(folder: root, version: "test")
                #expect(cache.declarationDigests(for: sources) == digests, "\(what)")
                #expect(cache.counts.scanned == 0, "\(what)")
            }
        }

        /// Each build of the tool writes a pack and an index of its own, under one key; a third
        /// build's run removes the first build's two files, keeps the other two builds' pairs, and
        /// leaves anything else in the folder alone.
        @Test func packsAndIndexes_ofTheTwoBuildsWrittenLast_areKept() throws {
            let root = try folder()
            defer { try? FileManager.default.removeItem(atPath: root) }
            try "kept".write(toFile: "\(root)/notes.pack", atomically: false, encoding: .utf8)
            func files() throws -> Set<String> {
                Set(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != "notes.pack" })
            }
            var written: [Set<String>] = []
            for build in ["build 1", "build 2", "build 3"] {
                let before = try files()
                _ = ScanCache(folder: root, version: build).generate(sources: sources, configuration: Configuration())
                written.append(try files().subtracting(before))
                // Modification times are coarse (a few milliseconds): make each build's stand apart.
                Thread.sleep(forTimeInterval: 0.02)
            }
            for pair in written {
                let keys = Set(pair.map { $0.split(separator: ".")[0] })
                #expect(pair.count == 2 && keys.count == 1 && pair.contains { $0.hasSuffix(".pack") }, "a pack and an index under one key: \(pair)")
            }
            #expect(try files() == written[1].union(written[2]))
            #expect(try String(contentsOfFile: "\(root)/notes.pack", encoding: .utf8) == "kept")
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
            let found = try SourceDiscovery.digests(at: ["\(root)/Models"])
            let cache = ScanCache(folder: "\(root)/cache", version: "test")
            #expect(cache.declarationDigests(for: found) == byText)
            #expect(cache.counts.scanned == sources.count)
            cache.writePending()
            // The next run knows every file: it reads none as text.
            let next = ScanCache(folder: "\(root)/cache", version: "test")
            #expect(next.declarationDigests(for: found) == byText)
            #expect(next.counts.scanned == 0)
            // A file changed between being digested and being read: no digests.
            try (sources[1].text + "struct Added {}\n").write(toFile: onDisk[1].path, atomically: false, encoding: .utf8)
            let stale = found.map { SourceDigest(path: $0.path, content: $0.path == onDisk[1].path ? Digest.of("before the change") : $0.content) }
            #expect(ScanCache(folder: "\(root)/cache", version: "test").declarationDigests(for: stale) == nil)
        }
    }
}
