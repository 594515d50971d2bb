import SwiftParser
import SwiftSyntax

// MARK: - DefaultExpression

/// A mapping's default, or a constant, read once where it is written: a configuration's JSON
/// value, an annotation's expression after `??`, a `@Maps(default:)` argument. What the checks
/// need of it (which literal it is, what keeps it from being a constant) is recorded here, so
/// no later stage parses its text; the renderer writes ``text`` as it is.
package struct DefaultExpression: Hashable, Sendable, Codable {
    /// What kind of literal the expression is, for the checks against the requirement's type.
    package enum Literal: Hashable, Sendable, Codable {
        case nilLiteral
        /// An integer literal: its digits as written (`0x1F`, `1_000`), and whether `-` precedes it.
        case integer(digits: String, negative: Bool)
        case float
        /// A string literal, with its value when it has no interpolation.
        case string(value: String?)
        case boolean
        /// Anything else: a member, a call, an array, an operator…
        case other

        /// What a string, number or boolean literal is, in a sentence ("a string"); `nil` for
        /// `nil` and anything else.
        var scalarName: String? {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .float: "a floating-point number"
            case .boolean: "a boolean"
            case .nilLiteral, .other: nil
            }
        }
    }

    /// The expression as Swift code writes it.
    package var text: String
    package var literal: Literal
    /// What makes it more than a constant, as the middle of a sentence ("interpolates a value"),
    /// or `nil` for a constant (see ``init(_:)``).
    package var nonConstantPart: String?
    /// Why the text is not one Swift expression, as the end of a sentence, or `nil`.
    package var syntaxProblem: String?
    /// Whether the expression names the `Decouple` module (`Decouple.ImageName("x")`), read
    /// from its tokens: generated code that holds it imports the module.
    var namesDecouple = false
    /// What the expression says of its type, for one that is not a literal: a call
    /// (`Int8("5")`, an `Int8?`) or a static member (`Int.max`, `Kind.none`), which the plan
    /// reads once it knows the sources' types.
    var inference: TypeInference.Outcome?
    /// For a call (`Token(raw: "x")`), its argument labels (`_` for none), which tell whether a
    /// failable initializer of a type of the sources may be the one called.
    var callLabels: [String]?
    /// For a call of a type with one number literal as its only, unlabelled argument
    /// (`Int8(300)`, `Float(1e40)`): the type as written and the literal, which Swift makes a
    /// value of that type, so it must fit it.
    var numberArgument: NumberArgument?

    struct NumberArgument: Hashable, Sendable, Codable {
        /// The type called, its last name: `Int8` for `Swift.Int8(300)`.
        var type: String
        var literal: Literal
        /// The literal as written: `300`, `-1.5e400`.
        var text: String
    }

    /// `nil`, the value of a configuration's `null`.
    package static let nilLiteral = DefaultExpression(text: "nil", literal: .nilLiteral)

    private init(text: String, literal: Literal, nonConstantPart: String? = nil, syntaxProblem: String? = nil) {
        self.text = text
        self.literal = literal
        self.nonConstantPart = nonConstantPart
        self.syntaxProblem = syntaxProblem
    }

    /// A string of a configuration, as a Swift string literal.
    package static func string(_ value: String) -> DefaultExpression {
        DefaultExpression(text: SwiftLiteral.string(value), literal: .string(value: value))
    }

    /// A boolean of a configuration.
    package static func boolean(_ value: Bool) -> DefaultExpression {
        DefaultExpression(text: value ? "true" : "false", literal: .boolean)
    }

    /// A number of a configuration as JSON writes it (`-3`, `0.5`, `1e3`), which Swift reads alike.
    package static func number(_ json: String) -> DefaultExpression {
        let negative = json.hasPrefix("-")
        let digits = negative ? String(json.dropFirst()) : json
        let isInteger = digits.allSatisfy(\.isNumber)
        return DefaultExpression(text: json, literal: isInteger ? .integer(digits: digits, negative: negative) : .float)
    }

    /// An expression written in Swift source: an annotation's, or a macro attribute's argument.
    package init(_ expression: ExprSyntax) {
        self.init(text: expression.writtenText, literal: Self.literal(of: expression), nonConstantPart: Self.nonConstantPart(expression))
        if expression.hasError { syntaxProblem = "is not a Swift expression" }
        let tokens = Array(expression.tokens(viewMode: .sourceAccurate))
        namesDecouple = tokens.indices.contains { index in
            tokens[index].tokenKind == .identifier("Decouple") && index + 1 < tokens.count && tokens[index + 1].tokenKind == .period
                && (index == 0 || tokens[index - 1].tokenKind != .period)
        }
        // Only what names its type: an array literal's elements, say, take the requirement's.
        if literal == .other, let call = expression.as(FunctionCallExprSyntax.self) {
            inference = TypeInference.failableResult(call).map { .type($0) } ?? TypeInference.infer(expression)
            if call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty {
                callLabels = call.arguments.map { $0.label.map { QualifiedName.unescaped($0.text) } ?? "_" }
                if call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
                   let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName {
                    let literal = Self.literal(of: argument.expression)
                    if literal.isNumber {
                        numberArgument = NumberArgument(type: callee.baseName.text, literal: literal, text: argument.expression.trimmedText)
                    }
                }
            }
        } else if literal == .other, expression.is(MemberAccessExprSyntax.self) {
            inference = TypeInference.infer(expression)
        }
    }

    /// Swift text given to the library's API (``MappingSource/init(member:defaultValue:position:defaultPosition:)``),
    /// parsed once here.
    package init(parsing text: String) {
        if BracketNesting.firstTooDeep(in: text) != nil {
            self.init(text: text, literal: .other, syntaxProblem: "has \(BracketNesting.reason)")
            return
        }
        let tree = Parser.parse(source: text)
        guard !tree.hasError, tree.statements.count == 1, let expression = tree.statements.first?.item.as(ExprSyntax.self) else {
            self.init(text: text, literal: .other, syntaxProblem: "is not a Swift expression")
            return
        }
        self.init(expression)
        self.text = text
    }

    /// The literal an expression is, a negative number included.
    private static func literal(of expression: ExprSyntax) -> Literal {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            if let integer = prefix.expression.as(IntegerLiteralExprSyntax.self) { return .integer(digits: integer.literal.text, negative: true) }
            if prefix.expression.is(FloatLiteralExprSyntax.self) { return .float }
            return .other
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return .integer(digits: integer.literal.text, negative: false) }
        if expression.is(FloatLiteralExprSyntax.self) { return .float }
        if expression.is(NilLiteralExprSyntax.self) { return .nilLiteral }
        if let string = expression.as(StringLiteralExprSyntax.self) { return .string(value: string.representedLiteralValue) }
        if expression.is(BooleanLiteralExprSyntax.self) { return .boolean }
        return .other
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
}

extension DefaultExpression.Literal {
    /// An integer or floating-point literal, negated or not.
    var isNumber: Bool {
        switch self {
        case .integer, .float: true
        case .nilLiteral, .string, .boolean, .other: false
        }
    }
}
