// MARK: - Prescan

/// One lexical pass over a file's bytes before it is parsed, for what the parse should know
/// first:
/// - where square brackets nest deeper than the parser can take (``BracketNesting``): the
///   pass stops there, and the file is refused unparsed;
/// - where the bodies are that the scan never reads (of functions, initializers,
///   deinitializers and accessors, and computed properties' getters): ``SourceScanner`` parses
///   the file without what is inside them (most of an app's code, and most of the parser's
///   time) and checks each against the tree it gets.
///
/// The pass skips comments (nested block comments too) and string literals, multi-line and raw
/// (`#"…"#`, and `#"""#` on one line, as Swift's lexer reads it) ones included, but reads
/// interpolations, which are code. It does not read regular expression literals: wherever a
/// `/` may open one (`= /a"b/`, `return /x/`, `#/…/#`), what follows could be misread, so a
/// body holding one is parsed whole, and one outside the bodies leaves the whole file to the
/// parser. The scan also checks each body it takes out against the tree it gets.
///
/// A body is found only where the pass can tell declarations apart: at the top level, directly
/// in the braces of a type or an extension, or in a property's list of accessors. One in a
/// closure, a subscript or another body is inside braces it does not take apart, and is left to
/// the parser with them.
struct Prescan {
    /// The line and column (UTF-8 bytes, from 1) of the first `[` that opens level
    /// `nestingLimit + 1`, outside comments and string literals; `nil` when there is none.
    private(set) var firstTooDeep: (line: Int, column: Int)?
    /// Each body found, in order.
    private(set) var bodies: [Body] = []

    /// A body the scan never reads: from the UTF-8 offset of its `{` to just after its `}`, and
    /// what it is the body of, which the scan checks in the tree it gets.
    struct Body {
        enum Kind: Equatable {
            /// Of a function, an initializer or a deinitializer.
            case function
            /// Of an accessor: `get { … }`, `didSet { … }`.
            case accessor
            /// A computed property's implicit getter: `var x: Int { … }`.
            case getter
        }

        var range: Range<Int>
        var kind: Kind
    }

    init(_ text: String, nestingLimit: Int = BracketNesting.limit) {
        var text = text
        self = text.withUTF8 { Prescan(bytes: $0, nestingLimit: nestingLimit) }
    }

    /// What the pass is inside: code (top level, or an interpolation with its open
    /// parentheses), or a string literal with its number of `#` and whether it is multi-line.
    private enum Context {
        case code(parentheses: Int)
        case string(hashes: Int, multiline: Bool)
    }

    /// What an open `{` is: the braces of a type or an extension, a property's list of
    /// accessors (`{ get set }`, `{ didSet { … } }`), a body that is never read (a function's,
    /// an accessor's, or a computed property's implicit getter, from the offset of its `{`), or
    /// anything else.
    private enum Brace {
        case members
        case accessors
        case body(open: Int, kind: Body.Kind)
        case other

        /// Whether the pass reads the words inside: in a type's braces and in a list of accessors.
        var isRead: Bool {
            switch self {
            case .members, .accessors: true
            case .body, .other: false
            }
        }
    }

    /// What the words read since the last declaration promise for the next `{`.
    private enum Pending: Equatable {
        /// `func`, `init` or `deinit`, or an accessor's keyword: its body.
        case body(Body.Kind)
        /// `struct`, `class`, `enum`, `actor`, `protocol`, `extension`: its members.
        case members
        /// `var` (and no `=` yet): its implicit getter, or a list of accessors.
        case accessors
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, nestingLimit: Int) {
        let count = bytes.count
        var index = 0
        var line = 1
        var lineStart = 0
        var depth = 0
        var stack: [Context] = [.code(parentheses: 0)]
        // The braces open, each with the parentheses and brackets open before it and what was
        // pending there: a closure in a parameter's default (`g: () -> Void = { }`) comes
        // between a function's keyword and its body.
        var braces: [(brace: Brace, groups: Int, pending: Pending?)] = []
        // Braces open that are not a type's or an extension's: inside them nothing is read
        // but where they end.
        var opaque = 0
        // Parentheses and square brackets open since the innermost `{`.
        var groups = 0
        var pending: Pending?
        // The word after `func` names the function, whatever it says (`func open()`).
        var namesFunction = false
        // The last byte of code read that is not a space: a word after `.`, `@`, `#` or `\`
        // is a member, an attribute, a directive or a key path, never a declaration's keyword.
        var previous: UInt8 = 0
        // Where a regular expression literal may be: in the body open (which is then parsed
        // whole), or outside any body (and then every body of the file is).
        var bodyDoubted = false
        var fileDoubted = false
        var inBody = false

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

        if count >= 7, Self.conflictMarkers.contains(where: { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[0..<7])) }) {
            fileDoubted = true
        }
        while index < count {
            let current = bytes[index]
            if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") {
                // A line ends at `\n`, `\r` or `\r\n`, as Swift's lexer reads it.
                index += current == UInt8(ascii: "\r") && byte(index + 1) == UInt8(ascii: "\n") ? 2 : 1
                line += 1
                lineStart = index
                // A single-line string ends at its line, closed or not, with any interpolation
                // open in it (an error, as Swift's lexer reads it).
                if let string = stack.lastIndex(where: { if case .string(_, false) = $0 { true } else { false } }) {
                    if string < stack.count - 1 {
                        if inBody { bodyDoubted = true } else { fileDoubted = true }
                    }
                    stack.removeSubrange(string...)
                }
                // A version control system's conflict marker: Swift's lexer reads the lines
                // it marks its own way.
                if index + 7 <= count, Self.conflictMarkers.contains(where: { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[index..<(index + 7)])) }) {
                    fileDoubted = true
                }
                continue
            }
            switch stack.last! {
            case .code(let parentheses):
                switch current {
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                    while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                    continue
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                    var level = 1
                    index += 2
                    while index < count, level > 0 {
                        if bytes[index] == UInt8(ascii: "\n") || (bytes[index] == UInt8(ascii: "\r") && byte(index + 1) != UInt8(ascii: "\n")) {
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
                case UInt8(ascii: "/"):
                    // Division, or else perhaps a regular expression literal.
                    if !Self.isDivision(bytes, at: index) {
                        if inBody { bodyDoubted = true } else { fileDoubted = true }
                    }
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    let opening = hashes(at: index)
                    guard byte(index + opening) == UInt8(ascii: "\"") else {
                        // `#/…/#`: a regular expression literal.
                        if byte(index + opening) == UInt8(ascii: "/") {
                            if inBody { bodyDoubted = true } else { fileDoubted = true }
                        }
                        // A directive (`#if`), a macro or a `#selector`: no declaration's
                        // keyword is still waiting for its braces.
                        if opaque == 0, groups == 0 { pending = nil }
                        previous = current
                        index += max(opening, 1)
                        continue
                    }
                    var multiline = isTripleQuote(at: index + opening)
                    if multiline, opening > 0 {
                        // `#"""#`, or `#"""a"#` on one line: one quote, then the text of a
                        // string on one line.
                        var ahead = index + opening + 3
                        if hashes(at: ahead) >= opening {
                            multiline = false
                        } else {
                            while ahead < count, bytes[ahead] != UInt8(ascii: "\n"), bytes[ahead] != UInt8(ascii: "\r") {
                                if bytes[ahead] == UInt8(ascii: "\""), hashes(at: ahead + 1) >= opening {
                                    multiline = false
                                    break
                                }
                                ahead += 1
                            }
                        }
                    }
                    stack.append(.string(hashes: opening, multiline: multiline))
                    previous = UInt8(ascii: "\"")
                    index += opening + (multiline ? 3 : 1)
                    continue
                case UInt8(ascii: "["):
                    depth += 1
                    if depth > nestingLimit {
                        firstTooDeep = (line, index - lineStart + 1)
                        return
                    }
                    groups += 1
                case UInt8(ascii: "]"):
                    depth = max(depth - 1, 0)
                    groups = max(groups - 1, 0)
                case UInt8(ascii: "(") where stack.count > 1:
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                    groups += 1
                case UInt8(ascii: ")") where stack.count > 1:
                    if parentheses == 0 {
                        stack.removeLast()  // the end of an interpolation
                    } else {
                        stack[stack.count - 1] = .code(parentheses: parentheses - 1)
                        groups = max(groups - 1, 0)
                    }
                case UInt8(ascii: "("):
                    groups += 1
                case UInt8(ascii: ")"):
                    groups = max(groups - 1, 0)
                case UInt8(ascii: "{"):
                    let brace: Brace = switch (opaque == 0 && groups == 0 ? pending : nil) {
                    case .body(let kind)?: .body(open: index, kind: kind)
                    case .members?: .members
                    case .accessors?: Self.opensAccessorList(bytes, after: index) ? .accessors : .body(open: index, kind: .getter)
                    case nil: .other
                    }
                    if !brace.isRead { opaque += 1 }
                    if case .body = brace { (inBody, bodyDoubted) = (true, false) }
                    braces.append((brace, groups, pending))
                    (groups, pending, namesFunction) = (0, nil, false)
                case UInt8(ascii: "}"):
                    if let (brace, enclosingGroups, enclosingPending) = braces.popLast() {
                        groups = enclosingGroups
                        switch brace {
                        case .members, .accessors: pending = nil
                        case .body(let open, let kind):
                            opaque -= 1
                            if !bodyDoubted { bodies.append(Body(range: open..<(index + 1), kind: kind)) }
                            (inBody, pending) = (false, nil)
                        case .other:
                            opaque -= 1
                            pending = enclosingPending
                        }
                    }
                case UInt8(ascii: "'"):
                    // A single quote: text Swift's lexer reads its own way, with an error.
                    if inBody { bodyDoubted = true } else { fileDoubted = true }
                case UInt8(ascii: "<") where byte(index + 1) == UInt8(ascii: "#"):
                    // An editor placeholder (`<#name#>`), likewise.
                    if inBody { bodyDoubted = true } else { fileDoubted = true }
                case let other where other >= 0x80 && (inBody || Self.isCurlyQuote(bytes, at: index)):
                    // Beyond ASCII in a body's code: an operator, a no-break space, a curly
                    // quote that Swift reads as a string's, with an error.
                    if inBody { bodyDoubted = true } else { fileDoubted = true }
                case UInt8(ascii: ";") where opaque == 0 && groups == 0:
                    pending = nil
                case UInt8(ascii: "=") where opaque == 0 && groups == 0:
                    // `var x = 0 { didSet … }`: what follows is an initial value.
                    if pending == .accessors { pending = nil }
                case UInt8(ascii: "`"):
                    // A name in backquotes (`` `init` ``) is a name, never a keyword. A
                    // backquote alone on its line is a token of its own, with an error.
                    var end = index + 1
                    while end < count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
                    namesFunction = false
                    previous = current
                    if end < count, bytes[end] == UInt8(ascii: "`") {
                        index = end + 1
                    } else {
                        if inBody { bodyDoubted = true } else { fileDoubted = true }
                        index += 1
                    }
                    continue
                default:
                    if opaque == 0, Self.startsWord(current), index == 0 || !Self.continuesWord(bytes[index - 1]) {
                        var end = index + 1
                        while end < count, Self.continuesWord(bytes[end]) { end += 1 }
                        let word = UnsafeBufferPointer(rebasing: bytes[index..<end])
                        if groups == 0, case .accessors? = braces.last?.brace, Self.isAccessor(word) {
                            // `get`, `set(newValue)`, `didSet`, `init`: a body may follow.
                            (pending, namesFunction) = (.body(.accessor), false)
                        } else if groups == 0, !namesFunction, previous != UInt8(ascii: "."), previous != UInt8(ascii: "@"),
                           previous != UInt8(ascii: "#"), previous != UInt8(ascii: "\\"),
                           let keyword = Self.keyword(word) {
                            pending = keyword.pending
                            namesFunction = keyword.namesFunction
                        } else {
                            namesFunction = false
                        }
                        previous = bytes[end - 1]
                        index = end
                        continue
                    }
                }
                if current != UInt8(ascii: " ") && current != UInt8(ascii: "\t") {
                    // An operator's name (`func -()`) is no word: what follows is not the name.
                    (previous, namesFunction) = (current, false)
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
                        index = next + (byte(next) == UInt8(ascii: "\n") || byte(next) == UInt8(ascii: "\r") ? 0 : 1)
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
        if fileDoubted { bodies = [] }
    }

    /// Whether the `/` at `index` is surely a division or an operator's name, never the start
    /// of a regular expression literal: after an operand (a name, a number, `)` or `]`, but not
    /// a keyword such as `return`), with a space after it if there is one before it (`a / b`,
    /// `a/b`; `a /b` is where a literal may start), or after `func` or `operator`.
    private static func isDivision(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
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
    private static let operatorKeywords = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "import", "init", "inout", "internal", "let",
        "open", "precedencegroup", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "as", "is", "try", "throws", "await", "async", "some",
        "any", "each", "consume", "copy", "discard", "then", "yield", "borrowing", "consuming", "package", "actor", "macro",
        "nonisolated", "isolated", "sending", "unowned", "weak", "lazy", "final", "override", "mutating", "nonmutating",
        "convenience", "required", "dynamic", "indirect", "optional", "prefix", "postfix", "infix", "get", "set",
    ].map { Array($0.utf8) }

    /// The words an operator's name follows.
    private static let operatorDeclarers = ["func", "operator"].map { Array($0.utf8) }

    /// What a version control system writes at the start of a conflict's lines.
    private static let conflictMarkers = ["<<<<<<<", ">>>>>>>", "=======", "|||||||"].map { Array($0.utf8) }

    /// Whether a curly quote (`‘`, `’`, `“`, `”`) starts at `index`.
    private static func isCurlyQuote(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && [0x98, 0x99, 0x9C, 0x9D].contains(bytes[index + 2])
    }

    /// An ASCII letter, digit or `_`.
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Whether the `{` at `open`, after a property's type, opens a list of accessors rather than
    /// an implicit getter: the first thing inside, comments aside, is an accessor's keyword or
    /// modifier, an attribute, a directive, or the closing brace. Anything the pass cannot be
    /// sure of (a byte beyond ASCII, a control character) counts as a list: its text is kept.
    private static func opensAccessorList(_ bytes: UnsafeBufferPointer<UInt8>, after open: Int) -> Bool {
        var index = open + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
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
    private static func isAccessor(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        accessorKeywords.contains { $0.elementsEqual(word) }
    }

    private static let accessorKeywords = accessorKeywordSpellings.map { Array($0.utf8) }

    /// Every keyword swift-syntax's parser reads as an accessor's (`BodySkippingTests` checks
    /// the list against the parser's own).
    static let accessorKeywordSpellings = [
        "get", "set", "didSet", "willSet", "unsafeAddress", "addressWithOwner", "addressWithNativeOwner", "unsafeMutableAddress",
        "mutableAddressWithOwner", "mutableAddressWithNativeOwner", "_read", "read", "_modify", "modify", "init", "borrow", "mutate",
    ]

    /// What may come before an accessor's keyword.
    static let accessorModifierSpellings = ["__consuming", "consuming", "borrowing", "mutating", "nonmutating"]
    private static let accessorModifiers = accessorModifierSpellings.map { Array($0.utf8) }

    /// A letter, `_`, `$` or a byte of a character beyond ASCII: the start of a word.
    private static func startsWord(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func continuesWord(_ byte: UInt8) -> Bool {
        startsWord(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// What a reserved word of a declaration says of the next `{`: a body follows `func`, `init`
    /// and `deinit`, members follow a type's or an extension's keyword; any other declaration's
    /// keyword ends what came before (a protocol's `func f()` has no body). Contextual words
    /// (`open`, `mutating`, `actor` aside) say nothing: a reserved word follows them.
    private static func keyword(_ word: UnsafeBufferPointer<UInt8>) -> (pending: Pending?, namesFunction: Bool)? {
        guard word.count >= 2, word.count <= 15 else { return nil }
        for (spelling, pending, namesFunction) in keywords where spelling.count == word.count && spelling.elementsEqual(word) {
            return (pending, namesFunction)
        }
        return nil
    }

    private static let keywords: [(spelling: [UInt8], pending: Pending?, namesFunction: Bool)] = [
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
