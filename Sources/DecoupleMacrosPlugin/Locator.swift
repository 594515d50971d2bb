import DecoupleGenerator
import SwiftSyntax

// MARK: - Locator

/// Translates between nodes of the model declaration and positions in its text, which is what the
/// generator reads and reports against, with lines counted by the generator's own line table.
struct Locator {
    let declaration: any DeclGroupSyntax
    /// The declaration's text without its outer trivia.
    let source: String
    private let base: Int
    private let lines: LineTable

    init(declaration: some DeclGroupSyntax) {
        self.declaration = declaration
        source = declaration.trimmedDescription
        base = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        lines = LineTable(source)
    }

    var modelName: String {
        Syntax(declaration).asProtocol(NamedDeclSyntax.self)?.name.text ?? "the type"
    }

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        lines.position(of: node.positionAfterSkippingLeadingTrivia.advanced(by: -base), in: MacroFrontEnd.modelFile)
    }

    /// The innermost node that starts at a position the generator reported.
    func node(at position: SourcePosition?) -> Syntax? {
        guard let position, position.file == MacroFrontEnd.modelFile,
              let offset = lines.offset(line: position.line, column: position.column) else { return nil }
        let target = base + offset
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
