import Foundation

// MARK: - CacheEntry

/// A file in a cache folder that proves itself before it is used. Its first line names the
/// entry's format, the key it was written for, and the length and digest of the body after it;
/// a truncated, damaged, edited, planted or misplaced entry reads as a miss, never as data.
package struct CacheEntryFormat: Sendable {
    /// Starts the header line: `// decouple-cache 1`, say; a new format changes it.
    let marker: String
    /// The entries' file name extension: `swift`, `json`.
    let fileExtension: String

    package init(marker: String, fileExtension: String) {
        (self.marker, self.fileExtension) = (marker, fileExtension)
    }

    private func header(key: String, body: String) -> String {
        "\(marker) key=\(key) length=\(body.utf8.count) digest=\(Digest.of(body))\n"
    }

    /// Where the entry for `key` lives in `folder`.
    package func entryPath(of key: String, in folder: String) -> String {
        "\(folder)/\(key).\(fileExtension)"
    }

    /// The body stored for `key`, only when the entry is a regular file written for this key
    /// whose body has the length and digest its header records.
    package func read(_ key: String, in folder: String) -> String? {
        let path = entryPath(of: key, in: folder)
        guard case .success(let status) = FileStatus.of(path), status.kind == .regular,
              let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8),
              let newline = text.firstIndex(of: "\n")
        else { return nil }
        let body = String(text[text.index(after: newline)...])
        guard text[...newline] == header(key: key, body: body) else { return nil }
        return body
    }

    /// Stores `body` for `key`, atomically, replacing any entry there. Best effort: a cache that
    /// cannot be written costs time, never the result.
    package func write(_ body: String, key: String, in folder: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try? OutputFile.write(header(key: key, body: body) + body, to: entryPath(of: key, in: folder))
    }
}

// MARK: - Digest

/// A stable 128-bit digest (two independent 64-bit FNV-1a hashes) over length-prefixed fields:
/// the same fields give the same digest on every machine and every run.
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
        var length = UInt64(text.utf8.count)
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: length))
            length >>= 8
        }
        for byte in text.utf8 { add(byte: byte) }
    }

    private mutating func add(byte: UInt8) {
        first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        second = ((second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3) ^ (second >> 29)
    }

    package var hex: String {
        Self.padded(String(first, radix: 16)) + Self.padded(String(second, radix: 16))
    }

    private static func padded(_ hex: String) -> String {
        String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
