// MARK: - Declaration digest

extension ScannedFile {
    /// The digest of what the file declares, wherever in the file: every field the scan records
    /// of its declarations (what the scan cache keeps of it), with each ``SourcePosition``'s
    /// line and column left out. Two scans with the same digest give the same generated code
    /// but for positions, so a run whose files changed only in function bodies, comments or
    /// blank lines can reuse the output of one that had these digests.
    ///
    /// Read from the scanned values themselves, through their `Codable` conformances (so no
    /// field can be forgotten), into SHA-256 as the fields are met: no text is made and read
    /// back.
    package var declarationDigest: String {
        Digest.leavingPositionsOut(self)
    }
}

extension Digest {
    /// The digest of what `value` codes, as a tree of keys, elements and values, with each
    /// ``SourcePosition``'s line and column left out.
    package static func leavingPositionsOut(_ value: some Encodable) -> String {
        let encoder = DigestEncoder()
        // A `DigestEncoder` never throws, nor does any coding the scan's values have.
        try? value.encode(to: encoder)
        var digest = Digest()
        encoder.sink.bytes.withUnsafeBytes { digest.add(bytes: $0) }
        return digest.hex
    }
}

extension CodingUserInfoKey {
    /// Set while a ``DigestEncoder`` codes: a ``SourcePosition`` then codes its file only.
    static let leavesPositionsOut = CodingUserInfoKey(rawValue: "leavesPositionsOut")!
}

/// Where a ``DigestEncoder``'s containers write: the tokens of the whole value, digested at
/// the end in one piece.
private final class DigestSink {
    var bytes: [UInt8] = []

    /// One token: its kind, its depth in the value, and its text's length and bytes. With
    /// the depth of every key and element, the tokens in the order coded give the tree back:
    /// no two values write the same tokens.
    func add(_ kind: Unicode.Scalar, depth: Int, _ text: String = "") {
        bytes.append(UInt8(ascii: kind))
        append(depth)
        append(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// A count as LEB128: seven bits a byte, the high bit set on all but the last; one byte
    /// below 128.
    private func append(_ count: Int) {
        var rest = UInt(bitPattern: count)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// An `Encoder` that writes what it is given into a ``Digest`` instead of a document. It
/// keeps each value's depth, not its coding path (which nothing here reads), and codes strings,
/// booleans and integers through the containers' own methods, where the coding of a value
/// calls them, without casts.
private struct DigestEncoder: Encoder {
    var sink = DigestSink()
    var depth = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [.leavesPositionsOut: true] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.add("{", depth: depth)
        return KeyedEncodingContainer(Keyed(sink: sink, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.add("[", depth: depth)
        return Unkeyed(sink: sink, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(sink: sink, depth: depth)
    }

    /// A value of any other type, at `depth`: through its coding, or, for the primitives that
    /// code themselves through a single-value container (and would come back here), as text.
    fileprivate static func encode(_ value: some Encodable, in sink: DigestSink, depth: Int) throws {
        switch value {
        case let text as String: sink.add("s", depth: depth, text)
        case let flag as Bool: sink.add("b", depth: depth, flag ? "1" : "0")
        case let number as any BinaryInteger: sink.add("i", depth: depth, String(number))
        case let number as any BinaryFloatingPoint: sink.add("d", depth: depth, "\(number)")
        default: try value.encode(to: DigestEncoder(sink: sink, depth: depth))
        }
    }

    /// Each key and value at the container's depth, a value's own tokens below it.
    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: DigestSink
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            sink.add("N", depth: depth, key.stringValue)
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            sink.add("k", depth: depth, key.stringValue)
            sink.add("s", depth: depth, value)
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            sink.add("k", depth: depth, key.stringValue)
            sink.add("b", depth: depth, value ? "1" : "0")
        }

        mutating func encode(_ value: Int, forKey key: Key) throws {
            sink.add("k", depth: depth, key.stringValue)
            sink.add("i", depth: depth, String(value))
        }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            sink.add("k", depth: depth, key.stringValue)
            try DigestEncoder.encode(value, in: sink, depth: depth)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            sink.add("k", depth: depth, key.stringValue)
            return DigestEncoder(sink: sink, depth: depth).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.add("k", depth: depth, key.stringValue)
            return DigestEncoder(sink: sink, depth: depth).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            sink.add("k", depth: depth, "super")
            return DigestEncoder(sink: sink, depth: depth)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            sink.add("k", depth: depth, key.stringValue)
            return DigestEncoder(sink: sink, depth: depth)
        }
    }

    /// Each element marked at the container's depth, its tokens from there.
    private struct Unkeyed: UnkeyedEncodingContainer {
        let sink: DigestSink
        let depth: Int
        var count = 0
        var codingPath: [any CodingKey] { [] }

        init(sink: DigestSink, depth: Int) {
            self.sink = sink
            self.depth = depth
        }

        private mutating func element() {
            sink.add("e", depth: depth)
            count += 1
        }

        mutating func encodeNil() throws {
            sink.add("n", depth: depth)
            count += 1
        }

        mutating func encode(_ value: String) throws {
            element()
            sink.add("s", depth: depth, value)
        }

        mutating func encode(_ value: some Encodable) throws {
            element()
            try DigestEncoder.encode(value, in: sink, depth: depth)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            element()
            return DigestEncoder(sink: sink, depth: depth).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            element()
            return DigestEncoder(sink: sink, depth: depth).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            element()
            return DigestEncoder(sink: sink, depth: depth)
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let sink: DigestSink
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws {
            sink.add("n", depth: depth)
        }

        mutating func encode(_ value: String) throws {
            sink.add("s", depth: depth, value)
        }

        mutating func encode(_ value: some Encodable) throws {
            try DigestEncoder.encode(value, in: sink, depth: depth)
        }
    }
}
