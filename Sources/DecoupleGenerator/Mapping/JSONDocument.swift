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
struct JSONReader {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    static func parse(_ text: String, file: String) throws(Diagnostic) -> JSONNode {
        var reader = JSONReader(bytes: Array(text.utf8), file: file)
        reader.skipWhitespace()
        let node = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return node
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var position: SourcePosition {
        SourcePosition(file: file, line: line, column: index - lineStart + 1)
    }

    private func error(_ message: String) -> Diagnostic {
        Diagnostic("invalid JSON: \(message)", at: position)
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
        guard depth < 256 else { throw error("nested too deeply") }
        guard index < bytes.count else { throw error("unexpected end of file") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, keyPosition: SourcePosition, value: JSONNode)] = []
            skipWhitespace()
            if peek("}") { index += 1; return JSONNode(value: .object(members), position: start) }
            while true {
                skipWhitespace()
                let keyPosition = position
                guard peek("\"") else { throw error("expected a quoted key") }
                let key = try readString()
                skipWhitespace()
                guard peek(":") else { throw error("expected ':' after key \"\(key)\"") }
                index += 1
                skipWhitespace()
                members.append((key, keyPosition, try readValue(depth: depth + 1)))
                skipWhitespace()
                if peek(",") { index += 1; continue }
                if peek("}") { index += 1; return JSONNode(value: .object(members), position: start) }
                throw error("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if peek("]") { index += 1; return JSONNode(value: .array(elements), position: start) }
            while true {
                skipWhitespace()
                elements.append(try readValue(depth: depth + 1))
                skipWhitespace()
                if peek(",") { index += 1; continue }
                if peek("]") { index += 1; return JSONNode(value: .array(elements), position: start) }
                throw error("expected ',' or ']'")
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
            throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
        }
    }

    private func peek(_ character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private mutating func expectWord(_ word: String) throws(Diagnostic) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func readNumber() throws(Diagnostic) -> String {
        let start = index
        if peek("-") { index += 1 }
        var digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[index]) {
            index += 1
            digits += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard digits > 0, Double(text) != nil else { throw error("malformed number '\(text)'") }
        return text
    }

    private mutating func readString() throws(Diagnostic) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var pendingBytes: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: pendingBytes, as: UTF8.self).unicodeScalars); pendingBytes.removeAll() }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    if (0xD800..<0xDC00).contains(code), peek("\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    throw error("invalid escape '\\\(String(decoding: [escape], as: UTF8.self))'")
                }
            case 0..<0x20:
                throw error(byte == UInt8(ascii: "\n") ? "unterminated string" : "control character in string")
            default:
                pendingBytes.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func readHex4() throws(Diagnostic) -> UInt32 {
        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        index += 4
        return code
    }
}
