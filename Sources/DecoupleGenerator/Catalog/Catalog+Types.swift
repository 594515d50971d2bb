// MARK: - Catalog: one type, spelled several ways

extension Catalog {
    /// Whether two types written in the sources are the same type to the compiler: as written,
    /// or once type aliases are read through (`Score` for `Int`), names are qualified as seen
    /// from where each is written (`Kind` in `Catalog` is `Catalog.Kind`), and the standard
    /// library's generic types are written as their shorthand (`Array<String>` is `[String]`,
    /// `Optional<Int>` is `Int?`).
    /// Whether a member's type, written in `context`, is the requirement's type, written at the
    /// top level: as written when neither reads otherwise, else once both are read.
    func isReadAlike(_ member: TypeReference, in context: String?, as requirement: TypeReference) -> Bool {
        if QualifiedName(member.wrapped) == QualifiedName(requirement.wrapped), !mayReadOtherwise(member.wrapped, in: context) { return true }
        return QualifiedName(normalized(member.unwrapped, in: context).wrapped) == QualifiedName(normalized(requirement.unwrapped, in: nil).wrapped)
    }

    /// Whether a name in the type is an alias's, or a type's declared in `context` or around it:
    /// then the type may read otherwise there than as written at the top level. Most types
    /// mention neither, and are not parsed to be compared.
    func mayReadOtherwise(_ type: String, in context: String?) -> Bool {
        let words = type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return words.contains { word in
            typeAliasNames.contains(word) || (context != nil && qualifiedTypeName(word, in: context) != qualifiedTypeName(word, in: nil))
        }
    }

    /// The type with its aliases read through, its names qualified and its sugar applied, read
    /// from its shape (``TypeReference/shape``), or from its text when that is a dotted name; any
    /// other type without a shape is returned as it is.
    func normalized(_ type: TypeReference, in context: String?) -> TypeReference {
        guard let shape = type.shape ?? TypeShape(dottedName: type.wrapped) else { return type }
        var rewritten = TypeNormalizer(catalog: self, context: context).normalized(shape)
        // An alias of an optional (`typealias Note = String?`) adds its optionals to the type's.
        var depth = type.optionalDepth
        while case let .optional(wrapped) = rewritten {
            rewritten = wrapped
            depth += 1
        }
        return TypeReference(shape: rewritten, optionalDepth: depth)
    }

    /// Whether an extension of the protocol, or of a protocol it refines, without a `where`
    /// clause or `#if` implements the requirement, visible to the generated file and as visible
    /// as its witness must be (`needed`): a conformance need not.
    func hasDefault(for requirement: Requirement, in protocolDeclaration: ProtocolDeclaration, visibleAs needed: AccessLevel) -> Bool {
        var seen: Set<String> = []
        var pending = [protocolDeclaration.qualifiedName]
        while let name = pending.popLast(), seen.insert(name).inserted {
            let declaration = protocols[name]
            let keys = Set([QualifiedName(name).canonical, declaration.map { QualifiedName($0.name).canonical } ?? name])
            for key in keys {
                // Seen from the generated file, in every build, and no more mutating than asked.
                for member in foreignMembers(of: key) where member.constraint == nil && !member.isStatic && member.name.isSameIdentifier(as: requirement.name)
                    && member.access >= max(.internal, needed) && member.conditions.isEmpty && (!member.isMutating || requirement.isMutating) {
                    if requirement.kind == .property ? member.kind == .property && member.type == requirement.type
                        : member.signature.map({ signature in requirement.signature.map { signature.implements($0) } ?? false }) ?? false {
                        return true
                    }
                }
            }
            for inherited in declaration?.inheritedTypes ?? [] {
                pending += listedProtocols(inherited, in: name).compactMap { resolveProtocolName($0) }
            }
        }
        return false
    }

    /// The qualified name of the type `name` means from inside `context`, when the sources
    /// declare it there or around it.
    func qualifiedTypeName(_ name: String, in context: String?) -> String? {
        let path = QualifiedName(name).components
        guard !path.isEmpty else { return nil }
        let scope = context.map { QualifiedName($0).components } ?? []
        for depth in (0...scope.count).reversed() {
            let candidate = (scope.prefix(depth) + path).joined(separator: ".")
            if declarations[candidate] != nil { return candidate }
        }
        return nil
    }
}

/// Reads a type through the sources' type aliases, qualifies the names they declare, and
/// writes `Array<T>`, `Dictionary<K, V>` and `Optional<T>` as `[T]`, `[K: V]` and `T?`.
private struct TypeNormalizer {
    let catalog: Catalog
    let context: String?
    var depth = 0

    func normalized(_ shape: TypeShape) -> TypeShape {
        switch shape {
        case let .identifier(name, arguments?):
            let written = arguments.map(normalized)
            switch (QualifiedName.unescaped(name), written.count) {
            case ("Array", 1): return .array(written[0])
            case ("Dictionary", 2): return .dictionary(written[0], written[1])
            case ("Optional", 1): return .optional(written[0])
            default: return .identifier(name, arguments: written)
            }
        case let .identifier(name, nil):
            return resolved(QualifiedName.unescaped(name)) ?? shape
        case let .member(base, name, arguments?):
            return .member(normalized(base), name, arguments: arguments.map(normalized))
        case let .member(base, name, nil):
            return resolved(QualifiedName(shape.text).canonical) ?? .member(normalized(base), name, arguments: nil)
        case let .array(element):
            return .array(normalized(element))
        case let .dictionary(key, value):
            return .dictionary(normalized(key), normalized(value))
        case let .optional(wrapped):
            return .optional(normalized(wrapped))
        case let .composite(pieces):
            return .composite(pieces.map { piece in
                guard case let .type(type, before, after) = piece else { return piece }
                return .type(normalized(type), spaceBefore: before, spaceAfter: after)
            })
        }
    }

    /// An alias read through (to a depth that no chain of aliases in real code reaches), or a
    /// declared type's qualified name.
    private func resolved(_ name: String) -> TypeShape? {
        if depth < 8, let alias = catalog.typeAliasDeclaration(named: name, in: context),
           let aliased = alias.aliased.shape ?? TypeShape(dottedName: alias.aliased.wrapped) {
            // What the alias names is read where the alias is declared.
            var inner = TypeNormalizer(catalog: catalog, context: alias.scope)
            inner.depth = depth + 1
            return inner.normalized(aliased)
        }
        if let qualified = catalog.qualifiedTypeName(name, in: context), qualified != name {
            return TypeShape(dottedName: qualified)
        }
        return nil
    }
}
