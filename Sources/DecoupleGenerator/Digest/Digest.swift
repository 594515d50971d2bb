// MARK: - Digest

/// SHA-256 over length-prefixed fields, as 64 lower-case hex digits: the same fields give the
/// same digest on every machine and every run, and different fields (`"ab", "c"` and
/// `"a", "bc"` among them) different ones. Every cache key is one, and so is every source
/// file's content digest.
package struct Digest: Sendable {
    private var hasher = SHA256()

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

    /// Adds one field: its length, as eight little-endian bytes, then its bytes.
    package mutating func add(bytes: UnsafeRawBufferPointer) {
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { hasher.update(bufferPointer: $0) }
        hasher.update(bufferPointer: bytes)
    }

    package var hex: String { Self.hex(of: hasher.finalize()) }

    /// A SHA-256 digest as 64 lower-case hex digits.
    package static func hex(of digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(SHA256.byteCount * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is a digest as ``hex`` writes it: 64 lower-case hex digits.
    package static func isHex(_ text: some Collection<UInt8>) -> Bool {
        text.count == SHA256.byteCount * 2 && text.allSatisfy(isHexDigit)
    }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
