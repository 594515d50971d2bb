import DecoupleGenerator
import Foundation

// MARK: - ScanCache

/// Each source file's scanned declarations, kept between runs and found by a digest of the
/// file's path and content (never its modification time), the scanner's format and the tool's
/// build: after one file of many changes, only that file is parsed and scanned again.
///
/// Two files in the cache folder, each proving itself before use like every cache entry
/// (``CacheEntryFormat``), so that a truncated, damaged, edited or planted one is a miss:
/// - the **pack**: the entries of the files the last generating run read, in one file. One file,
///   not one per source: creating a file costs about 0.8 ms on the 2-core Linux machine, which
///   made writing 342 entries a quarter of a cold run. It keeps only the files of that run, so it
///   does not grow as files change;
/// - the **index**: for each file the last run read, the digest of what it declares, positions
///   left out (``declarationDigests(for:)``), which the command-line tool's output cache is keyed
///   by. It is small, so a run whose output is cached reads it and not the pack.
///
/// Files with problems are not kept, so their diagnostics are always fresh.
public final class ScanCache: @unchecked Sendable {
    /// Changes whenever what the scanner records, or how it is encoded, changes: old packs then
    /// stop matching any key.
    static let scannerFormat = "decouple-scan 5"
    private static let packFormat = CacheEntryFormat(marker: "// \(scannerFormat)", fileExtension: "pack")
    private static let indexFormat = CacheEntryFormat(marker: "// \(scannerFormat) index", fileExtension: "index")

    /// One file's entry: the digest of what it declares, and its compact-coded declarations.
    private struct Record {
        var declarations: String
        var body: Substring
    }

    private let folder: String
    private let version: String
    /// Whether the cache is written: not for a run that promises to write nothing (`--check`).
    private let writes: Bool
    private let lock = NSLock()
    private var reusedCount = 0
    private var scannedCount = 0
    /// The last generating run's pack, by key; `nil` until first needed.
    private var pack: [String: Record]?
    /// The last run's index, by key, and its text; `nil` until first needed.
    private var index: (digests: [String: String], text: String?)?
    /// Entries of the files scanned by this run, by key, for the pack it writes.
    private var fresh: [String: Record] = [:]
    /// The declaration digests of the files scanned by this run, by key: empty for a file with
    /// problems.
    private var freshDigests: [String: String] = [:]
    /// Files scanned by ``declarationDigests(for:)`` before the run needs them, by key.
    private var prepared: [String: ScannedFile] = [:]
    /// The keys this run looked up: what the pack and the index it writes keep.
    private var used: Set<String> = []

    /// - Parameters:
    ///   - folder: Where the pack and the index live (created when first written).
    ///   - version: The tool's version or build, part of every key.
    ///   - writes: Whether the pack and the index are written; when not, the cache is only read.
    public init(folder: String, version: String, writes: Bool = true) {
        self.folder = folder
        self.version = version
        self.writes = writes
    }

    /// How many files the last runs through this cache read from it, and how many they scanned.
    public var counts: (reused: Int, scanned: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (reusedCount, scannedCount)
    }

    /// The key of a file's entry: the same path and bytes with the same scanner and tool give
    /// the same key; anything else a different one.
    func key(for source: SourceFile) -> String {
        key(path: source.path, content: Digest.of(source.text))
    }

    /// The key of the entry of a file at `path` whose content has the digest `content`.
    func key(path: String, content: String) -> String {
        var digest = Digest()
        digest.add(Self.scannerFormat)
        digest.add(version)
        digest.add(path)
        digest.add(content)
        return digest.hex
    }

    /// ``Generator/generate(sources:configuration:)`` with each file's declarations read from
    /// this cache where it has them, then the pack and the index written: the same result as
    /// without it.
    func generate(sources: [SourceFile], configuration: Configuration) -> GenerationResult {
        let result = Generator.generate(sources: sources, configuration: configuration, scanning: scan)
        writePending()
        return result
    }

    /// The file's declarations from its entry when the pack holds one; otherwise the file
    /// scanned, and its entry kept for the next pack.
    func scan(_ source: SourceFile) -> ScannedFile {
        let key = key(for: source)
        lock.lock()
        used.insert(key)
        if let ready = prepared.removeValue(forKey: key) {
            lock.unlock()
            return ready
        }
        loadPack()
        let record = fresh[key] ?? pack?[key]
        lock.unlock()
        if let record, var file = try? CompactCoder.decode(ScannedFile.self, from: String(record.body)) {
            count(reused: true)
            file.path = source.path
            return file
        }
        return scanned(source, key: key)
    }

    /// Scans a file, keeping its entry (when it has no problems) and its declaration digest.
    private func scanned(_ source: SourceFile, key: String) -> ScannedFile {
        let file = SourceScanner.scan(source)
        count(reused: false)
        var digest = ""
        var body: String?
        if file.isGenerated {
            // Left out of every run: it declares nothing the output depends on.
            digest = Digest.of("generated")
        } else if file.diagnostics.isEmpty, let encoded = try? CompactCoder.encodeWithDigest(file) {
            (body, digest) = (encoded.text, encoded.digestWithoutPositions)
        }
        lock.lock()
        freshDigests[key] = digest
        if let body { fresh[key] = Record(declarations: digest, body: Substring(body)) }
        lock.unlock()
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
    public func declarationDigests(for sources: [SourceFile]) -> [String]? {
        declarationDigests(keys: sources.map(key(for:))) { sources[$0] }
    }

    /// ``declarationDigests(for:)-([SourceFile])`` for files found by the digest of their content
    /// (``SourceDiscovery/digests(at:output:excludedPatterns:)``): only the files the
    /// cache does not know are read, as text, and scanned.
    ///
    /// - Returns: `nil` also when such a file can no longer be read with the content it was
    ///   found with: it changed during the run.
    public func declarationDigests(for files: [SourceDigest]) -> [String]? {
        declarationDigests(keys: files.map { key(path: $0.path, content: $0.content) }) { index in
            guard case .success(let text?) = FileReader.text(of: files[index].path),
                  Digest.of(text) == files[index].content else { return nil }
            return SourceFile(path: files[index].path, text: text)
        }
    }

    /// The declaration digests of the files with these keys; `source(i)` is the `i`th file,
    /// asked for only when its key is not known, or `nil` when it cannot be had.
    private func declarationDigests(keys: [String], source: @Sendable (Int) -> SourceFile?) -> [String]? {
        lock.lock()
        loadIndex()
        // Without an index, the pack's digests serve.
        if index?.text == nil { loadPack() }
        used.formUnion(keys)
        let missing = keys.indices.filter { known(keys[$0]) == nil }
        lock.unlock()
        let files = inParallel(missing.count, chunk: 1) { range in
            range.map { index -> ScannedFile? in source(missing[index]).map { scanned($0, key: keys[missing[index]]) } }
        }
        lock.lock()
        defer { lock.unlock() }
        for (index, file) in zip(missing, files) { prepared[keys[index]] = file }
        var digests: [String] = []
        for key in keys {
            guard let digest = known(key), !digest.isEmpty else { return nil }
            digests.append(digest)
        }
        return digests
    }

    /// A file's declaration digest, if this run or the last one knows it; the caller holds the lock.
    private func known(_ key: String) -> String? {
        freshDigests[key] ?? index?.digests[key] ?? pack?[key]?.declarations
    }

    // MARK: Reading and writing

    /// The pack's and the index's key: one of each per scanner format and tool build.
    private var storeKey: String { Digest.of(Self.scannerFormat + " " + version) }

    /// Reads the last generating run's pack, once; the caller holds the lock.
    private func loadPack() {
        guard pack == nil else { return }
        pack = Self.packFormat.read(storeKey, in: folder).flatMap(Self.records(in:)) ?? [:]
    }

    /// Reads the last run's index, once; the caller holds the lock.
    private func loadIndex() {
        guard index == nil else { return }
        // Its text only when it reads: an index that does not is a miss, as if it were not there.
        let text = Self.indexFormat.read(storeKey, in: folder)
        index = text.flatMap { text in Self.digests(in: text).map { ($0, text) } } ?? ([:], nil)
    }

    /// The pack's records: each a line `<key> <declarations digest> <length>` and then `length`
    /// bytes of entry. Anything else makes the whole pack a miss.
    private static func records(in pack: String) -> [String: Record]? {
        var records: [String: Record] = [:]
        let bytes = pack.utf8
        var position = bytes.startIndex
        while position != bytes.endIndex {
            guard let newline = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let fields = pack[position..<newline].split(separator: " ", omittingEmptySubsequences: false)
            let start = bytes.index(after: newline)
            guard fields.count == 3, Digest.isHex(fields[0].utf8), Digest.isHex(fields[1].utf8),
                  let length = Int(fields[2]), length >= 0, length <= bytes.count,
                  let end = bytes.index(start, offsetBy: length, limitedBy: bytes.endIndex),
                  end.samePosition(in: pack.unicodeScalars) != nil
            else { return nil }
            records[String(fields[0])] = Record(declarations: String(fields[1]), body: pack[start..<end])
            position = end
        }
        return records
    }

    /// The index's lines, each `<key> <declarations digest>`: 66 bytes. Anything else makes it a
    /// miss. Read byte by byte: a run served from the cache reads little else.
    private static func digests(in index: String) -> [String: String]? {
        var index = index
        return index.withUTF8 { bytes -> [String: String]? in
            let line = 66
            guard bytes.count.isMultiple(of: line) else { return nil }
            var digests: [String: String] = [:]
            digests.reserveCapacity(bytes.count / line)
            for start in stride(from: 0, to: bytes.count, by: line) {
                let key = UnsafeBufferPointer(rebasing: bytes[start..<(start + 32)])
                let digest = UnsafeBufferPointer(rebasing: bytes[(start + 33)..<(start + 65)])
                guard bytes[start + 32] == UInt8(ascii: " "), bytes[start + 65] == UInt8(ascii: "\n"),
                      Digest.isHex(key), Digest.isHex(digest) else { return nil }
                digests[String(decoding: key, as: UTF8.self)] = String(decoding: digest, as: UTF8.self)
            }
            return digests
        }
    }

    /// Writes the index of the files this run looked up, when it changed, and the pack of
    /// their entries when this run scanned a file or read the pack (a run served from the output
    /// cache needs neither the pack nor the entries of the files it scanned).
    public func writePending() {
        guard writes else { return }
        writeIndex()
        lock.lock()
        let keys = used.filter { fresh[$0] != nil || pack?[$0] != nil }.sorted()
        let changed = !fresh.isEmpty || keys.count != pack?.count ?? 0
        var text = ""
        if changed {
            var kept: [String: Record] = [:]
            for key in keys {
                guard let record = fresh[key] ?? pack?[key] else { continue }
                text += "\(key) \(record.declarations) \(record.body.utf8.count)\n"
                text += record.body
                kept[key] = record
            }
            (pack, fresh) = (kept, [:])
        }
        lock.unlock()
        guard changed else { return }
        Self.packFormat.write(text, key: storeKey, in: folder)
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
    public func writeIndex() {
        guard writes else { return }
        lock.lock()
        loadIndex()
        let text = used.compactMap { key -> String? in
            guard let digest = known(key), !digest.isEmpty else { return nil }
            return "\(key) \(digest)\n"
        }.sorted().joined()
        let changed = text != index?.text
        if changed { index = (Self.digests(in: text) ?? [:], text) }
        lock.unlock()
        if changed { Self.indexFormat.write(text, key: storeKey, in: folder) }
    }

    private func count(reused: Bool) {
        lock.lock()
        if reused { reusedCount += 1 } else { scannedCount += 1 }
        lock.unlock()
    }
}
