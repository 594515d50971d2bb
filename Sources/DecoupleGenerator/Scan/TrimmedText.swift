import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the leading trivia of its first token and the trailing
    /// trivia of its last: `trimmedDescription`, without the trimmed copy of the tree that it
    /// builds. For trees the parser found no error in.
    var trimmedText: String {
        let text = description.utf8
        let leading = leadingTriviaLength.utf8Length, trailing = trailingTriviaLength.utf8Length
        guard leading + trailing < text.count else { return "" }
        return String(decoding: text.dropFirst(leading).dropLast(trailing), as: UTF8.self)
    }

    /// ``trimmedText`` on one line: the trivia between two tokens (spaces, tabs, line breaks,
    /// comments) is one space where there was any. A type written over several lines is shown,
    /// and written into generated code, as one.
    var oneLineText: String {
        let text = trimmedText
        guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "/" || $0 == "\t" }) else { return text }
        var result = ""
        var space = false
        for token in tokens(viewMode: .sourceAccurate) {
            if !result.isEmpty && (space || !token.leadingTrivia.isEmpty) { result += " " }
            result += token.text
            space = !token.trailingTrivia.isEmpty
        }
        return result
    }
}
