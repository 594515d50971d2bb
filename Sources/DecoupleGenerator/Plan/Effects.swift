// MARK: - Effects

/// What a witness may do beyond its requirement: nothing. `async` only where the requirement is
/// `async`; `throws` (any error) only where it throws any error; `throws(E)` where it throws any
/// error or `E` itself.
enum Effects {
    /// The first of `effects` that `required` does not allow, if there is one.
    static func excess(_ effects: [Effect], beyond required: [Effect]) -> Effect? {
        let requiredThrows = required.first(where: \.isThrows)
        return effects.first { effect in
            switch effect {
            case .async: return !required.contains(.async)
            case .reasync, .rethrows: return false
            case .throws:
                guard let requiredThrows else { return true }
                switch (effect.thrownError, requiredThrows.thrownError) {
                case (_, nil), (.some("Never"), _): return false
                case let (thrown?, wanted?): return thrown != wanted
                case (nil, _?): return true
                }
            }
        }
    }
}

// MARK: - A method that implements a requirement

extension MethodSignature {
    /// Whether a method of this signature implements `requirement`, as Swift decides: the same
    /// name, labels, parameter and result types; no effect the requirement does not have (a
    /// synchronous method implements an `async` requirement); and the same generic parameters
    /// and constraints, written in the angle brackets or in a `where` clause.
    func implements(_ requirement: MethodSignature) -> Bool {
        if self == requirement { return true }
        // Swift matches generic parameters by their place, not their names.
        let method = renamingGenericParameters(as: requirement)
        guard method.name.isSameIdentifier(as: requirement.name), method.parameters == requirement.parameters, method.returnType == requirement.returnType,
              Effects.excess(effects, beyond: requirement.effects) == nil else { return false }
        // `rethrows` throws where its argument does: only a requirement that may throw allows it.
        if effects.contains(.rethrows), !requirement.effects.contains(where: \.mayThrow) { return false }
        return method.generics?.parameters ?? [] == requirement.generics?.parameters ?? []
            && method.generics?.constraints ?? [] == requirement.generics?.constraints ?? []
    }

    /// The signature with its generic parameters given `requirement`'s names, one for one in
    /// order (`load<Model>(_: Model.Type) -> Model` read as `load<T>(_: T.Type) -> T`), in its
    /// parameter and result types and its constraints; itself when the counts differ.
    func renamingGenericParameters(as requirement: MethodSignature) -> MethodSignature {
        guard let own = generics?.parameters, let wanted = requirement.generics?.parameters, own.count == wanted.count, own != wanted,
              Set(own).count == own.count else { return self }
        let names = Dictionary(uniqueKeysWithValues: zip(own, wanted))
        var renamed = self
        renamed.parameters = parameters.map { Parameter(label: $0.label, type: QualifiedName(Self.renaming($0.type.written, names))) }
        renamed.returnType = returnType.map { QualifiedName(Self.renaming($0.written, names)) }
        renamed.generics?.parameters = wanted
        renamed.generics?.constraints = Set(generics?.constraints.map { Self.renaming($0, names) } ?? [])
        return renamed
    }

    private static func renaming(_ text: String, _ names: [String: String]) -> String {
        QualifiedName.replacingNames(in: text) { names[$0] ?? $0 }
    }
}
