import SwiftSyntax

// MARK: - TypeInference

/// The type of a stored property written without one, read from its initial value the way a
/// reader would, with no type checker: only where the expression alone says what it is.
///
/// | Initial value | Type |
/// |---|---|
/// | `0`, `-1`, `0x1F` | `Int` |
/// | `1.5`, `-2e3` | `Double` |
/// | `"a"`, `"\(x)"` | `String` |
/// | `true` | `Bool` |
/// | `0 as Int64`, `x as! URL`, `x as? URL` | `Int64`, `URL`, `URL?` |
/// | `Date()`, `Foo.Bar(x: 1)`, `URL(string: "…")!` | `Date`, `Foo.Bar`, `URL` |
/// | `[String]()`, `[String: Int]()`, `Set<Int>()` | as written |
/// | `[1, 2]`, `["a": true]` | `[Int]`, `[String: Bool]` |
/// | `Kind.video`, `Cache.shared` | read by the catalog once it knows `Kind` and `Cache` |
enum TypeInference {
    enum Outcome: Hashable, Sendable, Codable {
        case type(TypeReference)
        /// `A.B.c` or `A.B.c(…)`: the catalog reads it as an enum case or a static member of `A.B`.
        case staticReference([String])
        /// Why the expression says nothing certain about its type.
        case failure(String)
    }

    /// Well-known initializers that return an optional, by their argument labels.
    private static let failableInitializers: Set<String> = [
        "URL(string:)", "URL(string:relativeTo:)", "URL(string:encodingInvalidCharacters:)", "UUID(uuidString:)", "Bool(_:)",
        "Int(_:radix:)", "Data(base64Encoded:)", "Data(base64Encoded:options:)", "Decimal(string:)", "Decimal(string:locale:)",
        "Int(exactly:)", "Double(exactly:)", "Float(exactly:)", "UInt(exactly:)",
        "String(data:encoding:)", "String(bytes:encoding:)", "String(validatingUTF8:)", "String(validatingCString:)",
        "String(utf8String:)", "String(validating:)",
        "UserDefaults(suiteName:)", "Bundle(identifier:)", "Bundle(path:)", "Bundle(url:)",
        "URLComponents(string:)", "URLComponents(url:resolvingAgainstBaseURL:)", "TimeZone(identifier:)",
        "TimeZone(abbreviation:)", "TimeZone(secondsFromGMT:)", "InputStream(fileAtPath:)", "InputStream(url:)", "OutputStream(url:append:)",
        "OutputStream(toFileAtPath:append:)", "NSURL(string:)", "NSDataAsset(name:)", "NSDataAsset(name:bundle:)",
        "UIImage(named:)", "UIImage(named:in:compatibleWith:)", "UIImage(named:in:with:)", "UIImage(systemName:)",
        "UIImage(systemName:withConfiguration:)", "UIImage(systemName:compatibleWith:)", "UIImage(contentsOfFile:)",
        "UIImage(data:)", "UIImage(data:scale:)", "UIColor(named:)", "UIColor(named:in:compatibleWith:)", "UIFont(name:size:)",
        "UINib(nibName:bundle:)", "NSImage(named:)", "NSImage(systemSymbolName:accessibilityDescription:)",
        "NSImage(contentsOf:)", "NSImage(contentsOfFile:)", "NSImage(data:)", "NSColor(named:)", "NSFont(name:size:)",
        "Unicode.Scalar(_:)", "UnicodeScalar(_:)",
    ]

    /// The number types whose `init(_:)` fails for a string and not for a number: `Int("5")` may
    /// fail, `Int(2.5)` and `Double(40)` do not.
    private static let numberTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat",
    ]

    /// Well-known functions whose names are capitalised as types are, with their result types:
    /// `NSLocalizedString(…)` is a function that gives a `String`.
    private static let capitalisedFunctions: [String: String] = [
        "NSLocalizedString": "String", "NSStringFromClass": "String", "NSStringFromSelector": "String",
        "NSSelectorFromString": "Selector", "NSMakeRange": "NSRange", "NSHomeDirectory": "String", "NSTemporaryDirectory": "String",
        "NSUserName": "String", "NSFullUserName": "String", "CGPointMake": "CGPoint", "CGSizeMake": "CGSize", "CGRectMake": "CGRect",
    ]

    static func infer(_ expression: ExprSyntax) -> Outcome {
        switch literal(expression) {
        case let name?: return .type(TypeReference(wrapped: name, isOptional: false))
        case nil: break
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), ["-", "+"].contains(prefix.operator.text),
           let name = literal(prefix.expression), name == "Int" || name == "Double" {
            return .type(TypeReference(wrapped: name, isOptional: false))
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return coercion(sequence)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return infer(only.expression)
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
            guard let call = unwrapped.expression.as(FunctionCallExprSyntax.self) else {
                return .failure("`\(short(expression))` unwraps a value whose type the source does not show")
            }
            if case let .type(type) = initializerCall(call, unwrapped: true) { return .type(type) }
            return .failure("`\(short(expression))` is not a call of a type's initializer")
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return initializerCall(call, unwrapped: false)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            let elements = array.elements.map { literal($0.expression) }
            guard let element = uniform(elements) else {
                return .failure(array.elements.isEmpty ? "an empty array literal has no element type of its own" : "the array's elements are not literals of one type")
            }
            return .type(TypeReference(wrapped: "[\(element)]", isOptional: false))
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case let .elements(pairs) = dictionary.content, !pairs.isEmpty,
                  let key = uniform(pairs.map { literal($0.key) }), let value = uniform(pairs.map { literal($0.value) }) else {
                return .failure(dictionary.content.is(TokenSyntax.self) ? "an empty dictionary literal has no key and value types of its own" : "the dictionary's keys or values are not literals of one type")
            }
            return .type(TypeReference(wrapped: "[\(key): \(value)]", isOptional: false))
        }
        if let path = typePath(expression), path.count >= 2 {
            return .staticReference(path)
        }
        // `Step?.none`: the optional's own `nil`, typed as written.
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "none",
           let optional = member.base?.as(OptionalChainingExprSyntax.self), let path = typePath(optional.expression), isTypeName(path) {
            return .type(TypeReference(wrapped: path.joined(separator: "."), isOptional: true))
        }
        if expression.is(NilLiteralExprSyntax.self) {
            return .failure("`nil` has no type of its own")
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return .failure("`\(short(expression))` names a member of a type the source does not write")
        }
        return .failure("`\(short(expression))` has a type only a type checker can tell")
    }

    /// The type of a literal, or `nil`.
    private static func literal(_ expression: ExprSyntax) -> String? {
        switch expression.kind {
        case .stringLiteralExpr: "String"
        case .integerLiteralExpr: "Int"
        case .floatLiteralExpr: "Double"
        case .booleanLiteralExpr: "Bool"
        default:
            if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
               prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self) {
                literal(prefix.expression)
            } else {
                nil
            }
        }
    }

    /// The one type of all the literals, with `Int` and `Double` together making `Double`.
    private static func uniform(_ types: [String?]) -> String? {
        guard !types.isEmpty, types.allSatisfy({ $0 != nil }) else { return nil }
        let kinds = Set(types.compactMap { $0 })
        if kinds.count == 1 { return kinds.first }
        return kinds == ["Int", "Double"] ? "Double" : nil
    }

    /// `value as T`, `as! T`, `as? T`: unfolded by the parser into `value`, `as T`.
    private static func coercion(_ sequence: SequenceExprSyntax) -> Outcome {
        let elements = Array(sequence.elements)
        guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
              let type = elements[2].as(TypeExprSyntax.self)?.type else {
            return .failure("`\(short(ExprSyntax(sequence)))` is an operator expression, whose type only a type checker can tell")
        }
        var reference = DeclarationVisitor.reference(type)
        if cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { reference.optionalDepth += 1 }
        return .type(reference)
    }

    /// `T(…)`, `T.init(…)`, `[T]()`, `[K: V]()`.
    private static func initializerCall(_ call: FunctionCallExprSyntax, unwrapped: Bool) -> Outcome {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        if let array = callee.as(ArrayExprSyntax.self), array.elements.count == 1, let element = array.elements.first {
            let shape = TypeShape(expression: element.expression).map(TypeShape.array)
            return .type(TypeReference(wrapped: "[\(element.expression.writtenText)]", optionalDepth: 0, shape: shape))
        }
        if let dictionary = callee.as(DictionaryExprSyntax.self), case let .elements(pairs) = dictionary.content, pairs.count == 1,
           let pair = pairs.first {
            var shape: TypeShape?
            if let key = TypeShape(expression: pair.key), let value = TypeShape(expression: pair.value) { shape = .dictionary(key, value) }
            return .type(TypeReference(wrapped: "[\(pair.key.writtenText): \(pair.value.writtenText)]", optionalDepth: 0, shape: shape))
        }
        let typeText: String
        var shape: TypeShape?
        if let generic = callee.as(GenericSpecializationExprSyntax.self), let path = typePath(generic.expression), isTypeName(path) {
            let clause = generic.genericArgumentClause.written
            typeText = path.joined(separator: ".") + clause.text
            shape = TypeShape(dottedName: path.joined(separator: ".")).flatMap { $0.specialized(by: clause.node.as(GenericArgumentClauseSyntax.self)) }
        } else if let path = typePath(callee) {
            if path.count == 1, let result = capitalisedFunctions[path[0]] {
                return .type(TypeReference(wrapped: result, isOptional: false))
            }
            if path.count == 1, looksLikeACFunction(path[0]) {
                return .failure("`\(short(ExprSyntax(call)))` calls what looks like a C function (a prefix, then a verb such as Get or Create), whose result type the source does not show")
            }
            if path.count == 1, standardGenerics.contains(path[0]) {
                return genericCall(path[0], call)
            }
            guard isTypeName(path) else {
                // `Kind.make(…)`, `Result.success(…)`: maybe an enum case or a static factory.
                return path.count >= 2 ? .staticReference(path) : .failure("`\(short(ExprSyntax(call)))` calls a function whose result type the source does not show")
            }
            typeText = path.joined(separator: ".")
        } else {
            return .failure("`\(short(ExprSyntax(call)))` has a type only a type checker can tell")
        }
        let labels = call.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
        let signature = "\(typeText)(\(labels))"
        if !unwrapped, numberTypes.contains(typeText), labels == "_:", let argument = call.arguments.first?.expression {
            if argument.is(IntegerLiteralExprSyntax.self) || argument.is(FloatLiteralExprSyntax.self) || literal(argument) == "Int" || literal(argument) == "Double" {
                return .type(TypeReference(wrapped: typeText, isOptional: false))
            }
            let fails = argument.is(StringLiteralExprSyntax.self) ? "may fail (a string that is not a number), so its value is optional" : "may fail or not: it fails for a string, not for a number, and which this argument is only a type checker can tell"
            return .failure("`\(signature)` \(fails); write the type (`\(typeText)?` or `\(typeText)`)")
        }
        if !unwrapped, failableInitializers.contains(signature) {
            return .failure("`\(signature)` may fail, so its value is optional; write the type (`\(typeText)?`) or unwrap it")
        }
        return .type(TypeReference(wrapped: typeText, optionalDepth: 0, shape: shape))
    }

    /// The optional a well-known failable initializer gives (`URL(string: "…")`, `Int("5")`),
    /// or `nil` for any other call: what a default of that call may be.
    static func failableResult(_ call: FunctionCallExprSyntax) -> TypeReference? {
        guard let path = typePath(call.calledExpression), isTypeName(path) else { return nil }
        let typeText = path.joined(separator: ".")
        let labels = call.arguments.map { "\($0.label?.text ?? "_"):" }.joined()
        let fromString = numberTypes.contains(typeText) && labels == "_:" && call.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true
        guard fromString || failableInitializers.contains("\(typeText)(\(labels))") else { return nil }
        return TypeReference(wrapped: typeText, isOptional: true)
    }

    /// The standard library's generic types, whose type arguments a call without them leaves
    /// to the type checker.
    private static let standardGenerics: Set<String> = [
        "Array", "Set", "Dictionary", "Optional", "Result", "ContiguousArray", "ArraySlice", "Range", "ClosedRange", "KeyValuePairs",
        "AsyncStream", "AsyncThrowingStream", "Task", "CollectionOfOne", "EmptyCollection", "Slice", "AnySequence", "AnyCollection",
        "AnyIterator", "Mutex", "Atomic", "Unmanaged", "UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer",
    ]

    /// `Array(repeating: "a", count: 3)`, `Set([1, 2])`, `Optional(5)`: the type arguments where
    /// the arguments' literals show them, and otherwise why not.
    private static func genericCall(_ name: String, _ call: FunctionCallExprSyntax) -> Outcome {
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        var element: String?
        if name == "Array", labels == ["repeating", "count"] {
            element = literal(arguments[0].expression)
        } else if name == "Optional", labels == ["_"] {
            element = literal(arguments[0].expression)
            if let element { return .type(TypeReference(wrapped: element, isOptional: true)) }
        } else if ["Array", "Set"].contains(name), labels == ["_"], let array = arguments[0].expression.as(ArrayExprSyntax.self) {
            element = uniform(array.elements.map { literal($0.expression) })
        }
        if let element {
            return .type(TypeReference(wrapped: name == "Array" ? "[\(element)]" : "\(name)<\(element)>", isOptional: false))
        }
        return .failure("'\(name)' is generic, and its type arguments in `\(short(ExprSyntax(call)))` only a type checker can infer; write the type (`\(name)<…>`)")
    }

    /// `CFRunLoopGetCurrent`, `UIGraphicsGetCurrentContext`: a capitalised prefix of two letters
    /// or more, then a verb that names a C function, not a type.
    private static func looksLikeACFunction(_ name: String) -> Bool {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, let last = current.last, last.isLowercase || last.isNumber {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        words.append(current)
        // The prefix is one word of capitals followed by a capitalised word: `CFRun` splits as `CFRun`.
        guard let first = words.first, first.prefix(2).allSatisfy(\.isUppercase), words.count > 2 else { return false }
        return words.dropFirst().contains { ["Get", "Create", "Copy", "Make", "From"].contains($0) }
    }

    /// The names of `A.B.c` (no calls, subscripts or generic arguments), or `nil`.
    private static func typePath(_ expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return [QualifiedName.unescaped(reference.baseName.text)]
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let path = typePath(base) {
            return path + [QualifiedName.unescaped(member.declName.baseName.text)]
        }
        return nil
    }

    /// By Swift's naming convention, a path whose last name is capitalised names a type.
    private static func isTypeName(_ path: [String]) -> Bool {
        path.allSatisfy { $0.first?.isUppercase ?? false }
    }

    /// The expression on one line, cut to a readable length.
    private static func short(_ expression: ExprSyntax) -> String {
        let text = expression.trimmedText.split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 40 ? text.prefix(39) + "…" : text
    }
}
