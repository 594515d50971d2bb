import SwiftSyntax

// MARK: - DeclarationVisitor: syntax

/// What a declaration's syntax says: members, bindings, types, signatures, access.
extension DeclarationVisitor {
    /// The declarations of a member block, including those inside `#if` clauses (every branch).
    static func memberDecls(_ members: MemberBlockItemListSyntax) -> [DeclSyntax] {
        members.flatMap { item -> [DeclSyntax] in
            guard let ifConfig = item.decl.as(IfConfigDeclSyntax.self) else { return [item.decl] }
            return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
                guard case let .decls(nested)? = clause.elements else { return [] }
                return memberDecls(nested)
            }
        }
    }

    /// Like ``memberDecls(_:)``, with the `#if` conditions each declaration is under (relative
    /// to the member block), read as ``visit(_:)-IfConfigDeclSyntax`` reads them.
    static func conditionalMemberDecls(_ members: MemberBlockItemListSyntax, under outer: [Condition]) -> [(DeclSyntax, [Condition])] {
        members.flatMap { item -> [(DeclSyntax, [Condition])] in
            guard let ifConfig = item.decl.as(IfConfigDeclSyntax.self) else { return [(item.decl, outer)] }
            var earlier: [Condition] = []
            var result: [(DeclSyntax, [Condition])] = []
            for clause in ifConfig.clauses {
                let condition = clause.condition.map(Condition.init)
                let added = earlier.map(\.negated) + (condition.map { [$0] } ?? [])
                if case let .decls(nested)? = clause.elements {
                    result += conditionalMemberDecls(nested, under: outer + added)
                }
                if let condition { earlier.append(condition) }
            }
            return result
        }
    }

    /// A protocol's requirements with each one declared alike in several `#if` branches kept
    /// once, under the conditions of any of them (none when they cover every branch). A
    /// property declared with a different type in different branches cannot have one witness:
    /// it is an unsupported requirement.
    static func mergingBranches(of requirements: [Requirement], unsupported: inout [UnsupportedRequirement]) -> [Requirement] {
        guard requirements.contains(where: { !$0.conditions.isEmpty }) else { return requirements }
        func key(_ requirement: Requirement) -> String {
            let name = requirement.name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            return requirement.kind == .property ? "p \(name)" : "m \(name) \(requirement.signature?.typedDescription ?? "")"
        }
        var groups: [String: [Requirement]] = [:]
        var order: [String] = []
        for requirement in requirements {
            let key = key(requirement)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(requirement)
        }
        var result: [Requirement] = []
        for key in order {
            let group = groups[key]!
            var first = group[0]
            if group.count > 1 {
                let types = group.map(\.type)
                if Set(types.map(\.description)).count > 1 {
                    let declared = group.map { "\($0.type)" + ($0.position.map { " at \($0)" } ?? "") }
                    unsupported.append(UnsupportedRequirement(
                        description: "a property '\(first.name)' declared with a different type in different branches of an #if (\(declared.joined(separator: ", "))), which one witness cannot be",
                        position: first.position))
                    continue
                }
            }
            first.conditions = Condition.disjunction(group.map(\.conditions))
            result.append(first)
        }
        return result
    }

    /// Each binding with its type; in `var a, b: String` the type written last covers both.
    static func typedBindings(_ variable: VariableDeclSyntax) -> [(PatternBindingSyntax, TypeSyntax?)] {
        var result: [(PatternBindingSyntax, TypeSyntax?)] = []
        var pendingType: TypeSyntax?
        for binding in variable.bindings.reversed() {
            if let type = binding.typeAnnotation?.type {
                pendingType = type
            } else if binding.initializer != nil || binding.accessorBlock != nil {
                pendingType = nil
            }
            result.append((binding, binding.typeAnnotation?.type ?? pendingType))
        }
        return result.reversed()
    }

    /// The type with every optional around it counted: `String??` is `String` twice optional.
    static func reference(_ type: TypeSyntax) -> TypeReference {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return reference(attributed.baseType)
        }
        var type = type
        var depth = 0
        while let wrapped = optionalWrapped(type) {
            type = wrapped
            depth += 1
        }
        let written = type.written
        return TypeReference(wrapped: written.text, optionalDepth: depth, shape: written.node.as(TypeSyntax.self).map(TypeShape.init))
    }

    /// The type an optional wraps (`T?`, `T!`, `Optional<T>`), or `nil` when it is not one.
    private static func optionalWrapped(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
           let argument = identifier.genericArgumentClause?.arguments.first, identifier.genericArgumentClause?.arguments.count == 1 {
            return argument.argument.as(TypeSyntax.self)
        }
        return nil
    }

    static func signature(_ function: FunctionDeclSyntax) -> MethodSignature {
        MethodSignature(
            name: QualifiedName.unescaped(function.name.text),
            parameters: function.signature.parameterClause.parameters.map { parameter in
                MethodSignature.Parameter(
                    label: QualifiedName.unescaped(parameter.firstName.text),
                    type: QualifiedName(parameter.type.writtenText + (parameter.ellipsis?.text ?? "")))
            },
            returnType: function.signature.returnClause.map { QualifiedName($0.type.writtenText) },
            effects: Effect.list(function.signature.effectSpecifiers),
            generics: GenericSignature(function))
    }

    static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { $0.type.trimmedText } ?? []
    }

    static func baseName(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return QualifiedName.unescaped(identifier.name.text) }
        if let member = type.as(MemberTypeSyntax.self) { return "\(baseName(of: member.baseType)).\(QualifiedName.unescaped(member.name.text))" }
        return type.trimmedText
    }

    static func accessLevel(in modifiers: DeclModifierListSyntax) -> AccessLevel? {
        for modifier in modifiers where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.private): return .private
            case .keyword(.fileprivate): return .fileprivate
            case .keyword(.internal): return .internal
            case .keyword(.package): return .package
            case .keyword(.public): return .public
            case .keyword(.open): return .open
            default: continue
            }
        }
        return nil
    }
}

// MARK: - Self, named

extension DeclarationVisitor {
    /// A member's type, or the initializer its type is inferred from (`Tag<Self, Int>(…)`),
    /// with the type `Self` written as the type it names, in a struct, an enum, an actor or a
    /// final class that is not generic: copied into a factory's adapter (an `Identifiable`
    /// `id`), `Self` would name the adapter. Elsewhere `Self` is left as written.
    func selfNamed<Node: SyntaxProtocol>(_ node: Node) -> Node {
        guard case let .type(index) = scopes.last?.target, types[index].genericParameters.isEmpty,
              types[index].kind != .class || types[index].isFinal,
              node.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.Self) }) else { return node }
        return SelfNamer(name: types[index].qualifiedName).rewrite(Syntax(node)).as(Node.self) ?? node
    }
}

/// Rewrites the type `Self` as a name.
private final class SelfNamer: SyntaxRewriter {
    let name: String

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        guard node.name.tokenKind == .keyword(.Self), node.genericArgumentClause == nil else { return super.visit(node) }
        return TypeSyntax(node.with(\.name, .identifier(name, leadingTrivia: node.name.leadingTrivia, trailingTrivia: node.name.trailingTrivia)))
    }
}

// MARK: - Imports

extension ImportDeclaration {
    /// The import a declaration makes, with its access level and `@preconcurrency`; `nil` for
    /// an `@testable` import, which generated code does not repeat.
    init?(_ node: ImportDeclSyntax, conditions: [Condition]) {
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedText }
        guard !attributes.contains("testable"), let module = node.path.first?.name.text else { return nil }
        self.init(
            module: QualifiedName.unescaped(module), conditions: conditions,
            access: node.modifiers.lazy.compactMap { AccessLevel(rawValue: $0.name.text) }.first, isPreconcurrency: attributes.contains("preconcurrency"))
    }
}
