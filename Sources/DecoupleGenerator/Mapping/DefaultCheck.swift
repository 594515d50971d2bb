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
    /// With `requiresConstant`, for code written into a file of its own, a default must also be
    /// a constant; the macro's expansion sits in the model's own file and declaration, where
    /// what the default names is in scope as the user wrote it.
    ///
    /// - Parameter literalKinds: The literals a type of the sources takes, when that is known
    ///   (``Catalog/literalKinds(of:)``): a string for an enum that adopts no
    ///   `ExpressibleByStringLiteral` is refused here, not by the compiler.
    static func problem(
        with text: String, for type: TypeReference, requiresConstant: Bool, literalKinds: (String) -> Set<LiteralKind>? = { _ in nil }
    ) -> String? {
        if BracketNesting.firstTooDeep(in: text) != nil { return "has \(BracketNesting.reason)" }
        let tree = Parser.parse(source: text)
        guard !tree.hasError, tree.statements.count == 1, var expression = tree.statements.first?.item.as(ExprSyntax.self) else {
            return "is not a Swift expression"
        }
        if requiresConstant, let part = nonConstantPart(expression) {
            return "is not a constant: it \(part), and generated code may not see what it names (a factory adapter does not see the model's members); write a literal (`\"-\"`, `0`, `nil`), a static member (`.empty`, `Kind.none`) or an initializer of such values"
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
        guard isKnown else { return sourceTypeProblem(expression, for: type, literalKinds: literalKinds) }
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

    /// A literal for a type of the sources that adopts no protocol taking it.
    private static func sourceTypeProblem(_ expression: ExprSyntax, for type: TypeReference, literalKinds: (String) -> Set<LiteralKind>?) -> String? {
        let kind: (LiteralKind, String)? =
            if expression.is(StringLiteralExprSyntax.self) { (.string, "a string") }
            else if expression.is(IntegerLiteralExprSyntax.self) { (.integer, "an integer") }
            else if expression.is(FloatLiteralExprSyntax.self) { (.float, "a floating-point number") }
            else if expression.is(BooleanLiteralExprSyntax.self) { (.boolean, "a boolean") }
            else { nil }
        guard let (literal, what) = kind, let kinds = literalKinds(type.wrapped) else { return nil }
        // An integer literal is a float literal too.
        if kinds.contains(literal) || (literal == .integer && kinds.contains(.float)) { return nil }
        return "is \(what), but \(type.wrapped) adopts no `ExpressibleBy…Literal` protocol that takes one, and a configuration's constant is a literal; map the requirement to a member of that type"
    }

    /// What makes a default more than a constant, as the middle of a sentence ("interpolates a
    /// value"), or `nil` for a constant: a literal without interpolation, a negated number, a
    /// type or a static member of one (`.empty`, `Kind.none`, names that start in upper case),
    /// a call of one with constant arguments (`ImageName("x")`), and arrays, dictionaries and
    /// tuples of constants. The generated code puts the default where the model's members may
    /// not be in scope, so anything that names a value (`name`, `self`), or runs code (an
    /// operator, a closure, `try`), is refused rather than copied into code that may not compile.
    private static func nonConstantPart(_ expression: ExprSyntax) -> String? {
        func first(_ parts: some Sequence<ExprSyntax>) -> String? {
            parts.lazy.compactMap { nonConstantPart($0) }.first
        }
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self) {
            return nil
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.contains { $0.is(ExpressionSegmentSyntax.self) } ? "interpolates a value" : nil
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return nonConstantPart(prefix.expression)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = QualifiedName.unescaped(reference.baseName.text)
            let isType = reference.baseName.tokenKind != .keyword(.Self) && name.first?.isUppercase == true
            return isType ? nil : "names '\(reference.baseName.text)'"
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.base.flatMap(nonConstantPart)
        }
        if let specialization = expression.as(GenericSpecializationExprSyntax.self) {
            return nonConstantPart(specialization.expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else { return "passes a closure" }
            return nonConstantPart(call.calledExpression) ?? first(call.arguments.map(\.expression))
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return first(array.elements.map(\.expression))
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case let .elements(elements) = dictionary.content else { return nil }
            return first(elements.flatMap { [$0.key, $0.value] })
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            return first(tuple.elements.map(\.expression))
        }
        if expression.is(ClosureExprSyntax.self) { return "is a closure" }
        return "is `\(expression.trimmedDescription)`, which is not a literal, a static member or an initializer call"
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
