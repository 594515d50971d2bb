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
/// Read by the lexical pass before the parse (``Prescan``), which skips comments and string
/// literals but counts brackets inside interpolations, which are code.
package enum BracketNesting {
    /// The most square brackets that may be open at once: deep enough for any real type, and
    /// shallow enough that the slowest form (`let x: [[…Int…]]`) parses at once.
    package static let limit = 16

    /// Why deeper nesting is refused, for messages.
    package static let reason = "square brackets nested more than \(limit) levels deep; Swift's parser takes time that doubles with each level beyond that, so deeper nesting is refused"

    /// The line and column (UTF-8 bytes, from 1) of the first `[` that opens level `limit + 1`,
    /// outside comments and string literals; `nil` when there is none.
    package static func firstTooDeep(in text: String, limit: Int = limit) -> (line: Int, column: Int)? {
        Prescan(text, nestingLimit: limit).firstTooDeep
    }
}
