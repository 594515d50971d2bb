import Foundation

/// Splits a feed's JSON array into its items without building any values, so that each item can
/// be decoded on its own: an item that `JSONDecoder` refuses (too deeply nested, invalid JSON)
/// then costs that item only, not the whole feed.
///
/// The scan is iterative, so no nesting is too deep for it. It checks only what it needs to find
/// the items: strings are closed, brackets match, and nothing follows the array. Everything else
/// in an item is left to `JSONDecoder`. On the way it finds an object that has the same key twice
/// (compared after unescaping, as JSON text compares them), which `JSONDecoder` would accept
/// silently, the last one winning.
struct FeedScanner {
    /// One item of the array: where its text is, and what the scan found wrong with it.
    struct Item {
        /// Byte offsets into the scanned (UTF-8) text; empty when there is nothing between two commas.
        var range: Range<Int>
        /// The first key found twice in one of the item's objects, and where that object is.
        var duplicateKey: (key: String, path: String)?
        /// How many arrays and objects deep the item goes (a scalar: 0, `{}`: 1).
        var depth = 0
        /// Line and column of the item's first character, counting from 1.
        var start: (line: Int, column: Int)
    }

    /// Why the text is not an array that can be split into items.
    struct Failure: Error {
        var message: String
    }

    /// The text scanned, as UTF-8 (a UTF-16 or UTF-32 feed is converted first).
    let text: Data
    private(set) var items: [Item] = []

    init(_ data: Data) throws(Failure) {
        text = try Self.utf8(data)
        var split = Result<[Item], Failure>.success([])
        text.withUnsafeBytes { bytes in split = Result { () throws(Failure) in try Self.split(bytes) } }
        items = try split.get()
    }

    // MARK: Encoding

    /// `data` as UTF-8, found as JSON text's encoding is found (RFC 8259 allows only UTF-8; Foundation
    /// reads UTF-16 and UTF-32 too, with or without a byte order mark).
    private static func utf8(_ data: Data) throws(Failure) -> Data {
        let head = Array(data.prefix(4)) + [1, 1, 1, 1]
        let encoding: String.Encoding? = switch (head[0], head[1], head[2], head[3]) {
        case (0, 0, 0xFE, 0xFF), (0, 0, 0, _): .utf32BigEndian
        case (0xFF, 0xFE, 0, 0): .utf32LittleEndian
        case (_, 0, 0, 0) where data.count >= 4: .utf32LittleEndian
        case (0xFE, 0xFF, _, _), (0, _, _, _): .utf16BigEndian
        case (0xFF, 0xFE, _, _), (_, 0, _, _): .utf16LittleEndian
        default: nil
        }
        guard let encoding else {
            return data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        }
        guard let string = String(data: data, encoding: encoding) else {
            throw Failure(message: "the data is not valid \(encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? "UTF-16" : "UTF-32") text")
        }
        return Data(string.drop { $0 == "\u{FEFF}" }.utf8)
    }

    // MARK: Splitting

    /// An array or object the scan is inside of, below the feed's array.
    private struct Frame {
        let isObject: Bool
        /// In an object: the next string is a key.
        var expectsKey = true
        /// The object's keys so far, as written (byte ranges of the text), while the item has no
        /// duplicate key yet; the last one is the current key, for the path in a message.
        var keys: [Range<Int>] = []
        /// The keys unescaped, once the object has an escaped key or too many keys to compare
        /// one by one.
        var keySet: Set<[UInt8]>?
        /// In an array: the current index, for the path in a message.
        var index = 0

        /// Adds a key; false when the object has it already.
        mutating func insert(_ key: Range<Int>, escaped: Bool, in bytes: UnsafeRawBufferPointer) -> Bool {
            defer { keys.append(key) }
            func text(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }
            if keySet == nil, !escaped, keys.count < 16 {
                let new = text(key)
                return !keys.contains { new.elementsEqual(text($0)) }
            }
            if keySet == nil {
                keySet = Set(keys.map { FeedScanner.unescape(text($0)) })
            }
            return keySet?.insert(FeedScanner.unescape(text(key))).inserted ?? true
        }

        func current(in bytes: UnsafeRawBufferPointer) -> String {
            guard isObject else { return "[\(index)]" }
            return keys.last.map { String(decoding: FeedScanner.unescape(UnsafeRawBufferPointer(rebasing: bytes[$0])), as: UTF8.self) } ?? ""
        }
    }

    private static func split(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> [Item] {
        var position = Position()
        var i = 0
        func skipSpace() {
            while i < bytes.count, let byte = Optional(bytes[i]), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if byte == 0x0A { position.newLine(at: i) }
                i += 1
            }
        }
        skipSpace()
        guard i < bytes.count else { throw Failure(message: "there is no JSON in the data: it is empty or only white space") }
        guard bytes[i] == UInt8(ascii: "[") else {
            throw Failure(message: "it starts with \(describe(bytes[i])) at \(position.at(i)), not with '['")
        }
        let arrayStart = position.at(i)
        i += 1

        var items: [Item] = []
        var frames: [Frame] = []
        var opened: [(bracket: UInt8, line: Int, column: Int)] = []   // the brackets of `frames`, for messages
        var item: Item?
        var sawComma = false

        func finishItem() {
            items.append(item ?? Item(range: i..<i, start: position.lineColumn(i)))
            item = nil
        }

        while true {
            skipSpace()
            guard i < bytes.count else {
                if let open = opened.last {
                    throw Failure(message: "\(describe(open.bracket)) at line \(open.line), column \(open.column) is never closed")
                }
                throw Failure(message: "the array opened at \(arrayStart) is never closed")
            }
            let byte = bytes[i]
            if frames.isEmpty {
                if byte == UInt8(ascii: ",") {
                    finishItem()
                    sawComma = true
                    i += 1
                    continue
                }
                if byte == UInt8(ascii: "]") {
                    if item != nil || sawComma { finishItem() }
                    i += 1
                    break
                }
                if item == nil {
                    item = Item(range: i..<i, start: position.lineColumn(i))
                }
            }
            switch byte {
            case UInt8(ascii: "\""):
                let start = i + 1
                var escaped = false
                i = start
                while true {
                    guard i < bytes.count else {
                        throw Failure(message: "the string at \(position.at(start - 1)) is never closed")
                    }
                    let byte = bytes[i]
                    if byte == UInt8(ascii: "\\") {
                        escaped = true
                        i += 2
                        continue
                    }
                    if byte == 0x0A { position.newLine(at: i) }
                    i += 1
                    if byte == UInt8(ascii: "\"") { break }
                }
                guard let last = frames.indices.last, frames[last].isObject, frames[last].expectsKey else { break }
                frames[last].expectsKey = false
                guard item?.duplicateKey == nil else { break }
                if !frames[last].insert(start..<(i - 1), escaped: escaped, in: bytes) {
                    let path = frames.dropLast().map { $0.isObject ? "." + $0.current(in: bytes) : $0.current(in: bytes) }.joined()
                    item?.duplicateKey = (frames[last].current(in: bytes), path.hasPrefix(".") ? String(path.dropFirst()) : path)
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                frames.append(Frame(isObject: byte == UInt8(ascii: "{")))
                let (line, column) = position.lineColumn(i)
                opened.append((byte, line, column))
                if let depth = item?.depth, depth < frames.count { item?.depth = frames.count }
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let frame = frames.last, frame.isObject == (byte == UInt8(ascii: "}")) else {
                    let open = opened.last.map { "the \(describe($0.bracket)) at line \($0.line), column \($0.column)" } ?? "anything"
                    throw Failure(message: "\(describe(byte)) at \(position.at(i)) does not close \(open)")
                }
                frames.removeLast()
                opened.removeLast()
                i += 1
            case UInt8(ascii: ","):
                if let last = frames.indices.last {
                    frames[last].expectsKey = true
                    frames[last].index += 1
                }
                i += 1
            default:
                // A number, literal, colon or anything invalid: up to the next structural character.
                // (`bytes[i]` is not structural: the cases above took those.)
                while i < bytes.count, !isStructural(bytes[i]) { i += 1 }
            }
            if frames.isEmpty, let start = item?.range.lowerBound { item?.range = start..<i }
        }
        skipSpace()
        guard i == bytes.count else {
            throw Failure(message: "\(describe(bytes[i])) at \(position.at(i)) follows the end of the array")
        }
        return items
    }

    private static func isStructural(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""): true
        default: false
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// A key's bytes with its escapes resolved, so that `"a"` and `"\u0061"` are the same key.
    /// An invalid escape is kept as written (`JSONDecoder` refuses the item anyway).
    private static func unescape(_ raw: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        func hex(at index: Int) -> UInt32? {
            guard index + 4 <= raw.count else { return nil }
            return UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: raw[index..<(index + 4)]), as: UTF8.self), radix: 16)
        }
        while i < raw.count {
            guard raw[i] == UInt8(ascii: "\\"), i + 1 < raw.count else {
                out.append(raw[i])
                i += 1
                continue
            }
            let simple: UInt8? = switch raw[i + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): raw[i + 1]
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
            if let simple {
                out.append(simple)
                i += 2
                continue
            }
            var scalar: Unicode.Scalar?
            var length = 6
            if raw[i + 1] == UInt8(ascii: "u"), let high = hex(at: i + 2) {
                if (0xD800..<0xDC00).contains(high), i + 7 < raw.count, raw[i + 6] == UInt8(ascii: "\\"),
                   raw[i + 7] == UInt8(ascii: "u"), let low = hex(at: i + 8), (0xDC00..<0xE000).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    length = 12
                } else {
                    scalar = Unicode.Scalar(high)
                }
            }
            guard let scalar else {
                out.append(raw[i])
                i += 1
                continue
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            i += length
        }
        return out
    }
}

/// Line and column of a byte offset, for messages; lines are counted as the scan passes them.
private struct Position {
    private var line = 1
    private var lineStart = 0

    mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset + 1
    }

    /// Valid for an offset on the line the scan is at.
    func lineColumn(_ offset: Int) -> (line: Int, column: Int) {
        (line, offset - lineStart + 1)
    }

    /// Valid for an offset on the line the scan is at.
    func at(_ offset: Int) -> String {
        "line \(line), column \(offset - lineStart + 1)"
    }
}
