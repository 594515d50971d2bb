import DecoupleGenerator
import Foundation

// MARK: - OutputCache

/// Generated files by the digest of what produced them. Only successful output is kept; a
/// damaged, planted or missing entry just means generating again.
enum OutputCache {
    /// A stable 128-bit digest of the inputs of a run: the same sources, configuration, style
    /// option and tool version give the same key on every machine, whatever the sources' order.
    static func key(sources: [SourceFile], configurationText: String, style: OutputStyle?, version: String) -> String {
        var digest = Digest()
        digest.add(version)
        digest.add(configurationText)
        digest.add(style?.rawValue ?? "")
        for source in sources.sorted(by: { $0.path < $1.path }) {
            digest.add(source.path)
            digest.add(source.text)
        }
        return digest.hex
    }

    /// The first line of every entry: the format, the key the entry was written for, and the
    /// length and digest of the code after it.
    private static func header(key: String, code: String) -> String {
        "// decouple-cache 1 key=\(key) length=\(code.utf8.count) digest=\(digest(of: code))\n"
    }

    private static func digest(of code: String) -> String {
        var digest = Digest()
        digest.add(code)
        return digest.hex
    }

    /// The cached code for `key`, only when the entry proves itself: written for this key, and
    /// its code has the length and digest its header records. A truncated, damaged, edited or
    /// misplaced entry reads as a miss, so the run generates (and replaces it) instead.
    static func read(_ key: String, in folder: String) -> String? {
        let path = "\(folder)/\(key).swift"
        guard case .success(let status) = FileStatus.of(path), status.kind == .regular,
              let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8),
              let newline = text.firstIndex(of: "\n")
        else { return nil }
        let code = String(text[text.index(after: newline)...])
        guard text[...newline] == header(key: key, code: code) else { return nil }
        return code
    }

    static func write(_ code: String, key: String, in folder: String) {
        // Best effort: a cache that cannot be written costs time, never the result.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try? OutputFile.write(header(key: key, code: code) + code, to: "\(folder)/\(key).swift")
    }
}

/// Two independent 64-bit FNV-1a hashes over length-prefixed fields.
private struct Digest {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
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

    var hex: String {
        String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
