import Foundation

/// Splits a feed's JSON array into its items without building any values, so that each item can
/// be decoded on its own: an item that `JSONDecoder` refuses (too deeply nested, invalid JSON)
/// then costs that item only, not the whole feed.
///
/// It checks only what it needs to find the items: strings are closed, brackets match, and
/// nothing follows the array. In an item it notes what `JSONDecoder` would find only when a
/// model reads the value (a string's text, escapes and control characters: a ``Flaw``), and
/// whether it is one object; everything else is left to `JSONDecoder`. On the way it
/// finds an object that has the same key twice (compared after unescaping, as JSON text compares
/// them, and after the decoder's key strategy when one is given), which `JSONDecoder` would
/// accept silently, keeping one of the values. It also notes each item's type tag when it is a
/// plain string, so that the decoder need not read the item's keys once more to find it.
///
/// It reads the text twice: once to check that the items can be told apart, so that nothing is
/// decoded from a feed that is then refused whole, and once to hand out the items one at a time,
/// so that what is kept of an item is the caller's choice. Its time is linear in the text (no
/// recursion), and its memory is the text and what it reads at once: up to ``nestingLimit``
/// levels deep a frame per open array or object (for keys and messages); deeper than that,
/// where the item is refused anyway, one bit per level.
struct FeedScanner {
    /// One item of the array.
    struct Item {
        /// Byte offsets into the scanned (UTF-8) text; empty when there is nothing between two commas.
        var range: Range<Int>
        /// How many arrays and objects deep the item goes (a scalar: 0, `{}`: 1).
        var depth: Int
        /// Line and column of the item's first character (see `Position`).
        var line: Int
        var column: Int
        /// The item's type tag, when its object has the tag key once with a plain string (ASCII,
        /// no escapes) as its value; else the decoder reads it.
        var tag: String?
        /// The first thing in the item's strings that JSON does not allow, which `JSONDecoder`
        /// finds only when a model reads the string, and tells without saying where.
        var flaw: Flaw?
        /// The first object in the item that has a key twice, or two keys that the key strategy
        /// makes one.
        var duplicate: DuplicateKey?
        /// How many values the item has side by side (more than one is not valid JSON).
        var values = 0

        /// Whether the item is one object, as far as the scan can tell.
        func isObject(in bytes: [UInt8]) -> Bool {
            values == 1 && !range.isEmpty && bytes[range.lowerBound] == UInt8(ascii: "{")
        }
    }

    /// Something in a string that JSON does not allow, and where it is.
    struct Flaw {
        enum Kind {
            /// Text that is no character in the feed's encoding.
            case notText
            /// A backslash that does not begin one of JSON's escapes.
            case escape
            /// A control character (below U+0020), which a string must escape.
            case control(UInt8)
        }

        var kind: Kind
        var line: Int
        var column: Int

        /// What is wrong, after "the item at line 1, column 2".
        func reason(encoding: String) -> String {
            let at = "at line \(line), column \(column)"
            return switch kind {
            case .notText: "has text that is not valid \(encoding) \(at)"
            case .escape: "is not valid JSON: the backslash \(at) does not begin an escape"
            case let .control(byte): "is not valid JSON: a string holds U+\(byte < 0x10 ? "000" : "00")\(String(byte, radix: 16, uppercase: true)), unescaped, \(at)"
            }
        }
    }

    /// An object of an item that has a key twice, or two keys that the key strategy makes one.
    /// A class, so that an item, which seldom has one, carries a reference rather than its fields.
    final class DuplicateKey: Sendable {
        /// The key as the decoder sees it (after the key strategy).
        let key: String
        /// The two spellings in the JSON when they differ only under the key strategy.
        let spellings: (String, String)?
        /// Where the object is in its item (`extra.list[1]`); empty for the item itself.
        let path: String

        init(key: String, spellings: (String, String)? = nil, path: String) {
            self.key = key
            self.spellings = spellings
            self.path = path
        }
    }

    /// Why the text is not an array that can be split into items.
    struct Failure: Error {
        var message: String
    }

    /// How many levels deep an item is read with a frame per level; `JSONDecoder` reads no deeper.
    static let nestingLimit = 512

    /// The text scanned, as UTF-8 (a UTF-16 or UTF-32 feed is converted first).
    let bytes: [UInt8]
    /// The encoding of the feed: "UTF-8", "UTF-16" or "UTF-32".
    let encoding: String
    private var split: Split

    /// Checks that the items can be told apart.
    ///
    /// - Parameters:
    ///   - tagKey: The key of each item's type tag, as the JSON spells it.
    ///   - keys: The decoder's key strategy, when it is not `.useDefaultKeys`.
    init(_ data: Data, tagKey: String = "type", keys: KeyConverter? = nil) throws(Failure) {
        let converted = FeedText(data)
        bytes = converted.bytes
        encoding = converted.encoding
        // Only when the quick check finds a fault is the text read as the split reads it, to say
        // what and where.
        if !Self.canSplit(bytes) {
            var check = Split(tagKey: [], keys: nil, encoding: encoding, readsKeys: false)
            while try check.next(bytes) != nil {}
        }
        split = Split(tagKey: Array(tagKey.utf8), keys: keys, encoding: encoding, readsKeys: true)
    }

    /// Whether `bytes` is an array whose items can be told apart: false wherever the split
    /// throws (and, should they ever differ, the split's word is the one given).
    private static func canSplit(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return false }
        var open = DeepBrackets()
        open.push(isObject: false)
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard i < bytes.count else { return false }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open.push(isObject: bytes[i] == UInt8(ascii: "{"))
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard open.lastIsObject == (bytes[i] == UInt8(ascii: "}")) else { return false }
                open.pop()
                if open.count == 0 {
                    i += 1
                    while i < bytes.count, isSpace(bytes[i]) { i += 1 }
                    return i == bytes.count
                }
            default:
                break
            }
            i += 1
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The next item, in feed order; nil after the last.
    mutating func next() throws(Failure) -> Item? {
        try split.next(bytes)
    }

    // MARK: Splitting

    /// An array or object the scan is inside of, below the feed's array, at most
    /// ``nestingLimit`` levels deep.
    private struct Frame {
        let isObject: Bool
        /// Where its bracket is, for messages.
        let line: Int
        let column: Int
        /// Where its keys start in the scan's stack of keys (the keys of the objects open).
        let keysStart: Int
        /// In an object: the next string is a key.
        var expectsKey = true
        /// Whether a key has an escape, so that keys must be unescaped to be compared.
        var hasEscapes = false
        /// The keys unescaped, once the object has an escaped key or too many keys to compare
        /// one by one.
        var keySet: Set<[UInt8]>?
        /// In an array: the current index, for the path in a message.
        var index = 0
    }

    /// The kinds of the brackets open deeper than ``nestingLimit``: one bit each (set for an
    /// object), so that a feed of nothing but `[` costs an eighth of its size, not a frame a byte.
    private struct DeepBrackets {
        private var words: [UInt64] = []
        private(set) var count = 0

        mutating func push(isObject: Bool) {
            let bit = count & 63
            if bit == 0 {
                words.append(isObject ? 1 : 0)
            } else if isObject {
                words[count >> 6] |= 1 << UInt64(bit)
            }
            count += 1
        }

        /// Whether the innermost one is an object.
        var lastIsObject: Bool? {
            count == 0 ? nil : words[(count - 1) / 64] & (1 << UInt64((count - 1) % 64)) != 0
        }

        mutating func pop() {
            count -= 1
            words[count / 64] &= ~(1 << UInt64(count % 64))
            if count % 64 == 0 { words.removeLast() }
        }
    }

    /// The state of one scan.
    private struct Split {
        let tagKey: [UInt8]
        let keys: KeyConverter?
        let encoding: String
        /// Whether keys and tags are read, or only the structure checked.
        let readsKeys: Bool
        private var position = Position()
        /// Where the scan is, once it has started; nil before.
        private var offset: Int?
        private var arrayStart = ""
        private var sawComma = false
        private var ended = false
        private var frames: [Frame] = []
        private var deep = DeepBrackets()
        /// The keys of the open objects, as written (byte ranges of the text), innermost last: no
        /// object needs an array of its own. Kept while the item has no key twice.
        private var keyStack: [Range<Int>] = []
        /// The item being read, if one has started.
        private var item: Item?
        /// Whether the item's tag key was just read, so that a string now is its tag.
        private var tagFollows = false
        /// Whether the item's tag key was found, so that another one makes its tag unknown.
        private var tagSeen = false

        init(tagKey: [UInt8], keys: KeyConverter?, encoding: String, readsKeys: Bool) {
            self.tagKey = tagKey
            self.keys = keys
            self.encoding = encoding
            self.readsKeys = readsKeys
        }

        private var itemHasDuplicate: Bool { item?.duplicate != nil }

        private var depth: Int { frames.count + deep.count }

        /// The next item; nil once the array has ended, and what follows it is checked.
        mutating func next(_ bytes: [UInt8]) throws(Failure) -> Item? {
            guard !ended else { return nil }
            var i: Int
            if let offset {
                i = offset
            } else {
                i = 0
                skipSpace(bytes, &i)
                guard i < bytes.count else { throw Failure(message: "there is no JSON in the data: it is empty or only white space") }
                guard bytes[i] == UInt8(ascii: "[") else {
                    throw Failure(message: "it starts with \(describe(bytes, at: i, encoding: encoding)) at \(position.at(i, in: bytes)), not with '['")
                }
                arrayStart = position.at(i, in: bytes)
                i += 1
            }
            defer { offset = i }
            while true {
                skipSpace(bytes, &i)
                guard i < bytes.count else {
                    if let item, deep.count > 0 {
                        throw Failure(message: "the item at line \(item.line), column \(item.column) is never closed: \(depth) arrays and objects are open when the data ends")
                    }
                    if let open = frames.last {
                        throw Failure(message: "\(describe(open.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))) at line \(open.line), column \(open.column) is never closed")
                    }
                    throw Failure(message: "the array opened at \(arrayStart) is never closed")
                }
                let byte = bytes[i]
                if depth == 0 {
                    if byte == UInt8(ascii: ",") {
                        sawComma = true
                        i += 1
                        return finishItem(at: i - 1, bytes)
                    }
                    if byte == UInt8(ascii: "]") {
                        let last = item != nil || sawComma ? finishItem(at: i, bytes) : nil
                        i += 1
                        ended = true
                        skipSpace(bytes, &i)
                        guard i == bytes.count else {
                            throw Failure(message: "\(describe(bytes, at: i, encoding: encoding)) at \(position.at(i, in: bytes)) follows the end of the array")
                        }
                        return last
                    }
                    if item == nil {
                        let (line, column) = position.locate(i, in: bytes)
                        item = Item(range: i..<i, depth: 0, line: line, column: column)
                    }
                    item?.values += 1
                }
                switch byte {
                case UInt8(ascii: "\""):
                    try string(bytes, &i)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    // Brackets opened in a row are taken together.
                    var next = byte
                    repeat {
                        let isObject = next == UInt8(ascii: "{")
                        if frames.count < FeedScanner.nestingLimit {
                            let (line, column) = position.locate(i, in: bytes)
                            frames.append(Frame(isObject: isObject, line: line, column: column, keysStart: keyStack.count))
                        } else {
                            deep.push(isObject: isObject)
                        }
                        i += 1
                        next = i < bytes.count ? bytes[i] : 0
                    } while next == UInt8(ascii: "[") || next == UInt8(ascii: "{")
                    let depth = depth
                    if let current = item?.depth, current < depth { item?.depth = depth }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    let isObject = byte == UInt8(ascii: "}")
                    if let deepIsObject = deep.lastIsObject {
                        guard deepIsObject == isObject else {
                            throw Failure(message: "\(describe(byte)) at \(position.at(i, in: bytes)) does not close the \(deepIsObject ? "object" : "array") opened \(depth) levels deep in the item at line \(item?.line ?? 0), column \(item?.column ?? 0)")
                        }
                        deep.pop()
                    } else {
                        guard let frame = frames.last, frame.isObject == isObject else {
                            let open = frames.last.map { "the \(describe($0.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))) at line \($0.line), column \($0.column)" } ?? "anything"
                            throw Failure(message: "\(describe(byte)) at \(position.at(i, in: bytes)) does not close \(open)")
                        }
                        if isObject { closeObject(frame, bytes) }
                        frames.removeLast()
                        keyStack.removeLast(keyStack.count - frame.keysStart)
                    }
                    i += 1
                case UInt8(ascii: ","):
                    if deep.count == 0, let last = frames.indices.last {
                        frames[last].expectsKey = true
                        frames[last].index += 1
                    }
                    tagFollows = false
                    i += 1
                default:
                    // A number, literal, colon or anything invalid: up to the next structural character.
                    // (`bytes[i]` is not structural: the cases above took those.)
                    while i < bytes.count, !isStructural(bytes[i]) {
                        if bytes[i] >= 0x80 { position.passNonASCII(at: i) }
                        i += 1
                    }
                }
                if depth == 0, let start = item?.range.lowerBound { item?.range = start..<i }
            }
        }

        private mutating func skipSpace(_ bytes: [UInt8], _ i: inout Int) {
            while i < bytes.count {
                let byte = bytes[i]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                if byte == 0x0A || byte == 0x0D { position.lineBreak(at: i, in: bytes) }
                i += 1
            }
        }

        private mutating func finishItem(at i: Int, _ bytes: [UInt8]) -> Item {
            defer {
                item = nil
                tagFollows = false
                tagSeen = false
            }
            if let item { return item }
            let (line, column) = position.locate(i, in: bytes)
            return Item(range: i..<i, depth: 0, line: line, column: column)
        }

        /// Reads the string at `i`, and takes it as a key when it is one.
        private mutating func string(_ bytes: [UInt8], _ i: inout Int) throws(Failure) {
            let start = i + 1
            var opening = position
            var escaped = false
            i = start
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x80 {
                    if byte == UInt8(ascii: "\\") {
                        // The escaped character is skipped unless it is not ASCII, which is read
                        // as any other; a line break counts wherever it is.
                        escaped = true
                        i += 1
                        guard i < bytes.count, Self.isEscape(bytes, at: i) else {
                            flaw(.escape, at: i - 1, bytes)
                            if i < bytes.count, bytes[i] >= 0x80 { continue }
                            if i < bytes.count, bytes[i] == 0x0A || bytes[i] == 0x0D { position.lineBreak(at: i, in: bytes) }
                            i += 1
                            continue
                        }
                    } else if byte < 0x20 {
                        flaw(.control(byte), at: i, bytes)
                        if byte == 0x0A || byte == 0x0D { position.lineBreak(at: i, in: bytes) }
                    }
                    i += 1
                    continue
                }
                position.passNonASCII(at: i)
                let (scalar, length) = utf8Scalar(at: i, in: bytes)
                if scalar == nil { flaw(.notText, at: i, bytes) }
                i += length
            }
            guard i < bytes.count else {
                throw Failure(message: "the string at \(opening.at(start - 1, in: bytes)) is never closed")
            }
            i += 1
            guard readsKeys, deep.count == 0, let last = frames.indices.last, frames[last].isObject else { return }
            let text = start..<(i - 1)
            guard frames[last].expectsKey else {
                // A value: the item's tag when it follows the tag key in the item's own object.
                if tagFollows, last == 0 {
                    item?.tag = !escaped && bytes[text].allSatisfy { $0 < 0x80 } ? String(decoding: bytes[text], as: UTF8.self) : nil
                }
                tagFollows = false
                return
            }
            frames[last].expectsKey = false
            if last == 0, escaped ? unescape(bytes[text]) == tagKey : Self.equal(text, tagKey, in: bytes) {
                // A second tag key refuses the item; until then, the decoder reads an item whose
                // tag key is spelled with escapes.
                tagFollows = !tagSeen
                tagSeen = true
                if !tagFollows { item?.tag = nil }
            }
            guard !itemHasDuplicate else { return }
            if !insertKey(text, escaped: escaped, bytes) {
                let duplicate = DuplicateKey(key: currentKey(of: last, bytes), path: path(bytes))
                item?.duplicate = duplicate
            }
        }

        /// Notes the item's first flaw.
        private mutating func flaw(_ kind: Flaw.Kind, at offset: Int, _ bytes: [UInt8]) {
            guard item != nil, item?.flaw == nil else { return }
            let (line, column) = position.locate(offset, in: bytes)
            item?.flaw = Flaw(kind: kind, line: line, column: column)
        }

        /// Whether the character after a backslash at `offset` makes one of JSON's escapes.
        private static func isEscape(_ bytes: [UInt8], at offset: Int) -> Bool {
            switch bytes[offset] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return true
            case UInt8(ascii: "u"):
                guard offset + 4 < bytes.count else { return false }
                return bytes[(offset + 1)...(offset + 4)].allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) }
            default:
                return false
            }
        }

        /// Adds a key to the innermost object; false when the object has it already.
        private mutating func insertKey(_ key: Range<Int>, escaped: Bool, _ bytes: [UInt8]) -> Bool {
            let last = frames.count - 1
            let keys = frames[last].keysStart..<keyStack.count
            defer { keyStack.append(key) }
            frames[last].hasEscapes = frames[last].hasEscapes || escaped
            if frames[last].keySet == nil, !frames[last].hasEscapes, keys.count < 16 {
                for other in keys where Self.equal(keyStack[other], key, in: bytes) { return false }
                return true
            }
            if frames[last].keySet == nil {
                frames[last].keySet = Set(keyStack[keys].map { unescape(bytes[$0]) })
            }
            return frames[last].keySet?.insert(unescape(bytes[key])).inserted ?? true
        }

        /// Whether two ranges of `bytes` hold the same bytes (compared in place: a slice of the
        /// array would retain it).
        private static func equal(_ a: Range<Int>, _ b: Range<Int>, in bytes: [UInt8]) -> Bool {
            guard a.count == b.count else { return false }
            for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] { return false }
            return true
        }

        /// Whether a range of `bytes` holds `other`.
        private static func equal(_ a: Range<Int>, _ other: [UInt8], in bytes: [UInt8]) -> Bool {
            guard a.count == other.count else { return false }
            for offset in 0..<a.count where bytes[a.lowerBound + offset] != other[offset] { return false }
            return true
        }

        /// Where a frame is in its parent: its key, unescaped, or its index.
        private func currentKey(of frame: Int, _ bytes: [UInt8]) -> String {
            guard frames[frame].isObject else { return "[\(frames[frame].index)]" }
            let end = frame + 1 < frames.count ? frames[frame + 1].keysStart : keyStack.count
            guard end > frames[frame].keysStart else { return "" }
            return String(decoding: unescape(bytes[keyStack[end - 1]]), as: UTF8.self)
        }

        /// Checks a closing object's keys under the key strategy.
        private mutating func closeObject(_ frame: Frame, _ bytes: [UInt8]) {
            guard let keys, !itemHasDuplicate, keyStack.count - frame.keysStart > 1,
                  let (first, second, converted) = keys.collision(in: keyStack[frame.keysStart...].map { bytes[$0] })
            else { return }
            let duplicate = DuplicateKey(key: converted, spellings: (first, second), path: path(bytes))
            item?.duplicate = duplicate
        }

        /// Where the innermost frame is in its item: `extra.list[1]`.
        private func path(_ bytes: [UInt8]) -> String {
            let path = frames.indices.dropLast().map { frames[$0].isObject ? "." + currentKey(of: $0, bytes) : currentKey(of: $0, bytes) }.joined()
            return path.hasPrefix(".") ? String(path.dropFirst()) : path
        }
    }

    private static func isStructural(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""): true
        default: false
        }
    }

    /// The character at `offset`, for a message: itself when it is printable ASCII, else its
    /// scalar value (U+00A0), or what it is when it is no character.
    private static func describe(_ bytes: [UInt8], at offset: Int, encoding: String) -> String {
        let (scalar, _) = utf8Scalar(at: offset, in: bytes)
        guard let scalar else { return "text that is not valid \(encoding)" }
        if (0x21..<0x7F).contains(scalar.value) { return "'\(Character(scalar))'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// An ASCII character, for a message.
    private static func describe(_ byte: UInt8) -> String {
        "'\(Character(Unicode.Scalar(byte)))'"
    }
}

/// A key's bytes with its escapes resolved, so that `"a"` and `"\u0061"` are the same key.
/// An invalid escape is kept as written (`JSONDecoder` refuses the item anyway).
private func unescape(_ raw: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = raw.startIndex
    func hex(at index: Int) -> UInt32? {
        guard index + 4 <= raw.endIndex else { return nil }
        return UInt32(String(decoding: raw[index..<(index + 4)], as: UTF8.self), radix: 16)
    }
    while i < raw.endIndex {
        guard raw[i] == UInt8(ascii: "\\"), i + 1 < raw.endIndex else {
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
            if (0xD800..<0xDC00).contains(high), i + 7 < raw.endIndex, raw[i + 6] == UInt8(ascii: "\\"),
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

// MARK: - Key strategy

/// Turns keys as the JSON spells them into keys as a decoder with a key strategy presents them,
/// by asking such a decoder, so that any strategy is honoured, a custom one too (which sees
/// each key alone, as the last of a short coding path). Each spelling is asked once per feed,
/// and the new spellings of an object all at once.
final class KeyConverter {
    private let probe = JSONDecoder()
    /// Unescaped spelling → the key the decoder presents.
    private var known: [[UInt8]: String] = [:]

    init?(_ strategy: JSONDecoder.KeyDecodingStrategy) {
        if case .useDefaultKeys = strategy { return nil }
        probe.keyDecodingStrategy = strategy
    }

    /// Two keys of one object (as written in the JSON text, escapes and all) that the strategy
    /// makes the same key, and that key; nil when there are none or the keys cannot be read.
    func collision(in rawKeys: [ArraySlice<UInt8>]) -> (String, String, String)? {
        let spellings = rawKeys.map(unescape)
        let new = rawKeys.indices.filter { known[spellings[$0]] == nil }
        if !new.isEmpty {
            // One probe for the object's new keys: an array of one-key objects, so that no two
            // of them can collide inside the probe.
            var json: [UInt8] = [UInt8(ascii: "[")]
            for (n, index) in new.enumerated() {
                json += (n == 0 ? "{\"" : ",{\"").utf8
                json += rawKeys[index]
                json += "\":0}".utf8
            }
            json.append(UInt8(ascii: "]"))
            guard let converted = try? probe.decode([KeyProbe].self, from: Data(json)), converted.count == new.count else {
                return nil
            }
            for (index, probe) in zip(new, converted) {
                guard let key = probe.key else { return nil }
                known[spellings[index]] = key
            }
        }
        var seen: [String: Int] = [:]
        for (index, spelling) in spellings.enumerated() {
            guard let key = known[spelling] else { return nil }
            if let other = seen.updateValue(index, forKey: key) {
                return (String(decoding: spellings[other], as: UTF8.self), String(decoding: spelling, as: UTF8.self), key)
            }
        }
        return nil
    }
}

/// The one key of a one-key object, as the decoder presents it.
struct KeyProbe: Decodable {
    let key: String?

    init(from decoder: any Decoder) throws {
        key = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.first?.stringValue
    }
}
