// MARK: - Resolver: a default's type

extension Resolver {
    /// The standard library's types that no other type converts to without a word: a default
    /// of one of them for a requirement of another cannot compile. (`CGFloat` and `Double`
    /// convert to each other, so neither is here.)
    private static let closedLibraryTypes: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Float", "ImageName",
    ]

    /// What is wrong with the type of a default that is no literal (`Int.max`, `Int8("5")`,
    /// `Kind.none`), as the end of a sentence, or `nil`: it may be `nil` where the requirement
    /// is not optional, or it is a type no value of which is the requirement's. Read only where
    /// the answer is certain: both types are the standard library's or structs and enums of the
    /// sources, which nothing else converts to; anything else is the compiler's to judge.
    func defaultTypeProblem(_ value: DefaultExpression, for wanted: TypeReference, in model: TypeDeclaration) -> String? {
        let inferred: TypeReference? =
            switch value.inference {
            case let .type(type)?: type
            case let .staticReference(path)?:
                try? catalog.staticMemberType(path, from: model.qualifiedName, file: model.position.file, module: model.module).get()
            case .failure?, nil: nil
            }
        guard var inferred else { return nil }
        // A call of a type of the sources that declares an `init?` the call may reach (its
        // labels match, or may) gives an optional.
        if case .type? = value.inference, !inferred.isOptional, let called = catalog.resolveTypeName(QualifiedName(inferred.wrapped).canonical),
           let declarations = catalog.declarations[called],
           declarations.contains(where: { $0.failableInitializers.contains { $0 == nil || value.callLabels == nil || $0 == value.callLabels } }) {
            inferred.isOptional = true
        }
        if inferred.isOptional, !wanted.isOptional {
            return "may be nil (it is \(inferred)), but \(wanted) is not optional; unwrap it, or give a value that is not optional"
        }
        let given = catalog.normalized(inferred.unwrapped, in: model.qualifiedName)
        let needed = catalog.normalized(wanted.unwrapped, in: model.qualifiedName)
        guard isClosed(given.wrapped), isClosed(needed.wrapped), !catalog.isReadAlike(given, in: model.qualifiedName, as: needed) else { return nil }
        return "is \(inferred.wrapped), but the requirement is \(wanted.wrapped)"
    }

    /// Whether only values of this very type are of it: a closed standard library type, or a
    /// struct or enum of the sources (not generic).
    private func isClosed(_ type: String) -> Bool {
        let name = QualifiedName(type).canonical
        if Self.closedLibraryTypes.contains(name) { return true }
        guard let declarations = catalog.resolveTypeName(name).flatMap({ catalog.declarations[$0] }), !declarations.isEmpty else { return false }
        return declarations.allSatisfy { [.struct, .enum].contains($0.kind) && $0.genericParameters.isEmpty }
    }
}
