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
    /// Where the output's module comes from, as a message says it.
    var outputModuleOrigin = "the configuration's \"module\""

    /// What a message about a `@MainActor` declaration adds when the module's default makes it so.
    var isolatedByDefault: String {
        defaultIsolation == .mainActor ? " (the module's default isolation is MainActor; a declaration marked `nonisolated` is not)" : ""
    }

    init(catalog: Catalog, policy: ResolutionPolicy) {
        self.catalog = catalog
        self.policy = policy
    }

    mutating func resolve(configuration: Configuration) -> [ResolvedAdapter] {
        defaultIsolation = configuration.defaultIsolation
        var requests = configuration.adapters
        for (type, annotation) in catalog.annotated where !type.isContext {
            var request = AdapterRequest(model: type.qualifiedName, protocolName: annotation.protocolName, position: annotation.position)
            request.declarationPosition = type.position
            // Where the output is compiled, a namesake in another module makes the bare name ambiguous.
            if let outputModule = configuration.module, let module = type.module, module != outputModule,
               (catalog.declarations[type.qualifiedName] ?? []).contains(where: { $0.module != module }) {
                request.module = module
            }
            for mapping in annotation.mappings {
                request.map(mapping.requirement, to: MappingSource(
                    member: mapping.member, default: mapping.defaultValue, position: mapping.position, defaultPosition: mapping.defaultPosition))
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
            var conditions: [Condition]
            var protocolName: String
        }
        var seen: [AdapterKey: SourcePosition?] = [:]
        var tags: [String: SourcePosition?] = [:]
        var witnesses = WitnessLedger()
        var adapters: [ResolvedAdapter] = []
        let extending = Self.extendingAdapters(resolutions.flatMap(\.adapters))
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
                    diagnostics.append(Diagnostic("'\(adapter.model.qualifiedName)' is adapted to '\(adapter.protocolDeclaration.name)' twice; the first mapping is\(firstText)", rule: .duplicateAdapter, at: request.position))
                    continue
                }
                seen[key] = request.position
                var adapter = adapter
                // A subclass whose superclass conforms writes nothing of its own.
                switch inheritsConformance(&adapter, request: request, extending: extending) {
                case nil: continue
                case true?:
                    adapters.append(adapter)
                    continue
                case false?: break
                }
                guard witnesses.admit(&adapter, as: adapters.count, into: &adapters, request: request, diagnostics: &diagnostics) else { continue }
                adapters.append(adapter)
            }
            // Two registrations under one tag fail when the factory is set up; say so now. The
            // variants of one model under `#if` branches share their tag.
            if let tag = request.tag, let adapter = resolved.first, !adapter.style.extendsTheModel {
                let key = "\(adapter.protocolDeclaration.qualifiedName) \(tag)"
                if let first = tags[key] {
                    let firstText = first.map { " at \($0)" } ?? ""
                    diagnostics.append(Diagnostic(
                        "tag \(SwiftLiteral.string(tag)) is already registered for '\(adapter.protocolDeclaration.name)'\(firstText); each model needs a tag of its own",
                        rule: .duplicateTag, at: request.tagPosition ?? request.position))
                }
                let tagPosition: SourcePosition? = request.tagPosition ?? request.position
                tags[key] = .some(tagPosition)
            }
        }
        checkSubclassOverrides(adapters)
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
    mutating func reportModuleShadowing(_ adapters: [ResolvedAdapter]) {
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
                rule: .moduleNameShadowed, at: type.position))
        }
    }

    /// Marks the problems found since `start` as one group when there are several, so that they
    /// are printed together under the request instead of among other files' problems.
    mutating func groupProblems(since start: Int, of request: AdapterRequest) {
        guard diagnostics.count - start > 1 else { return }
        let group = Diagnostic.Group("cannot adapt '\(request.model)' to '\(request.protocolName)'", at: request.position)
        for index in start..<diagnostics.count { diagnostics[index].group = group }
    }

    /// One adapter for each declaration the request can mean: one, or one per `#if` branch.
    mutating func resolve(_ request: AdapterRequest, defaultStyle: OutputStyle, outputModule: String?) -> [ResolvedAdapter] {
        let models = findModel(request)
        let protocolDeclaration = findProtocol(request)
        guard !models.isEmpty, let protocolDeclaration else { return [] }
        let module = request.module.flatMap { $0 == outputModule ? nil : $0 }
        // `Item.Item` names a member of the type `Item`, not the type of module `Item`.
        if let module, SourceScanner.moduleIdentifier(module) == QualifiedName(models[0].qualifiedName).components.first {
            diagnostics.append(Diagnostic(
                "module '\(module)' is named like its type '\(models[0].qualifiedName)', so the generated file cannot name that type from another module (`\(SourceScanner.moduleIdentifier(module)).\(models[0].qualifiedName)` would be a member of the type); rename the module or the type, or generate into module '\(module)'",
                rule: .moduleNamedLikeType, at: request.modulePosition ?? request.position))
            return []
        }
        let spelling = module.map { "\(SourceScanner.moduleIdentifier($0)).\(models[0].qualifiedName)" }
        return models.compactMap { model in
            resolve(request, model: model, protocolDeclaration: protocolDeclaration, defaultStyle: defaultStyle, spelling: spelling, outputModule: outputModule)
        }
    }
}
