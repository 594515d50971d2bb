// MARK: - Prescan's words

/// What the lexical pass knows of Swift's words and tokens: keywords, accessors, where a `/`
/// is surely a division, and where comments end.
extension Prescan {
    /// Where the comment that starts at `index` (`//` or `/*`) ends: at its line's end, or
    /// just after the `*/` that closes it, nested block comments counted, or at the text's end.
    static func commentEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        var index = index
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            return index
        }
        var level = 1
        index += 2
        while index < bytes.count, level > 0 {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                (level, index) = (level + 1, index + 2)
            } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                (level, index) = (level - 1, index + 2)
            } else {
                index += 1
            }
        }
        return index
    }

    /// Whether the `/` at `index` is surely a division or an operator's name, never the start
    /// of a regular expression literal: after an operand (a name, a number, `)` or `]`, but not
    /// a keyword such as `return`), with a space after it if there is one before it (`a / b`,
    /// `a/b`; `a /b` is where a literal may start), or after `func` or `operator`.
    static func isDivision(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }
        var end = index
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > 0 else { return false }
        let before = bytes[end - 1]
        var word: UnsafeBufferPointer<UInt8>?
        if isASCIIWordByte(before) {
            var start = end - 1
            while start > 0, isASCIIWordByte(bytes[start - 1]) { start -= 1 }
            if start > 0, bytes[start - 1] >= 0x80 || bytes[start - 1] == UInt8(ascii: "#") { return false }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
            // An operator's name (`func /(…)`, `prefix operator /`), never a literal.
            if operatorDeclarers.contains(where: { $0.elementsEqual(name) }) { return true }
            word = name
        }
        let after = index + 1 < bytes.count ? bytes[index + 1] : UInt8(ascii: " ")
        if isSpace(bytes[index - 1]) && !isSpace(after) { return false }
        if before == UInt8(ascii: ")") || before == UInt8(ascii: "]") { return true }
        guard let word else { return false }
        return !operatorKeywords.contains { $0.elementsEqual(word) }
    }

    /// Words after which an expression starts, or that are no operand: Swift's keywords but for
    /// those that are values (`self`, `nil`, `true`…), and contextual ones that may start an
    /// expression. A `/` after them may open a literal.
    static let operatorKeywords = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "import", "init", "inout", "internal", "let",
        "open", "precedencegroup", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "as", "is", "try", "throws", "await", "async", "some",
        "any", "each", "consume", "copy", "discard", "then", "yield", "borrowing", "consuming", "package", "actor", "macro",
        "nonisolated", "isolated", "sending", "unowned", "weak", "lazy", "final", "override", "mutating", "nonmutating",
        "convenience", "required", "dynamic", "indirect", "optional", "prefix", "postfix", "infix", "get", "set",
    ].map { Array($0.utf8) }

    /// The words an operator's name follows.
    static let operatorDeclarers = ["func", "operator"].map { Array($0.utf8) }

    /// What a version control system writes at the start of a conflict's lines.
    static let conflictMarkers = ["<<<<<<<", ">>>>>>>", "=======", "|||||||"].map { Array($0.utf8) }

    /// Whether a curly quote (`‘`, `’`, `“`, `”`) starts at `index`.
    static func isCurlyQuote(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && [0x98, 0x99, 0x9C, 0x9D].contains(bytes[index + 2])
    }

    /// An ASCII letter, digit or `_`.
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Whether the `{` at `open`, after a property's type, opens a list of accessors rather than
    /// an implicit getter: the first thing inside, comments aside, is an accessor's keyword or
    /// modifier, an attribute, a directive, or the closing brace. Anything the pass cannot be
    /// sure of (a byte beyond ASCII, a control character) counts as a list: its text is kept.
    static func opensAccessorList(_ bytes: UnsafeBufferPointer<UInt8>, after open: Int) -> Bool {
        var index = open + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
                index = commentEnd(bytes, at: index)
            case UInt8(ascii: "}"), UInt8(ascii: "@"), UInt8(ascii: "#"):
                return true
            case let first where first >= 0x80 || first < 0x20 || first == 0x7F:
                return true
            case let first where isASCIIWordByte(first):
                var end = index + 1
                while end < bytes.count, isASCIIWordByte(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] >= 0x80 { return true }
                let word = UnsafeBufferPointer(rebasing: bytes[index..<end])
                return isAccessor(word) || accessorModifiers.contains { $0.elementsEqual(word) }
            default:
                return false
            }
        }
        return true
    }

    /// An accessor's keyword: `get`, `set`, `willSet`, `didSet`, `init` and the others Swift has.
    static func isAccessor(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        accessorKeywords.contains { $0.elementsEqual(word) }
    }

    static let accessorKeywords = accessorKeywordSpellings.map { Array($0.utf8) }

    /// Every keyword swift-syntax's parser reads as an accessor's (`BodySkippingTests` checks
    /// the list against the parser's own).
    static let accessorKeywordSpellings = [
        "get", "set", "didSet", "willSet", "unsafeAddress", "addressWithOwner", "addressWithNativeOwner", "unsafeMutableAddress",
        "mutableAddressWithOwner", "mutableAddressWithNativeOwner", "_read", "read", "_modify", "modify", "init", "borrow", "mutate",
    ]

    /// What may come before an accessor's keyword.
    static let accessorModifierSpellings = ["__consuming", "consuming", "borrowing", "mutating", "nonmutating"]
    static let accessorModifiers = accessorModifierSpellings.map { Array($0.utf8) }

    /// A letter, `_`, `$` or a byte of a character beyond ASCII: the start of a word.
    static func startsWord(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func continuesWord(_ byte: UInt8) -> Bool {
        startsWord(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// What a reserved word of a declaration says of the next `{`: a body follows `func`, `init`
    /// and `deinit`, members follow a type's or an extension's keyword; any other declaration's
    /// keyword ends what came before (a protocol's `func f()` has no body). Contextual words
    /// (`open`, `mutating`, `actor` aside) say nothing: a reserved word follows them.
    static func keyword(_ word: UnsafeBufferPointer<UInt8>) -> (pending: Pending?, namesFunction: Bool)? {
        guard word.count >= 2, word.count <= 15 else { return nil }
        for (spelling, pending, namesFunction) in keywords where spelling.count == word.count && spelling.elementsEqual(word) {
            return (pending, namesFunction)
        }
        return nil
    }

    static let keywords: [(spelling: [UInt8], pending: Pending?, namesFunction: Bool)] = [
        ("func", Pending.body(.function), true), ("init", .body(.function), false), ("deinit", .body(.function), false),
        ("struct", .members, false), ("class", .members, false), ("enum", .members, false),
        ("actor", .members, false), ("protocol", .members, false), ("extension", .members, false),
        ("var", .accessors, false), ("let", nil, false), ("subscript", nil, false), ("case", nil, false),
        ("typealias", nil, false), ("associatedtype", nil, false), ("import", nil, false),
        ("operator", nil, false), ("precedencegroup", nil, false), ("static", nil, false),
        ("public", nil, false), ("private", nil, false), ("fileprivate", nil, false), ("internal", nil, false),
        // Statements of top-level code: a `var` before them has no accessors.
        ("if", nil, false), ("guard", nil, false), ("while", nil, false), ("for", nil, false), ("switch", nil, false),
        ("do", nil, false), ("repeat", nil, false), ("defer", nil, false), ("return", nil, false), ("throw", nil, false),
    ].map { (Array($0.0.utf8), $0.1, $0.2) }
}
