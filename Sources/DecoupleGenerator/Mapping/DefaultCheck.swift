import SwiftParser
import SwiftSyntax

// MARK: - DefaultCheck

/// Whether a mapping's default can be a value of the requirement's type, checked where the
/// answer is certain: literals against the standard library's types. Any other expression, or
/// a type this cannot know (one that may be expressible by a literal), is left to the compiler.
enum DefaultCheck {
    private static let signedIntegers: [String: Int] = ["Int": 64, "Int8": 8, "Int16": 16, "Int32": 32, "Int64": 64]
    private static let unsignedIntegers: [String: Int] = ["UInt": 64, "UInt8": 8, "UInt16": 16, "UInt32": 32, "UInt64": 64]
    private static let floatingPoint: Set<String> = ["Double", "Float", "Float16", "Float80", "CGFloat", "Decimal"]
    private static let textual: Set<String> = ["String", "Substring", "Character", "ImageName"]

    /// What is wrong with `text` as a default of `type`, as the end of a sentence, or `nil`.
    static func problem(with text: String, for type: TypeReference) -> String? {
        if BracketNesting.firstTooDeep(in: text) != nil { return "has \(BracketNesting.reason)" }
        let tree = Parser.parse(source: text)
        guard !tree.hasError, tree.statements.count == 1, var expression = tree.statements.first?.item.as(ExprSyntax.self) else {
            return "is not a Swift expression"
        }
        let name = type.name.canonical
        if expression.is(NilLiteralExprSyntax.self) {
            return type.isOptional ? nil : "is nil, but \(type) is not optional"
        }
        var negative = false
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            negative = true
            expression = prefix.expression
        }
        let isKnown = signedIntegers[name] != nil || unsignedIntegers[name] != nil || floatingPoint.contains(name)
            || textual.contains(name) || name == "Bool"
        guard isKnown else { return nil }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            if floatingPoint.contains(name) { return nil }
            if let bits = signedIntegers[name] ?? unsignedIntegers[name] {
                let unsigned = unsignedIntegers[name] != nil
                if unsigned, negative { return "is negative, but \(type) is unsigned" }
                return fits(integer.literal.text, negative: negative, bits: bits, unsigned: unsigned) ? nil : "does not fit in \(type)"
            }
            return "is an integer, but the requirement is \(type)"
        }
        if expression.is(FloatLiteralExprSyntax.self) {
            return floatingPoint.contains(name) ? nil : "is a floating-point number, but the requirement is \(type)"
        }
        if expression.is(StringLiteralExprSyntax.self) {
            return textual.contains(name) ? nil : "is a string, but the requirement is \(type)"
        }
        if expression.is(BooleanLiteralExprSyntax.self) {
            return name == "Bool" ? nil : "is a boolean, but the requirement is \(type)"
        }
        return nil
    }

    /// Whether an integer literal (decimal, `0x`, `0o`, `0b`, with `_`) fits the width.
    private static func fits(_ literal: String, negative: Bool, bits: Int, unsigned: Bool) -> Bool {
        var digits = literal.replacingOccurrences(of: "_", with: "")
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits = String(digits.dropFirst(2))
            radix = base
        }
        guard let magnitude = UInt64(digits, radix: radix) else { return false }
        if unsigned { return bits == 64 || magnitude < (UInt64(1) << UInt64(bits)) }
        let limit = UInt64(1) << UInt64(bits - 1)
        return negative ? magnitude <= limit : magnitude < limit
    }
}
