// MARK: - Resolver: one adapter

/// The checks of one model adapted to one protocol in one style.
extension Resolver {
    mutating func resolve(
        _ request: AdapterRequest, model: TypeDeclaration, protocolDeclaration: ProtocolDeclaration, defaultStyle: OutputStyle, spelling: String?,
        outputModule: String?
    ) -> ResolvedAdapter? {
        let style = request.style ?? defaultStyle
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
        let requirementNames = protocolDeclaration.requirements.map(\.name)
        for requirement in request.map.keys.sorted() where !requirementNames.contains(where: { $0.isSameIdentifier(as: requirement) }) {
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' has no requirement '\(requirement)' (its requirements: \(requirementNames.joined(separator: ", ")))\(Suggestion.didYouMean(requirement, among: requirementNames))",
                rule: .unknownRequirement, at: request.mapPositions[requirement] ?? request.position))
        }
        if style == .factory {
            // The factory makes an adapter in a Sendable closure, off the main actor. An adapter
            // to a `@MainActor` protocol is isolated there and may read a `@MainActor` model;
            // one to any other protocol reads the model from wherever it is asked.
            if model.isMainActor && !protocolDeclaration.isWhollyMainActor {
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' is @MainActor\(isolatedByDefault), and the factory style's adapter to '\(protocolDeclaration.name)', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance (`extension \(model.qualifiedName): @MainActor \(protocolDeclaration.name)`)\(protocolDeclaration.isBuiltIn ? "" : ", or declare '\(protocolDeclaration.name)' @MainActor")",
                    rule: .factoryMainActorModel, at: request.position ?? model.position))
            }
            // An adapter isolated by its protocol conforms to the protocols that protocol refines
            // on the main actor too, which one that is not cannot accept.
            if protocolDeclaration.isMainActor && protocolDeclaration.refinesANonisolatedProtocol {
                diagnostics.append(Diagnostic(
                    "'\(protocolDeclaration.name)' is @MainActor and refines a protocol that is not, so the factory style's adapter, isolated to the main actor, cannot conform to that one; use the conformance style, which makes an isolated conformance (`extension \(model.qualifiedName): @MainActor \(protocolDeclaration.name)`), or declare the protocols it refines @MainActor too",
                    rule: .factoryMainActorRefinement, at: request.position ?? model.position))
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
                    rule: .factoryNonSendableModel, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
            }
            // `Outer.`Type`.self` is read as the metatype's, backquotes or not.
            if let last = QualifiedName(model.qualifiedName).components.dropFirst().last, QualifiedName.metatypeNames.contains(last) {
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' cannot be registered in a factory: Swift reads `\(model.qualifiedName).self` as a metatype, backquotes or not; rename the type, or use the conformance style",
                    rule: .metatypeName, at: request.position ?? model.position))
            }
            if !model.genericParameters.isEmpty {
                diagnostics.append(Diagnostic(
                    "generic model '\(model.qualifiedName)' cannot be registered in a factory without its type arguments; use the conformance style",
                    rule: .factoryGenericModel, at: request.position ?? model.position))
            }
            if let tag = request.tag, !(model.conforms(to: "Decodable") || model.conforms(to: "Codable")) {
                diagnostics.append(Diagnostic(
                    "tag \"\(tag)\" needs '\(model.qualifiedName)' to be Decodable, so the factory can decode it from data",
                    rule: .tagNeedsDecodable, at: request.position ?? model.position))
            }
        } else if request.tag != nil {
            diagnostics.append(Diagnostic("\"tag\" applies to the factory style only; add \"style\": \"factory\"", rule: .tagOutsideFactory, at: request.position))
        }
        if style == .proxy, !protocolDeclaration.isBuiltIn {
            // `\P.Type` is the metatype: a key path cannot name a requirement called `Type`.
            for requirement in protocolDeclaration.requirements where QualifiedName.metatypeNames.contains(requirement.name) {
                diagnostics.append(Diagnostic(
                    "the proxy style reads '\(protocolDeclaration.name).\(requirement.name)' through a key path, and a key path cannot name a member called '\(requirement.name)' (it reads as the metatype); rename the requirement, or use the conformance or factory style",
                    rule: .metatypeName, at: request.position ?? requirement.position))
            }
            // The member table is one dictionary literal, which `#if` cannot divide.
            for requirement in protocolDeclaration.requirements where !requirement.conditions.isEmpty {
                diagnostics.append(Diagnostic(
                    "'\(protocolDeclaration.name).\(requirement.name)' is declared under #if \(Condition.conjunction(requirement.conditions))\(requirement.position.map { " (at \($0))" } ?? ""), and the proxy style lists every requirement in one member table for all builds; declare it outside #if (or alike in every branch), or use the conformance or factory style",
                    rule: .proxyConditionalRequirement, at: request.position ?? requirement.position))
            }
            // With nothing injected the proxy answers an empty value, which only some types have.
            for requirement in protocolDeclaration.requirements where requirement.kind == .property && EmptyValue(for: requirement.type) == nil {
                diagnostics.append(Diagnostic(
                    "the proxy style answers '\(protocolDeclaration.name).\(requirement.name)' with an empty value when nothing is injected, and \(requirement.type) has none it knows; make the requirement optional or use the conformance style",
                    rule: .proxyNoEmptyValue, at: request.position ?? model.position))
            }
        }

        // Swift isolates an actor's conformances to the actor: never to the main actor.
        // The proxy style conforms the model too, so that it can be injected.
        if style != .factory, model.kind == .actor, protocolDeclaration.isMainActor {
            diagnostics.append(Diagnostic(
                "actor '\(model.qualifiedName)' cannot conform to '\(protocolDeclaration.name)', which is @MainActor (an actor's conformances are isolated to the actor itself); use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members",
                rule: .actorMainActorConformance, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        // A conformance isolated to the main actor cannot be one to a protocol that refines `Sendable`.
        if style != .factory, model.isMainActor, model.kind != .actor, protocolDeclaration.refinesSendable, !protocolDeclaration.isWhollyMainActor {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' is @MainActor, so its conformance is isolated to the main actor, and '\(protocolDeclaration.name)' refines Sendable, which an isolated conformance cannot satisfy; remove @MainActor from the model (or make the members read `nonisolated` and conform by hand), or adapt it to a protocol that does not refine Sendable",
                rule: .isolatedConformanceToSendable, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
        let declaresConformance = model.conforms(to: protocolDeclaration.qualifiedName)
        // A conformance to a protocol that refines `Sendable` conforms the model to `Sendable`,
        // which Swift 6 accepts only in the model's own file.
        if style != .factory, protocolDeclaration.refinesSendable, !declaresConformance, model.kind != .actor, !model.isMainActor,
           !model.conforms(to: "Sendable") {
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' refines Sendable, and Swift accepts a conformance to Sendable only in the file that declares '\(model.qualifiedName)'; declare '\(model.qualifiedName): Sendable' there, or use the factory style",
                rule: .sendableConformanceOutsideFile, at: request.position ?? model.position, notes: declarationNote(model, request: request)))
        }
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
                    rule: .factoryMainActorMember, at: first.position))
            } else if protocolDeclaration.refinesSendable, !protocolDeclaration.isWhollyMainActor {
                diagnostics.append(Diagnostic(
                    "'\(first.name)' is @MainActor, so reading it needs a conformance isolated to the main actor, and '\(protocolDeclaration.name)' refines Sendable, which an isolated conformance cannot satisfy; make '\(first.name)' nonisolated, or map the requirement to another member",
                    rule: .isolatedConformanceToSendable, at: first.position))
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
    mutating func checkWitnessAccess(
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
                rule: .witnessAccess, at: witness.position, notes: declarationNoteForRequest(request)))
        }
    }

    /// Compiled in another module than the model's (a top-level `"module"`), generated code
    /// sees only what is `package` or wider there: the model, the protocol and each member read.
    mutating func checkVisible(
        from outputModule: String, model: TypeDeclaration, protocolDeclaration: ProtocolDeclaration, bindings: [Binding], request: AdapterRequest
    ) {
        func report(_ what: String, _ access: AccessLevel, in module: String, at position: SourcePosition?) {
            diagnostics.append(Diagnostic(
                "\(what) is \(access.rawValue) in module '\(module)', and the generated file is compiled in module '\(outputModule)' (the configuration's \"module\"), which cannot see it; make it package or public, or generate into '\(module)'",
                rule: .notVisibleFromOutputModule, at: position))
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
    static func condition(reading name: String, of model: TypeDeclaration, for requirement: Requirement) -> Condition? {
        let namesakes = model.members.filter { $0.name.isSameIdentifier(as: name) }
        guard !namesakes.isEmpty, namesakes.allSatisfy({ !$0.conditions.isEmpty }) else { return nil }
        let conditions = Condition.disjunction(namesakes.map(\.conditions))
        return conditions.count > 1 ? .all(conditions) : conditions.first
    }
}
