import Foundation

// MARK: - ScanCache

/// Each source file's scanned declarations, kept in a folder between runs and found by a digest
/// of the file's path and content (never its modification time), the scanner's format and the
/// tool's version: after one file of many changes, only that file is parsed and scanned again.
///
/// Entries prove themselves before use like every cache entry (``CacheEntryFormat``); a bad one
/// is a miss: the file is scanned and the entry replaced. Files with problems are not kept, so
/// their diagnostics are always fresh.
public final class ScanCache: @unchecked Sendable {
    /// Changes whenever what the scanner records, or how it is encoded, changes: old entries
    /// then stop matching any key.
    static let scannerFormat = "decouple-scan 2"
    private static let format = CacheEntryFormat(marker: "// \(scannerFormat)", fileExtension: "scan")

    private let folder: String
    private let version: String
    private let lock = NSLock()
    private var reusedCount = 0
    private var scannedCount = 0
    /// Entries to write once the parallel scan is over: ``OutputFile`` writes one file at a time.
    private var pending: [(key: String, body: String)] = []

    /// - Parameters:
    ///   - folder: Where the entries live (created when first written).
    ///   - version: The tool's version, part of every key.
    public init(folder: String, version: String) {
        self.folder = folder
        self.version = version
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
        var digest = Digest()
        digest.add(Self.scannerFormat)
        digest.add(version)
        digest.add(source.path)
        digest.add(source.text)
        return digest.hex
    }

    /// The file's declarations from its entry when that entry proves itself; otherwise the file
    /// scanned, and its entry written.
    func scan(_ source: SourceFile) -> ScannedFile {
        let key = key(for: source)
        if let body = Self.format.read(key, in: folder),
           let entry = try? CompactCoder.decode(Entry.self, from: body) {
            count(reused: true)
            return entry.file(at: source.path)
        }
        let file = SourceScanner.scan(source: source.text, path: source.path)
        count(reused: false)
        if !file.isGenerated, file.diagnostics.isEmpty,
           let body = try? CompactCoder.encode(Entry(file)) {
            lock.lock()
            pending.append((key, body))
            lock.unlock()
        }
        return file
    }

    /// Writes the entries of the files scanned since the last call, replacing any there.
    func writePending() {
        lock.lock()
        let entries = pending
        pending = []
        lock.unlock()
        for entry in entries { Self.format.write(entry.body, key: entry.key, in: folder) }
    }

    private func count(reused: Bool) {
        lock.lock()
        if reused { reusedCount += 1 } else { scannedCount += 1 }
        lock.unlock()
    }

    /// What an entry stores: a scanned file that had no problems, without its path (the key has it).
    private struct Entry: Codable {
        var types: [TypeDeclaration]
        var extensions: [ExtensionInfo]
        var protocols: [ProtocolDeclaration]
        var imports: [ImportDeclaration]

        init(_ file: ScannedFile) {
            types = file.types
            extensions = file.extensions
            protocols = file.protocols
            imports = file.imports
        }

        func file(at path: String) -> ScannedFile {
            ScannedFile(path: path, types: types, extensions: extensions, protocols: protocols, imports: imports)
        }
    }
}

extension QualifiedName: Codable {
    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(written)
    }
}
