import SwiftSyntax

// MARK: - DeclarationVisitor: conditions

/// `#if` conditions: where a declaration is, in the clauses around it.
extension DeclarationVisitor {
    /// The `#if` conditions around a declaration, within the innermost type or extension.
    var scopeConditions: [Condition] {
        Array(conditions[(scopes.last?.conditionDepth ?? 0)...])
    }
}
