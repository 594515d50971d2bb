import SwiftBasicFormat
import SwiftSyntax

extension SyntaxProtocol {
    /// ``oneLineText`` spaced as swift-syntax's `BasicFormat` spaces it: `[String: Int]` for
    /// `[String:Int]`, `(Int) -> Void` for `(Int)->Void`, `os(iOS) && DEBUG` for
    /// `os(iOS)&&DEBUG`, `[Int]` for `[ Int /* ids */ ]`. How text read from the sources (a type, a generic clause, a default, a
    /// condition) is written into generated code, where the renderer lays out lines without
    /// parsing them (``Code``). Text the formatter would leave as it is, nearly all of it, is
    /// not formatted (``FormatterSpacing``).
    var writtenText: String { written.text }

    /// ``writtenText``, and the syntax it is the one-line text of: the node itself when it is
    /// spaced as the formatter spaces it, otherwise a formatted copy.
    var written: (text: String, node: Syntax) {
        let text = oneLineText
        // A name or a dotted path, nearly every type, is read from its bytes.
        if text.utf8.allSatisfy({ QualifiedName.isPlainIdentifierByte($0) || $0 == UInt8(ascii: ".") }) { return (text, Syntax(self)) }
        if FormatterSpacing.isPlain(Substring(text), condition: true) { return (text, Syntax(self)) }
        // Spaced from its tokens alone: the source's spaces, tabs, line breaks and comments
        // between them are dropped, and the formatter writes the spaces Swift needs. A
        // multi-line string literal keeps its lines.
        let tokens = self.tokens(viewMode: .sourceAccurate)
        let bare = tokens.contains { $0.tokenKind == .multilineStringQuote } ? Syntax(self) : TriviaRemover().rewrite(Syntax(self))
        let formatted = bare.formatted(using: BasicFormat(indentationWidth: .spaces(4)))
        return (formatted.oneLineText, formatted)
    }
}

/// Drops every token's trivia.
private final class TriviaRemover: SyntaxRewriter {
    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        token.with(\.leadingTrivia, []).with(\.trailingTrivia, [])
    }
}

// MARK: - FormatterSpacing

/// Which text swift-syntax's `BasicFormat` leaves as it is: a line whose every space is one it
/// would write, and whose every token needs no space it would add.
///
/// The shapes are names, dotted paths, calls, optionals, arrays and generic arguments, with a
/// space after every `,` and `:` and none before, ` -> `, ` ?? `, key paths `\(…)`, string
/// literals without escapes, a block's opening ` {` at the end, and, in a condition, ` && `,
/// ` || ` and a prefix `!`. Anything else (a closure, an operator, a comment, an attribute) is
/// left to the formatter; `WrittenTextTests` checks that the formatter changes nothing in text
/// this accepts.
package enum FormatterSpacing {
    /// Whether the formatter leaves the line as it is (but for its indentation). A condition of
    /// `#if` may also hold ` && `, ` || ` and a prefix `!`.
    package static func isPlain(_ line: Substring, condition: Bool) -> Bool {
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
            case "@":
                // An attribute of a type, `@escaping (Int) -> Void`: its name, then a space.
                guard at(-1).map({ $0 == " " || $0 == "(" }) ?? true, let first = at(1), isIdentifier(first),
                      !("0"..."9").contains(first) else { return false }
                var end = index + 1
                while end < scalars.count, isIdentifier(scalars[end]) || scalars[end] == "_" { end += 1 }
                guard end < scalars.count, scalars[end] == " " else { return false }
                index = end - 1
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
