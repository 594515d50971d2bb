import SwiftSyntax

// MARK: - Effect

/// One effect of a method, a getter or a closure type, read once at the scan: what a call of it
/// must be marked with (`await`, `try`) and what a witness may have.
package enum Effect: Hashable, Sendable, Codable, CustomStringConvertible {
    case async
    /// `reasync`: asynchronous where its argument is.
    case reasync
    /// `throws`, or `throws(E)`: the thrown type as written, `nil` for any error.
    case `throws`(String?)
    /// `rethrows`: throws where its argument does.
    case `rethrows`

    /// The effects an `async throws(E)` clause says, in order.
    static func list(_ specifiers: (some EffectSpecifiersSyntax)?) -> [Effect] {
        guard let specifiers else { return [] }
        var effects: [Effect] = []
        if let async = specifiers.asyncSpecifier {
            effects.append(async.tokenKind == .keyword(.reasync) ? .reasync : .async)
        }
        if let clause = specifiers.throwsClause {
            effects.append(clause.throwsSpecifier.tokenKind == .keyword(.rethrows) ? .rethrows : .throws(clause.type?.writtenText))
        }
        return effects
    }

    /// As Swift writes it: `async`, `throws(E)`.
    package var description: String {
        switch self {
        case .async: "async"
        case .reasync: "reasync"
        case let .throws(error): error.map { "throws(\($0))" } ?? "throws"
        case .rethrows: "rethrows"
        }
    }

    /// `throws` of any kind, or `rethrows`: a call is marked `try`.
    var mayThrow: Bool {
        switch self {
        case .throws, .rethrows: true
        case .async, .reasync: false
        }
    }

    /// `throws` or `throws(E)`, not `rethrows`.
    var isThrows: Bool {
        if case .throws = self { true } else { false }
    }

    /// The error type `throws(E)` names, with its spelling read (`Swift.Never` is `Never`);
    /// `nil` for any error (`throws`, `throws(any Error)`) and for other effects.
    var thrownError: String? {
        guard case let .throws(written?) = self else { return nil }
        let name = QualifiedName(written.hasPrefix("any ") ? String(written.dropFirst(4)) : written).canonical
        return name == "Error" ? nil : QualifiedName(written).canonical
    }
}

extension [Effect] {
    /// The effects as Swift writes them, in order: `async throws`.
    var text: String { map(\.description).joined(separator: " ") }

    /// `try ` and `await ` as a call of something with these effects needs them.
    var callMarks: String {
        (contains(where: \.mayThrow) ? "try " : "") + (contains(.async) ? "await " : "")
    }
}
