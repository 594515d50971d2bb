import SwiftSyntax

// MARK: - TypeShape

/// A type's structure, read at the scan from its syntax: what the catalog reads to compare two
/// types through the sources' type aliases and qualified names (``Catalog/normalized(_:in:)``),
/// without parsing their text again. Its ``text`` is the type as generated code writes it
/// (``SyntaxProtocol/writtenText``).
package indirect enum TypeShape: Hashable, Sendable, Codable {
    /// `Name`, or `Name<Arguments>`; the name as written (`` `Type` `` keeps its backticks).
    case identifier(String, arguments: [TypeShape]?)
    /// `Base.Name`, or `Base.Name<Arguments>`.
    case member(TypeShape, String, arguments: [TypeShape]?)
    /// `[Element]`.
    case array(TypeShape)
    /// `[Key: Value]`.
    case dictionary(TypeShape, TypeShape)
    /// `Wrapped?`.
    case optional(TypeShape)
    /// Any other type (a tuple, a function, a composition, `some P`, an attributed type): its
    /// tokens' text, with the types in it.
    case composite([Piece])

    /// Part of a composite type: text, or a type with whether a space stands before and after it.
    package enum Piece: Hashable, Sendable, Codable {
        case text(String)
        case type(TypeShape, spaceBefore: Bool, spaceAfter: Bool)
    }

    /// The shape of a type, from the syntax its written text is read from
    /// (``SyntaxProtocol/written``).
    init(_ type: TypeSyntax) {
        if let identifier = type.as(IdentifierTypeSyntax.self), let arguments = Self.arguments(identifier.genericArgumentClause) {
            self = .identifier(identifier.name.text, arguments: arguments)
        } else if let member = type.as(MemberTypeSyntax.self), let arguments = Self.arguments(member.genericArgumentClause) {
            self = .member(TypeShape(member.baseType), member.name.text, arguments: arguments)
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(TypeShape(array.element))
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            self = .dictionary(TypeShape(dictionary.key), TypeShape(dictionary.value))
        } else if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(TypeShape(optional.wrappedType))
        } else {
            var pieces: [Piece] = []
            Self.collect(Syntax(type), into: &pieces, isRoot: true)
            self = .composite(pieces)
        }
    }

    /// A dotted name (`Outer.Inner`), or `nil` for text that is not one: a name is read from
    /// its text without a parser.
    init?(dottedName: String) {
        let parts = dottedName.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ QualifiedName($0).components == [$0] }) else { return nil }
        var shape = TypeShape.identifier(parts[0], arguments: nil)
        for part in parts.dropFirst() { shape = .member(shape, part, arguments: nil) }
        self = shape
    }

    /// A type written as an expression, as in `[Inner]()`, `[[Score]]()`, `[Score?]()`,
    /// `[String: Set<Int>]()`: a name, a member, an array, a dictionary, an optional or a
    /// specialized name of them; `nil` for any other expression.
    init?(expression: ExprSyntax) {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            self = .identifier(reference.baseName.text, arguments: nil)
        } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, member.declName.argumentNames == nil,
                  let baseShape = TypeShape(expression: base) {
            self = .member(baseShape, member.declName.baseName.text, arguments: nil)
        } else if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1, let element = array.elements.first,
                  element.trailingComma == nil, let shape = TypeShape(expression: element.expression) {
            self = .array(shape)
        } else if let dictionary = expression.as(DictionaryExprSyntax.self), case let .elements(pairs) = dictionary.content, pairs.count == 1,
                  let pair = pairs.first, pair.trailingComma == nil,
                  let key = TypeShape(expression: pair.key), let value = TypeShape(expression: pair.value) {
            self = .dictionary(key, value)
        } else if let optional = expression.as(OptionalChainingExprSyntax.self), let shape = TypeShape(expression: optional.expression) {
            self = .optional(shape)
        } else if let generic = expression.as(GenericSpecializationExprSyntax.self), let base = TypeShape(expression: generic.expression),
                  let shape = base.specialized(by: generic.genericArgumentClause) {
            self = shape
        } else {
            return nil
        }
    }

    /// The name with a generic clause's arguments (`Set` and `<Inner>`), or `nil` when it is not
    /// a plain name or an argument is not a type.
    func specialized(by clause: GenericArgumentClauseSyntax?) -> TypeShape? {
        guard let clause, case let .some(arguments?) = Self.arguments(clause) else { return nil }
        switch self {
        case let .identifier(name, nil): return .identifier(name, arguments: arguments)
        case let .member(base, name, nil): return .member(base, name, arguments: arguments)
        default: return nil
        }
    }

    /// `[]` for no generic clause, the arguments' shapes, or `nil` when one is not a type (a
    /// value generic), which makes the type a composite.
    private static func arguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeShape]?? {
        guard let clause else { return .some(nil) }
        var shapes: [TypeShape] = []
        for argument in clause.arguments {
            guard let type = argument.argument.as(TypeSyntax.self) else { return nil }
            shapes.append(TypeShape(type))
        }
        return .some(shapes)
    }

    private static func collect(_ node: Syntax, into pieces: inout [Piece], isRoot: Bool) {
        if !isRoot, let type = node.as(TypeSyntax.self) {
            let first = type.firstToken(viewMode: .sourceAccurate), last = type.lastToken(viewMode: .sourceAccurate)
            pieces.append(.type(
                TypeShape(type), spaceBefore: first.map { !$0.leadingTrivia.isEmpty } ?? false,
                spaceAfter: last.map { !$0.trailingTrivia.isEmpty } ?? false))
            return
        }
        if let token = node.as(TokenSyntax.self) {
            guard token.presence == .present else { return }
            pieces.append(.text((token.leadingTrivia.isEmpty ? "" : " ") + token.text + (token.trailingTrivia.isEmpty ? "" : " ")))
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { collect(child, into: &pieces, isRoot: false) }
    }

    /// The type as Swift code writes it, spaced as the formatter spaces it.
    package var text: String {
        var text = ""
        write(into: &text)
        // The trivia around the whole type is not part of it.
        return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    private func write(into text: inout String) {
        switch self {
        case let .identifier(name, arguments):
            text += name
            Self.write(arguments, into: &text)
        case let .member(base, name, arguments):
            base.write(into: &text)
            text += "." + name
            Self.write(arguments, into: &text)
        case let .array(element):
            text += "["
            element.write(into: &text)
            text += "]"
        case let .dictionary(key, value):
            text += "["
            key.write(into: &text)
            text += ": "
            value.write(into: &text)
            text += "]"
        case let .optional(wrapped):
            wrapped.write(into: &text)
            text += "?"
        case let .composite(pieces):
            for piece in pieces {
                switch piece {
                case let .text(written):
                    // One space between two tokens, however many trivia there were.
                    text += text.hasSuffix(" ") && written.hasPrefix(" ") ? String(written.dropFirst()) : written
                case let .type(shape, spaceBefore, spaceAfter):
                    if spaceBefore, !text.hasSuffix(" ") { text += " " }
                    shape.write(into: &text)
                    if spaceAfter { text += " " }
                }
            }
        }
    }

    private static func write(_ arguments: [TypeShape]?, into text: inout String) {
        guard let arguments else { return }
        text += "<"
        for (index, argument) in arguments.enumerated() {
            if index > 0 { text += ", " }
            argument.write(into: &text)
        }
        text += ">"
    }
}
