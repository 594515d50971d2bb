import DecoupleGenerator
import Foundation

// MARK: - Records

/// One file's entry in the scan cache's pack, whose body is one such record per line, as JSON
/// (JSON Lines): the entries of the files the last generating run read.
struct ScanEntry: Codable {
    /// The entry's key (``ScanCache/key(path:content:)``).
    var key: String
    /// The digest of what the file declares, positions left out
    /// (`ScannedFile.declarationDigest`).
    var declarations: String
    /// What the scanner found in the file: its types, extensions, protocols and imports, as
    /// the scanner codes them. Its path is the key's, and is not stored.
    var scanned: ScannedFile
}

/// The body of the scan cache's index: for each file the last run read, the digest of what it
/// declares, by the key of the file's entry.
struct ScanIndex: Codable {
    var declarations: [String: String]
}

// MARK: - ScanCache

/// Each source file's scanned declarations, kept between runs and found by the SHA-256 of the
/// file's path and content (never its modification time), the cache's schema version and the
/// tool's build: after one file of many changes, only that file is parsed and scanned again.
///
/// Two files in the cache folder, each a cache entry that proves itself before use
/// (``CacheEntryFormat``), so that a truncated, damaged, edited, planted or older one is a
/// miss, and each a JSON record:
/// - the **pack** (``ScanEntry`` records, one a line): the entries of the files the last generating run read, in
///   one file rather than one per source, since creating a file costs more than writing its
///   bytes. It keeps only the files of that run, so it does not grow as files change;
/// - the **index** (``ScanIndex``): for each file the last run read, the digest of what it
///   declares, positions left out (``declarationDigests(for:)``), which the command-line tool's
///   output cache is keyed by. It is small, so a run whose output is cached reads it and not
///   the pack.
///
/// Files with problems are not kept, so their diagnostics are always fresh.
package final class ScanCache: Sendable {
    private static let packFormat = CacheEntryFormat(kind: "scan-pack", fileExtension: "pack")
    private static let indexFormat = CacheEntryFormat(kind: "scan-index", fileExtension: "index")

    /// An entry as this run holds it: decoded, and its line of the pack.
    private struct Kept {
        var entry: ScanEntry
        var line: Data
    }

    private let folder: String
    private let version: String
    /// Whether the cache is written: not for a run that promises to write nothing (`--check`).
    private let writes: Bool
    /// What the runs through this cache read and found, changed only under its one lock.
    private struct State {
        var reusedCount = 0
        var scannedCount = 0
        /// The last generating run's pack, by key; `nil` until first needed.
        var pack: [String: Kept]?
        /// The last run's index, by key, and whether one was read; `nil` until first needed.
        var index: (digests: [String: String], found: Bool)?
        /// Entries of the files scanned by this run, by key, for the pack it writes.
        var fresh: [String: Kept] = [:]
        /// The declaration digests of the files scanned by this run, by key: empty for a file
        /// with problems.
        var freshDigests: [String: String] = [:]
        /// Files scanned by ``declarationDigests(for:)`` before the run needs them, by key.
        var prepared: [String: ScannedFile] = [:]
        /// The keys this run looked up: what the pack and the index it writes keep.
        var used: Set<String> = []

        /// A file's declaration digest, if this run or the last one knows it.
        func known(_ key: String) -> String? {
            freshDigests[key] ?? index?.digests[key] ?? pack?[key]?.entry.declarations
        }
    }
    private let state = Protected(State())

    /// - Parameters:
    ///   - folder: Where the pack and the index live (created when first written).
    ///   - version: The tool's version or build, part of every key.
    ///   - writes: Whether the pack and the index are written; when not, the cache is only read.
    package init(folder: String, version: String, writes: Bool = true) {
        self.folder = folder
        self.version = version
        self.writes = writes
    }

    /// How many files the last runs through this cache read from it, and how many they scanned.
    package var counts: (reused: Int, scanned: Int) {
        state.withLock { ($0.reusedCount, $0.scannedCount) }
    }

    /// The key of a file's entry: the same path and bytes with the same schema and tool give
    /// the same key; anything else a different one.
    func key(for source: SourceFile) -> String {
        key(path: source.path, content: Digest.of(source.text))
    }

    /// The key of the entry of a file at `path` whose content has the digest `content`.
    func key(path: String, content: String) -> String {
        var digest = Digest()
        digest.add("scan \(CacheHeader.version)")
        digest.add(version)
        digest.add(path)
        digest.add(content)
        return digest.hex
    }

    /// The file's declarations from its entry when the pack holds one; otherwise the file
    /// scanned, and its entry kept for the next pack: what ``Generator`` is given to scan with,
    /// before ``writePending()`` keeps what the run read.
    package func scan(_ source: SourceFile) -> ScannedFile {
        let key = key(for: source)
        let found = state.withLock { state -> ScannedFile? in
            state.used.insert(key)
            if let ready = state.prepared.removeValue(forKey: key) { return ready }
            loadPack(&state)
            guard var file = (state.fresh[key] ?? state.pack?[key])?.entry.scanned else { return nil }
            state.reusedCount += 1
            file.path = source.path
            return file
        }
        return found ?? scanned(source, key: key)
    }

    /// Scans a file, keeping its entry (when it has no problems) and its declaration digest.
    private func scanned(_ source: SourceFile, key: String) -> ScannedFile {
        let file = SourceScanner.scan(source)
        var digest = ""
        var kept: Kept?
        if file.isGenerated {
            // Left out of every run: it declares nothing the output depends on.
            digest = Digest.of("generated")
        } else if file.diagnostics.isEmpty {
            digest = file.declarationDigest
            let entry = ScanEntry(key: key, declarations: digest, scanned: file)
            // Keys in no set order: sorting them costs more than the rest of the coding.
            if let line = try? JSONEncoder().encode(entry) { kept = Kept(entry: entry, line: line) }
        }
        state.withLock { state in
            state.scannedCount += 1
            state.freshDigests[key] = digest
            if let kept { state.fresh[key] = kept }
        }
        return file
    }

    // MARK: What files declare

    /// For each source, a digest of what it declares, lines and columns left out: the same
    /// digests mean the same generated code, so a run whose files changed only in function
    /// bodies, comments or blank lines can reuse the output of one that had these digests.
    /// Files the last run read are not read again (their digests are in the index); the others
    /// are scanned now, in parallel, and kept for the run.
    ///
    /// - Returns: `nil` when a file has problems (its warnings or errors must be reported fresh,
    ///   at their lines), so the run generates.
    package func declarationDigests(for sources: [SourceFile]) -> [String]? {
        declarationDigests(keys: sources.map(key(for:))) { sources[$0] }
    }

    /// ``declarationDigests(for:)-([SourceFile])`` for files found by the digest of their content
    /// (``SourceDiscovery/discover(own:context:output:excludedPatterns:readingText:)``): only the files the
    /// cache does not know are read, as text, and scanned.
    ///
    /// - Returns: `nil` also when such a file can no longer be read with the content it was
    ///   found with: it changed during the run.
    package func declarationDigests(for files: [SourceDigest]) -> [String]? {
        declarationDigests(keys: files.map { key(path: $0.path, content: $0.content) }) { index in
            guard case .success(let text?) = FileReader.text(of: files[index].path),
                  Digest.of(text) == files[index].content else { return nil }
            return SourceFile(path: files[index].path, text: text)
        }
    }

    /// The declaration digests of the files with these keys; `source(i)` is the `i`th file,
    /// asked for only when its key is not known, or `nil` when it cannot be had.
    private func declarationDigests(keys: [String], source: @Sendable (Int) -> SourceFile?) -> [String]? {
        let missing = state.withLock { state in
            loadIndex(&state)
            // Without an index, the pack's digests serve.
            if state.index?.found != true { loadPack(&state) }
            state.used.formUnion(keys)
            return keys.indices.filter { state.known(keys[$0]) == nil }
        }
        let files = inParallel(missing.count, chunk: 1) { range in
            range.map { index -> ScannedFile? in source(missing[index]).map { scanned($0, key: keys[missing[index]]) } }
        }
        return state.withLock { state in
            for (index, file) in zip(missing, files) { state.prepared[keys[index]] = file }
            var digests: [String] = []
            for key in keys {
                guard let digest = state.known(key), !digest.isEmpty else { return nil }
                digests.append(digest)
            }
            return digests
        }
    }

    // MARK: Reading and writing

    /// The pack's and the index's key: one of each per schema version and tool build.
    private var storeKey: String {
        var digest = Digest()
        digest.add("scan store \(CacheHeader.version)")
        digest.add(version)
        return digest.hex
    }

    /// Reads the last generating run's pack now, if no step has: before a parallel scan, whose
    /// first file would otherwise decode it on one worker while the others wait.
    package func loadPack() {
        state.withLock { loadPack(&$0) }
    }

    /// Reads the last generating run's pack into `state`, once. A pack with a line that is no
    /// entry, or a key or digest that is none, is a miss as a whole.
    private func loadPack(_ state: inout State) {
        guard state.pack == nil else { return }
        let lines = Self.packFormat.read(storeKey, in: folder).map { Data($0.utf8).split(separator: UInt8(ascii: "\n")) } ?? []
        let entries = inParallel(lines.count, chunk: 8) { range in
            range.map { index in try? JSONDecoder().decode(ScanEntry.self, from: lines[index]) }
        }
        var kept: [String: Kept] = [:]
        for (line, entry) in zip(lines, entries) {
            guard let entry, Digest.isHex(entry.key.utf8), Digest.isHex(entry.declarations.utf8) else {
                state.pack = [:]
                return
            }
            kept[entry.key] = Kept(entry: entry, line: Data(line))
        }
        state.pack = kept
    }

    /// Reads the last run's index into `state`, once. An index that does not read, or holds a
    /// key or digest that is none, is a miss, as if it were not there.
    private func loadIndex(_ state: inout State) {
        guard state.index == nil else { return }
        let digests = Self.indexFormat.record(ScanIndex.self, for: storeKey, in: folder)?.declarations
        if let digests, digests.allSatisfy({ Digest.isHex($0.key.utf8) && Digest.isHex($0.value.utf8) }) {
            state.index = (digests, true)
        } else {
            state.index = ([:], false)
        }
    }

    /// Writes the index of the files this run looked up, when it changed, and the pack of
    /// their entries when this run scanned a file or read the pack (a run served from the output
    /// cache needs neither the pack nor the entries of the files it scanned).
    package func writePending() {
        guard writes else { return }
        writeIndex()
        let body = state.withLock { state -> Data? in
            let keys = state.used.filter { state.fresh[$0] != nil || state.pack?[$0] != nil }
            guard !state.fresh.isEmpty || keys.count != state.pack?.count ?? 0 else { return nil }
            var body = Data()
            var kept: [String: Kept] = [:]
            for key in keys.sorted() {
                guard let entry = state.fresh[key] ?? state.pack?[key] else { continue }
                body += entry.line + Data("\n".utf8)
                kept[key] = entry
            }
            (state.pack, state.fresh) = (kept, [:])
            return body
        }
        guard let body else { return }
        Self.packFormat.write(String(decoding: body, as: UTF8.self), key: storeKey, in: folder)
        // Each build of the tool has a pack and an index of its own, under one key: those of
        // the builds written least recently go, both files together, so that upgrading the
        // tool does not leave a pack behind each time.
        CacheEntryFormat.prune(in: folder, entries: [Self.packFormat, Self.indexFormat], keeping: Self.keptBuilds)
    }

    /// How many builds of the tool keep their pack and index in one folder: this one and the
    /// one written before, for a folder that two builds share.
    static let keptBuilds = 2

    /// Writes the index of the files this run looked up, when it changed: all a run served
    /// from the output cache writes.
    package func writeIndex() {
        guard writes else { return }
        let changed = state.withLock { state -> [String: String]? in
            loadIndex(&state)
            var digests: [String: String] = [:]
            for key in state.used {
                if let digest = state.known(key), !digest.isEmpty { digests[key] = digest }
            }
            guard state.index?.found != true || digests != state.index?.digests else { return nil }
            state.index = (digests, true)
            return digests
        }
        if let changed { Self.indexFormat.write(record: ScanIndex(declarations: changed), key: storeKey, in: folder) }
    }
}
