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

    /// A count in four little-endian bytes.
    private func append(_ count: Int) {
        let value = UInt32(truncatingIfNeeded: count)
        for shift in [0, 8, 16, 24] as [UInt32] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}

/// An `Encoder` that writes what it is given into a ``Digest`` instead of a document.
private struct DigestEncoder: Encoder {
    var sink = DigestSink()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [.leavesPositionsOut: true] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.add("{", depth: codingPath.count)
        return KeyedEncodingContainer(Keyed(sink: sink, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.add("[", depth: codingPath.count)
        return Unkeyed(sink: sink, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(sink: sink, codingPath: codingPath)
    }

    /// A value below `path`: a primitive as one token, anything else through its coding.
    fileprivate static func encode(_ value: some Encodable, in sink: DigestSink, at path: [any CodingKey]) throws {
        switch value {
        case let text as String: sink.add("s", depth: path.count, text)
        case let flag as Bool: sink.add("b", depth: path.count, flag ? "1" : "0")
        case let number as Int: sink.add("i", depth: path.count, String(number))
        // The other primitives, which code themselves through a single-value container and
        // would come back here.
        case let number as any BinaryInteger: sink.add("i", depth: path.count, String(number))
        case let number as Double: sink.add("d", depth: path.count, String(number))
        case let number as Float: sink.add("f", depth: path.count, String(number))
        default: try value.encode(to: DigestEncoder(sink: sink, codingPath: path))
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: DigestSink
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            sink.add("n", depth: codingPath.count + 1, key.stringValue)
        }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            sink.add("k", depth: codingPath.count + 1, key.stringValue)
            try DigestEncoder.encode(value, in: sink, at: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            sink.add("k", depth: codingPath.count + 1, key.stringValue)
            return DigestEncoder(sink: sink, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.add("k", depth: codingPath.count + 1, key.stringValue)
            return DigestEncoder(sink: sink, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            sink.add("k", depth: codingPath.count + 1, "super")
            return DigestEncoder(sink: sink, codingPath: codingPath + [Index(stringValue: "super")])
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            sink.add("k", depth: codingPath.count + 1, key.stringValue)
            return DigestEncoder(sink: sink, codingPath: codingPath + [key])
        }
    }

    /// The key of an element of an unkeyed container, or of a super encoder, for the coding
    /// path's depth.
    private struct Index: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ index: Int) {
            stringValue = String(index)
            intValue = index
        }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(intValue) }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let sink: DigestSink
        var codingPath: [any CodingKey]
        var count = 0

        init(sink: DigestSink, codingPath: [any CodingKey]) {
            self.sink = sink
            self.codingPath = codingPath
        }

        private mutating func element() -> [any CodingKey] {
            sink.add("e", depth: codingPath.count + 1)
            count += 1
            return codingPath + [Index(count - 1)]
        }

        mutating func encodeNil() throws {
            sink.add("n", depth: codingPath.count + 1)
            count += 1
        }

        mutating func encode(_ value: some Encodable) throws {
            try DigestEncoder.encode(value, in: sink, at: element())
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            DigestEncoder(sink: sink, codingPath: element()).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            DigestEncoder(sink: sink, codingPath: element()).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            DigestEncoder(sink: sink, codingPath: element())
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let sink: DigestSink
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws {
            sink.add("n", depth: codingPath.count)
        }

        mutating func encode(_ value: some Encodable) throws {
            try DigestEncoder.encode(value, in: sink, at: codingPath)
        }
    }
}
