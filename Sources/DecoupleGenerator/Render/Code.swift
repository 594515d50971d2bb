// MARK: - Code

/// Generated code as the styles build it and the renderer writes it: lines, blocks and `#if`
/// groups. Styles hand the renderer this structure, never text to lay out; the renderer
/// indents each block's body four spaces and writes `#if`, what it guards and `#endif` at the
/// level of the code around it, which is how swift-syntax's `BasicFormat` lays code out.
///
/// Nothing is parsed to lay code out. The parts of a line that come from the sources (a type,
/// a default, a condition, a generic clause) are spaced as `BasicFormat` spaces them when they
/// are scanned (`writtenText`), and the lines the styles write around them are spaced so
/// already. Only the forwarding proxy's member table keeps each reader's closure on one line,
/// where the formatter would break it over three.
package indirect enum Code: Equatable, Sendable {
    /// One line, as written; the empty line is blank.
    case line(String)
    /// `open`, the body one level in, then `close` at the level of `open`.
    case block(open: String, body: [Code], close: String)
    /// `#if` the conditions (all of which must hold), the body, `#endif`.
    case conditional([Condition], [Code])

    /// `header {`, the body one level in, `}`.
    package static func block(_ header: String, _ body: [Code]) -> Code {
        .block(open: header + " {", body: body, close: "}")
    }

    /// The code under `#if` conditions, all of which must hold; the code itself when there are none.
    package static func guarded(_ code: [Code], by conditions: [Condition]) -> [Code] {
        conditions.isEmpty ? code : [.conditional(conditions, code)]
    }

    /// The code as text: its lines, each indented four spaces per block it is in, without a
    /// line break after the last.
    package static func text(of code: [Code]) -> String {
        var text = ""
        write(code, depth: 0, into: &text)
        if !text.isEmpty { text.removeLast() }
        return text
    }

    private static func write(_ code: [Code], depth: Int, into text: inout String) {
        for item in code {
            switch item {
            case let .line(line):
                if !line.isEmpty { indent(&text, depth) }
                text += line
                text += "\n"
            case let .block(open, body, close):
                write([.line(open)], depth: depth, into: &text)
                write(body, depth: depth + 1, into: &text)
                write([.line(close)], depth: depth, into: &text)
            case let .conditional(conditions, body):
                write([.line("#if \(Condition.conjunction(conditions))")], depth: depth, into: &text)
                write(body, depth: depth, into: &text)
                write([.line("#endif")], depth: depth, into: &text)
            }
        }
    }

    private static func indent(_ text: inout String, _ depth: Int) {
        for _ in 0..<depth { text += "    " }
    }
}
