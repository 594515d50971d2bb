import DecoupleGenerator
import Foundation

// MARK: - CacheEntry

/// A file in a cache folder that proves itself before it is used. Its first line names the
/// entry's format, the key it was written for, and the length and digest of the body after it;
/// a truncated, damaged, edited, planted or misplaced entry reads as a miss, never as data.
package struct CacheEntryFormat: Sendable {
    /// Starts the header line: `// decouple-cache 1`, say; a new format changes it.
    let marker: String
    /// The entries' file name extension: `output`, `pack`, `index`.
    let fileExtension: String

    package init(marker: String, fileExtension: String) {
        (self.marker, self.fileExtension) = (marker, fileExtension)
    }

    /// The first line of the entry for `key` whose body is `body`, without its newline.
    private func header(key: String, body: UnsafeRawBufferPointer) -> String {
        var digest = Digest()
        digest.add(bytes: body)
        return "\(marker) key=\(key) length=\(body.count) digest=\(digest.hex)"
    }

    /// Where the entry for `key` lives in `folder`.
    package func entryPath(of key: String, in folder: String) -> String {
        "\(folder)/\(key).\(fileExtension)"
    }

    /// The body stored for `key`, only when the entry is a regular file written for this key
    /// whose body has the length and digest its header records.
    ///
    /// The body is checked as bytes, read into the string that holds it: a run served from the
    /// cache reads a generated file of a megabyte or more, and each copy of it showed in profiles.
    package func read(_ key: String, in folder: String) -> String? {
        let read = FileReader.body(of: entryPath(of: key, in: folder)) { firstLine, body in
            firstLine.elementsEqual(header(key: key, body: body).utf8)
        }
        return try? read.get()
    }

    /// Marks the entry for `key` as just used, so that ``prune(in:entries:keeping:)`` keeps it longest.
    /// Best effort, like every write to a cache.
    package func touch(_ key: String, in folder: String) {
        _ = utimensat(AT_FDCWD, entryPath(of: key, in: folder), nil, 0)
    }

    /// Removes all but the `limit` keys in `folder` whose entries of the given formats were
    /// written or read last (by modification time; ``touch(_:in:)`` marks a read), with every
    /// entry of each key removed together. Only files named as entries are looked at (a 32-digit
    /// key and a format's extension), and only regular files are removed, never what a link
    /// leads to. Best effort: an entry that cannot be removed stays.
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
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var body = body
        let firstLine = body.withUTF8 { header(key: key, body: UnsafeRawBufferPointer($0)) }
        _ = try? OutputFile.write(firstLine + "\n" + body, to: entryPath(of: key, in: folder))
    }
}

// MARK: - Digest

/// A stable 128-bit digest over length-prefixed fields: the same fields give the same digest on
/// every machine and every run. Two independent 64-bit lanes, each mixing the input eight bytes
/// at a time with a multiply and a shift or rotation, finished with an avalanche; it catches
/// damage (a truncated, edited or misplaced entry), not a deliberate forgery. Long fields go
/// through four lanes at once, about a tenth of a millisecond per megabyte: a run with nothing
/// changed digests every source and the cached output.
package struct Digest: Sendable {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142

    package init() {}

    /// The digest of one field.
    package static func of(_ text: String) -> String {
        var digest = Digest()
        digest.add(text)
        return digest.hex
    }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    package mutating func add(bytes: UnsafeRawBufferPointer) {
        mix(UInt64(bytes.count))
        var offset = 0
        if bytes.count >= 64 {
            // Long input, a source file or a generated one: four lanes take a word each of every
            // 32 bytes, so their multiplications overlap instead of waiting on one another, and
            // are then mixed into the two lanes in order. Four times the speed of one word a step.
            var lanes = (first, second, first ^ 0x2545_f491_4f6c_dd1d, second ^ 0x1405_7b7e_f767_814f)
            func step(_ lane: inout UInt64, _ word: UInt64) {
                lane = (lane ^ word) &* 0x9e37_79b9_7f4a_7c15
                lane ^= lane >> 29
            }
            while offset + 32 <= bytes.count {
                step(&lanes.0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                step(&lanes.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                step(&lanes.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
                step(&lanes.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
                offset += 32
            }
            mix(lanes.0)
            mix(lanes.1)
            mix(lanes.2)
            mix(lanes.3)
        }
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        // The length was mixed first, so a short tail padded with zeros is not another input.
        mix(tail)
    }

    private mutating func mix(_ word: UInt64) {
        first = (first ^ word) &* 0x9e37_79b9_7f4a_7c15
        first ^= first >> 29
        second = (second ^ word) &* 0xc2b2_ae3d_27d4_eb4f
        second = (second << 31) | (second >> 33)
    }

    /// The two lanes after an avalanche (each output bit depends on every bit of both).
    private var finished: (UInt64, UInt64) {
        func avalanche(_ value: UInt64) -> UInt64 {
            var value = value
            value ^= value >> 33
            value &*= 0xff51_afd7_ed55_8ccd
            value ^= value >> 33
            value &*= 0xc4ce_b9fe_1a85_ec53
            value ^= value >> 33
            return value
        }
        let a = avalanche(first ^ (second &* 0x9e37_79b9_7f4a_7c15))
        let b = avalanche(second ^ (first &* 0xc2b2_ae3d_27d4_eb4f))
        return (a, b)
    }

    /// Whether `text` is a digest as ``hex`` writes it: 32 lower-case hex digits.
    package static func isHex(_ text: some Collection<UInt8>) -> Bool {
        text.count == 32 && text.allSatisfy(isHexDigit)
    }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    package var hex: String {
        let (a, b) = finished
        return Self.padded(String(a, radix: 16)) + Self.padded(String(b, radix: 16))
    }

    private static func padded(_ hex: String) -> String {
        String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
