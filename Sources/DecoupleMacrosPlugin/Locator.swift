import DecoupleGenerator
import SwiftSyntax

// MARK: - Locator

/// Translates between nodes of the model declaration and positions in its text, which is what the
/// generator reads and reports against.
struct Locator {
    let declaration: any DeclGroupSyntax
    /// The declaration's text without its outer trivia.
    let source: String
    private let base: Int
    private let lineStarts: [Int]

    init(declaration: some DeclGroupSyntax) {
        self.declaration = declaration
        source = declaration.trimmedDescription
        base = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    var modelName: String {
        Syntax(declaration).asProtocol(NamedDeclSyntax.self)?.name.text ?? "the type"
    }

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset - base
        let line = (lineStarts.lastIndex { $0 <= offset } ?? 0)
        return SourcePosition(file: MacroFrontEnd.modelFile, line: line + 1, column: offset - lineStarts[line] + 1)
    }

    /// The innermost node that starts at a position the generator reported.
    func node(at position: SourcePosition?) -> Syntax? {
        guard let position, position.file == MacroFrontEnd.modelFile, position.line >= 1, position.line <= lineStarts.count else { return nil }
        let target = base + lineStarts[position.line - 1] + position.column - 1
        guard let token = declaration.tokens(viewMode: .sourceAccurate).first(where: { $0.positionAfterSkippingLeadingTrivia.utf8Offset == target }) else {
            return nil
        }
        // The whole expression or attribute that starts there (`\Protocol.member`, not just `\`).
        var node = Syntax(token)
        while let parent = node.parent, parent.is(ExprSyntax.self) || parent.is(AttributeSyntax.self),
              parent.positionAfterSkippingLeadingTrivia == token.positionAfterSkippingLeadingTrivia {
            node = parent
        }
        return node
    }

    func variable(named name: String) -> VariableDeclSyntax? {
        declaration.memberBlock.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .first { MapsAttribute.memberName(of: $0) == name }
    }
}
