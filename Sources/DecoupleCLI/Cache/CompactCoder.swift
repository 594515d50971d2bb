import DecoupleGenerator

// MARK: - CompactCoder

/// A small text encoding of `Codable` values for ``ScanCache`` entries, read about ten times
/// faster than JSON: values are written in the order the synthesized `encode(to:)` writes them
/// and read back in the same order (keys are not stored), strings seen before are written as a
/// reference to their first occurrence (every position repeats its file's path), and an
/// optional or an array carries its presence or count.
///
/// Tokens: `s<utf8 length>:<text>` a new string, `r<index>;` a string seen before, `i<n>;` an
/// integer, `t` / `f` a Bool, `n` absent and `p` present (an optional), `c<8 digits>` the count
/// of an array. Reading anything but what the type expects, past the end, or leaving bytes over
/// throws: a damaged entry is a cache miss (the entry's header digest catches damage first).
enum CompactCoder {
    /// Encodes, and digests what it wrote apart from the lines and columns of every
    /// ``SourcePosition``: what the value's declarations are, wherever they are in their file.
    static func encodeWithDigest(_ value: some Encodable) throws -> (text: String, digestWithoutPositions: String) {
        let sink = Sink()
        try sink.encode(value)
        var digest = Digest()
        sink.bytes.withUnsafeBytes { bytes in
            var start = 0
            for skipped in sink.lineAndColumnRanges + [bytes.count..<bytes.count] {
                digest.add(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<skipped.lowerBound]))
                start = skipped.upperBound
            }
        }
        return (String(decoding: sink.bytes, as: UTF8.self), digest.hex)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        let source = Source(bytes: Array(text.utf8))
        let value = try T(from: CompactDecoder(source: source))
        guard source.offset == source.bytes.count else { throw Malformed() }
        return value
    }

    struct Malformed: Error {}
    /// Only `Bool`, `Int` and `String` are written; what the scanner records needs no other.
    struct Unsupported: Error {}

    // MARK: Writing

    final class Sink {
        var bytes: [UInt8] = []
        var strings: [String: Int] = [:]
        /// Where each position's line and column were written.
        var lineAndColumnRanges: [Range<Int>] = []

        /// Writes a value as its `encode(to:)` does, and notes where a ``SourcePosition``'s line
        /// and column are: its fields as synthesized, so that it reads back the same way.
        func encode<T: Encodable>(_ value: T) throws {
            guard let position = value as? SourcePosition else { return try value.encode(to: CompactEncoder(sink: self)) }
            write(string: position.file)
            let start = bytes.count
            write("i\(position.line);i\(position.column);")
            lineAndColumnRanges.append(start..<bytes.count)
        }

        func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

        func write(string: String) {
            if let index = strings[string] {
                write("r\(index);")
            } else {
                strings[string] = strings.count
                write("s\(string.utf8.count):")
                write(string)
            }
        }
    }

    struct CompactEncoder: Encoder {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(sink: sink))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(sink: sink)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }
    }

    struct Single: SingleValueEncodingContainer, IntegersAndTextOnly {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.write("n") }
        mutating func encode(_ value: Bool) throws { sink.write(value ? "t" : "f") }
        mutating func encode(_ value: String) throws { sink.write(string: value) }
        mutating func encode(_ value: Int) throws { sink.write("i\(value);") }
        mutating func encode<T: Encodable>(_ value: T) throws { try sink.encode(value) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { sink.write("n") }
        mutating func encode(_ value: Bool, forKey key: Key) throws { sink.write(value ? "t" : "f") }
        mutating func encode(_ value: String, forKey key: Key) throws { sink.write(string: value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { sink.write("i\(value);") }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try sink.encode(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Int8, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Int16, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Int32, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Int64, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: UInt, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { throw Unsupported() }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value) }

        private func present<T: Encodable>(_ value: T?) throws {
            guard let value else { return sink.write("n") }
            sink.write("p")
            try sink.encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unkeyed(sink: sink) }
        mutating func superEncoder() -> any Encoder { CompactEncoder(sink: sink) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { CompactEncoder(sink: sink) }
    }

    /// Writes its count first, as eight digits it rewrites after each element.
    struct Unkeyed: UnkeyedEncodingContainer, IntegersAndTextOnly {
        let sink: Sink
        private let slot: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(sink: Sink) {
            self.sink = sink
            sink.write("c")
            slot = sink.bytes.count
            sink.write("00000000")
        }

        /// Counts one more element; returns where to write it.
        private mutating func counted() -> Sink {
            count += 1
            var digits = Array(String(count).utf8)
            digits.insert(contentsOf: Array(repeating: UInt8(ascii: "0"), count: 8 - digits.count), at: 0)
            sink.bytes.replaceSubrange(slot..<(slot + 8), with: digits)
            return sink
        }

        mutating func encodeNil() throws { counted().write("n") }
        mutating func encode(_ value: Bool) throws { counted().write(value ? "t" : "f") }
        mutating func encode(_ value: String) throws { counted().write(string: value) }
        mutating func encode(_ value: Int) throws { counted().write("i\(value);") }
        mutating func encode<T: Encodable>(_ value: T) throws { try counted().encode(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(sink: counted()))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(sink: counted())
        }

        mutating func superEncoder() -> any Encoder { CompactEncoder(sink: sink) }
    }

    // MARK: Reading

    final class Source {
        let bytes: [UInt8]
        var offset = 0
        var strings: [String] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        func next() throws -> UInt8 {
            guard offset < bytes.count else { throw Malformed() }
            defer { offset += 1 }
            return bytes[offset]
        }

        func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        /// Digits up to `end` (or, with `width`, exactly that many).
        func number(until end: UInt8? = nil, width: Int? = nil) throws -> Int {
            var value = 0, digits = 0, negative = false
            if width == nil, peek() == UInt8(ascii: "-") { negative = true; offset += 1 }
            while width.map({ digits < $0 }) ?? true {
                let byte = try next()
                if let end, byte == end, digits > 0 { break }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { throw Malformed() }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
            return negative ? -value : value
        }

        func expect(_ marker: Character) throws {
            guard try next() == marker.asciiValue! else { throw Malformed() }
        }

        func bool() throws -> Bool {
            switch try next() {
            case UInt8(ascii: "t"): return true
            case UInt8(ascii: "f"): return false
            default: throw Malformed()
            }
        }

        func int() throws -> Int {
            try expect("i")
            return try number(until: UInt8(ascii: ";"))
        }

        func string() throws -> String {
            switch try next() {
            case UInt8(ascii: "r"):
                let index = try number(until: UInt8(ascii: ";"))
                guard index < strings.count else { throw Malformed() }
                return strings[index]
            case UInt8(ascii: "s"):
                let length = try number(until: UInt8(ascii: ":"))
                guard length <= bytes.count - offset else { throw Malformed() }
                let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
                offset += length
                strings.append(text)
                return text
            default:
                throw Malformed()
            }
        }

        /// Whether an optional is present: `p`, or `n` for absent.
        func isPresent() throws -> Bool {
            switch try next() {
            case UInt8(ascii: "p"): return true
            case UInt8(ascii: "n"): return false
            default: throw Malformed()
            }
        }
    }

    struct CompactDecoder: Decoder {
        let source: Source
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(KeyedReader<Key>(source: source))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try UnkeyedReader(source: source) }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(source: source) }
    }

    struct SingleReader: SingleValueDecodingContainer, IntegersAndTextOnly {
        let source: Source
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool {
            guard source.peek() == UInt8(ascii: "n") else { return false }
            source.offset += 1
            return true
        }

        func decode(_ type: Bool.Type) throws -> Bool { try source.bool() }
        func decode(_ type: String.Type) throws -> String { try source.string() }
        func decode(_ type: Int.Type) throws -> Int { try source.int() }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: CompactDecoder(source: source)) }
    }

    struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let source: Source
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard source.peek() == UInt8(ascii: "n") else { return false }
            source.offset += 1
            return true
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.bool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.string() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.int() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: CompactDecoder(source: source)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw Unsupported() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw Unsupported() }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw Unsupported() }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw Unsupported() }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw Unsupported() }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw Unsupported() }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw Unsupported() }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw Unsupported() }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw Unsupported() }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw Unsupported() }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw Unsupported() }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try source.isPresent() ? source.bool() : nil }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try source.isPresent() ? source.string() : nil }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try source.isPresent() ? source.int() : nil }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try source.isPresent() ? T(from: CompactDecoder(source: source)) : nil
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(KeyedReader<NestedKey>(source: source))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try UnkeyedReader(source: source) }
        func superDecoder() throws -> any Decoder { CompactDecoder(source: source) }
        func superDecoder(forKey key: Key) throws -> any Decoder { CompactDecoder(source: source) }
    }

    struct UnkeyedReader: UnkeyedDecodingContainer, IntegersAndTextOnly {
        let source: Source
        let count: Int?
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var isAtEnd: Bool { currentIndex >= count! }

        init(source: Source) throws {
            self.source = source
            try source.expect("c")
            count = try source.number(width: 8)
        }

        /// Moves past one element; returns where to read it.
        private mutating func element() throws -> Source {
            guard !isAtEnd else { throw Malformed() }
            currentIndex += 1
            return source
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, source.peek() == UInt8(ascii: "n") else { return false }
            source.offset += 1
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try element().bool() }
        mutating func decode(_ type: String.Type) throws -> String { try element().string() }
        mutating func decode(_ type: Int.Type) throws -> Int { try element().int() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: CompactDecoder(source: element())) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try KeyedDecodingContainer(KeyedReader<NestedKey>(source: element()))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try UnkeyedReader(source: element())
        }

        mutating func superDecoder() throws -> any Decoder { CompactDecoder(source: source) }
    }
}

/// The containers' answer to numbers other than `Int`, which the format does not write.
protocol IntegersAndTextOnly {}

extension IntegersAndTextOnly {
    func encode(_ value: Double) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: Float) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: Int8) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: Int16) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: Int32) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: Int64) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: UInt) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: UInt8) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: UInt16) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: UInt32) throws { throw CompactCoder.Unsupported() }
    func encode(_ value: UInt64) throws { throw CompactCoder.Unsupported() }
    func decode(_ type: Double.Type) throws -> Double { throw CompactCoder.Unsupported() }
    func decode(_ type: Float.Type) throws -> Float { throw CompactCoder.Unsupported() }
    func decode(_ type: Int8.Type) throws -> Int8 { throw CompactCoder.Unsupported() }
    func decode(_ type: Int16.Type) throws -> Int16 { throw CompactCoder.Unsupported() }
    func decode(_ type: Int32.Type) throws -> Int32 { throw CompactCoder.Unsupported() }
    func decode(_ type: Int64.Type) throws -> Int64 { throw CompactCoder.Unsupported() }
    func decode(_ type: UInt.Type) throws -> UInt { throw CompactCoder.Unsupported() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw CompactCoder.Unsupported() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw CompactCoder.Unsupported() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw CompactCoder.Unsupported() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw CompactCoder.Unsupported() }
}
