import Foundation

// MARK: - QualifiedName

/// A type or protocol name as Swift source writes it, read once so that names are compared by
/// what they name rather than by how they are spelled.
///
/// `Decouple.TitledContent` and `TitledContent` are the same protocol, `Swift.String` and `String`
/// the same type, `` `class` `` is the identifier `class`, and whitespace never matters:
///
/// ```swift
/// QualifiedName("Swift.Array<Swift.String>") == QualifiedName("Array< String >")   // true
/// QualifiedName("API.User").components                                               // ["API", "User"]
/// QualifiedName("API.User").matches(QualifiedName("User"))                           // true
/// ```
///
/// Every place that compares names or strips a module prefix or backticks goes through here.
package struct QualifiedName: Hashable, Sendable, CustomStringConvertible {
    /// The modules whose prefix is dropped: the standard library's and this library's. Generated
    /// code spells their names in full anyway, and users write them either way.
    static let knownModules: Set<String> = ["Swift", "Decouple"]
    /// Member names Swift reads as a metatype after a type, backquotes or not (`Model.Type`,
    /// `\P.Type`): generated code cannot name a member so called.
    static let metatypeNames: Set<String> = ["Type", "Protocol"]

    /// The name as written, without surrounding whitespace; what messages show.
    package let written: String
    /// One spelling for every way of writing the name: no whitespace except between two words
    /// (`any P`), no backticks, no `Swift.` or `Decouple.` in front of any name in it.
    package let canonical: String
    /// The dotted path at the top level, without backticks or a known module:
    /// `["API", "User"]` for `API.User`, `["Array"]` for `Swift.Array<Int>`. Empty when the
    /// type is not a path (`[String]`, `(Int) -> Void`, `any P`).
    package let components: [String]

    package init(_ text: String) {
        // Most names are one plain ASCII identifier (`String`, `User`), which reads as itself:
        // the cache reads thousands of them per run.
        if !text.isEmpty, text.utf8.allSatisfy(Self.isPlainIdentifierByte) {
            (written, canonical, components) = (text, text, [text])
            return
        }
        // So are most qualified names (`Post.Kind`): plain identifiers joined by dots, less a
        // known module in front, as the general reading below drops it.
        if text.utf8.allSatisfy({ Self.isPlainIdentifierByte($0) || $0 == UInt8(ascii: ".") }) {
            var path = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if !path.contains(where: \.isEmpty) {
                if path.count > 1, Self.knownModules.contains(path[0]) { path.removeFirst() }
                (written, canonical, components) = (text, path.joined(separator: "."), path)
                return
            }
        }
        let trimmed = text.first?.isWhitespace == true || text.last?.isWhitespace == true
        written = trimmed ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        let tokens = Self.tokens(of: text)
        var kept: [Token] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            // `Swift.` or `Decouple.` at the start of a path, not a member that happens to be named so.
            if case let .word(word) = tokens[index], Self.knownModules.contains(word),
               index + 1 < tokens.endIndex, tokens[index + 1] == .symbol("."),
               index == tokens.startIndex || tokens[index - 1] != .symbol(".") {
                index += 2
                continue
            }
            kept.append(tokens[index])
            index += 1
        }
        canonical = Self.spell(kept)
        components = Self.path(of: kept)
    }

    /// The type as written with each name that starts a path (not a member, after a `.`)
    /// replaced by `replace`: `[String: Int]` to `[Swift.String: Swift.Int]`.
    static func replacingNames(in type: String, _ replace: (String) -> String) -> String {
        var result = ""
        var word = ""
        var previous: Character?
        func flush() {
            result += previous == "." ? word : replace(word)
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty { flush() }
            result.append(character)
            previous = character
        }
        if !word.isEmpty { flush() }
        return result
    }

    /// Whether a type as written names `module` at the start of a path (`Decouple.ImageName`,
    /// `[Decouple.ImageName]`), not a member of that name (`Outer.Decouple.X`).
    package static func names(module: String, in type: String) -> Bool {
        guard type.contains(module + ".") else { return false }
        let tokens = tokens(of: type)
        return tokens.indices.contains { index in
            tokens[index] == .word(module) && index + 1 < tokens.count && tokens[index + 1] == .symbol(".")
                && (index == 0 || tokens[index - 1] != .symbol("."))
        }
    }

    /// The last component (`User` for `API.User`), or the canonical spelling of a type that is
    /// not a path.
    package var last: String { components.last ?? canonical }

    package var description: String { written }

    /// Whether both names can name the same declaration: equal, or one written with fewer
    /// enclosing names than the other (`API.User` and `User`, `Decouple.TitledContent` and
    /// `TitledContent`), but not `A.User` and `B.User`.
    package func matches(_ other: QualifiedName) -> Bool {
        if self == other { return true }
        guard !components.isEmpty, !other.components.isEmpty else { return false }
        let (short, long) = components.count <= other.components.count ? (components, other.components) : (other.components, components)
        return long.suffix(short.count).elementsEqual(short) { $0.isSameIdentifier(as: $1) }
    }

    /// The same name to the compiler: the same canonical spelling, Unicode scalar for scalar
    /// (`String`'s `==` would also accept a canonically equivalent spelling, which names another
    /// type). Hashing stays `String`'s, which scalar-equal names share.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.canonical.isSameIdentifier(as: rhs.canonical)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }

    /// An identifier without the backticks that let it be a keyword: `` `class` `` → `class`.
    package static func unescaped(_ identifier: String) -> String {
        identifier.count >= 2 && identifier.hasPrefix("`") && identifier.hasSuffix("`") ? String(identifier.dropFirst().dropLast()) : identifier
    }

    // MARK: Reading

    private enum Token: Equatable {
        /// An identifier or keyword, without backticks.
        case word(String)
        /// Punctuation: `.`, `<`, `->`, `...`, `[`, and so on.
        case symbol(String)
    }

    private static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "`" {
                let start = text.index(after: index)
                let end = text[start...].firstIndex(of: "`") ?? text.endIndex
                tokens.append(.word(String(text[start..<end])))
                index = end < text.endIndex ? text.index(after: end) : end
            } else if isIdentifierCharacter(character) {
                let end = text[index...].firstIndex { !isIdentifierCharacter($0) } ?? text.endIndex
                tokens.append(.word(String(text[index..<end])))
                index = end
            } else {
                let symbol = ["->", "..."].first { text[index...].hasPrefix($0) } ?? String(character)
                tokens.append(.symbol(symbol))
                index = text.index(index, offsetBy: symbol.count)
            }
        }
        return tokens
    }

    /// An ASCII letter, digit or `_`: a byte of a name Swift reads without backticks.
    static func isPlainIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    private static func spell(_ tokens: [Token]) -> String {
        var result = ""
        var previousWasWord = false
        for token in tokens {
            switch token {
            case let .word(word):
                if previousWasWord { result += " " }
                result += word
                previousWasWord = true
            case let .symbol(symbol):
                result += symbol
                previousWasWord = false
            }
        }
        return result
    }

    /// The words of a top-level `A.B<…>.C` path; empty for anything else.
    private static func path(of tokens: [Token]) -> [String] {
        var components: [String] = []
        var depth = 0
        var expectsWord = true
        for token in tokens {
            switch token {
            case let .word(word) where depth == 0:
                guard expectsWord else { return [] }
                components.append(word)
                expectsWord = false
            case .symbol("<"):
                guard depth > 0 || !expectsWord else { return [] }
                depth += 1
            case .symbol(">") where depth > 0:
                depth -= 1
            case .symbol(".") where depth == 0:
                guard !expectsWord else { return [] }
                expectsWord = true
            case _ where depth > 0:
                continue
            default:
                return []
            }
        }
        return depth == 0 && !expectsWord ? components : []
    }
}

extension QualifiedName: Codable {
    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(written)
    }
}
