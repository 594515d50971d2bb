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
        guard name.isSameIdentifier(as: requirement.name), parameters == requirement.parameters, returnType == requirement.returnType,
              Effects.excess(effects, beyond: requirement.effects) == nil else { return false }
        // `rethrows` throws where its argument does: only a requirement that may throw allows it.
        if effects.contains(.rethrows), !requirement.effects.contains(where: \.mayThrow) { return false }
        return generics?.parameters ?? [] == requirement.generics?.parameters ?? [] && generics?.constraints ?? [] == requirement.generics?.constraints ?? []
    }
}
