import SwiftSyntax

// MARK: - DeclarationVisitor

final class DeclarationVisitor: SyntaxVisitor {
    let path: String
    let lines: LineTable

    var types: [TypeDeclaration] = []
    var extensions: [ExtensionInfo] = []
    var protocols: [ProtocolDeclaration] = []
    var imports: [ImportDeclaration] = []
    var typeAliases: [TypeAliasDeclaration] = []
    var functions: [MemberDeclaration] = []
    var diagnostics: [Diagnostic] = []

    /// The enclosing types and extensions, innermost last.
    var scopes: [Scope] = []
    /// The `#if` conditions around the node being visited, outermost first.
    var conditions: [Condition] = []

    struct Scope {
        var qualifiedName: String
        /// The most a declaration inside can be seen: the type's access, an extension's modifier,
        /// or `open` for an extension without one (its type, maybe in another file, caps it later).
        var access: AccessLevel
        /// The default access of members: an extension's modifier, or `internal`.
        var memberAccess: AccessLevel
        var members: [MemberDeclaration] = []
        var target: Target
        /// How many of the visitor's conditions were open when the scope began.
        var conditionDepth: Int
        var isEnum = false
        /// The type or extension says how it is isolated (`@MainActor`, `nonisolated`, an actor):
        /// its members do not take the module's default isolation.
        var writesIsolation = false
        /// A `@MainActor extension`: its members are isolated to the main actor.
        var isMainActorExtension = false
        /// An extension's other attributes (`@DBActor extension`), which its members take.
        var extensionAttributeNames: [String] = []
    }

    enum Target {
        case type(index: Int)
        case `extension`(index: Int)
    }

    init(path: String, lines: LineTable) {
        self.path = path
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Conditional compilation

    /// Every branch is read, each under its own condition: the `#elseif` and `#else` branches
    /// under the negation of the conditions before them.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var earlier: [Condition] = []
        for clause in node.clauses {
            let condition = clause.condition.map(Condition.init)
            let added = earlier.map(\.negated) + (condition.map { [$0] } ?? [])
            conditions += added
            if let elements = clause.elements { walk(elements) }
            conditions.removeLast(added.count)
            if let condition { earlier.append(condition) }
        }
        return .skipChildren
    }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let declaration = ImportDeclaration(node, conditions: conditions) { imports.append(declaration) }
        return .skipChildren
    }

    // MARK: Types

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.genericParameterClause == nil else { return .skipChildren }
        let name = QualifiedName.unescaped(node.name.text)
        let aliased = node.initializer.value.written
        typeAliases.append(TypeAliasDeclaration(
            qualifiedName: scopes.last.map { "\($0.qualifiedName).\(name)" } ?? name, aliased: aliased.text, aliasedShape: aliased.node.as(TypeSyntax.self).map(TypeShape.init),
            position: position(of: node.name), conditions: conditions))
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, kind: .struct, name: node.name, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
    }

    override func visitPost(_ node: StructDeclSyntax) { leaveScope() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, kind: .class, name: node.name, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
    }

    override func visitPost(_ node: ClassDeclSyntax) { leaveScope() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, kind: .enum, name: node.name, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
    }

    override func visitPost(_ node: EnumDeclSyntax) { leaveScope() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, kind: .actor, name: node.name, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
    }

    override func visitPost(_ node: ActorDeclSyntax) { leaveScope() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = Self.baseName(of: node.extendedType)
        let qualified = scopes.last.map { "\($0.qualifiedName).\(extended)" } ?? extended
        let access = Self.accessLevel(in: node.modifiers)
        // `private extension` makes its members file-private: visible to the rest of the file.
        let memberAccess = access.map { $0 == .private ? .fileprivate : $0 } ?? .internal
        extensions.append(ExtensionInfo(
            extendedName: qualified, access: access,
            inheritedTypes: Self.inherited(node.inheritanceClause),
            members: [],
            annotations: annotations(on: Syntax(node), before: node.extendedType),
            position: position(of: node.extendedType),
            conditions: conditions,
            whereClause: Self.constraint(of: node)))
        let cap = min(access.map { $0 == .private ? .fileprivate : $0 } ?? .open, scopes.last?.access ?? .open)
        var scope = Scope(
            qualifiedName: qualified, access: cap, memberAccess: memberAccess,
            target: .extension(index: extensions.count - 1), conditionDepth: conditions.count)
        scope.isMainActorExtension = Self.isMainActor(node.attributes)
        scope.extensionAttributeNames = Self.attributeNames(node.attributes)
        scope.writesIsolation = scope.isMainActorExtension || Self.isNonisolated(node.modifiers)
        scopes.append(scope)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { leaveScope() }

    /// What limits an extension to some of the type's instances: its `where` clause, and type
    /// arguments written on the extended type (`extension Key<Double>` is `Self == Key<Double>`),
    /// joined with `, `; `nil` for an extension of every instance.
    static func constraint(of node: ExtensionDeclSyntax) -> String? {
        let isBound = node.extendedType.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .leftAngle }
        let constraints = [isBound ? "Self == \(node.extendedType.trimmedText)" : nil, node.genericWhereClause.map { $0.requirements.trimmedText }]
        let written = constraints.compactMap { $0 }
        return written.isEmpty ? nil : written.joined(separator: ", ")
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = QualifiedName.unescaped(node.name.text)
        let qualified = scopes.last.map { "\($0.qualifiedName).\(name)" } ?? name
        var requirements: [Requirement] = []
        var unsupported: [UnsupportedRequirement] = []
        for (decl, declConditions) in Self.conditionalMemberDecls(node.memberBlock.members, under: []) {
            let isStatic = decl.asProtocol((any WithModifiersSyntax).self)?.modifiers
                .contains { ["static", "class"].contains($0.name.text) } ?? false
            if let variable = decl.as(VariableDeclSyntax.self) {
                for (binding, type) in Self.typedBindings(variable) {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), let type else { continue }
                    let name = QualifiedName.unescaped(identifier.identifier.text)
                    let isSettable = binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self)?
                        .contains { $0.accessorSpecifier.tokenKind == .keyword(.set) } ?? false
                    if isStatic || isSettable {
                        unsupported.append(UnsupportedRequirement(
                            description: isStatic ? "a static property '\(name)'" : "a settable property '\(name)' ({ get set })",
                            position: position(of: identifier)))
                        continue
                    }
                    requirements.append(Requirement(
                        name: name, kind: .property,
                        type: Self.reference(type), signature: nil, position: position(of: identifier),
                        getterEffects: Self.getterEffects(binding), conditions: declConditions))
                }
            } else if let function = decl.as(FunctionDeclSyntax.self), isStatic {
                unsupported.append(UnsupportedRequirement(
                    description: "a static method '\(QualifiedName.unescaped(function.name.text))'", position: position(of: function.name)))
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                unsupported.append(UnsupportedRequirement(description: "an initializer", position: position(of: initializer.initKeyword)))
            } else if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
                unsupported.append(UnsupportedRequirement(description: "a subscript", position: position(of: subscriptDecl.subscriptKeyword)))
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                requirements.append(Requirement(
                    name: QualifiedName.unescaped(function.name.text), kind: .method,
                    type: function.signature.returnClause.map { Self.reference($0.type) } ?? TypeReference(wrapped: "Void", isOptional: false),
                    signature: Self.signature(function), position: position(of: function.name),
                    isMutating: Self.isMutating(function.modifiers), conditions: declConditions))
            }
        }
        requirements = Self.mergingBranches(of: requirements, unsupported: &unsupported)
        var declaration = ProtocolDeclaration(
            name: name, qualifiedName: qualified,
            access: min(Self.accessLevel(in: node.modifiers) ?? scopes.last?.memberAccess ?? .internal, scopes.last?.access ?? .open),
            requirements: requirements, position: position(of: node.name), isBuiltIn: false)
        declaration.isMainActor = Self.isMainActor(node.attributes)
        declaration.isNonisolated = Self.isNonisolated(node.modifiers)
        declaration.conditions = conditions
        declaration.unsupported = unsupported
        declaration.inheritedTypes = Self.inherited(node.inheritanceClause)
        protocols.append(declaration)
        return .skipChildren
    }

    // MARK: Members

    /// A member's access: as written, or its scope's default, and never more than its scope allows.
    func memberAccess(_ modifiers: DeclModifierListSyntax) -> AccessLevel {
        let scope = scopes[scopes.count - 1]
        return min(Self.accessLevel(in: modifiers) ?? scope.memberAccess, scope.access)
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !scopes.isEmpty else { return .skipChildren }
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        let access = memberAccess(node.modifiers)
        // A struct's `lazy var` sets its storage on first read: its getter is mutating.
        let isLazy = node.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let isInStruct = if case let .type(index) = scopes[scopes.count - 1].target { types[index].kind == .struct } else { false }
        for (binding, type) in Self.typedBindings(node) {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            var member = MemberDeclaration(
                name: QualifiedName.unescaped(identifier.identifier.text), kind: .property,
                type: type.map { Self.reference(selfNamed($0)) }, signature: nil,
                isStatic: isStatic, isConstant: node.bindingSpecifier.tokenKind == .keyword(.let),
                access: access, position: position(of: identifier), conditions: scopeConditions)
            member.getterEffects = Self.getterEffects(binding)
            member.isMutating = Self.hasMutatingGetter(binding) || (isLazy && isInStruct)
            member.isStored = !isStatic && !isLazy && node.attributes.isEmpty && Self.hasStorage(binding)
            member.closure = type.flatMap(Self.closureShape)
            isolate(&member, attributes: node.attributes, modifiers: node.modifiers)
            if type == nil {
                if let initializer = binding.initializer?.value {
                    if let call = initializer.as(FunctionCallExprSyntax.self) {
                        member.initializerCall = Self.calledName(call)
                        if call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty {
                            member.initializerCallLabels = call.arguments.map { $0.label.map { QualifiedName.unescaped($0.text) } ?? "_" }
                        }
                    }
                    switch TypeInference.infer(selfNamed(initializer)) {
                    case let .type(reference): member.type = reference
                    case let .staticReference(path): member.staticReference = path
                    case let .failure(reason): member.inferenceFailure = reason
                    }
                } else if binding.accessorBlock != nil {
                    member.inferenceFailure = "a computed property needs a written type"
                } else if let environment = Self.environmentType(node.attributes) {
                    member.type = TypeReference(wrapped: environment, isOptional: false)
                } else if !node.attributes.isEmpty {
                    // The catalog reads the wrapper's value type where the sources declare it.
                    member.wrapperKeyPath = Self.wrapperKeyPath(node.attributes)
                    member.inferenceFailure = "its property wrapper's value type is not written here"
                }
                member.typeFix = Self.typeFix(node, binding: binding, name: identifier.identifier.text)
            }
            scopes[scopes.count - 1].members.append(member)
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !scopes.isEmpty else {
            // A top-level function: what a call of it gives.
            functions.append(MemberDeclaration(
                name: QualifiedName.unescaped(node.name.text), kind: .method,
                type: node.signature.returnClause.map { Self.reference($0.type) } ?? TypeReference(wrapped: "Void", isOptional: false),
                signature: Self.signature(node), isStatic: true, access: Self.accessLevel(in: node.modifiers) ?? .internal,
                position: position(of: node.name), conditions: conditions))
            return .skipChildren
        }
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        var member = MemberDeclaration(
            name: QualifiedName.unescaped(node.name.text), kind: .method,
            type: node.signature.returnClause.map { Self.reference($0.type) } ?? TypeReference(wrapped: "Void", isOptional: false),
            signature: Self.signature(node), isStatic: isStatic,
            access: memberAccess(node.modifiers),
            position: position(of: node.name), conditions: scopeConditions, isMutating: Self.isMutating(node.modifiers))
        isolate(&member, attributes: node.attributes, modifiers: node.modifiers)
        scopes[scopes.count - 1].members.append(member)
        return .skipChildren
    }

    /// How a member is isolated: as written on it, or by its `@MainActor extension`, or by
    /// the module's default when neither it nor its type or extension says.
    func isolate(_ member: inout MemberDeclaration, attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax) {
        let scope = scopes[scopes.count - 1]
        member.isNonisolated = Self.isNonisolated(modifiers)
        member.isMainActor = Self.isMainActor(attributes) || (scope.isMainActorExtension && !member.isNonisolated)
        member.attributeNames = Self.attributeNames(attributes) + (member.isNonisolated ? [] : scope.extensionAttributeNames)
        member.followsDefaultIsolation = !member.isNonisolated && !member.isMainActor && !scope.writesIsolation
    }

    /// An enum's cases are its static members: `Kind.video` is a `Kind`.
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let scope = scopes.last, scope.isEnum else { return .skipChildren }
        for element in node.elements {
            scopes[scopes.count - 1].members.append(MemberDeclaration(
                name: QualifiedName.unescaped(element.name.text), kind: element.parameterClause == nil ? .property : .method,
                type: TypeReference(wrapped: scope.qualifiedName, isOptional: false), signature: nil,
                isStatic: true, isConstant: true, access: scope.access, position: position(of: element.name),
                conditions: scopeConditions))
        }
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let target = scopes.last?.target else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters
        if let keyPath = Self.keyPathInitializer(parameters) {
            switch target {
            case let .type(index): types[index].keyPathInitializers.append(keyPath)
            case let .extension(index): extensions[index].keyPathInitializers.append(keyPath)
            }
        }
        guard node.optionalMark != nil else { return .skipChildren }
        let fixed = parameters.allSatisfy { $0.defaultValue == nil && $0.ellipsis == nil }
        let labels = fixed ? parameters.map { QualifiedName.unescaped($0.firstName.text) } : nil
        switch target {
        case let .type(index): types[index].failableInitializers.append(labels)
        case let .extension(index): extensions[index].failableInitializers.append(labels)
        }
        return .skipChildren
    }

    // Bodies hold no members.
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Scopes

    func enterType(
        _ node: some DeclSyntaxProtocol & WithModifiersSyntax & WithAttributesSyntax, kind: TypeDeclaration.Kind, name token: TokenSyntax,
        generics: GenericParameterClauseSyntax?, inheritance: InheritanceClauseSyntax?
    ) -> SyntaxVisitorContinueKind {
        let name = QualifiedName.unescaped(token.text)
        let qualified = scopes.last.map { "\($0.qualifiedName).\(name)" } ?? name
        let declared = Self.accessLevel(in: node.modifiers) ?? (scopes.last?.memberAccess ?? .internal)
        // A type is no more visible than the types around it.
        let access = scopes.last.map { min($0.access, declared) } ?? declared
        var type = TypeDeclaration(
            name: name, qualifiedName: qualified, kind: kind, access: access,
            genericParameters: generics?.parameters.map { $0.name.text } ?? [],
            inheritedTypes: Self.inherited(inheritance), members: [],
            position: position(of: token), annotations: annotations(on: Syntax(node), before: token))
        type.conditions = conditions
        type.isFinal = node.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
        type.isMainActor = Self.isMainActor(node.attributes)
        type.isNonisolated = Self.isNonisolated(node.modifiers)
        type.attributeNames = Self.attributeNames(node.attributes)
        types.append(type)
        scopes.append(Scope(
            qualifiedName: qualified, access: access, memberAccess: .internal, target: .type(index: types.count - 1),
            conditionDepth: conditions.count, isEnum: kind == .enum,
            writesIsolation: type.isMainActor || type.isNonisolated || kind == .actor))
        return .visitChildren
    }

    func leaveScope() {
        guard let scope = scopes.popLast() else { return }
        switch scope.target {
        case let .type(index): types[index].members += scope.members
        case let .extension(index): extensions[index].members += scope.members
        }
    }

    // MARK: Annotations

    /// The offsets of the `decouple:` of the comments read as a declaration's annotations.
    var attachedMarkers: Set<Int> = []

    /// What follows each `decouple:` of the source, to the end of its line, parsed before the
    /// walk, all with one parser (``AnnotationParser/parseAll(_:origins:)``): by the UTF-8
    /// offset of the `decouple:`, with the text. A declaration's annotation takes its parse
    /// from here when its comment's text is the same.
    var parsedAnnotations: [Int: (text: String, result: Result<Annotation, Diagnostic>)] = [:]

    /// The UTF-8 offset of each `decouple:` of the source, in order (``readAnnotations(at:in:)``);
    /// `nil` until they are given.
    var markers: [Int]?

    /// Whether some `decouple:` lies in `range` (or the markers are not known): a declaration
    /// with none there has no annotation, and its tokens' trivia need not be read (a fiftieth of
    /// a run).
    func hasMarker(in range: Range<Int>) -> Bool {
        guard let markers else { return true }
        var (low, high) = (0, markers.count)
        while low < high {
            let middle = (low + high) / 2
            if markers[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < markers.count && markers[low] < range.upperBound
    }

}
