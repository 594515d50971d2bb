// MARK: - ConformanceStyle

/// `extension Model: Protocol { … }`: the model itself conforms, and the extension declares the
/// witnesses the model does not have. The default style.
struct ConformanceStyle: AdapterStyle {
    var name: OutputStyle { .conformance }
    var extendsTheModel: Bool { true }
    var readsThroughKeyPaths: Bool { false }

    func check(_ candidate: AdapterCandidate, in resolver: Resolver) -> [Diagnostic] {
        [tagProblem(candidate)].compactMap { $0 } + Self.modelConformanceProblems(candidate, in: resolver)
    }

    /// What stops the model itself from conforming: the checks of every style that extends the model.
    static func modelConformanceProblems(_ candidate: AdapterCandidate, in resolver: Resolver) -> [Diagnostic] {
        let (request, model, protocolDeclaration) = (candidate.request, candidate.model, candidate.protocolDeclaration)
        var problems: [Diagnostic] = []
        // Only a class or an actor conforms to a class-bound protocol.
        if protocolDeclaration.isClassBound, model.kind == .struct || model.kind == .enum {
            problems.append(Diagnostic(
                "'\(protocolDeclaration.name)' is class-bound (it refines AnyObject), so only a class or an actor can conform to it, and '\(model.qualifiedName)' is \(model.kind == .struct ? "a struct" : "an enum"); use the factory style, whose adapter for such a protocol is a class, or adapt a class",
                rule: .classBoundProtocol, at: request.position ?? model.position, notes: resolver.declarationNote(model, request: request)))
        }
        // Swift isolates an actor's conformances to the actor: never to the main actor.
        // The proxy style conforms the model too, so that it can be injected.
        // So is a `nonisolated` protocol that refines a main-actor one, whose requirements stay there.
        if model.kind == .actor, protocolDeclaration.isMainActor || protocolDeclaration.inheritsMainActorRequirements {
            let why = protocolDeclaration.isMainActor ? "which is @MainActor" : "which refines a @MainActor protocol"
            problems.append(Diagnostic(
                "actor '\(model.qualifiedName)' cannot conform to '\(protocolDeclaration.name)', \(why) (an actor's conformances are isolated to the actor itself); use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members",
                rule: .actorMainActorConformance, at: request.position ?? model.position, notes: resolver.declarationNote(model, request: request)))
        }
        // A conformance isolated to the main actor cannot be one to a protocol that refines `Sendable`.
        if model.isMainActor, model.kind != .actor, protocolDeclaration.refinesSendable, !protocolDeclaration.isWhollyMainActor {
            problems.append(Diagnostic(
                "'\(model.qualifiedName)' is @MainActor, so its conformance is isolated to the main actor, and '\(protocolDeclaration.name)' refines Sendable, which an isolated conformance cannot satisfy; remove @MainActor from the model (or make the members read `nonisolated` and conform by hand), or adapt it to a protocol that does not refine Sendable",
                rule: .isolatedConformanceToSendable, at: request.position ?? model.position, notes: resolver.declarationNote(model, request: request)))
        }
        // A conformance to a protocol that refines `Sendable` conforms the model to `Sendable`,
        // which Swift 6 accepts only in the model's own file.
        if protocolDeclaration.refinesSendable, !model.conforms(to: protocolDeclaration.qualifiedName), model.kind != .actor, !model.isMainActor,
           !model.conforms(to: "Sendable") {
            problems.append(Diagnostic(
                "'\(protocolDeclaration.name)' refines Sendable, and Swift accepts a conformance to Sendable only in the file that declares '\(model.qualifiedName)'; declare '\(model.qualifiedName): Sendable' there, or use the factory style",
                rule: .sendableConformanceOutsideFile, at: request.position ?? model.position, notes: resolver.declarationNote(model, request: request)))
        }
        return problems
    }

    func libraryRefinementProblem(_ refinement: String, of protocolDeclaration: ProtocolDeclaration, model: TypeDeclaration, modelConforms: Bool) -> String? {
        guard !modelConforms, !model.conforms(to: protocolDeclaration.qualifiedName) else { return nil }
        return "and '\(model.qualifiedName)' does not declare it; declare '\(model.qualifiedName): \(refinement)' where '\(model.qualifiedName)' is declared"
    }

    func mainActorReadProblem(_ member: MemberDeclaration, of protocolDeclaration: ProtocolDeclaration, in resolver: Resolver) -> Diagnostic? {
        Self.isolatedReadProblem(member, of: protocolDeclaration)
    }

    /// Reading a `@MainActor` member needs a conformance isolated to the main actor, which a
    /// protocol that refines `Sendable` (and is not itself `@MainActor`) cannot have.
    static func isolatedReadProblem(_ member: MemberDeclaration, of protocolDeclaration: ProtocolDeclaration) -> Diagnostic? {
        guard protocolDeclaration.refinesSendable, !protocolDeclaration.isWhollyMainActor else { return nil }
        return Diagnostic(
            "'\(member.name)' is @MainActor, so reading it needs a conformance isolated to the main actor, and '\(protocolDeclaration.name)' refines Sendable, which an isolated conformance cannot satisfy; make '\(member.name)' nonisolated, or map the requirement to another member",
            rule: .isolatedConformanceToSendable, at: member.position)
    }

    func writesMore(for adapter: ResolvedAdapter) -> Bool { false }

    func sections(for adapters: [ResolvedAdapter], takenNames: Set<String>) -> [(title: String, decls: [[Code]])] { [] }

    /// `extension Model: Protocol { … }`, or `nil` when the model satisfies everything itself and
    /// already declares the conformance.
    static func conformance(_ adapter: ResolvedAdapter) -> [Code]? {
        let members = adapter.bindings.filter { !$0.isSatisfiedByModel && !$0.isWrittenByAnotherAdapter }
        if adapter.declaresConformance && members.isEmpty { return nil }
        let model = Emitter.escapedPath(adapter.modelSpelling)
        // A `@MainActor` model's members are read on the main actor: its conformance is
        // isolated there (SE-0470), which compiles in Swift 5 and 6 modes alike.
        // A conformance to a `@MainActor` protocol needs no mark (and one that refines `Sendable`
        // cannot have it).
        let isolated = (adapter.model.isMainActor || adapter.readsMainActorMembers) && adapter.model.kind != .actor
            && !adapter.protocolDeclaration.isWhollyMainActor ? "@Swift.MainActor " : ""
        // A `nonisolated` model's conformance, where the module isolates what says nothing to
        // the main actor, is declared in a `nonisolated extension`: so are the conformances
        // the protocol implies (`CustomStringConvertible`), and its witnesses.
        let extensionKeyword = adapter.witnessesAreNonisolated ? "nonisolated extension" : "extension"
        let header = adapter.declaresConformance
            ? "\(extensionKeyword) \(model)"
            : "\(extensionKeyword) \(model): \(isolated)\(Emitter.escapedPath(adapter.protocolDeclaration.spelling))"
        // An actor's witnesses read `let`s only, so they need no isolation.
        // Witnesses that read `@MainActor` members of a model that is not are on the main actor too.
        let isolation = adapter.model.kind == .actor ? " nonisolated" : ""
        // So are the witnesses of a main-actor model for a protocol declared `nonisolated`: in
        // the extension that declares the conformance they would otherwise be taken as
        // nonisolated, as the protocol is.
        let protocolIsNonisolated = adapter.protocolDeclaration.isNonisolated || adapter.protocolDeclaration.inheritsMainActorRequirements
        let mainActorWitnesses = adapter.readsMainActorMembers || (adapter.model.isMainActor && protocolIsNonisolated)
        let attribute = mainActorWitnesses && adapter.model.kind != .actor ? "@Swift.MainActor " : ""
        // An async witness that awaits off the main actor is `nonisolated`, not `@MainActor`.
        func access(_ binding: Binding) -> String {
            let modifier = (binding.sharedAccess ?? adapter.access(of: binding.requirement)).memberModifier
            return adapter.awaitsOffTheMainActor(binding) ? modifier + " nonisolated" : attribute + modifier + isolation
        }
        let witnesses = members.compactMap {
            Emitter.member($0, access: access($0), base: "self", typeBase: "Self", mutates: [.struct, .enum].contains(adapter.model.kind))
        }
        return Code.guarded([.block(header, witnesses)], by: adapter.conditions)
    }
}
