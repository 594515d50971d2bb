import Foundation

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
        let (mine, theirs) = (Self.genericRequirements(generics), Self.genericRequirements(requirement.generics))
        return mine.parameters == theirs.parameters && mine.constraints == theirs.constraints
    }

    /// The generic parameters' names, in order, and every constraint on them, wherever written:
    /// `<V: P>` and `<V> where V: P` alike give `[V]` and `{V:P}`.
    static func genericRequirements(_ text: String?) -> (parameters: [String], constraints: Set<String>) {
        let parts = Emitter.genericParts(text)
        var parameters: [String] = []
        var constraints: Set<String> = []
        let inner = parts.parameters.isEmpty ? "" : String(parts.parameters.dropFirst().dropLast())
        for parameter in topLevelItems(inner) {
            let pieces = parameter.split(separator: ":", maxSplits: 1).map { $0.filter { !$0.isWhitespace } }
            parameters.append(pieces[0])
            if pieces.count == 2 { constraints.formUnion(pieces[1].split(separator: "&").map { "\(pieces[0]):\($0)" }) }
        }
        var clause = parts.whereClause.trimmingCharacters(in: .whitespaces)
        if clause.hasPrefix("where") { clause = String(clause.dropFirst(5)) }
        for requirement in topLevelItems(clause) {
            let compact = requirement.filter { !$0.isWhitespace }
            if let colon = compact.firstIndex(of: ":"), !compact.contains("==") {
                let subject = compact[..<colon]
                constraints.formUnion(compact[compact.index(after: colon)...].split(separator: "&").map { "\(subject):\($0)" })
            } else {
                constraints.insert(compact)
            }
        }
        return (parameters, constraints)
    }

    /// The comma-separated items of a list, not splitting inside brackets.
    private static func topLevelItems(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                items.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
