// MARK: - Resolver: one adapter

/// The checks of one model adapted to one protocol in one style.
extension Resolver {
    mutating func resolve(
        _ request: AdapterRequest, model: TypeDeclaration, protocolDeclaration: ProtocolDeclaration, defaultStyle: OutputStyle, spelling: String?,
        outputModule: String?
    ) -> ResolvedAdapter? {
        let style = (request.style ?? defaultStyle).adapterStyle
        let errorsBefore = diagnostics.count

        if policy.checksAccess, model.access < .internal {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is \(model.access.rawValue), so generated code in another file cannot see it; make it internal or wider",
                rule: .modelNotVisible, at: model.position))
        }
        if policy.checksAccess, protocolDeclaration.access < .internal {
            diagnostics.append(Diagnostic(
                "protocol '\(protocolDeclaration.name)' is \(protocolDeclaration.access.rawValue), so generated code in another file cannot see it",
                rule: .protocolNotVisible, at: protocolDeclaration.position))
        }
        for requirement in protocolDeclaration.unsupported {
            let declared = requirement.position.map { " (declared at \($0))" } ?? ""
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' requires \(requirement.description)\(declared), which a generated conformance does not provide (it provides readable instance properties and methods); conform '\(model.qualifiedName)' by hand",
                rule: .unsupportedRequirement, at: request.position ?? model.position))
        }
        // Every adapter copies its model: a conformance to a protocol, which requires Copyable
        // (and Escapable), or an adapter or proxy that stores it.
        if let suppressed = model.inheritedTypes.first(where: { $0.hasPrefix("~") }) {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is declared `\(suppressed)`, and generated adapters copy their model (a conformance to '\(protocolDeclaration.name)' needs a copyable type, and the factory and proxy store the model); conform it by hand",
                rule: .noncopyableModel, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        checkLibraryRefinements(of: protocolDeclaration, by: model, style: style, request: request)
        if let actor = model.globalActor {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is isolated to the global actor '\(actor)', and generated code knows the main actor's isolation only: its conformance and adapters would read the model from outside '\(actor)'; conform it by hand (`extension \(model.qualifiedName): @\(actor) \(protocolDeclaration.name)`), or adapt a type that is not isolated to '\(actor)'",
                rule: .globalActorIsolation, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        let requirementNames = protocolDeclaration.requirements.map(\.name)
        for requirement in request.map.keys.sorted() where !requirementNames.contains(where: { $0.isSameIdentifier(as: requirement) }) {
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' has no requirement '\(requirement)' (its requirements: \(requirementNames.joined(separator: ", ")))\(Suggestion.didYouMean(requirement, among: requirementNames))",
                rule: .unknownRequirement, at: request.mapPositions[requirement] ?? request.position))
        }
        diagnostics += style.check(AdapterCandidate(request: request, model: model, protocolDeclaration: protocolDeclaration), in: self)
        let declaresConformance = model.conforms(to: protocolDeclaration.qualifiedName)
        // Swift allows one conformance of a type to a protocol, conditional or not.
        let wanted = QualifiedName(protocolDeclaration.qualifiedName)
        if !declaresConformance, let conditional = model.conditionalConformances.first(where: { QualifiedName($0.protocolName).matches(wanted) }) {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' already conforms to '\(protocolDeclaration.name)' where \(conditional.condition), and a type conforms to a protocol once; remove the adapter, or make that conformance unconditional",
                rule: .existingConditionalConformance, at: request.position ?? model.position))
        }
        var bindings: [Binding] = []
        var conditions = model.conditions
        for requirement in protocolDeclaration.requirements {
            // A requirement an extension of the protocol implements needs no witness unless asked.
            if request.source(for: requirement.name) == nil, !model.members.contains(where: { $0.name.isSameIdentifier(as: requirement.name) }),
               catalog.hasDefault(
                   for: requirement, in: protocolDeclaration,
                   visibleAs: requirement.witnessAccess(onType: model.access, protocolAccess: protocolDeclaration.access)) {
                continue
            }
            if let binding = bind(requirement, of: protocolDeclaration, in: model, request: request, style: style) {
                bindings.append(binding)
                if let read = binding.forwardedMethod ?? binding.source?.member ?? (requirement.kind == .method ? requirement.name : nil),
                   let condition = Self.condition(reading: read, of: model, for: requirement), !conditions.contains(condition) {
                    conditions.append(condition)
                }
            }
        }
        if model.globalActor == nil {
            for binding in bindings {
                let read = binding.forwardedMethod ?? binding.source?.member ?? binding.requirement.name
                guard let member = model.members.first(where: { $0.name.isSameIdentifier(as: read) && $0.globalActor != nil }), let actor = member.globalActor else { continue }
                diagnostics.append(Diagnostic(
                    "'\(member.name)' is isolated to the global actor '\(actor)', and generated code knows the main actor's isolation only, so '\(protocolDeclaration.name).\(binding.requirement.name)' would read it from outside '\(actor)'; make it `nonisolated`, or map '\(binding.requirement.name)' to another member",
                    rule: .globalActorIsolation, at: request.mapPositions[binding.requirement.name] ?? member.position, notes: declarationNoteForRequest(request)))
            }
        }
        // Members marked `@MainActor` in a model that is not: read on the main actor only.
        let mainActorReads = model.isMainActor || model.kind == .actor ? [] : bindings.compactMap { model.mainActorMember(readBy: $0) }
        // A struct the factory reads through its stored properties: anything else it reads is
        // isolated to the main actor.
        if !style.extendsTheModel, FactoryStyle.readsStoredProperties(of: model, in: self), !protocolDeclaration.isWhollyMainActor,
           let read = bindings.lazy.compactMap({ model.members(readBy: $0).first }).first(where: { member in
               !member.isNonisolated && (!member.isStored || !member.followsDefaultIsolation
                   || !isKnownSendable(member.type ?? TypeReference(wrapped: "_", isOptional: false), in: model.qualifiedName))
           }),
           let problem = style.mainActorReadProblem(read, of: protocolDeclaration, in: self) {
            diagnostics.append(problem)
        }
        if let first = mainActorReads.first, let problem = style.mainActorReadProblem(first, of: protocolDeclaration, in: self) {
            diagnostics.append(problem)
        }
        if style.extendsTheModel {
            checkWitnessAccess(of: model, to: protocolDeclaration, bindings: bindings, request: request)
        }
        if policy.checksAccess, outputModule != nil || model.isContext {
            checkVisible(from: outputModule, model: model, protocolDeclaration: protocolDeclaration, bindings: bindings, request: request)
        }
        guard diagnostics.count == errorsBefore else { return nil }
        return ResolvedAdapter(
            model: model, protocolDeclaration: protocolDeclaration, style: style, tag: request.tag,
            bindings: bindings, declaresConformance: declaresConformance, conditions: conditions,
            modelSpelling: spelling ?? model.qualifiedName, module: spelling == nil ? nil : request.module,
            readsMainActorMembers: !mainActorReads.isEmpty,
            isNonisolatedByDeclaration: !style.extendsTheModel && defaultIsolation == .mainActor && !protocolDeclaration.isMainActor,
            witnessesAreNonisolated: style.extendsTheModel && defaultIsolation == .mainActor && model.kind != .actor && !model.isMainActor
                && mainActorReads.isEmpty && !protocolDeclaration.isWhollyMainActor)
    }

    /// A protocol that refines one of another module whose requirements generated code does not
    /// write (`Hashable`, `Codable`, one whose sources were not given): the model must conform to
    /// it itself, where Swift writes or checks its members; the factory's adapter, a struct,
    /// gets `Equatable`, `Hashable` and `Codable` written by Swift from a model that has them.
    mutating func checkLibraryRefinements(of protocolDeclaration: ProtocolDeclaration, by model: TypeDeclaration, style: any AdapterStyle, request: AdapterRequest) {
        for refinement in protocolDeclaration.unimplementedRefinements {
            let modelConforms = LibraryProtocols.conformances(model.inheritedTypes, include: refinement)
            guard let problem = style.libraryRefinementProblem(refinement, of: protocolDeclaration, model: model, modelConforms: modelConforms) else { continue }
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' refines '\(refinement)', whose requirements generated code does not write, \(problem)",
                rule: .libraryRefinement, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
    }

    /// A model's own member that witnesses a requirement must be as visible as the conformance:
    /// `public` for a public model's conformance to a public protocol, `package` for a package
    /// one, and as visible as a wider protocol that declares the requirement allows
    /// (`CustomStringConvertible.description` on a public model). The conformance cannot declare
    /// a wider namesake beside it.
    mutating func checkWitnessAccess(
        of model: TypeDeclaration, to protocolDeclaration: ProtocolDeclaration, bindings: [Binding], request: AdapterRequest
    ) {
        for binding in bindings where binding.isSatisfiedByModel {
            let requirement = binding.requirement
            let needed = requirement.witnessAccess(onType: model.access, protocolAccess: protocolDeclaration.access)
            guard needed > .internal else { continue }
            let witness = model.members.first {
                $0.name.isSameIdentifier(as: requirement.name) && !$0.isStatic && $0.constraint == nil
                    && (requirement.kind == .property ? $0.kind == .property : $0.signature == requirement.signature)
            }
            guard let witness, witness.access < needed else { continue }
            diagnostics.append(Diagnostic(
                "'\(witness.name)' is \(witness.access.rawValue), but it is what '\(model.qualifiedName)' answers for '\(protocolDeclaration.name).\(requirement.name)', and a \(needed.rawValue) type's conformance to a \(needed.rawValue) protocol needs \(needed.rawValue) witnesses; declare it \(needed.rawValue), or rename it and map '\(requirement.name)' to it",
                rule: .witnessAccess, at: witness.position, notes: declarationNoteForRequest(request)))
        }
    }

    /// Compiled in another module than the model's (a top-level `"module"`), generated code
    /// sees only what is `package` or wider there: the model, the protocol and each member read.
    /// A model of a file read for its declarations only (another target's) is of another module,
    /// whatever its path shows.
    mutating func checkVisible(
        from outputModule: String?, model: TypeDeclaration, protocolDeclaration: ProtocolDeclaration, bindings: [Binding], request: AdapterRequest
    ) {
        let output = outputModule.map { "module '\($0)' (\(outputModuleOrigin))" } ?? "the target of the sources given (a model of another target is that target's)"
        func report(_ what: String, _ access: AccessLevel, in module: String, at position: SourcePosition?) {
            diagnostics.append(Diagnostic(
                "\(what) is \(access.rawValue) in module '\(module)', and the generated file is compiled in \(output), which cannot see it; make it package or public, or generate into '\(module)'",
                rule: .notVisibleFromOutputModule, at: position))
        }
        if model.isContext, request.module == nil, model.module == nil {
            // Its path shows no `Sources/NAME/`: the generated file could not import it.
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is another target's, and its path shows no module (`Sources/NAME/…`) for the generated file to import; add \"module\": \"<its target>\" to the adapter",
                rule: .notVisibleFromOutputModule, at: request.position ?? model.position))
        }
        if let module = model.isContext ? request.module ?? model.module ?? "its target" : model.module, model.isContext || module != outputModule {
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
        if let position = protocolDeclaration.position, let module = protocolDeclaration.module,
           protocolDeclaration.isContext || (outputModule != nil && module != outputModule), protocolDeclaration.access < .package {
            report("protocol '\(protocolDeclaration.name)'", protocolDeclaration.access, in: module, at: request.position ?? position)
        }
    }

    /// When every declaration of the member read is under `#if` conditions, what is generated
    /// from it is too: under any of them (`(a) || (b)`), each a conjunction.
    static func condition(reading name: String, of model: TypeDeclaration, for requirement: Requirement) -> Condition? {
        let namesakes = model.members.filter { $0.name.isSameIdentifier(as: name) }
        guard !namesakes.isEmpty, namesakes.allSatisfy({ !$0.conditions.isEmpty }) else { return nil }
        let conditions = Condition.disjunction(namesakes.map(\.conditions))
        return conditions.count > 1 ? .all(conditions) : conditions.first
    }
}
