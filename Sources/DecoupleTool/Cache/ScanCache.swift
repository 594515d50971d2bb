import DecoupleGenerator
import Foundation

// MARK: - Records

/// The body of the scan cache's index: for each file the last run read, the digest of what it
/// declares, by the file's key (``ScanCache/key(path:content:)``).
struct ScanIndex: Codable {
    var declarations: [String: String]
}

// MARK: - ScanCache

/// For each source file the last runs read, the digest of what it declares, positions left out
/// (`ScannedFile.declarationDigest`), found by the SHA-256 of the file's path and content (never
/// its modification time), the cache's schema version and the tool's build. The command-line
/// tool's output cache is keyed by these digests: a run whose files are unchanged, or changed
/// only where nothing is declared (function bodies, comments, blank lines), reads its output
/// and parses only the files whose content changed.
///
/// One file in the cache folder, the **index** (``ScanIndex``), a cache entry that proves itself
/// before use (``CacheEntryFormat``), so that a truncated, damaged, edited, planted or older one
/// is a miss. What the files declare is not kept: a run that generates parses every file, since
/// decoding a file's scanned declarations costs more than scanning it again
/// (`Benchmarks/README.md`, "The scan cache"); the files it scanned to digest them are not
/// scanned twice.
///
/// A file with problems has no digest, so its diagnostics are always fresh.
package final class ScanCache: Sendable {
    private static let indexFormat = CacheEntryFormat(kind: "scan-index", fileExtension: "index")
    /// What earlier builds of the tool kept beside the index, pruned with it.
    private static let packFormat = CacheEntryFormat(kind: "scan-pack", fileExtension: "pack")

    private let folder: String
    private let version: String
    /// Whether the cache is written: not for a run that promises to write nothing (`--check`).
    private let writes: Bool
    /// What the runs through this cache read and found, changed only under its one lock.
    private struct State {
        var scannedCount = 0
        /// The last run's index, by key, and whether one was read; `nil` until first needed.
        var index: (digests: [String: String], found: Bool)?
        /// The declaration digests of the files this run digested, by key: empty for a file
        /// with problems.
        var freshDigests: [String: String] = [:]
        /// Files scanned by ``declarationDigests(for:)`` before the run needs them, by key.
        var prepared: [String: ScannedFile] = [:]
        /// The keys this run looked up: what the index it writes keeps.
        var used: Set<String> = []

        /// A file's declaration digest, if this run or the last one knows it.
        func known(_ key: String) -> String? {
            freshDigests[key] ?? index?.digests[key]
        }
    }
    private let state = Protected(State())

    /// - Parameters:
    ///   - folder: Where the index lives (created when first written).
    ///   - version: The tool's version or build, part of every key.
    ///   - writes: Whether the index is written; when not, the cache is only read.
    package init(folder: String, version: String, writes: Bool = true) {
        self.folder = folder
        self.version = version
        self.writes = writes
    }

    /// How many files the runs through this cache scanned: those whose digest they needed and
    /// the index did not have, and every file of a run that generated.
    package var scannedCount: Int {
        state.withLock(\.scannedCount)
    }

    /// The key of a file: the same path and bytes with the same schema and tool give the same
    /// key; anything else a different one.
    func key(for source: SourceFile) -> String {
        key(path: source.path, content: Digest.of(source.text))
    }

    /// The key of a file at `path` whose content has the digest `content`.
    func key(path: String, content: String) -> String {
        var digest = Digest()
        digest.add("scan \(CacheHeader.version)")
        digest.add(version)
        digest.add(path)
        digest.add(content)
        return digest.hex
    }

    /// The file scanned, or the scan ``declarationDigests(for:)`` made of it already: what
    /// ``Generator`` is given to scan with, before ``writeIndex()`` keeps what the run read.
    package func scan(_ source: SourceFile) -> ScannedFile {
        let key = key(for: source)
        let ready = state.withLock { state in
            state.used.insert(key)
            return state.prepared.removeValue(forKey: key)
        }
        if var ready {
            ready.path = source.path
            return ready
        }
        state.withLock { $0.scannedCount += 1 }
        return SourceScanner.scan(source)
    }

    /// Scans a file, keeping its declaration digest (empty when it has problems) and the scan.
    private func digested(_ source: SourceFile, key: String) -> ScannedFile {
        let file = SourceScanner.scan(source)
        // A previous output is left out of every run: it declares nothing the output depends on.
        let digest = file.isGenerated ? Digest.of("generated") : file.diagnostics.isEmpty ? file.declarationDigest : ""
        state.withLock { state in
            state.scannedCount += 1
            state.freshDigests[key] = digest
            state.prepared[key] = file
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
            state.used.formUnion(keys)
            return keys.indices.filter { state.known(keys[$0]) == nil }
        }
        _ = inParallel(missing.count, chunk: 1) { range in
            range.map { index in source(missing[index]).map { digested($0, key: keys[missing[index]]) } }
        }
        return state.withLock { state in
            var digests: [String] = []
            for key in keys {
                guard let digest = state.known(key), !digest.isEmpty else { return nil }
                digests.append(digest)
            }
            return digests
        }
    }

    // MARK: Reading and writing

    /// The index's key: one per schema version and tool build.
    private var storeKey: String {
        var digest = Digest()
        digest.add("scan store \(CacheHeader.version)")
        digest.add(version)
        return digest.hex
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

    /// How many builds of the tool keep their index in one folder: this one and the one
    /// written before, for a folder that two builds share.
    static let keptBuilds = 2

    /// Writes the index of the files this run looked up, when it changed. Each build of the
    /// tool has an index of its own: those of the builds written least recently go (with the
    /// pack an earlier build kept beside its index), so that upgrading the tool leaves nothing
    /// behind.
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
        guard let changed else { return }
        Self.indexFormat.write(record: ScanIndex(declarations: changed), key: storeKey, in: folder)
        CacheEntryFormat.prune(in: folder, entries: [Self.indexFormat, Self.packFormat], keeping: Self.keptBuilds)
    }
}
