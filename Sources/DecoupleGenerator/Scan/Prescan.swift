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
    enum Pending: Equatable {
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
        func doubt() {
            if inBody { bodyDoubted = true } else { fileDoubted = true }
        }

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
                    if string < stack.count - 1 { doubt() }
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
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/") || byte(index + 1) == UInt8(ascii: "*"):
                    // A comment; a block comment's lines still count.
                    let end = Self.commentEnd(bytes, at: index)
                    while index < end {
                        if bytes[index] == UInt8(ascii: "\n") || (bytes[index] == UInt8(ascii: "\r") && byte(index + 1) != UInt8(ascii: "\n")) {
                            line += 1
                            lineStart = index + 1
                        }
                        index += 1
                    }
                    continue
                case UInt8(ascii: "/"):
                    // Division, or else perhaps a regular expression literal.
                    if !Self.isDivision(bytes, at: index) { doubt() }
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    let opening = hashes(at: index)
                    guard byte(index + opening) == UInt8(ascii: "\"") else {
                        // `#/…/#`: a regular expression literal.
                        if byte(index + opening) == UInt8(ascii: "/") { doubt() }
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
                    doubt()
                case UInt8(ascii: "<") where byte(index + 1) == UInt8(ascii: "#"):
                    // An editor placeholder (`<#name#>`), likewise.
                    doubt()
                case let other where other >= 0x80 && (inBody || Self.isCurlyQuote(bytes, at: index)):
                    // Beyond ASCII in a body's code: an operator, a no-break space, a curly
                    // quote that Swift reads as a string's, with an error.
                    doubt()
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
                        doubt()
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
}
