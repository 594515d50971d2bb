// MARK: - Emitter

/// Writes Swift declarations for resolved adapters. The command-line tool, the build plugin and
/// the macros all emit through here, so the same mapping gives the same code everywhere.
enum Emitter {
    // MARK: Conformance style

    /// `extension Model: Protocol { … }`, or `nil` when the model satisfies everything itself and
    /// already declares the conformance.
    static func conformance(_ adapter: ResolvedAdapter) -> String? {
        let members = adapter.bindings.filter { !$0.isSatisfiedByModel && !$0.isWrittenByAnotherAdapter }
        if adapter.declaresConformance && members.isEmpty { return nil }
        let model = escapedPath(adapter.modelSpelling)
        // A `@MainActor` model's members are read on the main actor: its conformance is
        // isolated there (SE-0470), which compiles in Swift 5 and 6 modes alike.
        // A conformance to a `@MainActor` protocol needs no mark (and one that refines `Sendable`
        // cannot have it).
        let isolated = (adapter.model.isMainActor || adapter.readsMainActorMembers) && adapter.model.kind != .actor
            && !adapter.protocolDeclaration.isWhollyMainActor ? "@Swift.MainActor " : ""
        let header = adapter.declaresConformance
            ? "extension \(model)"
            : "extension \(model): \(isolated)\(escapedPath(adapter.protocolDeclaration.spelling))"
        // An actor's witnesses read `let`s only, so they need no isolation.
        // Witnesses that read `@MainActor` members of a model that is not are on the main actor too.
        let isolation = adapter.model.kind == .actor ? " nonisolated" : ""
        let attribute = adapter.readsMainActorMembers && adapter.model.kind != .actor ? "@Swift.MainActor " : ""
        // An async witness that awaits off the main actor is `nonisolated`, not `@MainActor`.
        func access(_ binding: Binding) -> String {
            let modifier = (binding.sharedAccess ?? adapter.memberAccess).memberModifier
            return adapter.awaitsOffTheMainActor(binding) ? modifier + " nonisolated" : attribute + modifier + isolation
        }
        return decl(guarded("""
            \(header) {
            \(members.map { member($0, access: access($0), base: "self", typeBase: "Self", mutates: [.struct, .enum].contains(adapter.model.kind)) }.joined(separator: "\n"))
            }
            """, by: adapter.conditions))
    }

    // MARK: Factory style

    /// The hidden adapter type for one model.
    static func factoryAdapter(_ adapter: ResolvedAdapter, named name: String) -> String {
        let model = escapedPath(adapter.modelSpelling)
        let stored = storedModelName(adapter)
        // A `mutating` requirement of a value model mutates the adapter's copy of it.
        let mutates = [.struct, .enum].contains(adapter.model.kind) && adapter.bindings.contains { $0.requirement.isMutating }
        return decl(guarded("""
            \(adapter.isNonisolatedByDeclaration ? "nonisolated " : "")private struct \(escaped(name)): \(escapedPath(adapter.protocolDeclaration.spelling)) {
            \(mutates ? "var" : "let") \(stored): \(model)
            \(adapter.bindings.map { member($0, access: nil, base: "self.\(stored)", typeBase: model, mutates: mutates) }.joined(separator: "\n"))
            }
            """, by: adapter.conditions))
    }

    /// One function that registers every generated adapter of a protocol in a `ContentFactory`.
    static func factoryRegistration(for adapters: [ResolvedAdapter], names: [String]) -> String {
        let protocolDeclaration = adapters[0].protocolDeclaration
        let access = adapters.map(\.memberAccess).min()!.memberModifier
        let registrations = zip(adapters, names).map { adapter, name in
            let tag = adapter.tag.map { ", tag: \(SwiftLiteral.string($0))" } ?? ""
            return guarded("try self.register(\(escapedPath(adapter.modelSpelling)).self\(tag)) { \(escaped(name))(\(storedModelName(adapter)): $0) }", by: adapter.conditions)
        }
        return decl(guarded("""
            extension Decouple.ContentFactory where Content == any \(escapedPath(protocolDeclaration.spelling)) {
            /// Registers the adapters `decouple` generated for `\(protocolDeclaration.name)`.
            \(access) func registerGeneratedAdapters() throws(Decouple.ContentFactoryError) {
            \(registrations.joined(separator: "\n"))
            }
            }
            """, by: protocolDeclaration.conditions))
    }

    /// The name of a factory adapter's stored model, which is also its initializer's label:
    /// `model`, or, when the protocol requires a member of that name, the first of `_model`,
    /// `__model`, … that it does not.
    static func storedModelName(_ adapter: ResolvedAdapter) -> String {
        let required = adapter.protocolDeclaration.requirements.map { Array($0.name.unicodeScalars) }
        var name = "model"
        while required.contains(Array(name.unicodeScalars)) { name = "_" + name }
        return name
    }

    /// The adapter types' names: the model's and the protocol's names run together
    /// (`APIPostTitledContentAdapter`), unless two adapters would get the same name from
    /// different models (`A.BC` and `AB.C`); then each name is spelled with the length of each
    /// part (`Adapter_1A_2BC_13TitledContent`), which no two different names share.
    /// A name the sources already give a top-level type (`taken`) gets `_` appended until it
    /// is free, since the adapter type is declared at the top level of the same module.
    static func adapterTypeNames(_ adapters: [ResolvedAdapter], avoiding taken: Set<String> = []) -> [String] {
        func plain(_ adapter: ResolvedAdapter) -> String {
            adapter.model.qualifiedName.replacingOccurrences(of: ".", with: "") + adapter.protocolDeclaration.name + "Adapter"
        }
        func unique(_ adapter: ResolvedAdapter) -> String {
            let parts: [String] = adapter.model.qualifiedName.components(separatedBy: ".") + [""]
                + adapter.protocolDeclaration.qualifiedName.components(separatedBy: ".")
            return "Adapter" + parts.map { "_\($0.unicodeScalars.count)\($0)" }.joined()
        }
        var owners: [String: Set<String>] = [:]
        for adapter in adapters {
            owners[plain(adapter), default: []].insert("\(adapter.model.qualifiedName): \(adapter.protocolDeclaration.qualifiedName)")
        }
        func free(_ name: String) -> String {
            var name = name
            while taken.contains(name) { name += "_" }
            return name
        }
        return adapters.map { free(owners[plain($0)]!.count > 1 ? unique($0) : plain($0)) }
    }

    // MARK: Proxy style

    /// What `ForwardingProxy` needs to stand in for a user protocol: its member table, stored
    /// once and read through closures; its conformance; and typed look-up that tells "nothing
    /// injected" (`nil`) from an empty value. The conformance and the look-up are isolated to the
    /// main actor, where the proxy reads what is injected for a protocol that may not be
    /// `Sendable`; they compile in every language mode and default isolation.
    static func proxySupport(for protocolDeclaration: ProtocolDeclaration) -> [String] {
        let access = min(protocolDeclaration.access, .public).memberModifier
        let existential = "any \(escapedPath(protocolDeclaration.spelling))"
        let readers = protocolDeclaration.requirements.map { requirement in
            // An optional is boxed on purpose: a reader returns `Any`, and `nil` is a value here.
            let boxing = requirement.type.isOptional ? " as Any" : ""
            return "        \(SwiftLiteral.string(requirement.name)): { $0.\(escaped(requirement.name))\(boxing) },"
        }
        // Laid out by hand: the formatter would break each one-line closure over three lines.
        let table = """
            extension Decouple.MemberTable where Root == \(existential) {
                /// The members of `\(protocolDeclaration.name)`, for look-up by name through a `ForwardingProxy`.
                \(access) static let \(escaped(lowerFirst(protocolDeclaration.name))) = Self(readers: [
            \(readers.joined(separator: "\n"))
                ])
            }
            """
        // A protocol that refines `Sendable` is read from any thread: its conformance needs no
        // isolation (under default MainActor isolation it takes the module's).
        let isolation = protocolDeclaration.refinesSendable ? "" : "@Swift.MainActor "
        let members = protocolDeclaration.requirements.map { requirement in
            // The resolver refuses a requirement with no fallback, so `nil` is for optionals.
            let fallback = EmptyValue(for: requirement.type).map(text(of:)) ?? "nil"
            return """
                \(isolation)\(access) var \(escaped(requirement.name)): \(spelling(of: requirement.type, builtIn: protocolDeclaration.isBuiltIn)) {
                self.forward(\\(\(existential)).\(escaped(requirement.name))) ?? \(fallback)
                }
                """
        }
        let conformance = decl("""
            extension Decouple.ForwardingProxy: \(isolation)\(escapedPath(protocolDeclaration.spelling)) {
            \(members.joined(separator: "\n"))
            }
            """)
        let lookUp = """
            extension Decouple.ForwardingProxy {
                /// Typed look-up of `\(protocolDeclaration.name)` members: `nil` when nothing is injected for it.
                \(isolation)\(access) subscript<Value>(dynamicMember keyPath: Swift.KeyPath<\(existential), Value>) -> Value? {
                    self.forward(keyPath)
                }
            }
            """
        let conditions = protocolDeclaration.conditions
        guard !conditions.isEmpty else { return [table, conformance, lookUp] }
        return [table, conformance, lookUp].map { guarded($0, by: conditions) }
    }

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
    /// `self.model`), or from `typeBase` (the model's type) for a static member.
    static func expression(_ source: ValueSource, base: String, typeBase: String) -> String {
        let marks = (source.effects.contains("throws") ? "try " : "") + (source.effects.contains("async") ? "await " : "")
        let read = marks + "\(source.isStatic ? typeBase : base).\(escaped(source.member))" + (source.isMethod ? "()" : "")
        guard source.memberIsOptional else {
            return switch source.conversion {
            case .direct: read
            case .describing: "Swift.String(describing: \(read))"
            case .imageName: "Decouple.ImageName(\(read))"
            }
        }
        let mapped = switch source.conversion {
        case .direct: read
        case .describing: "\(read).map { Swift.String(describing: $0) }"
        case .imageName: "\(read).map(Decouple.ImageName.init)"
        }
        return source.defaultValue.map { "\(mapped) ?? \($0)" } ?? mapped
    }

    // MARK: Files

    /// The whole generated file.
    static func file(adapters: [ResolvedAdapter], imports: [ImportDeclaration] = [], takenNames: Set<String> = []) -> String {
        layout(adapters: adapters, imports: imports, takenNames: takenNames).text
    }

    /// The file, and the pieces it is made of: its header with the imports, and each top-level
    /// declaration, every piece a complete Swift text on its own. The file is the pieces in
    /// order with comments and blank lines between them, so it parses when each piece does, and
    /// the pieces can be checked apart, in parallel.
    ///
    /// Conformances are written in parallel, one core each: each reads only its own adapter.
    ///
    /// - Parameter takenNames: The names of the top-level types the sources declare, which the
    ///   factory style's adapter types must not take.
    static func layout(
        adapters: [ResolvedAdapter], imports: [ImportDeclaration] = [], takenNames: Set<String> = []
    ) -> (text: String, pieces: [String], made: [ResolvedAdapter]) {
        // Read here: a task-local value is not seen on the threads that write in parallel.
        let alwaysFormats = DeclarationLayout.alwaysFormats
        let conformances = inParallel(adapters.count) { range in
            DeclarationLayout.$alwaysFormats.withValue(alwaysFormats) {
                range.map { adapters[$0].style == .factory ? nil : conformance(adapters[$0]) }
            }
        }
        var sections: [(title: String, decls: [String])] = []
        // Every adapter the text holds: a conformance or a factory adapter of its own, or the
        // proxy's support for its protocol.
        var made: [ResolvedAdapter] = []
        for (adapter, conformance) in zip(adapters, conformances) {
            if let conformance {
                sections.append(("\(adapter.model.qualifiedName): \(adapter.protocolDeclaration.name)", [conformance]))
            }
            if conformance != nil || adapter.style == .factory || (adapter.style == .proxy && !adapter.protocolDeclaration.isBuiltIn) {
                made.append(adapter)
            }
        }
        let factoryAdapters = adapters.filter { $0.style == .factory }
        let names = Dictionary(zip(factoryAdapters.indices, adapterTypeNames(factoryAdapters, avoiding: takenNames)), uniquingKeysWith: { first, _ in first })
        let byProtocol = Dictionary(grouping: factoryAdapters.indices, by: { factoryAdapters[$0].protocolDeclaration.qualifiedName })
        for name in byProtocol.keys.sorted() {
            let group = byProtocol[name]!
            let adapters = group.map { factoryAdapters[$0] }
            let adapterNames = group.map { names[$0]! }
            sections.append((
                "\(adapters[0].protocolDeclaration.name) factory",
                zip(adapters, adapterNames).map { factoryAdapter($0, named: $1) } + [factoryRegistration(for: adapters, names: adapterNames)]))
        }
        let proxied = Dictionary(grouping: adapters.filter { $0.style == .proxy && !$0.protocolDeclaration.isBuiltIn }, by: \.protocolDeclaration.qualifiedName)
        for name in proxied.keys.sorted() {
            let declaration = proxied[name]![0].protocolDeclaration
            sections.append(("ForwardingProxy: \(declaration.name)", proxySupport(for: declaration)))
        }

        var text = generatedFileHeader + "\nimport Decouple\n"
        for line in importLines(imports) { text += line + "\n" }
        var pieces = [text]
        for section in sections {
            text += "\n// MARK: - \(section.title)\n\n"
            text += section.decls.joined(separator: "\n\n") + "\n"
            pieces += section.decls
        }
        return (text, pieces, made)
    }

    // MARK: Helpers

    /// A requirement's witness: a property, or a method, reading the model.
    /// - Parameter mutates: A `mutating` requirement gets a `mutating` witness (in a struct or enum).
    private static func member(_ binding: Binding, access: String?, base: String, typeBase: String, mutates: Bool = false) -> String {
        var modifier = access.map { "\($0) " } ?? ""
        if mutates, binding.requirement.isMutating { modifier += "mutating " }
        let type = spelling(of: binding.requirement.type, builtIn: true)
        guard binding.requirement.kind == .method, let signature = binding.requirement.signature else {
            guard let source = binding.source else { return "" }
            guard !source.effects.isEmpty else {
                return """
                    \(modifier)var \(escaped(binding.requirement.name)): \(type) {
                    \(expression(source, base: base, typeBase: typeBase))
                    }
                    """
            }
            return """
                \(modifier)var \(escaped(binding.requirement.name)): \(type) {
                get \(source.effects.joined(separator: " ")) {
                \(expression(source, base: base, typeBase: typeBase))
                }
                }
                """
        }
        let parameters = signature.parameters.enumerated().map { index, parameter in
            "\(argumentLabel(parameter.label)) p\(index): \(qualifyingStandardNames(parameter.type.written))"
        }
        let effects = signature.effects.map { " \($0)" }.joined()
        let returns = signature.returnType == nil ? "" : " -> \(type)"
        let generics = Self.genericParts(signature.generics)
        let body: String
        if let source = binding.source {
            body = expression(source, base: base, typeBase: typeBase)
        } else if let forwarded = binding.forwardedMethod {
            let arguments = signature.parameters.enumerated().map { index, parameter in
                let value = parameter.type.written.hasPrefix("inout ") ? "&p\(index)" : "p\(index)"
                return parameter.label == "_" ? value : "\(argumentLabel(parameter.label)): \(value)"
            }
            let marks = (signature.effects.contains { $0.hasPrefix("throws") || $0 == "rethrows" } ? "try " : "") + (signature.effects.contains("async") ? "await " : "")
            body = "\(marks)\(base).\(escaped(forwarded))(\(arguments.joined(separator: ", ")))"
        } else {
            return ""
        }
        return """
            \(modifier)func \(escaped(signature.name))\(generics.parameters)(\(parameters.joined(separator: ", ")))\(effects)\(returns)\(generics.whereClause) {
            \(body)
            }
            """
    }

    /// An argument label: any word but `inout`, `var` and `let` may be one without backticks.
    private static func argumentLabel(_ label: String) -> String {
        ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
    }

    /// Code under `#if` conditions, all of which must hold; the code itself when there are none.
    static func guarded(_ code: String, by conditions: [Condition]) -> String {
        conditions.isEmpty ? code : "#if \(Condition.conjunction(conditions))\n\(code)\n#endif"
    }

    /// The generated file's imports: every module the models' and protocols' files import, under
    /// the conditions they are imported under, except `Decouple`, which it always imports.
    private static func importLines(_ imports: [ImportDeclaration]) -> [String] {
        var seen = Set<ImportDeclaration>()
        return imports.filter { $0.module != "Decouple" && seen.insert($0).inserted }
            .sorted { ($0.conditions.count, $0.conditions.map(\.text).joined(separator: "\n"), $0.module) < ($1.conditions.count, $1.conditions.map(\.text).joined(separator: "\n"), $1.module) }
            .map { guarded("import \(escaped($0.module))", by: $0.conditions) }
    }

    /// A declaration laid out with four-space indentation (see ``DeclarationLayout``).
    private static func decl(_ text: String) -> String {
        DeclarationLayout.layOut(text)
    }

    /// Standard library names qualified, so a model module's own `String` cannot capture them.
    static func spelling(of type: TypeReference, builtIn: Bool) -> String {
        let wrapped = type.wrapped == "ImageName" ? "Decouple.ImageName" : qualifyingStandardNames(type.wrapped)
        return type.isOptional ? "\(wrapped)?" : wrapped
    }

    private static let standardNames: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Character", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Array", "Dictionary", "Set", "Optional", "Substring",
    ]

    /// A type with every standard library name in it written `Swift.Name`: `[String: Int]`
    /// becomes `[Swift.String: Swift.Int]`. A name after a `.` is a member, not the standard one.
    static func qualifyingStandardNames(_ type: String) -> String {
        var result = ""
        var word = ""
        var previous: Character?
        func flush() {
            if standardNames.contains(word), previous != "." { result += "Swift." }
            result += word
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty { flush() }
            result.append(character)
            previous = character
        }
        if !word.isEmpty { flush() }
        return result
    }

    /// A method's generic text as the scanner keeps it (`<T: P> where T.ID == Int`, `<T>`, or a
    /// `where` clause alone, as a protocol extension's method can have) split into what goes
    /// after the name and what goes after the signature, with its leading space.
    static func genericParts(_ text: String?) -> (parameters: String, whereClause: String) {
        guard let text, !text.isEmpty else { return ("", "") }
        guard text.hasPrefix("<") else { return ("", " " + text) }
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "<": depth += 1
            case ">" where text[..<index].last != "-":  // not the arrow of a function type
                depth -= 1
                if depth == 0 {
                    let end = text.index(after: index)
                    let rest = text[end...].drop { $0 == " " }
                    return (String(text[..<end]), rest.isEmpty ? "" : " " + rest)
                }
            default: break
            }
        }
        return (text, "")
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

    private static func lowerFirst(_ name: String) -> String {
        let leadingUpper = name.prefix { $0.isUppercase }
        guard !leadingUpper.isEmpty else { return name }
        // "URLContent" → "urlContent", "TitledContent" → "titledContent".
        let count = leadingUpper.count == name.count || leadingUpper.count == 1 ? leadingUpper.count : leadingUpper.count - 1
        return name.prefix(count).lowercased() + name.dropFirst(count)
    }
}
