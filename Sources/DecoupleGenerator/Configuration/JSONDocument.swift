// MARK: - JSONDocument

/// A JSON value that remembers where it was written, so configuration errors can point at the
/// exact line and column. (Foundation's decoders forget positions.)
struct JSONNode: Sendable {
    indirect enum Value: Sendable {
        case object([(key: String, keyPosition: SourcePosition, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    var value: Value
    var position: SourcePosition

    var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A small JSON reader that records positions; strict RFC 8259, no extensions.
///
/// What it refuses, each at the offending token's line and column: a key written twice in one
/// object (the second, with where the first is), numbers outside the grammar (`007`, `1.`, `-`,
/// `.5`, `+1`, `1e`), escapes other than the nine JSON has, `\u` without exactly four hex digits,
/// a lone or mismatched surrogate, control characters inside strings, trailing commas, and more
/// than ``maximumDepth`` nested arrays and objects (so no input can exhaust the stack). A UTF-8
/// byte order mark at the very start is ignored, as RFC 8259 §8.1 allows; anywhere else it is an
/// unexpected character.
struct JSONReader {
    /// Nesting deeper than this is refused with a located error.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    static func parse(_ text: String, file: String) throws(Diagnostic) -> JSONNode {
        var reader = JSONReader(bytes: Array(text.utf8), file: file)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        reader.skipWhitespace()
        let node = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value") }
        return node
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var position: SourcePosition {
        SourcePosition(file: file, line: line, column: index - lineStart + 1)
    }

    private func error(_ message: String, at position: SourcePosition? = nil) -> Diagnostic {
        Diagnostic("invalid JSON: \(message)", rule: .configurationNotJSON, at: position ?? self.position)
    }

    /// The character at the read position, for messages: `'x'`, `U+00A0`, or the end of the file.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let text = currentCharacter
        return text.hasPrefix("U+") ? "character \(text)" : "character '\(text)'"
    }

    /// The character at the read position: itself when printable ASCII, else `U+XXXX`.
    private var currentCharacter: String {
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return String(decoding: [byte], as: UTF8.self) }
        var length = 1
        if byte >= 0xC0 { length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2 }
        let scalar = String(decoding: bytes[index..<min(bytes.count, index + length)], as: UTF8.self).unicodeScalars.first
        return "U+" + hex4(scalar?.value ?? UInt32(byte))
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(Diagnostic) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
            index += 1
            var members: [(key: String, keyPosition: SourcePosition, value: JSONNode)] = []
            var firstPositions: [String: SourcePosition] = [:]
            skipWhitespace()
            if peek("}") { index += 1; return JSONNode(value: .object(members), position: start) }
            while true {
                skipWhitespace()
                let keyPosition = position
                guard peek("\"") else {
                    throw error(peek("}") ? "trailing comma before '}'" : "expected a quoted key, found \(describeCurrent())")
                }
                let key = try readString()
                if let first = Self.firstPosition(of: key, at: keyPosition, in: members, indexing: &firstPositions) {
                    throw error("duplicate key \"\(key)\" (first at line \(first.line), column \(first.column)); each key may appear once in an object", at: keyPosition)
                }
                skipWhitespace()
                guard peek(":") else { throw error("expected ':' after key \"\(key)\", found \(describeCurrent())") }
                index += 1
                skipWhitespace()
                members.append((key, keyPosition, try readValue(depth: depth + 1)))
                skipWhitespace()
                if peek(",") { index += 1; continue }
                if peek("}") { index += 1; return JSONNode(value: .object(members), position: start) }
                throw error("expected ',' or '}', found \(describeCurrent())")
            }
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if peek("]") { index += 1; return JSONNode(value: .array(elements), position: start) }
            while true {
                skipWhitespace()
                if peek("]") { throw error("trailing comma before ']'") }
                elements.append(try readValue(depth: depth + 1))
                skipWhitespace()
                if peek(",") { index += 1; continue }
                if peek("]") { index += 1; return JSONNode(value: .array(elements), position: start) }
                throw error("expected ',' or ']', found \(describeCurrent())")
            }
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try readString()), position: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try readNumber()), position: start)
        default:
            throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    /// Where `key` was written before in an object's `members`, if it was. A configuration's
    /// objects have a handful of keys, compared in place; past ``keysComparedInPlace`` they are
    /// indexed by name in `index` (filled here), so an object with a million keys is read in
    /// linear time, not quadratic.
    private static func firstPosition(
        of key: String, at position: SourcePosition,
        in members: [(key: String, keyPosition: SourcePosition, value: JSONNode)],
        indexing index: inout [String: SourcePosition]
    ) -> SourcePosition? {
        if members.count < keysComparedInPlace {
            return members.first { $0.key == key }?.keyPosition
        }
        if index.isEmpty {
            for member in members { index[member.key] = member.keyPosition }
        }
        if let first = index[key] { return first }
        index[key] = position
        return nil
    }

    static let keysComparedInPlace = 16

    private func peek(_ character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private var atDigit: Bool {
        index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    private mutating func expectWord(_ word: String) throws(Diagnostic) {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw error("unexpected \(describeCurrent()); expected '\(word)'")
            }
            index += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, exactly.
    private mutating func readNumber() throws(Diagnostic) -> String {
        let start = index
        if peek("-") { index += 1 }
        guard atDigit else { throw error("expected a digit in the number, found \(describeCurrent())") }
        if peek("0") {
            index += 1
            if atDigit { throw error("a number cannot have a leading zero") }
        } else {
            while atDigit { index += 1 }
        }
        if peek(".") {
            index += 1
            guard atDigit else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
            while atDigit { index += 1 }
        }
        if peek("e") || peek("E") {
            index += 1
            if peek("+") || peek("-") { index += 1 }
            guard atDigit else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            while atDigit { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(Diagnostic) -> String {
        index += 1  // opening quote
        // Most strings have no escape: they are one run of bytes, made into a string at once.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var runStart = start
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                scalars.append(try readEscape())
                runStart = index
            case 0..<0x20:
                throw error(byte == UInt8(ascii: "\n") ? "unterminated string" : "control character U+\(hex4(UInt32(byte))) in a string; write it as an escape")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// One escape, from its backslash; errors point at the backslash.
    private mutating func readEscape() throws(Diagnostic) -> Unicode.Scalar {
        let escapePosition = position
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let code = try readHex4(escapeAt: escapePosition)
            switch code {
            case 0xD800..<0xDC00:
                guard peek("\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate \\u\(hex4(code)): a high surrogate must be followed by a \\u low surrogate", at: escapePosition)
                }
                let lowPosition = position
                index += 2
                let low = try readHex4(escapeAt: lowPosition)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("\\u\(hex4(low)) is not a low surrogate, so \\u\(hex4(code)) before it is alone", at: lowPosition)
                }
                return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00..<0xE000:
                throw error("lone surrogate \\u\(hex4(code)): a low surrogate must follow a high one", at: escapePosition)
            default:
                return Unicode.Scalar(code)!
            }
        default:
            index -= 1
            throw error("invalid escape '\\\(currentCharacter)'; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: escapePosition)
        }
    }

    /// Exactly four hex digits (no sign, no spaces).
    private mutating func readHex4(escapeAt escapePosition: SourcePosition) throws(Diagnostic) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error("\\u must be followed by exactly four hex digits", at: escapePosition)
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

/// `00AB`: at least four upper-case hex digits.
private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
