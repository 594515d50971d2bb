import DecoupleGenerator
import Foundation

// MARK: - CacheHeader

/// The first line of every file in a cache folder, as JSON: what the file is, the key it was
/// written for, and the length and SHA-256 of the body after the line. The body is the entry's
/// payload: generated code, or the scan cache's JSON record (``ScanIndex``).
struct CacheHeader: Codable, Equatable {
    /// The same in every entry: `decouple-cache`.
    var format: String
    /// The version of this schema: the header and every record the bodies hold. An entry of
    /// another version is a miss.
    var version: Int
    /// What the body holds: the format's ``CacheEntryFormat/kind``.
    var kind: String
    /// The key the entry was written for: a file renamed or copied under another key is a miss.
    var key: String
    /// The body's length in bytes.
    var length: Int
    /// The body's SHA-256, as 64 lower-case hex digits.
    var sha256: String

    static let format = "decouple-cache"
    /// Changes whenever the header, a record or what a key names changes.
    static let version = 1
}

// MARK: - CacheEntryFormat

/// A kind of file in a cache folder that proves itself before it is used: its ``CacheHeader``
/// must decode, be of this schema version and kind, name the key asked for, and give the
/// length and SHA-256 of the body that follows. A truncated, damaged, edited, planted,
/// misplaced or older entry reads as a miss, never as data.
package struct CacheEntryFormat: Sendable {
    /// What the body holds: `output`, `scan-pack`, `scan-index`.
    let kind: String
    /// The entries' file name extension: `output`, `pack`, `index`.
    let fileExtension: String

    package init(kind: String, fileExtension: String) {
        (self.kind, self.fileExtension) = (kind, fileExtension)
    }

    /// The header of the entry for `key` whose body is `body`.
    func header(key: String, body: UnsafeRawBufferPointer) -> CacheHeader {
        var digest = SHA256()
        digest.update(bufferPointer: body)
        return CacheHeader(
            format: CacheHeader.format, version: CacheHeader.version, kind: kind, key: key,
            length: body.count, sha256: Digest.hex(of: digest.finalize()))
    }

    /// Where the entry for `key` lives in `folder`.
    package func entryPath(of key: String, in folder: String) -> String {
        "\(folder)/\(key).\(fileExtension)"
    }

    /// The body stored for `key`, only when the entry is a regular file whose header is the one
    /// this format writes for `key` and the body that follows it.
    ///
    /// The body is checked as bytes, read into the string that holds it: a run served from the
    /// cache reads a generated file of a megabyte or more, and each copy of it showed in profiles.
    package func read(_ key: String, in folder: String) -> String? {
        let read = FileReader.body(of: entryPath(of: key, in: folder)) { firstLine, body in
            guard let written = try? JSONDecoder().decode(CacheHeader.self, from: Data(firstLine)) else { return false }
            return written == header(key: key, body: body)
        }
        return try? read.get()
    }

    /// The record stored for `key`, decoded from the body as JSON; `nil` when the entry is a
    /// miss or its body is not such a record.
    func record<Record: Decodable>(_ type: Record.Type, for key: String, in folder: String) -> Record? {
        read(key, in: folder).flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }

    /// Marks the entry for `key` as just used, so that ``prune(in:entries:keeping:)`` keeps it longest.
    /// Best effort, like every write to a cache.
    package func touch(_ key: String, in folder: String) {
        // The entry itself: a link's target is nothing of the cache's.
        _ = utimensat(AT_FDCWD, entryPath(of: key, in: folder), nil, AT_SYMLINK_NOFOLLOW)
    }

    /// Removes all but the `limit` keys in `folder` whose entries of the given formats were
    /// written or read last (by modification time; ``touch(_:in:)`` marks a read), with every
    /// entry of each key removed together. Only files named as entries are looked at (a key as
    /// ``Digest/hex`` writes it and a format's extension), and only regular files are removed,
    /// never what a link leads to. Best effort: an entry that cannot be removed stays.
    package static func prune(in folder: String, entries formats: [CacheEntryFormat], keeping limit: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        var latest: [String: (seconds: Int64, nanoseconds: Int64)] = [:]
        var files: [String: [String]] = [:]
        for name in names {
            for format in formats where name.hasSuffix("." + format.fileExtension) {
                let key = String(name.dropLast(format.fileExtension.count + 1))
                guard Digest.isHex(key.utf8),
                      case .success(let status) = FileStatus.of("\(folder)/\(name)", followingLinks: false),
                      status.kind == .regular else { continue }
                let modified = status.modified
                if latest[key].map({ ($0.seconds, $0.nanoseconds) < (modified.seconds, modified.nanoseconds) }) ?? true {
                    latest[key] = modified
                }
                files[key, default: []].append(name)
            }
        }
        guard latest.count > limit else { return }
        let ranked = latest.sorted { ($0.value.seconds, $0.value.nanoseconds, $0.key) > ($1.value.seconds, $1.value.nanoseconds, $1.key) }
        for (key, _) in ranked[limit...] {
            for name in files[key] ?? [] { _ = unlink("\(folder)/\(name)") }
        }
    }

    /// Stores `body` for `key`, atomically, replacing any entry there. Best effort: a cache that
    /// cannot be written costs time, never the result.
    package func write(_ body: String, key: String, in folder: String) {
        var body = body
        let written = body.withUTF8 { header(key: key, body: UnsafeRawBufferPointer($0)) }
        guard let firstLine = try? Self.encoder.encode(written) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A link planted under an entry's name is replaced, never written through.
        _ = try? OutputFile.write(String(decoding: firstLine, as: UTF8.self) + "\n" + body, to: entryPath(of: key, in: folder), replacingLinks: true)
    }

    /// Stores `record` for `key` as JSON, its keys in no set order (sorting them cost more
    /// than the rest of the encoding). Best effort, like ``write(_:key:in:)``.
    func write(record: some Encodable, key: String, in folder: String) {
        guard let body = try? JSONEncoder().encode(record) else { return }
        write(String(decoding: body, as: UTF8.self), key: key, in: folder)
    }

    /// A header's JSON: on one line, as a header must be, its keys sorted.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
