// MARK: - DefaultCheck

/// Whether a mapping's default can be a value of the requirement's type, checked where the
/// answer is certain: literals against the standard library's types, read from what the scan
/// or the configuration recorded of the default (``DefaultExpression``), never from its text.
/// Any other expression, or a type this cannot know (one that may be expressible by a
/// literal), is left to the compiler.
enum DefaultCheck {
    private static let signedIntegers: [String: Int] = ["Int": 64, "Int8": 8, "Int16": 16, "Int32": 32, "Int64": 64]
    private static let unsignedIntegers: [String: Int] = ["UInt": 64, "UInt8": 8, "UInt16": 16, "UInt32": 32, "UInt64": 64]
    private static let floatingPoint: Set<String> = ["Double", "Float", "Float16", "Float80", "CGFloat", "Decimal"]
    private static let textual: Set<String> = ["String", "Substring", "Character", "ImageName"]
    /// Types of the standard library and the SDK that no literal makes.
    private static let withoutLiterals: Set<String> = [
        "URL", "Date", "UUID", "Data", "TimeZone", "Locale", "Calendar", "CGRect", "CGPoint", "CGSize", "CGAffineTransform",
    ]
    /// The start of a collection type that only an array or dictionary literal makes.
    private static let collections: [String] = ["[", "Array<", "Set<", "Dictionary<", "ContiguousArray<"]

    /// What is wrong with `value` as a default of `type`, as the end of a sentence, or `nil`.
    /// With `requiresConstant`, for code written into a file of its own, a default must also be
    /// a constant; the macro's expansion sits in the model's own file and declaration, where
    /// what the default names is in scope as the user wrote it.
    ///
    /// - Parameter literalKinds: The literals a type of the sources takes, when that is known
    ///   (``Catalog/literalKinds(of:)``): a string for an enum that adopts no
    ///   `ExpressibleByStringLiteral` is refused here, not by the compiler.
    static func problem(
        with value: DefaultExpression, for type: TypeReference, requiresConstant: Bool, literalKinds: (String) -> Set<LiteralKind>? = { _ in nil }
    ) -> String? {
        if let problem = value.syntaxProblem { return problem }
        if requiresConstant, let part = value.nonConstantPart {
            return "is not a constant: it \(part), and generated code may not see what it names (a factory adapter does not see the model's members); write a literal (`\"-\"`, `0`, `nil`), a static member (`.empty`, `Kind.none`) or an initializer of such values"
        }
        if let argument = value.numberArgument, let problem = numberArgumentProblem(argument) { return problem }
        let name = type.name.canonical
        if value.literal == .nilLiteral {
            return type.isOptional ? nil : "is nil, but \(type) is not optional"
        }
        if let what = value.literal.scalarName, withoutLiterals.contains(name) || collections.contains(where: name.hasPrefix) {
            return "is \(what), but \(type.wrapped) is made by no such literal; write a value of that type (a static member or an initializer call)"
        }
        let isKnown = signedIntegers[name] != nil || unsignedIntegers[name] != nil || floatingPoint.contains(name)
            || textual.contains(name) || name == "Bool"
        guard isKnown else { return sourceTypeProblem(value.literal, for: type, literalKinds: literalKinds) }
        switch value.literal {
        case let .integer(digits, negative):
            if floatingPoint.contains(name) { return overflow(value.text, as: name) }
            if let bits = signedIntegers[name] ?? unsignedIntegers[name] {
                let unsigned = unsignedIntegers[name] != nil
                // `-0` is zero, which an unsigned type holds.
                if unsigned, negative, magnitude(of: digits) != 0 { return "is negative, but \(type) is unsigned" }
                return fits(digits, negative: negative, bits: bits, unsigned: unsigned) ? nil : "does not fit in \(type)"
            }
            return "is an integer, but the requirement is \(type)"
        case .float:
            return floatingPoint.contains(name) ? overflow(value.text, as: name) : "is a floating-point number, but the requirement is \(type)"
        case let .string(text):
            guard textual.contains(name) else { return "is a string, but the requirement is \(type)" }
            // A character literal is one extended grapheme cluster.
            if name == "Character", let text, text.count != 1 {
                return "is a string of \(text.count) characters, but a Character holds one"
            }
            return nil
        case .boolean:
            return name == "Bool" ? nil : "is a boolean, but the requirement is \(type)"
        case .nilLiteral, .other:
            return nil
        }
    }

    /// A number literal passed to a standard number type's initializer (`Int8(300)`), which
    /// Swift makes a value of that type first: one that does not fit it does not compile.
    private static func numberArgumentProblem(_ argument: DefaultExpression.NumberArgument) -> String? {
        let name = argument.type
        switch argument.literal {
        case let .integer(digits, negative):
            if floatingPoint.contains(name) { return overflow(argument.text, as: name) == nil ? nil : "passes \(argument.text) to \(name)(_:), which would make it infinite" }
            guard let bits = signedIntegers[name] ?? unsignedIntegers[name] else { return nil }
            let unsigned = unsignedIntegers[name] != nil
            if unsigned, negative, magnitude(of: digits) != 0 { return "passes \(argument.text) to \(name)(_:), which is unsigned" }
            return fits(digits, negative: negative, bits: bits, unsigned: unsigned) ? nil : "passes \(argument.text) to \(name)(_:), which cannot hold it"
        case .float:
            guard floatingPoint.contains(name), overflow(argument.text, as: name) != nil else { return nil }
            return "passes \(argument.text) to \(name)(_:), which would make it infinite"
        case .nilLiteral, .string, .boolean, .other:
            return nil
        }
    }

    /// A literal for a type of the sources that adopts no protocol taking it.
    private static func sourceTypeProblem(_ literal: DefaultExpression.Literal, for type: TypeReference, literalKinds: (String) -> Set<LiteralKind>?) -> String? {
        let kind: (LiteralKind, String)? =
            switch literal {
            case .string: (.string, "a string")
            case .integer: (.integer, "an integer")
            case .float: (.float, "a floating-point number")
            case .boolean: (.boolean, "a boolean")
            case .nilLiteral, .other: nil
            }
        guard let (literal, what) = kind, let kinds = literalKinds(type.wrapped) else { return nil }
        // An integer literal is a float literal too.
        if kinds.contains(literal) || (literal == .integer && kinds.contains(.float)) { return nil }
        return "is \(what), but \(type.wrapped) adopts no `ExpressibleBy…Literal` protocol that takes one, and a configuration's constant is a literal; map the requirement to a member of that type"
    }

    /// A number too large for the floating-point type, which Swift would make infinite, as the
    /// end of a sentence; `nil` when it fits or the type is not one this reads.
    private static func overflow(_ text: String, as name: String) -> String? {
        let digits = text.replacingOccurrences(of: "_", with: "")
        let isInfinite: Bool? =
            switch name {
            case "Double", "CGFloat": Double(digits)?.isInfinite
            case "Float": Float(digits)?.isInfinite
            default: nil
            }
        return isInfinite == true ? "is too large for \(name) (it would be infinite)" : nil
    }

    /// The value of an integer literal's digits (decimal, `0x`, `0o`, `0b`, with `_`), or `nil`
    /// past `UInt64`.
    private static func magnitude(of literal: String) -> UInt64? {
        var digits = literal.replacingOccurrences(of: "_", with: "")
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits = String(digits.dropFirst(2))
            radix = base
        }
        return UInt64(digits, radix: radix)
    }

    /// Whether an integer literal fits the width.
    private static func fits(_ literal: String, negative: Bool, bits: Int, unsigned: Bool) -> Bool {
        guard let magnitude = magnitude(of: literal) else { return false }
        if unsigned { return bits == 64 || magnitude < (UInt64(1) << UInt64(bits)) }
        let limit = UInt64(1) << UInt64(bits - 1)
        return negative ? magnitude <= limit : magnitude < limit
    }
}
