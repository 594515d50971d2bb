import SwiftSyntax

// MARK: - DeclarationVisitor: what a member's syntax says

extension DeclarationVisitor {
    /// `Box` for `Box(3)` and `Box.init(3)`, `A.B` for `A.B(x: 1)`; `nil` for other callees.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        var names: [String] = []
        while let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            names.insert(QualifiedName.unescaped(member.declName.baseName.text), at: 0)
            callee = base
        }
        guard let reference = callee.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return nil }
        return ([QualifiedName.unescaped(reference.baseName.text)] + names).joined(separator: ".")
    }

    static func isMutating(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.mutating) }
    }

    /// The shape of a function type, however attributed or parenthesised, optional or not;
    /// `nil` for any other type.
    static func closureShape(_ type: TypeSyntax) -> ClosureShape? {
        var type = type
        var isOptional = false
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
                isOptional = true
            } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = optional.wrappedType
                isOptional = true
            } else if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                type = only.type
            } else {
                break
            }
        }
        guard let function = type.as(FunctionTypeSyntax.self) else { return nil }
        let effects = Effect.list(function.effectSpecifiers)
        return ClosureShape(
            parameterCount: function.parameters.count, effects: effects, result: reference(function.returnClause.type), isOptional: isOptional)
    }

    /// The declaration with its type written, as a message suggests it: `let name: Type = …`,
    /// `var name: Type { … }`, or, wrapped, `@Dependency(\.apiClient) var apiClient: Type`.
    static func typeFix(_ node: VariableDeclSyntax, binding: PatternBindingSyntax, name: String) -> String {
        let attributes = node.attributes.isEmpty ? "" : node.attributes.oneLineText + " "
        let rest = binding.initializer != nil ? " = …" : binding.accessorBlock != nil ? " { … }" : ""
        return "\(attributes)\(node.bindingSpecifier.text) \(name): Type\(rest)"
    }

    /// Whether the property's getter is declared `mutating get`.
    /// No accessors, or only `willSet` and `didSet`.
    static func hasStorage(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard let accessors = block.accessors.as(AccessorDeclListSyntax.self) else { return false }
        return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    static func hasMutatingGetter(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self) else { return false }
        return accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) && $0.modifier?.name.tokenKind == .keyword(.mutating) }
    }

    /// `T` for `@Environment(T.self)`, SwiftUI's wrapper for an `@Observable` object, whose
    /// value is a `T`.
    static func environmentType(_ attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                  ["Environment", "SwiftUI.Environment"].contains(attribute.attributeName.trimmedText),
                  case let .argumentList(arguments)? = attribute.arguments, arguments.count == 1, let argument = arguments.first,
                  argument.label == nil, let member = argument.expression.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.tokenKind == .keyword(.self), let base = member.base else { continue }
            return base.oneLineText
        }
        return nil
    }

    /// The names of the attributes other than `@MainActor`, as written (`Dependency`, `DBActor`).
    static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element -> String? in
            guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedText,
                  !["MainActor", "Swift.MainActor", "_Concurrency.MainActor"].contains(name) else { return nil }
            return name
        }
    }

    /// `["x", "y"]` for a wrapper given a key path `\.x.y` (`@Dependency(\.apiClient)`,
    /// `@Environment(\.locale)`, `@AppSettings(\.textEditing.font)`): its properties, when it
    /// is written without a root and reads only properties (no `?`, `!` or subscript).
    static func wrapperKeyPath(_ attributes: AttributeListSyntax) -> [String]? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self), case let .argumentList(arguments)? = attribute.arguments,
                  let argument = arguments.first, argument.label == nil, let keyPath = argument.expression.as(KeyPathExprSyntax.self),
                  keyPath.root == nil, !keyPath.components.isEmpty else { continue }
            let properties = keyPath.components.compactMap { $0.component.as(KeyPathPropertyComponentSyntax.self) }
            guard properties.count == keyPath.components.count,
                  properties.allSatisfy({ $0.declName.argumentNames == nil && $0.genericArgumentClause == nil }) else { continue }
            return properties.map { QualifiedName.unescaped($0.declName.baseName.text) }
        }
        return nil
    }

    /// `init(_ keyPath: WritableKeyPath<Root, T>)`: a first parameter without a label whose type
    /// is a key path (`KeyPath`, `WritableKeyPath`, `ReferenceWritableKeyPath`, however
    /// qualified) to a plain name, the wrapper's generic parameter the catalog checks.
    static func keyPathInitializer(_ parameters: FunctionParameterListSyntax) -> KeyPathInitializer? {
        guard let first = parameters.first, first.firstName.tokenKind == .wildcard else { return nil }
        let name: String
        let clause: GenericArgumentClauseSyntax?
        if let type = first.type.as(IdentifierTypeSyntax.self) {
            (name, clause) = (type.name.text, type.genericArgumentClause)
        } else if let type = first.type.as(MemberTypeSyntax.self), type.baseType.trimmedText == "Swift" {
            (name, clause) = (type.name.text, type.genericArgumentClause)
        } else {
            return nil
        }
        guard ["KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath"].contains(name),
              let arguments = clause?.arguments, arguments.count == 2,
              let root = arguments.first?.argument.as(TypeSyntax.self),
              let value = arguments.last?.argument.as(TypeSyntax.self)?.as(IdentifierTypeSyntax.self),
              value.genericArgumentClause == nil else { return nil }
        return KeyPathInitializer(root: root.trimmedText, value: value.name.text)
    }

    /// Whether the attributes hold `@MainActor`, however qualified.
    static func isMainActor(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains {
            guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedText else { return false }
            return name == "MainActor" || name == "Swift.MainActor" || name == "_Concurrency.MainActor"
        }
    }

    /// `nonisolated`, not `nonisolated(unsafe)` (which is about a variable's storage, not its
    /// isolation).
    static func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) && $0.detail == nil }
    }

    /// The effects of a property's getter, `get async throws`: `async` and `throws` (or
    /// `throws(E)`, typed), as written
    /// in a protocol (`{ get throws }`) or on a getter with a body.
    static func getterEffects(_ binding: PatternBindingSyntax) -> [Effect] {
        guard let accessors = binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self),
              let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) else { return [] }
        return Effect.list(getter.effectSpecifiers)
    }
}
