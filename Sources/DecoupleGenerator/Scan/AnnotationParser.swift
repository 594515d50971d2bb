import SwiftParser
import SwiftSyntax

// MARK: - AnnotationParser

/// Parses the text after `decouple:` in a comment. The annotation is a Swift expression, so it
/// reads like the conformance it asks for:
///
/// ```swift
/// // decouple: TitledContent(title: name, subtitle: age)
/// // decouple: TitledContent(subtitle: bio ?? "-")     // `title` matched by name
/// // decouple: NamedImageContent                      // every requirement matched by name
/// ```
package enum AnnotationParser {
    package static func parse(_ text: String, origin: SourcePosition) -> Result<Annotation, Diagnostic> {
        // A comment is not scanned with the file's code: its brackets are checked here.
        if let (line, column) = BracketNesting.firstTooDeep(in: text) {
            return .failure(Diagnostic(
                BracketNesting.reason,
                rule: .nestingTooDeep, at: SourcePosition(file: origin.file, line: origin.line + line - 1, column: line == 1 ? origin.column + column - 1 : column)))
        }
        let tree = Parser.parse(source: text)
        guard tree.statements.count == 1, !tree.hasError, let statement = tree.statements.first else {
            return .failure(Diagnostic("malformed annotation; \(usage)", rule: .malformedAnnotation, at: origin))
        }
        return read(statement, at: 0, origin: origin)
    }

    /// Parses the annotations `texts`, each a line's, found at `origins`, as ``parse(_:origin:)``
    /// parses each: with one parser for all when they read as one statement each, or else one
    /// at a time. Starting a parser costs more than reading a short annotation, and a source
    /// annotates each of its models.
    package static func parseAll(_ texts: [String], origins: [SourcePosition]) -> [Result<Annotation, Diagnostic>] {
        guard texts.count > 1, let statements = statements(of: texts) else { return zip(texts, origins).map(parse) }
        return statements.indices.map { index in read(statements[index].statement, at: statements[index].start, origin: origins[index]) }
    }

    /// Each of `texts`' statement, and where its text starts, when `texts` joined by line breaks
    /// parse with no error into one statement within each text; `nil` otherwise (one text with
    /// none or two, or a statement that runs on into the next line's text, as `A` then `.B`). A
    /// block comment could run on into the next text unseen, as trivia between two statements
    /// (`A /*` then `*/ B`), so texts with one are parsed alone.
    private static func statements(of texts: [String]) -> [(statement: CodeBlockItemSyntax, start: Int)]? {
        // (A string's `contains` of a string is slow, Foundation's where it is imported; a text
        // without `*` needs none.)
        guard !texts.contains(where: { $0.utf8.contains(UInt8(ascii: "*")) && ($0.contains("/*") || $0.contains("*/")) }) else { return nil }
        let joined = texts.joined(separator: "\n")
        guard BracketNesting.firstTooDeep(in: joined) == nil else { return nil }
        let tree = Parser.parse(source: joined)
        guard !tree.hasError, tree.statements.count == texts.count else { return nil }
        var result: [(statement: CodeBlockItemSyntax, start: Int)] = []
        var start = 0
        for (text, statement) in zip(texts, tree.statements) {
            let end = start + text.utf8.count
            guard statement.positionAfterSkippingLeadingTrivia.utf8Offset >= start,
                  statement.endPositionBeforeTrailingTrivia.utf8Offset <= end else { return nil }
            result.append((statement, start))
            start = end + 1
        }
        return result
    }

    private static let usage = "expected `// decouple: Protocol(requirement: member, …)`"

    /// The annotation `statement` writes, its text starting at the UTF-8 offset `start` of its
    /// tree and found at `origin`.
    private static func read(_ statement: CodeBlockItemSyntax, at start: Int, origin: SourcePosition) -> Result<Annotation, Diagnostic> {
        func position(_ node: some SyntaxProtocol) -> SourcePosition {
            SourcePosition(file: origin.file, line: origin.line, column: origin.column + node.positionAfterSkippingLeadingTrivia.utf8Offset - start)
        }
        guard let expression = statement.item.as(ExprSyntax.self) else {
            return .failure(Diagnostic("malformed annotation; \(usage)", rule: .malformedAnnotation, at: origin))
        }
        if let name = typeName(expression) {
            return .success(Annotation(protocolName: name, mappings: [], position: position(expression)))
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let name = typeName(call.calledExpression),
              call.trailingClosure == nil else {
            return .failure(Diagnostic("malformed annotation; \(usage)", rule: .malformedAnnotation, at: position(expression)))
        }
        var mappings: [Annotation.Mapping] = []
        for argument in call.arguments {
            guard let label = argument.label.map({ QualifiedName.unescaped($0.text) }) else {
                return .failure(Diagnostic("annotation argument needs a requirement label, as in `title: name`", rule: .malformedAnnotation, at: position(argument)))
            }
            if let first = mappings.first(where: { $0.requirement.isSameIdentifier(as: label) }) {
                return .failure(Diagnostic(
                    "'\(label)' is mapped twice in this annotation (first at \(first.position)); map each requirement once", rule: .requirementMappedTwice, at: position(argument)))
            }
            guard let (member, defaultExpression) = memberAndDefault(argument.expression) else {
                return .failure(Diagnostic(
                    "'\(label)' must map to a member of the model, optionally with a default (`\(label): member ?? \"-\"`)",
                    rule: .malformedAnnotation, at: position(argument.expression)))
            }
            mappings.append(Annotation.Mapping(
                requirement: label, member: member, defaultValue: defaultExpression.map(DefaultExpression.init), position: position(argument.expression),
                defaultPosition: defaultExpression.map(position)))
        }
        return .success(Annotation(protocolName: name, mappings: mappings, position: position(call.calledExpression)))
    }

    /// `TitledContent` or `API.TitledContent` written as an expression; `nil` for anything else.
    package static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return QualifiedName.unescaped(reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let baseName = typeName(base) {
            return "\(baseName).\(QualifiedName.unescaped(member.declName.baseName.text))"
        }
        return nil
    }

    private static func memberAndDefault(_ expression: ExprSyntax) -> (String, ExprSyntax?)? {
        if let member = memberName(expression) { return (member, nil) }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "??",
               let member = memberName(elements[0]) {
                return (member, elements[2])
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.trimmedDescription == "??",
           let member = memberName(infix.leftOperand) {
            return (member, infix.rightOperand)
        }
        return nil
    }

    /// `name`, `self.name` or `\.name`.
    private static func memberName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return QualifiedName.unescaped(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return QualifiedName.unescaped(member.declName.baseName.text)
        }
        if let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.root == nil, keyPath.components.count == 1,
           case let .property(property)? = keyPath.components.first?.component {
            return QualifiedName.unescaped(property.declName.baseName.text)
        }
        return nil
    }
}
