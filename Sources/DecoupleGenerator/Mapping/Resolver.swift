// MARK: - Resolved adapters

/// How a requirement's value is read from the model.
struct ValueSource: Hashable, Sendable {
    enum Conversion: Hashable, Sendable {
        /// The member's type is the requirement's.
        case direct
        /// `String(describing:)`, for a `String` requirement fed by a number, `Bool` or other value.
        case describing
        /// `ImageName(_:)`, for an `ImageName` requirement fed by a `String`.
        case imageName
    }

    var member: String
    var memberIsOptional: Bool
    var conversion: Conversion
    var defaultValue: String?
    /// The member is static: read from the model's type, not from the model.
    var isStatic = false
    /// The member is a method with no parameters: called.
    var isMethod = false
    /// The member's getter effects (`async`, `throws`): read with `await` and `try`.
    var effects: [String] = []

    /// The Swift expression that reads the value from `base` (`self` or `self.model`), or from
    /// `typeBase` (the model's type) for a static member.
    func expression(base: String, typeBase: String) -> String {
        let marks = (effects.contains("throws") ? "try " : "") + (effects.contains("async") ? "await " : "")
        let read = marks + "\(isStatic ? typeBase : base).\(Emitter.escaped(member))" + (isMethod ? "()" : "")
        guard memberIsOptional else {
            return switch conversion {
            case .direct: read
            case .describing: "Swift.String(describing: \(read))"
            case .imageName: "Decouple.ImageName(\(read))"
            }
        }
        let mapped = switch conversion {
        case .direct: read
        case .describing: "\(read).map { Swift.String(describing: $0) }"
        case .imageName: "\(read).map(Decouple.ImageName.init)"
        }
        return defaultValue.map { "\(mapped) ?? \($0)" } ?? mapped
    }
}

/// The member a witness declares, as ``Binding/witnessName`` identifies it: a name, and a
/// method's parameters (`label: Type`) then result.
struct WitnessName: Hashable {
    var name: ExactName
    var signature: [String]?
}

/// One requirement of an adapter and where its value comes from.
struct Binding: Hashable, Sendable {
    var requirement: Requirement
    /// `nil` for a requirement the model implements itself (a method of the same signature).
    var source: ValueSource?
    /// A method requirement with parameters implemented by a model method of another name:
    /// the requirement forwards its arguments to it.
    var forwardedMethod: String?
    /// Another adapter of the same model writes this very witness (two protocols that require
    /// one member, read the same way): a type declares it once.
    var isWrittenByAnotherAdapter = false
    /// The access of a witness shared with another adapter's protocol, when it needs more than
    /// this adapter's own.
    var sharedAccess: AccessLevel?

    /// Whether `other` would be written as the same member: one declaration can witness both.
    func isSameWitness(as other: Binding) -> Bool {
        requirement.kind == other.requirement.kind && requirement.type == other.requirement.type
            && requirement.signature == other.requirement.signature && source == other.source && forwardedMethod == other.forwardedMethod
    }

    /// What identifies the member a witness declares in its type: a property's name (a type has
    /// one property of a name, whatever its type), a method's name, parameters and result.
    var witnessName: WitnessName {
        let name = ExactName(requirement.name)
        guard requirement.kind == .method, let signature = requirement.signature else { return WitnessName(name: name, signature: nil) }
        return WitnessName(name: name, signature: signature.parameters.map { "\($0.label): \($0.type)" } + [signature.returnType.map(\.description) ?? ""])
    }

    /// True when the model's own member already satisfies the requirement.
    var isSatisfiedByModel: Bool {
        if forwardedMethod != nil { return false }
        guard let source else { return true }
        return requirement.kind == .property && source.member == requirement.name && source.conversion == .direct && source.defaultValue == nil
            && (source.memberIsOptional == requirement.type.isOptional) && !source.isStatic && !source.isMethod
    }
}

/// A model adapted to a protocol, checked and ready to emit.
struct ResolvedAdapter: Hashable, Sendable {
    var model: TypeDeclaration
    var protocolDeclaration: ProtocolDeclaration
    var style: OutputStyle
    var tag: String?
    var bindings: [Binding]
    /// The model declares the conformance itself; only missing members are generated.
    var declaresConformance: Bool
    /// The `#if` conditions the generated code is under: the model's, then those of members
    /// it reads that are declared under conditions of their own, each a complete condition.
    var conditions: [String] = []
    /// How generated code spells the model: with its module when the configuration names one.
    var modelSpelling: String
    /// The module the configuration names for the model, which the generated file imports.
    var module: String?
    /// The model is not `@MainActor`, but members the adapter reads are: the conformance and
    /// its witnesses are isolated to the main actor.
    var readsMainActorMembers = false
    /// The factory's adapter is declared `nonisolated`: the module isolates what says nothing
    /// to the main actor, and the protocol is not, so the adapter's conformance must not be.
    var isNonisolatedByDeclaration = false

    /// An async requirement of a `@MainActor` protocol, or of an isolated conformance, that
    /// reads no `@MainActor` member of a model that is not: its witness is `nonisolated`, so
    /// that awaiting the model's own async members does not send the model (which may not be
    /// `Sendable`) off the main actor.
    func awaitsOffTheMainActor(_ binding: Binding) -> Bool {
        binding.requirement.isAsync && (protocolDeclaration.isMainActor || readsMainActorMembers)
            && !model.isMainActor && model.kind != .actor && model.mainActorMember(readBy: binding) == nil
    }

    /// The access generated members get: what both the model and the protocol allow.
    var memberAccess: AccessLevel {
        min(model.access, protocolDeclaration.access)
    }
}

// MARK: - Resolver

/// Turns adapter requests (from the configuration and from annotations) into checked adapters,
/// or into diagnostics that say exactly what to fix and where.
struct Resolver: Sendable {
    let catalog: Catalog
    /// What the front end can do, and how its messages say to fix a problem.
    let policy: ResolutionPolicy
    var diagnostics: [Diagnostic] = []
    /// The configuration's `"defaultIsolation"`, which messages about isolation mention.
    var defaultIsolation: DefaultIsolation = .nonisolated

    /// What a message about a `@MainActor` declaration adds when the module's default makes it so.
    private var isolatedByDefault: String {
        defaultIsolation == .mainActor ? " (the module's default isolation is MainActor; a declaration marked `nonisolated` is not)" : ""
    }

    init(catalog: Catalog, policy: ResolutionPolicy) {
        self.catalog = catalog
        self.policy = policy
    }

    mutating func resolve(configuration: Configuration) -> [ResolvedAdapter] {
        defaultIsolation = configuration.defaultIsolation
        var requests = configuration.adapters
        for (type, annotation) in catalog.annotated {
            var request = AdapterRequest(model: type.qualifiedName, protocolName: annotation.protocolName, position: annotation.position)
            request.declarationPosition = type.position
            // Where the output is compiled, a namesake in another module makes the bare name ambiguous.
            if let outputModule = configuration.module, let module = type.module, module != outputModule,
               (catalog.declarations[type.qualifiedName] ?? []).contains(where: { $0.module != module }) {
                request.module = module
            }
            for mapping in annotation.mappings {
                request.map(mapping.requirement, to: MappingSource(
                    member: mapping.member, defaultValue: mapping.defaultValue, position: mapping.position, defaultPosition: mapping.defaultPosition))
            }
            requests.append(request)
        }
        // Each request is resolved on its own, against the catalog alone, so the requests are
        // resolved in parallel; what they share (duplicates, tags, witnesses) is checked below,
        // in order, with each request's problems where they were before.
        let (resolver, all) = (self, requests)
        let resolutions = inParallel(all.count, chunk: 16) { range in
            range.map { index in
                var own = resolver
                own.diagnostics = []
                let adapters = own.resolve(all[index], defaultStyle: configuration.style, outputModule: configuration.module)
                return (adapters: adapters, diagnostics: own.diagnostics)
            }
        }
        // An adapter is made once per model (its module, its #if conditions) and protocol.
        struct AdapterKey: Hashable {
            var module: String?
            var model: String
            var conditions: [String]
            var protocolName: String
        }
        var seen: [AdapterKey: SourcePosition?] = [:]
        var tags: [String: SourcePosition?] = [:]
        var witnesses = WitnessLedger()
        var adapters: [ResolvedAdapter] = []
        for (request, resolution) in zip(requests, resolutions) {
            let problemsBefore = diagnostics.count
            defer { groupProblems(since: problemsBefore, of: request) }
            diagnostics += resolution.diagnostics
            let resolved = resolution.adapters
            for adapter in resolved {
                let key = AdapterKey(
                    module: adapter.model.module, model: adapter.model.qualifiedName, conditions: adapter.conditions,
                    protocolName: adapter.protocolDeclaration.qualifiedName)
                if let first = seen[key] {
                    let firstText = first.map { " at \($0)" } ?? ""
                    diagnostics.append(Diagnostic("'\(adapter.model.qualifiedName)' is adapted to '\(adapter.protocolDeclaration.name)' twice; the first mapping is\(firstText)", at: request.position))
                    continue
                }
                seen[key] = request.position
                var adapter = adapter
                guard witnesses.admit(&adapter, as: adapters.count, into: &adapters, request: request, diagnostics: &diagnostics) else { continue }
                adapters.append(adapter)
            }
            // Two registrations under one tag fail when the factory is set up; say so now. The
            // variants of one model under `#if` branches share their tag.
            if let tag = request.tag, let adapter = resolved.first, adapter.style == .factory {
                let key = "\(adapter.protocolDeclaration.qualifiedName) \(tag)"
                if let first = tags[key] {
                    let firstText = first.map { " at \($0)" } ?? ""
                    diagnostics.append(Diagnostic(
                        "tag \(SwiftLiteral.string(tag)) is already registered for '\(adapter.protocolDeclaration.name)'\(firstText); each model needs a tag of its own",
                        at: request.tagPosition ?? request.position))
                }
                let tagPosition: SourcePosition? = request.tagPosition ?? request.position
                tags[key] = .some(tagPosition)
            }
        }
        reportModuleShadowing(adapters)
        return adapters.sorted {
            ($0.model.qualifiedName, $0.protocolDeclaration.qualifiedName, $0.model.position) < ($1.model.qualifiedName, $1.protocolDeclaration.qualifiedName, $1.model.position)
        }
    }

    /// Generated code names the standard library's types and Decouple's by their modules
    /// (`Swift.String`, `Decouple.TitledContent`), so that a model module's own `String` cannot
    /// capture them. A type named `Swift` or `Decouple` where that code is compiled would capture
    /// the module name instead: declared at the top level, or in an adapted model or a type
    /// enclosing one (whose extensions see its nested types). Such a type is an error at its
    /// declaration, rather than code that does not compile.
    private mutating func reportModuleShadowing(_ adapters: [ResolvedAdapter]) {
        guard !adapters.isEmpty else { return }
        let modules: Set<String> = ["Swift", "Decouple"]
        // Only the declarations named like a module, in the order of their positions. Their
        // names are read in place: a declaration is too large to copy out of the catalog for it.
        var shadowing: [(what: String, name: String, qualifiedName: String, position: SourcePosition)] = []
        for types in catalog.declarations.values {
            for index in types.indices where modules.contains(types[index].name) {
                shadowing.append(("type", types[index].name, types[index].qualifiedName, types[index].position))
            }
        }
        shadowing += catalog.protocols.values.filter { modules.contains($0.name) }.compactMap { declaration in
            declaration.position.map { ("type", declaration.name, declaration.qualifiedName, $0) }
        }
        // A model's generic parameter is in scope in its extensions, as a nested type is.
        shadowing += adapters.flatMap { adapter in
            adapter.model.genericParameters.filter(modules.contains).map { ("generic parameter", $0, "\(adapter.model.qualifiedName).\($0)", adapter.model.position) }
        }
        guard !shadowing.isEmpty else { return }
        var scopes: Set<String> = [""]
        for adapter in adapters {
            var components = QualifiedName(adapter.model.qualifiedName).components
            while !components.isEmpty {
                scopes.insert(components.joined(separator: "."))
                components.removeLast()
            }
        }
        var reported: Set<String> = []
        for type in shadowing.sorted(by: { $0.position < $1.position })
        where reported.insert("\(type.qualifiedName) \(type.position)").inserted {
            let scope = QualifiedName(type.qualifiedName).components.dropLast().joined(separator: ".")
            guard scopes.contains(scope) else { continue }
            let example = type.name == "Swift" ? "the standard library's types as 'Swift.String'" : "Decouple's types as 'Decouple.TitledContent'"
            let place = scope.isEmpty ? "" : " inside '\(scope)'"
            diagnostics.append(Diagnostic(
                "a \(type.what) named '\(type.name)'\(place) hides the module '\(type.name)' from the generated code, which names \(example); rename it",
                at: type.position))
        }
    }

    /// Marks the problems found since `start` as one group when there are several, so that they
    /// are printed together under the request instead of among other files' problems.
    private mutating func groupProblems(since start: Int, of request: AdapterRequest) {
        guard diagnostics.count - start > 1 else { return }
        let group = Diagnostic.Group("cannot adapt '\(request.model)' to '\(request.protocolName)'", at: request.position)
        for index in start..<diagnostics.count { diagnostics[index].group = group }
    }

    /// One adapter for each declaration the request can mean: one, or one per `#if` branch.
    private mutating func resolve(_ request: AdapterRequest, defaultStyle: OutputStyle, outputModule: String?) -> [ResolvedAdapter] {
        let models = findModel(request)
        let protocolDeclaration = findProtocol(request)
        guard !models.isEmpty, let protocolDeclaration else { return [] }
        let module = request.module.flatMap { $0 == outputModule ? nil : $0 }
        // `Item.Item` names a member of the type `Item`, not the type of module `Item`.
        if let module, SourceScanner.moduleIdentifier(module) == QualifiedName(models[0].qualifiedName).components.first {
            diagnostics.append(Diagnostic(
                "module '\(module)' is named like its type '\(models[0].qualifiedName)', so the generated file cannot name that type from another module (`\(SourceScanner.moduleIdentifier(module)).\(models[0].qualifiedName)` would be a member of the type); rename the module or the type, or generate into module '\(module)'",
                at: request.modulePosition ?? request.position))
            return []
        }
        let spelling = module.map { "\(SourceScanner.moduleIdentifier($0)).\(models[0].qualifiedName)" }
        return models.compactMap { model in
            resolve(request, model: model, protocolDeclaration: protocolDeclaration, defaultStyle: defaultStyle, spelling: spelling, outputModule: outputModule)
        }
    }

    private mutating func resolve(
        _ request: AdapterRequest, model: TypeDeclaration, protocolDeclaration: ProtocolDeclaration, defaultStyle: OutputStyle, spelling: String?,
        outputModule: String?
    ) -> ResolvedAdapter? {
        let style = request.style ?? defaultStyle
        let errorsBefore = diagnostics.count

        if policy.checksAccess, model.access < .internal {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is \(model.access.rawValue), so generated code in another file cannot see it; make it internal or wider",
                at: model.position))
        }
        if policy.checksAccess, protocolDeclaration.access < .internal {
            diagnostics.append(Diagnostic(
                "protocol '\(protocolDeclaration.name)' is \(protocolDeclaration.access.rawValue), so generated code in another file cannot see it",
                at: protocolDeclaration.position))
        }
        for requirement in protocolDeclaration.unsupported {
            let declared = requirement.position.map { " (declared at \($0))" } ?? ""
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' requires \(requirement.description)\(declared), which a generated conformance does not provide (it provides readable instance properties and methods); conform '\(model.qualifiedName)' by hand",
                at: request.position ?? model.position))
        }
        let requirementNames = protocolDeclaration.requirements.map(\.name)
        for requirement in request.map.keys.sorted() where !requirementNames.contains(where: { $0.isSameIdentifier(as: requirement) }) {
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' has no requirement '\(requirement)' (its requirements: \(requirementNames.joined(separator: ", ")))\(Suggestion.didYouMean(requirement, among: requirementNames))",
                at: request.mapPositions[requirement] ?? request.position))
        }
        if style == .factory {
            // The factory makes an adapter in a Sendable closure, off the main actor. An adapter
            // to a `@MainActor` protocol is isolated there and may read a `@MainActor` model;
            // one to any other protocol reads the model from wherever it is asked.
            if model.isMainActor && !protocolDeclaration.isWhollyMainActor {
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' is @MainActor\(isolatedByDefault), and the factory style's adapter to '\(protocolDeclaration.name)', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance (`extension \(model.qualifiedName): @MainActor \(protocolDeclaration.name)`)\(protocolDeclaration.isBuiltIn ? "" : ", or declare '\(protocolDeclaration.name)' @MainActor")",
                    at: request.position ?? model.position))
            }
            // An adapter isolated by its protocol conforms to the protocols that protocol refines
            // on the main actor too, which one that is not cannot accept.
            if protocolDeclaration.isMainActor && protocolDeclaration.refinesANonisolatedProtocol {
                diagnostics.append(Diagnostic(
                    "'\(protocolDeclaration.name)' is @MainActor and refines a protocol that is not, so the factory style's adapter, isolated to the main actor, cannot conform to that one; use the conformance style, which makes an isolated conformance (`extension \(model.qualifiedName): @MainActor \(protocolDeclaration.name)`), or declare the protocols it refines @MainActor too",
                    at: request.position ?? model.position))
            }
            // The adapter stores the model, so it crosses from the closure into the adapter's
            // isolation: it must be Sendable when the adapter is (the protocol refines
            // `Sendable`) or is isolated to the main actor.
            if (protocolDeclaration.refinesSendable || protocolDeclaration.isMainActor) && !isKnownSendable(model) {
                let why = protocolDeclaration.refinesSendable
                    ? "refines Sendable, so the factory style's adapter is Sendable"
                    : "is @MainActor\(isolatedByDefault), so the factory style's adapter is isolated to the main actor, is made off it,"
                diagnostics.append(Diagnostic(
                    "'\(protocolDeclaration.name)' \(why) and stores '\(model.qualifiedName)', which does not declare Sendable (Swift infers it only for a struct or enum that is not public); declare '\(model.qualifiedName): Sendable', or use the conformance style",
                    at: request.position ?? model.position, notes: declarationNote(model, request: request)))
            }
            // `Outer.`Type`.self` is read as the metatype's, backquotes or not.
            if let last = QualifiedName(model.qualifiedName).components.dropFirst().last, QualifiedName.metatypeNames.contains(last) {
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' cannot be registered in a factory: Swift reads `\(model.qualifiedName).self` as a metatype, backquotes or not; rename the type, or use the conformance style",
                    at: request.position ?? model.position))
            }
            if !model.genericParameters.isEmpty {
                diagnostics.append(Diagnostic(
                    "generic model '\(model.qualifiedName)' cannot be registered in a factory without its type arguments; use the conformance style",
                    at: request.position ?? model.position))
            }
            if let tag = request.tag, !(model.conforms(to: "Decodable") || model.conforms(to: "Codable")) {
                diagnostics.append(Diagnostic(
                    "tag \"\(tag)\" needs '\(model.qualifiedName)' to be Decodable, so the factory can decode it from data",
                    at: request.position ?? model.position))
            }
        } else if request.tag != nil {
            diagnostics.append(Diagnostic("\"tag\" applies to the factory style only; add \"style\": \"factory\"", at: request.position))
        }
        if style == .proxy, !protocolDeclaration.isBuiltIn {
            // `\P.Type` is the metatype: a key path cannot name a requirement called `Type`.
            for requirement in protocolDeclaration.requirements where QualifiedName.metatypeNames.contains(requirement.name) {
                diagnostics.append(Diagnostic(
                    "the proxy style reads '\(protocolDeclaration.name).\(requirement.name)' through a key path, and a key path cannot name a member called '\(requirement.name)' (it reads as the metatype); rename the requirement, or use the conformance or factory style",
                    at: request.position ?? requirement.position))
            }
            // The member table is one dictionary literal, which `#if` cannot divide.
            for requirement in protocolDeclaration.requirements where !requirement.conditions.isEmpty {
                diagnostics.append(Diagnostic(
                    "'\(protocolDeclaration.name).\(requirement.name)' is declared under #if \(Emitter.conjunction(requirement.conditions))\(requirement.position.map { " (at \($0))" } ?? ""), and the proxy style lists every requirement in one member table for all builds; declare it outside #if (or alike in every branch), or use the conformance or factory style",
                    at: request.position ?? requirement.position))
            }
            // With nothing injected the proxy answers an empty value, which only some types have.
            for requirement in protocolDeclaration.requirements where requirement.kind == .property && Emitter.proxyFallback(for: requirement.type) == nil {
                diagnostics.append(Diagnostic(
                    "the proxy style answers '\(protocolDeclaration.name).\(requirement.name)' with an empty value when nothing is injected, and \(requirement.type) has none it knows; make the requirement optional or use the conformance style",
                    at: request.position ?? model.position))
            }
        }

        // Swift isolates an actor's conformances to the actor: never to the main actor.
        // The proxy style conforms the model too, so that it can be injected.
        if style != .factory, model.kind == .actor, protocolDeclaration.isMainActor {
            diagnostics.append(Diagnostic(
                "actor '\(model.qualifiedName)' cannot conform to '\(protocolDeclaration.name)', which is @MainActor (an actor's conformances are isolated to the actor itself); use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members",
                at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        // A conformance isolated to the main actor cannot be one to a protocol that refines `Sendable`.
        if style != .factory, model.isMainActor, model.kind != .actor, protocolDeclaration.refinesSendable, !protocolDeclaration.isWhollyMainActor {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is @MainActor, so its conformance is isolated to the main actor, and '\(protocolDeclaration.name)' refines Sendable, which an isolated conformance cannot satisfy; remove @MainActor from the model (or make the members read `nonisolated` and conform by hand), or adapt it to a protocol that does not refine Sendable",
                at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        let declaresConformance = model.conforms(to: protocolDeclaration.qualifiedName)
        // A conformance to a protocol that refines `Sendable` conforms the model to `Sendable`,
        // which Swift 6 accepts only in the model's own file.
        if style != .factory, protocolDeclaration.refinesSendable, !declaresConformance, model.kind != .actor, !model.isMainActor,
           !model.conforms(to: "Sendable") {
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' refines Sendable, and Swift accepts a conformance to Sendable only in the file that declares '\(model.qualifiedName)'; declare '\(model.qualifiedName): Sendable' there, or use the factory style",
                at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        // Swift allows one conformance of a type to a protocol, conditional or not.
        let wanted = QualifiedName(protocolDeclaration.qualifiedName)
        if !declaresConformance, let conditional = model.conditionalConformances.first(where: { QualifiedName($0.protocolName).matches(wanted) }) {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' already conforms to '\(protocolDeclaration.name)' where \(conditional.condition), and a type conforms to a protocol once; remove the adapter, or make that conformance unconditional",
                at: request.position ?? model.position))
        }
        var bindings: [Binding] = []
        var conditions = model.conditions
        for requirement in protocolDeclaration.requirements {
            if let binding = bind(requirement, of: protocolDeclaration, in: model, request: request, style: style) {
                bindings.append(binding)
                if let read = binding.forwardedMethod ?? binding.source?.member ?? (requirement.kind == .method ? requirement.name : nil),
                   let condition = Self.condition(reading: read, of: model, for: requirement), !conditions.contains(condition) {
                    conditions.append(condition)
                }
            }
        }
        // Members marked `@MainActor` in a model that is not: read on the main actor only.
        let mainActorReads = model.isMainActor || model.kind == .actor ? [] : bindings.compactMap { model.mainActorMember(readBy: $0) }
        if let first = mainActorReads.first {
            if style == .factory, !protocolDeclaration.isWhollyMainActor {
                diagnostics.append(Diagnostic(
                    "'\(first.name)' is @MainActor\(isolatedByDefault), and the factory style's adapter to '\(protocolDeclaration.name)', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance, or make '\(first.name)' nonisolated",
                    at: first.position))
            } else if protocolDeclaration.refinesSendable, !protocolDeclaration.isWhollyMainActor {
                diagnostics.append(Diagnostic(
                    "'\(first.name)' is @MainActor, so reading it needs a conformance isolated to the main actor, and '\(protocolDeclaration.name)' refines Sendable, which an isolated conformance cannot satisfy; make '\(first.name)' nonisolated, or map the requirement to another member",
                    at: first.position))
            }
        }
        if style != .factory {
            checkWitnessAccess(of: model, to: protocolDeclaration, bindings: bindings, request: request)
        }
        if policy.checksAccess, let outputModule {
            checkVisible(from: outputModule, model: model, protocolDeclaration: protocolDeclaration, bindings: bindings, request: request)
        }
        guard diagnostics.count == errorsBefore else { return nil }
        return ResolvedAdapter(
            model: model, protocolDeclaration: protocolDeclaration, style: style, tag: request.tag,
            bindings: bindings, declaresConformance: declaresConformance, conditions: conditions,
            modelSpelling: spelling ?? model.qualifiedName, module: spelling == nil ? nil : request.module,
            readsMainActorMembers: !mainActorReads.isEmpty,
            isNonisolatedByDeclaration: style == .factory && defaultIsolation == .mainActor && !protocolDeclaration.isMainActor)
    }

    /// A model's own member that witnesses a requirement must be as visible as the conformance:
    /// `public` for a public model's conformance to a public protocol, `package` for a package
    /// one. The conformance cannot declare a wider namesake beside it.
    private mutating func checkWitnessAccess(
        of model: TypeDeclaration, to protocolDeclaration: ProtocolDeclaration, bindings: [Binding], request: AdapterRequest
    ) {
        let needed = min(model.access, protocolDeclaration.access, .public)
        guard needed > .internal else { return }
        for binding in bindings where binding.isSatisfiedByModel {
            let requirement = binding.requirement
            let witness = model.members.first {
                $0.name.isSameIdentifier(as: requirement.name) && !$0.isStatic && $0.constraint == nil
                    && (requirement.kind == .property ? $0.kind == .property : $0.signature == requirement.signature)
            }
            guard let witness, witness.access < needed else { continue }
            diagnostics.append(Diagnostic(
                "'\(witness.name)' is \(witness.access.rawValue), but it is what '\(model.qualifiedName)' answers for '\(protocolDeclaration.name).\(requirement.name)', and a \(needed.rawValue) type's conformance to a \(needed.rawValue) protocol needs \(needed.rawValue) witnesses; declare it \(needed.rawValue), or rename it and map '\(requirement.name)' to it",
                at: witness.position, notes: declarationNoteForRequest(request)))
        }
    }

    /// Compiled in another module than the model's (a top-level `"module"`), generated code
    /// sees only what is `package` or wider there: the model, the protocol and each member read.
    private mutating func checkVisible(
        from outputModule: String, model: TypeDeclaration, protocolDeclaration: ProtocolDeclaration, bindings: [Binding], request: AdapterRequest
    ) {
        func report(_ what: String, _ access: AccessLevel, in module: String, at position: SourcePosition?) {
            diagnostics.append(Diagnostic(
                "\(what) is \(access.rawValue) in module '\(module)', and the generated file is compiled in module '\(outputModule)' (the configuration's \"module\"), which cannot see it; make it package or public, or generate into '\(module)'",
                at: position))
        }
        if let module = model.module, module != outputModule {
            if model.access < .package {
                report("'\(model.qualifiedName)'", model.access, in: module, at: request.position ?? model.position)
            }
            for binding in bindings {
                let read = binding.forwardedMethod ?? binding.source?.member ?? binding.requirement.name
                let declarations = model.members.filter { $0.name.isSameIdentifier(as: read) }
                if let member = declarations.first, declarations.allSatisfy({ $0.access < .package }) {
                    report("'\(model.qualifiedName).\(read)'", member.access, in: module,
                           at: request.mapPositions[binding.requirement.name] ?? request.position ?? member.position)
                }
            }
        }
        if let position = protocolDeclaration.position, let module = SourceScanner.moduleName(ofPath: position.file),
           module != outputModule, protocolDeclaration.access < .package {
            report("protocol '\(protocolDeclaration.name)'", protocolDeclaration.access, in: module, at: request.position ?? position)
        }
    }

    /// When every declaration of the member read is under `#if` conditions, what is generated
    /// from it is too: under any of them (`(a) || (b)`), each a conjunction.
    private static func condition(reading name: String, of model: TypeDeclaration, for requirement: Requirement) -> String? {
        let namesakes = model.members.filter { $0.name.isSameIdentifier(as: name) }
        guard !namesakes.isEmpty, namesakes.allSatisfy({ !$0.conditions.isEmpty }) else { return nil }
        let conditions = DeclarationVisitor.disjunction(namesakes.map(\.conditions))
        return conditions.isEmpty ? nil : Emitter.conjunction(conditions)
    }

    private mutating func bind(
        _ requirement: Requirement, of protocolDeclaration: ProtocolDeclaration, in model: TypeDeclaration, request: AdapterRequest, style: OutputStyle
    ) -> Binding? {
        let protocolName = protocolDeclaration.name
        let mapped = request.source(for: requirement.name)
        let where_ = mapped?.position ?? request.position
        if requirement.kind == .method {
            return bindMethod(requirement, of: protocolName, in: model, request: request, style: style)
        }

        if style == .proxy, !requirement.getterEffects.isEmpty {
            diagnostics.append(Diagnostic(
                "'\(protocolName).\(requirement.name)' is read with `get \(requirement.getterEffects.joined(separator: " "))`, and the proxy style reads properties through key paths, which cannot name such a property; use the conformance or factory style",
                at: request.position ?? model.position))
            return nil
        }
        let memberName = mapped?.member ?? requirement.name
        let properties = model.members.filter { $0.kind == .property }
        let methods = model.members.filter { $0.kind == .method && $0.name.isSameIdentifier(as: memberName) }
        // Mapped to a method without parameters or effects, a property requirement calls it.
        let callable = mapped == nil ? nil : methods.first { method in
            !method.isStatic && (method.signature.map { $0.parameters.isEmpty && $0.effects.isEmpty && $0.generics == nil } ?? false)
        }
        guard let member = model.anyMember(named: memberName).flatMap({ $0.kind == .property ? $0 : nil }) ?? callable else {
            if mapped != nil, let method = methods.first?.signature {
                diagnostics.append(Diagnostic(
                    "'\(memberName)' is a method of '\(model.qualifiedName)' ('\(method.typedDescription)'), and '\(protocolName).\(requirement.name)' is a property, which reads a property or calls a method without parameters, effects or generic parameters; map '\(requirement.name)' to one of those, or declare a computed property that calls '\(memberName)' and map to it",
                    at: where_, notes: declarationNote(model, request: request)))
            } else if mapped != nil {
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' has no member '\(memberName)'\(Suggestion.didYouMean(memberName, among: properties.map(\.name)))",
                    at: where_, notes: declarationNote(model, request: request)))
            } else {
                // The fix-it offers a property no other requirement reads, through a mapping or by
                // its name: the nearest by name, or any.
                let instanceProperties = properties.filter { !$0.isStatic }
                let read = Set(request.map.values.map(\.member) + protocolDeclaration.requirements.map(\.name).filter { request.source(for: $0) == nil })
                let unmapped = instanceProperties.map(\.name).filter { !read.contains($0) }
                let candidate = Suggestion.nearest(requirement.name, among: unmapped) ?? unmapped.first
                diagnostics.append(Diagnostic(
                    policy.missingMapping(
                        requirement, of: protocolName, model: model.qualifiedName,
                        nearest: Suggestion.nearest(requirement.name, among: instanceProperties.map(\.name))),
                    at: request.position ?? model.position,
                    notes: declarationNote(model, request: request),
                    fixIts: candidate.map { [.map(requirement: requirement.name, toMember: $0)] } ?? []))
            }
            return nil
        }
        return bindValue(requirement, of: protocolName, to: member, in: model, request: request, style: style)
    }

    /// Whether Swift holds the model `Sendable`: an actor, a `@MainActor` class, a type that
    /// declares it, or a struct or enum that is not public (inferred when its stored properties
    /// are; a generated adapter that stores one without them is refused by the compiler).
    func isKnownSendable(_ model: TypeDeclaration) -> Bool {
        model.kind == .actor || model.conforms(to: "Sendable") || (model.isMainActor && model.kind == .class)
            || (model.kind != .class && model.access < .package)
    }

    /// A note at the model's declaration, for a problem reported at the configuration entry.
    private func declarationNote(_ model: TypeDeclaration, request: AdapterRequest) -> [Diagnostic.Note] {
        guard policy.citesPositionsInText, request.position != nil, request.declarationPosition == nil else { return [] }
        return [Diagnostic.Note("'\(model.qualifiedName)' is declared here", at: model.position)]
    }

    /// A requirement read from a property, or from a method with no parameters.
    private mutating func bindValue(
        _ requirement: Requirement, of protocolName: String, to member: MemberDeclaration, in model: TypeDeclaration,
        request: AdapterRequest, style: OutputStyle
    ) -> Binding? {
        let mapped = request.source(for: requirement.name)
        let where_ = mapped?.position ?? request.position
        var member = member
        // Generated code is in a file of its own: it reads no `private` or `fileprivate` member.
        // (A model that is itself file-private is refused once, not once per member.)
        if policy.checksAccess, member.access < .internal, model.access >= .internal {
            let candidate = member
            let visible = model.members.first {
                $0.name.isSameIdentifier(as: candidate.name) && $0.kind == candidate.kind && $0.isStatic == candidate.isStatic && $0.access >= .internal
            }
            guard let visible else {
                let how = mapped == nil || mapped?.member == requirement.name
                    ? "make it internal or wider, or rename it and map '\(requirement.name)' to it"
                    : "make it internal or wider, or map '\(requirement.name)' to another member"
                diagnostics.append(Diagnostic(
                    "'\(member.name)' is \(member.access.rawValue), so the generated code, in a file of its own, cannot read it for '\(protocolName).\(requirement.name)'; \(how)",
                    at: member.position, notes: declarationNoteForRequest(request)))
                return nil
            }
            member = visible
        }
        let memberName = member.name
        if let problem = Self.actorIsolationProblem(member, in: model, for: requirement, of: protocolName) {
            diagnostics.append(Diagnostic(problem, at: member.position))
            return nil
        }
        // `Model.Type` and `Model.Protocol` name metatypes, backquotes or not. Found by the
        // compiler oracle.
        if member.isStatic, QualifiedName.metatypeNames.contains(member.name) {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is a static member, and generated code would read it as `\(model.name).\(member.name)`, which Swift reads as a metatype, backquotes or not; rename it, or map '\(requirement.name)' to another member",
                at: mapped?.position ?? member.position))
            return nil
        }
        if let constraint = member.constraint {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is declared in an extension constrained by `where \(constraint)`, so not every '\(model.qualifiedName)' has it, and it cannot implement '\(protocolName).\(requirement.name)' for all of them; declare it in an extension without `where`, or map '\(requirement.name)' to another member",
                at: mapped?.position ?? member.position))
            return nil
        }
        // One witness reads the member in every build: a type per `#if` branch is refused.
        let namesakes = model.members.filter {
            $0.name.isSameIdentifier(as: member.name) && $0.kind == member.kind && $0.isStatic == member.isStatic && $0.constraint == nil
        }
        if member.kind == .property, Set(namesakes.map { $0.type?.description ?? "?" }).count > 1 {
            let declared = namesakes.map { "\($0.type?.description ?? "a type not written")" + " at \($0.position)" }
            diagnostics.append(Diagnostic(
                "'\(member.name)' is declared with a different type in different branches of an #if (\(declared.joined(separator: ", "))), and one witness of '\(protocolName).\(requirement.name)' reads it in every build; give it one type, or map '\(requirement.name)' to another member",
                at: namesakes[0].position, notes: declarationNoteForRequest(request)))
            return nil
        }
        guard let memberType = member.type else {
            let reason = member.inferenceFailure.map { " (\($0))" } ?? ""
            diagnostics.append(Diagnostic(
                "the type of '\(member.name)' cannot be read from the source\(reason); write it out (`var \(member.name): Type = …`)",
                at: member.position))
            return nil
        }
        // A conformance adds members to the model itself, so it cannot add a second `title`.
        if style != .factory, requirement.kind == .property, memberName != requirement.name, let clash = model.member(named: requirement.name) {
            let reference = policy.reference(to: clash.position, note: "'\(requirement.name)' is declared here")
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' already has a member '\(requirement.name)'\(reference.text), so a conformance cannot also map '\(requirement.name)' to '\(memberName)'; \(policy.remedies(.factoryStyle, .other("rename one of them")))",
                at: where_, notes: reference.notes))
            return nil
        }
        let conversion: ValueSource.Conversion
        let wanted = requirement.type.name
        if memberType.name == wanted {
            conversion = .direct
        } else if wanted.canonical == "String" {
            conversion = .describing
        } else if wanted.canonical == "ImageName", memberType.name.canonical == "String" {
            conversion = .imageName
        } else {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is \(memberType) but '\(protocolName).\(requirement.name)' needs \(requirement.type); map it to a member of that type",
                at: mapped?.position ?? member.position))
            return nil
        }
        if style != .factory, requirement.kind == .property, memberName == requirement.name, !member.isStatic,
           conversion != .direct || memberType.isOptional != requirement.type.isOptional {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is \(memberType) but '\(protocolName).\(requirement.name)' needs \(requirement.type), and a conformance cannot declare a second '\(member.name)'; \(policy.remedies(.other("map '\(requirement.name)' to another member"), .factoryStyle))",
                at: member.position))
            return nil
        }
        if memberType.isOptional, !requirement.type.isOptional, mapped?.defaultValue == nil {
            diagnostics.append(Diagnostic(
                policy.optionalWithoutDefault(member: member.name, requirement: requirement, of: protocolName),
                at: mapped?.attributePosition ?? member.position,
                notes: mapped == nil ? declarationNoteForRequest(request) : [],
                fixIts: [.addDefault(requirement: requirement.name, member: member.name, value: Self.placeholder(for: requirement.type))]))
            return nil
        }
        if let defaultValue = mapped?.defaultValue {
            if !memberType.isOptional {
                diagnostics.append(Diagnostic(
                    "'\(member.name)' is not optional, so the default \(defaultValue) would never be used; remove it",
                    at: mapped?.defaultPosition ?? where_))
                return nil
            }
            if let problem = DefaultCheck.problem(with: defaultValue, for: requirement.type, requiresConstant: policy.checksAccess) {
                diagnostics.append(Diagnostic(
                    "the default \(defaultValue) for '\(protocolName).\(requirement.name)' \(problem)",
                    at: mapped?.defaultPosition ?? where_))
                return nil
            }
        }
        // Effects are kept: a witness may have fewer than its requirement, never more.
        let allowed = requirement.kind == .property
            ? requirement.getterEffects
            : (requirement.signature?.effects ?? []).map { $0.hasPrefix("throws") ? "throws" : $0 }
        if let missing = member.getterEffects.first(where: { !allowed.contains($0) }) {
            let getter = "get " + member.getterEffects.joined(separator: " ")
            diagnostics.append(Diagnostic(
                "'\(member.name)' is read with `\(missing == "throws" ? "try" : "await")` (its getter is `\(getter)`), but '\(protocolName).\(requirement.name)' is not `\(missing)`, so no witness can read it; map '\(requirement.name)' to a member without `\(missing)`, or declare the requirement `{ \(getter) }`",
                at: member.position, notes: declarationNoteForRequest(request)))
            return nil
        }
        if member.kind == .method, let problem = Self.mutatingProblem(member, for: requirement, of: protocolName) {
            diagnostics.append(Diagnostic(problem, at: mapped?.position ?? member.position))
            return nil
        }
        return Binding(
            requirement: requirement,
            source: ValueSource(
                member: member.name, memberIsOptional: memberType.isOptional, conversion: conversion, defaultValue: mapped?.defaultValue,
                isStatic: member.isStatic, isMethod: member.kind == .method, effects: member.getterEffects))
    }

    /// Why a `mutating` model method cannot implement a requirement: one that is not `mutating`
    /// (a property's getter never is) cannot change the model. A `mutating` one can, in every
    /// style: the factory's adapter holds its own copy of a value model.
    private static func mutatingProblem(_ method: MemberDeclaration, for requirement: Requirement, of protocolName: String) -> String? {
        guard method.isMutating, !requirement.isMutating || requirement.kind != .method else { return nil }
        return "'\(method.name)' is mutating, but '\(protocolName).\(requirement.name)' is not; declare the requirement mutating, or map it to a method that is not"
    }

    /// A note at the configuration entry that asks for the adapter, for a problem reported at
    /// the model's member.
    private func declarationNoteForRequest(_ request: AdapterRequest) -> [Diagnostic.Note] {
        guard policy.citesPositionsInText, request.declarationPosition == nil, let position = request.position else { return [] }
        return [Diagnostic.Note("the adapter is asked for here", at: position)]
    }

    /// A method requirement: implemented by the model with the same signature; without
    /// parameters, also read from a property or a no-argument method (mapped, or by name); with
    /// parameters, forwarded to a model method of another name with the same labels and types.
    private mutating func bindMethod(
        _ requirement: Requirement, of protocolName: String, in model: TypeDeclaration, request: AdapterRequest, style: OutputStyle
    ) -> Binding? {
        let mapped = request.source(for: requirement.name)
        let signature = requirement.signature
        let describe = signature?.typedDescription ?? requirement.name
        if style == .proxy {
            diagnostics.append(Diagnostic(
                "method requirement '\(signature?.description ?? requirement.name)' of '\(protocolName)' cannot be forwarded by the proxy style, which reads properties; use the conformance or factory style",
                at: request.position ?? model.position))
            return nil
        }
        // A method of a constrained extension (`where T == Int`) is not every model's.
        // Nor one generated code, in a file of its own, cannot see.
        let methods = model.members.filter {
            $0.kind == .method && !$0.isStatic && $0.constraint == nil && (!policy.checksAccess || $0.access >= .internal)
        }
        // Compared as parsed, so `-> Swift.String` implements `-> String`.
        if mapped == nil, let own = methods.first(where: { $0.signature == signature }) {
            if let problem = Self.mutatingProblem(own, for: requirement, of: protocolName)
                ?? Self.actorIsolationProblem(own, in: model, for: requirement, of: protocolName) {
                diagnostics.append(Diagnostic(problem, at: own.position))
                return nil
            }
            // The factory's adapter forwards the call, and Swift cannot pass an array as a variadic argument.
            if style == .factory, signature?.parameters.contains(where: { $0.type.written.hasSuffix("...") }) == true {
                diagnostics.append(Diagnostic(
                    "method requirement '\(describe)' of '\(protocolName)' has a variadic parameter, which the factory style's adapter cannot pass on to '\(model.qualifiedName).\(requirement.name)'; use the conformance style",
                    at: request.position ?? own.position))
                return nil
            }
            return style == .factory ? Binding(requirement: requirement, source: nil, forwardedMethod: requirement.name) : Binding(requirement: requirement, source: nil)
        }
        let memberName = mapped?.member ?? requirement.name
        if let signature, !signature.parameters.isEmpty || !signature.effects.isEmpty || signature.generics != nil {
            let candidates = methods.filter { $0.name.isSameIdentifier(as: memberName) }
            var wanted = signature
            wanted.name = memberName
            if let candidate = candidates.first(where: { $0.signature == wanted }) {
                // Swift cannot pass an array as a variadic argument.
                if signature.parameters.contains(where: { $0.type.written.hasSuffix("...") }) {
                    diagnostics.append(Diagnostic(
                        "method requirement '\(describe)' of '\(protocolName)' has a variadic parameter, which Swift cannot pass on to '\(memberName)'; implement '\(requirement.name)' in '\(model.qualifiedName)' itself",
                        at: mapped?.position ?? request.position ?? model.position))
                    return nil
                }
                if let problem = Self.mutatingProblem(candidate, for: requirement, of: protocolName)
                    ?? Self.actorIsolationProblem(candidate, in: model, for: requirement, of: protocolName) {
                    diagnostics.append(Diagnostic(problem, at: mapped?.position ?? candidate.position))
                    return nil
                }
                return Binding(requirement: requirement, source: nil, forwardedMethod: memberName)
            }
            let has = candidates.compactMap { $0.signature.map { "'\($0.typedDescription)'" } }
            // Say so when only `async`, `throws` or generic parameters differ: they are easy to miss.
            func plain(_ signature: MethodSignature?) -> MethodSignature? {
                signature.map { MethodSignature(name: $0.name, parameters: $0.parameters, returnType: $0.returnType) }
            }
            let differsInEffects = candidates.contains { plain($0.signature) == plain(wanted) }
            let reason = has.isEmpty
                ? (mapped == nil ? "" : "; it has no method '\(memberName)'")
                : " (it has \(has.joined(separator: ", "))\(differsInEffects ? ", which differs in async, throws or generic parameters" : ""))"
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' does not implement method requirement '\(describe)' of '\(protocolName)'\(reason)",
                at: mapped?.position ?? request.position ?? model.position, notes: declarationNote(model, request: request)))
            return nil
        }
        // A type cannot have a property and a method without parameters of one name.
        if style != .factory, let clash = model.members.first(where: { $0.kind == .property && $0.name.isSameIdentifier(as: requirement.name) }) {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' has a property '\(requirement.name)', so a conformance cannot also declare method '\(describe)'; \(policy.remedies(.factoryStyle, .other("rename the property")))",
                at: clash.position, notes: declarationNoteForRequest(request)))
            return nil
        }
        // No parameters: a property, or a method with none, of any name the mapping gives.
        let readable = model.members.filter {
            $0.name.isSameIdentifier(as: memberName) && ($0.kind == .property || ($0.signature.map { $0.parameters.isEmpty && $0.effects.isEmpty && $0.generics == nil } ?? false))
        }
        guard let member = readable.first(where: { !$0.isStatic }) ?? readable.first else {
            let namesakes = methods.filter { $0.name.isSameIdentifier(as: requirement.name) }.compactMap { $0.signature.map { "'\($0.typedDescription)'" } }
            let has = namesakes.isEmpty ? "" : " (it has \(namesakes.joined(separator: ", ")))"
            let how = mapped == nil ? "; implement it, or map it to a property or a method with no parameters" : ""
            diagnostics.append(Diagnostic(
                mapped == nil
                    ? "'\(model.qualifiedName)' does not implement method requirement '\(describe)' of '\(protocolName)'\(has)\(how)"
                    : "'\(model.qualifiedName)' has no property or method without parameters named '\(memberName)' for method requirement '\(describe)'\(Suggestion.didYouMean(memberName, among: model.members.filter { !$0.isStatic }.map(\.name)))",
                at: mapped?.position ?? request.position ?? model.position, notes: declarationNote(model, request: request)))
            return nil
        }
        return bindValue(requirement, of: protocolName, to: member, in: model, request: request, style: style)
    }

    /// Why an actor's member cannot back a synchronous requirement, if it cannot: it is isolated
    /// to the actor (not `nonisolated`, not a `let`, not static), and the advice fits what it is.
    static func actorIsolationProblem(
        _ member: MemberDeclaration, in model: TypeDeclaration, for requirement: Requirement, of protocolName: String
    ) -> String? {
        guard model.kind == .actor, !member.isConstant, !member.isStatic, !member.isNonisolated else { return nil }
        let isAsync = requirement.getterEffects.contains("async") || requirement.signature?.effects.contains("async") == true
        guard !isAsync || member.kind == .property else { return nil }
        let requirementName = "'\(protocolName).\(requirement.name)'"
        return member.kind == .method
            ? "'\(member.name)' is a method isolated to actor '\(model.qualifiedName)', so it cannot back the synchronous requirement \(requirementName); mark it `nonisolated` if it reads no mutable state, or make the requirement `async`"
            : "'\(member.name)' is a `var` isolated to actor '\(model.qualifiedName)', so it cannot back the synchronous requirement \(requirementName); declare it with `let`, or, if it is computed from `let`s only, mark it `nonisolated`"
    }

    /// A default a person would start from: empty where the type has an obvious empty value,
    /// an editor placeholder otherwise.
    private static func placeholder(for type: TypeReference) -> String {
        switch type.name.canonical {
        case "String": "\"\""
        case "ImageName": ".empty"
        default: "<#\(type.wrapped)#>"
        }
    }

    /// The declarations a request means: one, or the alternatives of one type under `#if`
    /// branches. Anything else that shares the name is a problem only here, where it matters.
    private mutating func findModel(_ request: AdapterRequest) -> [TypeDeclaration] {
        if let pinned = request.declarationPosition {
            return (catalog.declarations[request.model] ?? []).filter { $0.position == pinned }
        }
        let names = catalog.typeNames(matching: request.model)
        guard names.count == 1 else {
            if names.count > 1 {
                diagnostics.append(Diagnostic(
                    "model name '\(request.model)' is ambiguous; qualify it as one of: \(names.joined(separator: ", "))",
                    at: request.modelPosition))
            } else {
                let known = catalog.allTypes.flatMap { [$0.name, $0.qualifiedName] }
                var unknown = Diagnostic(
                    "unknown model '\(request.model)': the sources declare no type of that name\(Suggestion.didYouMean(request.model, among: Array(Set(known))))",
                    at: request.modelPosition)
                unknown.missingName = request.model
                diagnostics.append(unknown)
            }
            return []
        }
        var candidates = catalog.declarations[names[0]] ?? []
        if let module = request.module {
            let inModule = candidates.filter { $0.isIn(module: module) }
            guard !inModule.isEmpty else {
                diagnostics.append(Diagnostic(
                    "no '\(names[0])' is declared in module or folder '\(module)'; it is declared at \(candidates.map(\.position.description).joined(separator: ", "))",
                    at: request.modulePosition ?? request.modelPosition))
                return []
            }
            candidates = inModule
        }
        // A file-private type is not what an adapter in another file means, when another is.
        let visible = candidates.filter { !$0.isFilePrivate }
        if !visible.isEmpty { candidates = visible }
        // Alternatives under `#if` are one type; unconditional namesakes, or namesakes in
        // different modules, are different types.
        let modules = Set(candidates.map { $0.module ?? "" })
        if candidates.count > 1, candidates.contains(where: \.conditions.isEmpty) || modules.count > 1 {
            let listed = candidates.map { type in "\(type.position)" + (type.module.map { " (module \($0))" } ?? "") }
            diagnostics.append(Diagnostic(
                "model name '\(request.model)' is ambiguous: '\(names[0])' is declared at \(listed.joined(separator: ", ")); choose one with \"module\": \"<target or folder>\" in the adapter, or pass fewer paths",
                at: request.modelPosition))
            return []
        }
        return candidates
    }

    private mutating func findProtocol(_ request: AdapterRequest) -> ProtocolDeclaration? {
        if let name = catalog.resolveProtocolName(request.protocolName), let found = catalog.protocols[name] { return found }
        let names = catalog.protocols.values.map(\.name)
        var unknown = Diagnostic(
            "unknown protocol '\(request.protocolName)' (known: \(names.sorted().joined(separator: ", ")))\(Suggestion.didYouMean(request.protocolName, among: names))",
            at: request.protocolPosition)
        unknown.missingName = request.protocolName
        diagnostics.append(unknown)
        return nil
    }
}
