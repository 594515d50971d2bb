import Foundation

// MARK: - Effects

/// What a witness may do beyond its requirement: nothing. `async` only where the requirement is
/// `async`; `throws` (any error) only where it throws any error; `throws(E)` where it throws any
/// error or `E` itself.
enum Effects {
    /// The first of `effects` (`async`, `throws`, `throws(E)`, as written) that `required` does
    /// not allow, if there is one.
    static func excess(_ effects: [String], beyond required: [String]) -> String? {
        let requiredThrows = required.first { $0.hasPrefix("throws") }.map(thrownError)
        return effects.first { effect in
            if effect == "async" { return !required.contains("async") }
            guard effect.hasPrefix("throws") else { return false }
            guard let requiredThrows else { return true }
            switch (thrownError(effect), requiredThrows) {
            case (_, nil), (.some("Never"), _): return false
            case let (thrown?, wanted?): return thrown != wanted
            case (nil, _?): return true
            }
        }
    }

    /// The error type a `throws` clause names, with its spelling read (`Swift.Never` is `Never`);
    /// `nil` for any error (`throws`, `throws(any Error)`).
    static func thrownError(_ clause: String) -> String? {
        guard let open = clause.firstIndex(of: "("), clause.hasSuffix(")") else { return nil }
        let inside = clause[clause.index(after: open)..<clause.index(before: clause.endIndex)].trimmingCharacters(in: .whitespaces)
        let name = QualifiedName(inside.hasPrefix("any ") ? String(inside.dropFirst(4)) : inside).canonical
        return name == "Error" ? nil : QualifiedName(inside).canonical
    }
}
