import SwiftSyntax

// MARK: - Condition

/// A `#if` condition as a value: what the source writes, negated, joined with `&&` or offered as
/// alternatives with `||`. It stays a value from the scanner to the renderer, which alone writes
/// it as text (``text``).
///
/// Two conditions are equal when they are written alike: `!DEBUG` from a source and the `#else`
/// of `#if DEBUG` are the same condition.
package indirect enum Condition: Sendable, CustomStringConvertible {
    /// A condition as the source writes it. `isOperand`: it is one operand (a name, a call, a
    /// literal, a parenthesized condition, or one of those negated), which joins another without
    /// parentheses; `a || b` is not.
    case written(String, isOperand: Bool)
    /// The negation of a condition; made by ``negated``, which never negates twice.
    case not(Condition)
    /// Conditions that must all hold: `a && b`.
    case all([Condition])
    /// Alternatives, each a list of conditions that must all hold, of which one must:
    /// `(a) || (b && c)`.
    case any([[Condition]])

    /// The condition of a `#if` clause, read from its syntax: a negated operand is kept as a
    /// negation, so that negating it again gives back the operand.
    package init(_ expression: ExprSyntax) {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!", Self.isOperand(prefix.expression) {
            self = .not(Condition(prefix.expression))
        } else {
            self = .written(expression.writtenText, isOperand: Self.isOperand(expression))
        }
    }

    private static func isOperand(_ expression: ExprSyntax) -> Bool {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return isOperand(prefix.expression) }
        return expression.is(FunctionCallExprSyntax.self) || expression.is(DeclReferenceExprSyntax.self) || expression.is(TupleExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
    }

    /// `!os(iOS)` for an operand, `!(a && b)` for anything else, and `x` for `!x`.
    package var negated: Condition {
        if case .not(let condition) = self { return condition }
        return .not(self)
    }

    /// Whether it joins another condition without parentheses.
    package var isOperand: Bool {
        switch self {
        case .written(_, let isOperand): isOperand
        case .not: true
        case .all(let conditions): conditions.count == 1 && conditions[0].isOperand
        case .any: false
        }
    }

    /// The condition as Swift writes it after `#if`.
    package var text: String {
        switch self {
        case .written(let text, _): text
        case .not(let condition): condition.isOperand ? "!" + condition.text : "!(\(condition.text))"
        case .all(let conditions): Self.conjunction(conditions)
        case .any(let alternatives): alternatives.map { "(\(Self.conjunction($0)))" }.joined(separator: " || ")
        }
    }

    package var description: String { text }

    /// Conditions that must all hold, as one `#if` condition: `true` for none, the one condition
    /// as it is, or each operand joined by `&&` (anything else in parentheses).
    package static func conjunction(_ conditions: [Condition]) -> String {
        guard conditions.count > 1 else { return conditions.first?.text ?? "true" }
        return conditions.map { $0.isOperand ? $0.text : "(\($0.text))" }.joined(separator: " && ")
    }

    /// Joins alternatives that differ only in their last condition, one `c` and the other `!c`
    /// (the `#if` and `#else` branches), into what they share, until none are left to join: a
    /// declaration in every branch of an `#if … #elseif … #else` needs no condition.
    static func mergingBranches(_ alternatives: [[Condition]]) -> [[Condition]] {
        var result = alternatives
        var joined = true
        while joined {
            joined = false
            search: for i in result.indices {
                for j in result.indices where j != i {
                    let (a, b) = (result[i], result[j])
                    guard a.count == b.count, let last = a.last, a.dropLast() == b.dropLast(), b.last == last.negated else { continue }
                    result[i] = Array(a.dropLast())
                    result.remove(at: j)
                    joined = true
                    break search
                }
            }
        }
        return result
    }

    /// The conditions under which one of several alternatives holds, each a list of conditions
    /// that must all hold: none when one of them always holds (after joining `#if`/`#else`
    /// branches), the alternative's own when there is one, else one ``any(_:)`` condition, its
    /// alternatives in the order of their text.
    static func disjunction(_ alternatives: [[Condition]]) -> [Condition] {
        let merged = mergingBranches(Array(Set(alternatives)))
        guard !merged.contains(where: \.isEmpty) else { return [] }
        guard merged.count > 1 else { return merged[0] }
        return [.any(merged.sorted { conjunction($0) < conjunction($1) })]
    }
}

extension Condition: Hashable {
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// Every case is written with the same fields, in the same order, so that a coder that keeps no
/// keys (the scan cache's) reads it back.
extension Condition: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, text, isOperand, conditions, alternatives
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (kind, text, isOperand, conditions, alternatives): (String, String, Bool, [Condition], [[Condition]]) = switch self {
        case .written(let text, let isOperand): ("written", text, isOperand, [], [])
        case .not(let condition): ("not", "", false, [condition], [])
        case .all(let conditions): ("all", "", false, conditions, [])
        case .any(let alternatives): ("any", "", false, [], alternatives)
        }
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        try container.encode(isOperand, forKey: .isOperand)
        try container.encode(conditions, forKey: .conditions)
        try container.encode(alternatives, forKey: .alternatives)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let text = try container.decode(String.self, forKey: .text)
        let isOperand = try container.decode(Bool.self, forKey: .isOperand)
        let conditions = try container.decode([Condition].self, forKey: .conditions)
        let alternatives = try container.decode([[Condition]].self, forKey: .alternatives)
        switch kind {
        case "written": self = .written(text, isOperand: isOperand)
        case "not" where conditions.count == 1: self = .not(conditions[0])
        case "all": self = .all(conditions)
        case "any": self = .any(alternatives)
        default: throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "not a condition: \(kind)")
        }
    }
}
