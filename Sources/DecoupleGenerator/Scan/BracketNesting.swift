// MARK: - BracketNesting

/// A lexical look at square brackets before a text is parsed: where they nest deeper than the
/// parser can take.
///
/// swift-syntax's parser, like the compiler's, takes time that doubles with each level of `[`
/// nesting in a type past about 20 levels, and its speculative reads of a type do not count the
/// levels it guards elsewhere, so a few hundred overflow the stack (Benchmarks/README.md has the
/// figures).
/// A file nested that deep is refused before it is parsed, at the bracket that goes too deep.
///
/// The scan skips comments (nested block comments too) and string literals, multi-line and raw
/// (`#"…"#`) ones included, but counts brackets inside interpolations, which are code.
package enum BracketNesting {
    /// The most square brackets that may be open at once: deep enough for any real type, and
    /// shallow enough that the slowest form (`let x: [[…Int…]]`) parses at once.
    package static let limit = 16

    /// Why deeper nesting is refused, for messages.
    package static let reason = "square brackets nested more than \(limit) levels deep; Swift's parser takes time that doubles with each level beyond that, so deeper nesting is refused"

    /// The line and column (UTF-8 bytes, from 1) of the first `[` that opens level `limit + 1`,
    /// outside comments and string literals; `nil` when there is none.
    package static func firstTooDeep(in text: String, limit: Int = limit) -> (line: Int, column: Int)? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ scan($0, limit: limit) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { scan($0, limit: limit) }
    }

    /// What the scan is inside: code (top level, or an interpolation with its open parentheses),
    /// or a string literal with its number of `#` and whether it is multi-line.
    private enum Context {
        case code(parentheses: Int)
        case string(hashes: Int, multiline: Bool)
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> (line: Int, column: Int)? {
        let count = bytes.count
        var index = 0
        var line = 1
        var lineStart = 0
        var depth = 0
        var stack: [Context] = [.code(parentheses: 0)]

        func byte(_ offset: Int) -> UInt8? { offset < count ? bytes[offset] : nil }
        /// How many `#` start at `offset`.
        func hashes(at offset: Int) -> Int {
            var end = offset
            while end < count, bytes[end] == UInt8(ascii: "#") { end += 1 }
            return end - offset
        }
        func isTripleQuote(at offset: Int) -> Bool {
            byte(offset) == UInt8(ascii: "\"") && byte(offset + 1) == UInt8(ascii: "\"") && byte(offset + 2) == UInt8(ascii: "\"")
        }

        while index < count {
            let current = bytes[index]
            if current == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                // A single-line string ends at its line, closed or not.
                if case .string(_, false) = stack.last! { stack.removeLast() }
                index += 1
                continue
            }
            switch stack.last! {
            case .code(let parentheses):
                switch current {
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                    while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                    var level = 1
                    index += 2
                    while index < count, level > 0 {
                        if bytes[index] == UInt8(ascii: "\n") {
                            line += 1
                            lineStart = index + 1
                        } else if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                            level += 1
                            index += 1
                        } else if bytes[index] == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                            level -= 1
                            index += 1
                        }
                        index += 1
                    }
                    continue
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    let opening = hashes(at: index)
                    guard byte(index + opening) == UInt8(ascii: "\"") else {
                        index += max(opening, 1)
                        continue
                    }
                    let multiline = isTripleQuote(at: index + opening)
                    stack.append(.string(hashes: opening, multiline: multiline))
                    index += opening + (multiline ? 3 : 1)
                    continue
                case UInt8(ascii: "["):
                    depth += 1
                    if depth > limit { return (line, index - lineStart + 1) }
                case UInt8(ascii: "]"):
                    depth = max(depth - 1, 0)
                case UInt8(ascii: "(") where stack.count > 1:
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                case UInt8(ascii: ")") where stack.count > 1:
                    if parentheses == 0 {
                        stack.removeLast()  // the end of an interpolation
                    } else {
                        stack[stack.count - 1] = .code(parentheses: parentheses - 1)
                    }
                default:
                    break
                }
                index += 1
            case .string(let hashCount, let multiline):
                if current == UInt8(ascii: "\\"), hashes(at: index + 1) >= hashCount {
                    let next = index + 1 + hashCount
                    if byte(next) == UInt8(ascii: "(") {
                        stack.append(.code(parentheses: 0))
                        index = next + 1
                    } else {
                        // An escape: the character after it is not the string's end.
                        index = next + (byte(next) == UInt8(ascii: "\n") ? 0 : 1)
                    }
                    continue
                }
                if current == UInt8(ascii: "\""), !multiline || isTripleQuote(at: index) {
                    let quotes = multiline ? 3 : 1
                    if hashes(at: index + quotes) >= hashCount {
                        stack.removeLast()
                        index += quotes + hashCount
                        continue
                    }
                }
                index += 1
            }
        }
        return nil
    }
}
