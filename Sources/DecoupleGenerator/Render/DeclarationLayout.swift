import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder

// MARK: - DeclarationLayout

/// Lays out the emitter's declaration text with four-space indentation, as swift-syntax's
/// `BasicFormat` does. Parsing and formatting every adapter was most of the time of a large run,
/// so text whose every line has a shape on which that formatter changes nothing but the
/// indentation is laid out without parsing (``plain(_:)``): each line is indented four spaces per
/// `{` open before it. Any other text is parsed and formatted (``formatted(_:)``).
///
/// The shapes, checked per line, are what the emitter writes for properties and plain methods:
/// a line that opens a block ends in ` {`, a line that closes one is `}` alone, and the rest are
/// names, dotted paths, calls, optionals, arrays and generic arguments, with a space after every
/// `,` and `:` and none before, ` -> `, ` ?? `, key paths `\(…)`, and string literals without
/// escapes. `#if` and `#endif` are allowed at the outermost level only (the formatter does not
/// indent what they guard there). Whatever else a model's source can put into the text (a
/// closure, an operator, a comment, an attribute, a nested `#if`) sends the text to the formatter,
/// and `EmitterLayoutTests` checks that both give the same bytes.
package enum DeclarationLayout {
    /// Set (for a task) to lay out every declaration with the formatter: what tests compare the
    /// plain layout with.
    @TaskLocal package static var alwaysFormats = false

    /// The declaration laid out: plainly when it can be, otherwise by the formatter. The tool
    /// writes the result without parsing it again (the tests parse every committed generated
    /// file and the compiler oracle compiles random ones); the macro parses its extension
    /// before it returns it.
    static func layOut(_ text: String) -> String {
        if !alwaysFormats, let laidOut = plain(text) { return laidOut }
        return formatted(text)
    }

    /// The declaration parsed and formatted by swift-syntax's `BasicFormat`, blank lines dropped.
    package static func formatted(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.allSatisfy(\.isWhitespace) }
        return DeclSyntax(stringLiteral: lines.joined(separator: "\n"))
            .formatted(using: BasicFormat(indentationWidth: .spaces(4))).description
    }

    /// The text laid out without parsing, or `nil` when it needs the formatter.
    package static func plain(_ text: String) -> String? {
        // Lines are split at LF bytes, which is where the characters split too (a LF is a
        // character of its own), at a fraction of the cost. A CR is left to the formatter.
        guard !text.utf8.contains(UInt8(ascii: "\r")) else { return nil }
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / 2)
        var depth = 0
        var first = true
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let line = Substring(bytes)
            if isBlank(line) { continue }
            if !first { result += "\n" }
            first = false
            if line.first == "#" {
                guard depth == 0, line == "#endif" || (line.hasPrefix("#if ") && isPlain(line.dropFirst(4), condition: true)) else { return nil }
                result += line
                continue
            }
            if line == "}" {
                depth -= 1
                guard depth >= 0 else { return nil }
                indent(&result, depth)
                result += line
                continue
            }
            guard isPlain(line, condition: false) else { return nil }
            indent(&result, depth)
            result += line
            if line.utf8.last == UInt8(ascii: "{") && line.utf8.dropLast().last == UInt8(ascii: " ") { depth += 1 }
        }
        return depth == 0 && !first ? result : nil
    }

    /// Whether the line is only whitespace, read from its bytes when they are ASCII.
    private static func isBlank(_ line: Substring) -> Bool {
        var ascii = true
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C: continue
            case 0x80...: ascii = false
            default: return false
            }
        }
        return ascii || line.allSatisfy(\.isWhitespace)
    }

    private static func indent(_ text: inout String, _ depth: Int) {
        for _ in 0..<depth { text += "    " }
    }

    /// Whether the formatter leaves the line as it is (but for its indentation). A condition of
    /// `#if` may also hold ` && `, ` || ` and a prefix `!`.
    private static func isPlain(_ line: Substring, condition: Bool) -> Bool {
        let scalars = Array(line.unicodeScalars)
        guard let firstScalar = scalars.first, let lastScalar = scalars.last, firstScalar != " ", lastScalar != " " else { return false }
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? {
            let position = index + offset
            return position >= 0 && position < scalars.count ? scalars[position] : nil
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\"":
                // A string literal without escapes, interpolations or a second line.
                guard let end = scalars[(index + 1)...].firstIndex(of: "\""),
                      !scalars[(index + 1)..<end].contains("\\") else { return false }
                index = end
            case " ":
                guard let before = at(-1), let after = at(1), before != " ", after != " ",
                      !",:)]>?.".unicodeScalars.contains(after) || (after == "?" && at(2) == "?") || (after == "." && before == "?"),
                      !"([<.\\!".unicodeScalars.contains(before) else { return false }
            case ",", ":":
                guard at(-1) != " ", at(1) == " " else { return false }
            case "{":
                // Only as the end of a line that opens a block.
                guard index == scalars.count - 1, at(-1) == " " else { return false }
            case "-":
                guard at(-1) == " ", at(1) == ">", at(2) == " " else { return false }
                index += 1
            case "?":
                if at(-1) == " " {
                    // ` ?? `
                    guard at(1) == "?", at(2) == " " else { return false }
                    index += 1
                } else if at(1) == "?" {
                    return false
                }
            case "\\":
                guard at(1) == "(" else { return false }
            case "&", "|":
                guard condition, at(-1) == " ", at(1) == scalar, at(2) == " " else { return false }
                index += 1
            case "!":
                guard condition, at(-1).map({ $0 == " " || $0 == "(" }) ?? true,
                      let after = at(1), after == "(" || isIdentifier(after) else { return false }
            case "(", ")", "[", "]", "<", ">", ".", "`", "_":
                if scalar == "." && at(1) == "." { return false }
            default:
                guard isIdentifier(scalar) else { return false }
            }
            index += 1
        }
        return true
    }

    /// A letter, digit or combining mark: part of a name or a number.
    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .nonspacingMark, .spacingMark:
            return true
        default:
            return false
        }
    }
}
