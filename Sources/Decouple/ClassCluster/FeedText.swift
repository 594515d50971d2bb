import Foundation

// MARK: - Encoding

/// A feed's text as UTF-8 bytes, and the encoding it came in: UTF-8, or UTF-16 or UTF-32 (either
/// byte order, with or without a byte order mark), found as `JSONDecoder` finds it.
///
/// A code unit that is no character (a lone surrogate in UTF-16, a surrogate or a number past
/// U+10FFFF in UTF-32, an odd byte at the end) becomes the byte 0xFF, which is no UTF-8 either:
/// like a byte that is not UTF-8 in a UTF-8 feed, it costs the item it is in, not the feed.
struct FeedText {
    let bytes: [UInt8]
    /// "UTF-8", "UTF-16" or "UTF-32", for messages.
    let encoding: String

    init(_ data: Data) {
        let head = Array(data.prefix(4)) + [1, 1, 1, 1]
        let unit: (width: Int, bigEndian: Bool)? = switch (head[0], head[1], head[2], head[3]) {
        case (0, 0, 0xFE, 0xFF), (0, 0, 0, _): (4, true)
        case (0xFF, 0xFE, 0, 0): (4, false)
        case (_, 0, 0, 0) where data.count >= 4: (4, false)
        case (0xFE, 0xFF, _, _), (0, _, _, _): (2, true)
        case (0xFF, 0xFE, _, _), (_, 0, _, _): (2, false)
        default: nil
        }
        guard let unit else {
            bytes = [UInt8](data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data)
            encoding = "UTF-8"
            return
        }
        encoding = unit.width == 2 ? "UTF-16" : "UTF-32"
        bytes = Self.transcode([UInt8](data), width: unit.width, bigEndian: unit.bigEndian)
    }

    /// UTF-16 or UTF-32 code units as UTF-8, leading byte order marks dropped.
    private static func transcode(_ data: [UInt8], width: Int, bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count / width)
        func read(_ offset: Int) -> UInt32 {
            var value: UInt32 = 0
            for n in 0..<width { value |= UInt32(data[offset + n]) << (8 * (bigEndian ? width - 1 - n : n)) }
            return value
        }
        var i = 0
        while i + width <= data.count {
            var value = read(i)
            i += width
            if width == 2, (0xD800..<0xDC00).contains(value), i + 2 <= data.count, case let low = read(i), (0xDC00..<0xE000).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                i += 2
            }
            guard let scalar = Unicode.Scalar(value) else {
                out.append(0xFF)
                continue
            }
            if out.isEmpty, scalar == "\u{FEFF}" { continue }
            UTF8.encode(scalar) { out.append($0) }
        }
        if i < data.count { out.append(0xFF) }
        return out
    }
}

/// The scalar that starts at `offset` of UTF-8 `bytes` and how many bytes it takes; or, where
/// the bytes are not UTF-8, nil and the length of the invalid sequence (its maximal subpart, as
/// Unicode counts it, so that each becomes one U+FFFD as Swift decodes it).
func utf8Scalar(at offset: Int, in bytes: [UInt8]) -> (scalar: Unicode.Scalar?, length: Int) {
    let lead = bytes[offset]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let count: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: count = 2
    case 0xE0: count = 3; low = 0xA0
    case 0xED: count = 3; high = 0x9F
    case 0xE1...0xEF: count = 3
    case 0xF0: count = 4; low = 0x90
    case 0xF4: count = 4; high = 0x8F
    case 0xF1...0xF3: count = 4
    default: return (nil, 1)
    }
    var value = UInt32(lead) & (0x7F >> count)
    for n in 1..<count {
        guard offset + n < bytes.count else { return (nil, n) }
        let byte = bytes[offset + n]
        guard byte >= (n == 1 ? low : 0x80), byte <= (n == 1 ? high : 0xBF) else { return (nil, n) }
        value = value << 6 | UInt32(byte & 0x3F)
    }
    return (Unicode.Scalar(value), count)
}

// MARK: - Position

/// Line and column of a byte offset of the text, for messages, as a person reading the text sees
/// them: a line ends at LF, CR or CRLF, and a column counts the characters (extended grapheme
/// clusters) before it on its line, from 1; a sequence that is no character counts as the U+FFFD
/// Swift decodes it to. The same text has the same positions in UTF-8, UTF-16 and UTF-32.
///
/// Lines are counted as the scan passes their breaks; a column is counted from the last one asked
/// for on its line, so that asking for each item's costs time linear in the text, and none when
/// the scan has passed only ASCII since.
struct Position {
    private(set) var line = 1
    private var lineStart = 0
    /// A character boundary on the line, and how many characters come before it on the line.
    private var mark = 0
    private var marked = 0
    /// The last byte that is not ASCII the scan told of, if any.
    private var lastNonASCII = -1

    /// Tells of a byte that is not ASCII, at an offset the scan passes; the scan must tell of
    /// each, for the columns of the text after it to be counted as characters.
    mutating func passNonASCII(at offset: Int) {
        lastNonASCII = offset
    }

    /// Takes the line break at `offset`, a CR or LF of `bytes`: the LF of a CRLF ends no other line.
    mutating func lineBreak(at offset: Int, in bytes: [UInt8]) {
        if !(bytes[offset] == 0x0A && offset > 0 && bytes[offset - 1] == 0x0D && lineStart == offset) { line += 1 }
        lineStart = offset + 1
        mark = lineStart
        marked = 0
    }

    /// Line and column of the character that holds the byte at `offset`, on the line the scan is
    /// at, no earlier than the last offset asked for.
    mutating func locate(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        // Between two ASCII characters there is always a boundary (a CR ends its line).
        if lastNonASCII < mark, offset >= bytes.count || bytes[offset] < 0x80 {
            marked += offset - mark
            mark = offset
            return (line, marked + 1)
        }
        // The characters from the mark up to and including the scalar at `offset`: the last of
        // them holds it, and starts at a boundary, which becomes the mark.
        var scalars = String.UnicodeScalarView()
        var starts: [Int] = []
        var i = mark
        while i <= offset, i < bytes.count {
            let (scalar, length) = utf8Scalar(at: i, in: bytes)
            scalars.append(scalar ?? "\u{FFFD}")
            starts.append(i)
            i += length
        }
        var count = 0
        var scalar = 0
        var lastStart = mark
        for character in String(scalars) {
            lastStart = starts[scalar]
            scalar += character.unicodeScalars.count
            count += 1
        }
        guard offset < bytes.count else { return (line, marked + count + 1) }
        defer {
            marked += count - 1
            mark = lastStart
        }
        return (line, marked + count)
    }

    /// "line 2, column 7"
    mutating func at(_ offset: Int, in bytes: [UInt8]) -> String {
        let (line, column) = locate(offset, in: bytes)
        return "line \(line), column \(column)"
    }
}
