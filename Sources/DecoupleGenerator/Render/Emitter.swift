// MARK: - Emitter

/// Writes Swift declarations for resolved adapters. The command-line tool, the build plugin and
/// the macros all emit through here, so the same mapping gives the same code everywhere.
enum Emitter {
    /// The text of what the forwarding proxy answers when nothing is injected.
    static func text(of empty: EmptyValue) -> String {
        switch empty {
        case .none: "nil"
        case .emptyString: "\"\""
        case .zero: "0"
        case .false: "false"
        case .emptyImageName: "Decouple.ImageName.empty"
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        }
    }

    /// The Swift expression that reads a requirement's value from `base` (`self` or
    /// `self.model`), or from `typeBase` (the model's type) for a static member: one line, or
    /// a closure's block for a value described as it is mapped out of an optional.
    static func expression(_ source: ValueSource, base: String, typeBase: String) -> [Code] {
        if let constant = source.constant { return [.line(constant.text)] }
        let marks = source.effects.callMarks
        var read = marks + "\(source.isStatic ? typeBase : base).\(escaped(source.member))" + (source.isMethod ? "()" : "")
        // `String??` read as `String?`: `(x ?? nil)` takes one optional off.
        for _ in 0..<source.extraOptionals { read = "(\(read) ?? nil)" }
        guard source.memberIsOptional else {
            return switch source.conversion {
            case .direct: [.line(read)]
            case .describing: [.line("Swift.String(describing: \(read))")]
            case .imageName: [.line("Decouple.ImageName(\(read))")]
            }
        }
        let orDefault = source.defaultValue.map { " ?? \($0.text)" } ?? ""
        return switch source.conversion {
        case .direct: [.line(read + orDefault)]
        case .describing: [.block(open: "\(read).map {", body: [.line("Swift.String(describing: $0)")], close: "}" + orDefault)]
        // Labelled: `ImageName.init` also names `init(stringLiteral:)`, ambiguous beside a literal
        // default.
        case .imageName: [.line("\(read).map(Decouple.ImageName.init(_:))" + orDefault)]
        }
    }

    // MARK: Files

    /// The generated file the plan says, and the adapters it holds. The file is the header
    /// with the imports, then each style's declarations under a `MARK`.
    ///
    /// Conformances are written in parallel, one core each: each reads only its own adapter.
    static func render(_ plan: Plan) -> (text: String, made: [ResolvedAdapter]) {
        let adapters = plan.adapters
        let conformances = inParallel(adapters.count) { range in
            range.map { adapters[$0].style.extendsTheModel ? ConformanceStyle.conformance(adapters[$0]).map(Code.text(of:)) : nil }
        }
        var sections: [(title: String, decls: [String])] = []
        // Every adapter the text holds: a conformance or a factory adapter of its own, or the
        // proxy's support for its protocol; and one of a model that already conforms (it or a
        // superclass declares it, or a superclass is adapted alike), which needs nothing written.
        var made: [ResolvedAdapter] = []
        for (adapter, conformance) in zip(adapters, conformances) {
            if let conformance {
                sections.append(("\(adapter.model.qualifiedName): \(adapter.protocolDeclaration.name)", [conformance]))
            }
            if conformance != nil || adapter.declaresConformance || adapter.style.writesMore(for: adapter) {
                made.append(adapter)
            }
        }
        for style in OutputStyle.allCases.map(\.adapterStyle) {
            sections += style.sections(for: adapters.filter { $0.style.name == style.name }, takenNames: plan.takenNames)
                .map { ($0.title, $0.decls.map(Code.text(of:))) }
        }

        var body = ""
        for section in sections {
            body += "\n// MARK: - \(section.title)\n\n"
            body += section.decls.joined(separator: "\n\n") + "\n"
        }
        // `import Decouple` first, where the plan says the code names it: `public import` where a
        // file imports it with a level, as the witnesses it holds may be public.
        let decouple = merged([ImportDeclaration(module: "Decouple", conditions: [])] + plan.imports.filter { $0.module == "Decouple" && $0.conditions.isEmpty })
        let lines = plan.namesDecouple ? decouple.map(importLine) + importLines(plan.imports.filter { $0.module != "Decouple" }) : importLines(plan.imports)
        let text = generatedFileHeader + (lines.isEmpty ? "" : "\n" + lines.map { $0 + "\n" }.joined())
        return (text + body, made)
    }

    // MARK: Helpers

    /// A requirement's witness: a property, or a method, reading the model; `nil` when the
    /// binding has nothing to read.
    /// - Parameter mutates: A `mutating` requirement gets a `mutating` witness (in a struct or enum).
    static func member(_ binding: Binding, access: String?, base: String, typeBase: String, mutates: Bool = false) -> Code? {
        var modifier = access.map { "\($0) " } ?? ""
        if mutates, binding.requirement.isMutating { modifier += "mutating " }
        // A method's generic parameter may have a standard library type's name (`<String>`).
        let genericParameters = Set(binding.requirement.signature?.generics?.parameters ?? [])
        let type = spelling(of: binding.requirement.type, builtIn: true, keeping: genericParameters)
        guard binding.requirement.kind == .method, let signature = binding.requirement.signature else {
            guard let source = binding.source else { return nil }
            let read = expression(source, base: base, typeBase: typeBase)
            let header = "\(modifier)var \(escaped(binding.requirement.name)): \(type)"
            guard !source.effects.isEmpty else { return .block(header, read) }
            return .block(header, [.block("get \(source.effects.text)", read)])
        }
        let parameters = signature.parameters.enumerated().map { index, parameter in
            "\(argumentLabel(parameter.label)) p\(index): \(qualifyingStandardNames(parameter.type.written, keeping: genericParameters))"
        }
        let effects = signature.effects.map { " \($0)" }.joined()
        let returns = signature.returnType == nil ? "" : " -> \(type)"
        let generics = signature.generics?.rendered ?? (parameters: "", whereClause: "")
        let body: [Code]
        if let source = binding.source {
            body = expression(source, base: base, typeBase: typeBase)
        } else if let forwarded = binding.forwardedMethod {
            let arguments = signature.parameters.enumerated().map { index, parameter in
                // An `@autoclosure` parameter is a closure here: passed on, it is called; a
                // parameter pack is expanded again.
                let written = parameter.type.written
                let value = written.hasPrefix("inout ") ? "&p\(index)" : written.contains("@autoclosure") ? "p\(index)()"
                    : written.hasPrefix("repeat ") ? "repeat each p\(index)" : "p\(index)"
                return parameter.label == "_" ? value : "\(argumentLabel(parameter.label)): \(value)"
            }
            let called = binding.forwardedEffects ?? signature.effects
            let marks = called.callMarks
            body = [.line("\(marks)\(base).\(escaped(forwarded))(\(arguments.joined(separator: ", ")))")]
        } else {
            return nil
        }
        return .block("\(modifier)func \(escaped(signature.name))\(generics.parameters)(\(parameters.joined(separator: ", ")))\(effects)\(returns)\(generics.whereClause)", body)
    }

    /// An argument label: any word but `inout`, `var` and `let` may be one without backticks.
    static func argumentLabel(_ label: String) -> String {
        ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
    }

    /// The generated file's imports: every module the protocols' files import (see
    /// `Plan.imports(for:in:configuration:)`), under the conditions they are imported under,
    /// once each (``merged(_:)``).
    static func importLines(_ imports: [ImportDeclaration]) -> [String] {
        merged(imports)
            .sorted { ($0.conditions.count, $0.conditions.map(\.text).joined(separator: "\n"), $0.module) < ($1.conditions.count, $1.conditions.map(\.text).joined(separator: "\n"), $1.module) }
            .map { Code.text(of: Code.guarded([.line(importLine($0))], by: $0.conditions)) }
    }

    /// One import per module and conditions. One that a file declares with an access level
    /// (`internal import Foundation`) is declared with the widest any file declares, at least
    /// `internal`, and `public` where another file imports it without a level (which is a
    /// public import): Swift refuses a module imported with a level in one file and without one
    /// in another. `@preconcurrency` where any file says it.
    static func merged(_ imports: [ImportDeclaration]) -> [ImportDeclaration] {
        var order: [ImportDeclaration] = []
        var plain: [Bool] = []
        var byKey: [ImportDeclaration: Int] = [:]
        for declaration in imports {
            let key = ImportDeclaration(module: declaration.module, conditions: declaration.conditions)
            guard let index = byKey[key] else {
                byKey[key] = order.count
                order.append(declaration)
                plain.append(declaration.access == nil)
                continue
            }
            if let access = declaration.access { order[index].access = max(order[index].access ?? access, access) } else { plain[index] = true }
            order[index].isPreconcurrency = order[index].isPreconcurrency || declaration.isPreconcurrency
        }
        for index in order.indices where plain[index] && order[index].access != nil { order[index].access = .public }
        return order
    }

    /// `import Module`, with what the import declares.
    static func importLine(_ declaration: ImportDeclaration) -> String {
        let access = declaration.access.map { max($0, .internal).rawValue + " " } ?? ""
        return (declaration.isPreconcurrency ? "@preconcurrency " : "") + access + "import \(escaped(declaration.module))"
    }

    /// Standard library names qualified, so a model module's own `String` cannot capture them.
    /// `keeping`: names that are not the standard library's there (a method's generic parameters).
    static func spelling(of type: TypeReference, builtIn: Bool, keeping: Set<String> = []) -> String {
        let wrapped = type.wrapped == "ImageName" ? "Decouple.ImageName" : qualifyingStandardNames(type.wrapped, keeping: keeping)
        return wrapped + String(repeating: "?", count: type.optionalDepth)
    }

    private static let standardNames: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Character", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Array", "Dictionary", "Set", "Optional", "Substring",
    ]

    /// A type with every standard library name in it written `Swift.Name`: `[String: Int]`
    /// becomes `[Swift.String: Swift.Int]`. A name after a `.` is a member, not the standard one.
    static func qualifyingStandardNames(_ type: String, keeping: Set<String> = []) -> String {
        QualifiedName.replacingNames(in: type) { standardNames.contains($0) && !keeping.contains($0) ? "Swift." + $0 : $0 }
    }

    /// A dotted type name with each part escaped where it is a keyword: `` Outer.`Type` ``.
    static func escapedPath(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: ".")
    }

    /// Built once: every name the emitter writes is looked up here.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
        "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "Type", "Protocol",
        "await",
    ]

    /// A name as Swift code writes it: in backticks when it is a keyword, or a raw identifier
    /// (`` `full name` ``, SE-0451) that is not a plain identifier.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) || !isPlainIdentifier(name) ? "`\(name)`" : name
    }

    /// A letter or `_`, then letters, digits and `_`: what Swift reads as a name without backticks.
    private static func isPlainIdentifier(_ name: String) -> Bool {
        // ASCII names, nearly all of them, are read from their bytes.
        if let first = name.utf8.first, name.utf8.allSatisfy({ $0 < 0x80 }) {
            return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) && name.utf8.allSatisfy(QualifiedName.isPlainIdentifierByte)
        }
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    static func lowerFirst(_ name: String) -> String {
        let leadingUpper = name.prefix { $0.isUppercase }
        guard !leadingUpper.isEmpty else { return name }
        // "URLContent" → "urlContent", "TitledContent" → "titledContent".
        let count = leadingUpper.count == name.count || leadingUpper.count == 1 ? leadingUpper.count : leadingUpper.count - 1
        return name.prefix(count).lowercased() + name.dropFirst(count)
    }
}
