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
        // Swift matches generic parameters by their place, not their names: both are read with
        // the same placeholder names.
        let (method, wanted) = (placingGenericParameters(count: requirement.generics?.parameters.count), requirement.placingGenericParameters(count: generics?.parameters.count))
        guard method.name.isSameIdentifier(as: wanted.name), method.parameters == wanted.parameters, method.returnType == wanted.returnType,
              Effects.excess(method.effects, beyond: wanted.effects) == nil else { return false }
        // `rethrows` throws where its argument does: only a requirement that may throw allows it.
        if effects.contains(.rethrows), !requirement.effects.contains(where: \.mayThrow) { return false }
        return method.generics?.parameters ?? [] == wanted.generics?.parameters ?? []
            && method.generics?.constraints ?? [] == wanted.generics?.constraints ?? []
    }

    /// The signature with its generic parameters named by their places, `τ_0`, `τ_1`, … (as
    /// the compiler names them), in its parameter and result types, thrown types and
    /// constraints, so that `load<Model>(_: Model.Type) -> Model` and `load<T>(_: T.Type) -> T`
    /// read alike, and a type the method names that is spelled like the other's parameter is
    /// not taken for it; itself when the other signature has another number of them.
    func placingGenericParameters(count: Int?) -> MethodSignature {
        guard let own = generics?.parameters, !own.isEmpty, own.count == count, Set(own).count == own.count else { return self }
        let names = Dictionary(uniqueKeysWithValues: own.enumerated().map { ($1, "τ_\($0)") })
        var placed = self
        placed.parameters = parameters.map { Parameter(label: $0.label, type: QualifiedName(Self.renaming($0.type.written, names))) }
        placed.returnType = returnType.map { QualifiedName(Self.renaming($0.written, names)) }
        placed.effects = effects.map { effect in
            guard case let .throws(thrown?) = effect else { return effect }
            return .throws(Self.renaming(thrown, names))
        }
        placed.generics?.parameters = own.map { names[$0]! }
        placed.generics?.constraints = Set(generics?.constraints.map { Self.renaming($0, names) } ?? [])
        return placed
    }

    private static func renaming(_ text: String, _ names: [String: String]) -> String {
        QualifiedName.replacingNames(in: text) { names[$0] ?? $0 }
    }
}
