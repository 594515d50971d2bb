// MARK: - ProxyStyle

/// The model conforms, as in the conformance style, so that it can be injected; and
/// `ForwardingProxy` gets the protocol's conformance, its `MemberTable`, typed look-up, and
/// `inject` overloads that pass the table, so look-up by name needs no `members:` argument.
struct ProxyStyle: AdapterStyle {
    var name: OutputStyle { .proxy }
    var extendsTheModel: Bool { true }
    var readsThroughKeyPaths: Bool { true }

    func check(_ candidate: AdapterCandidate, in resolver: Resolver) -> [Diagnostic] {
        let (request, model, protocolDeclaration) = (candidate.request, candidate.model, candidate.protocolDeclaration)
        var problems: [Diagnostic] = []
        if let problem = tagProblem(candidate) { problems.append(problem) }
        if !protocolDeclaration.isBuiltIn {
            // `\P.Type` is the metatype: a key path cannot name a requirement called `Type`.
            for requirement in protocolDeclaration.requirements where QualifiedName.metatypeNames.contains(requirement.name) {
                problems.append(Diagnostic(
                    "the proxy style reads '\(protocolDeclaration.name).\(requirement.name)' through a key path, and a key path cannot name a member called '\(requirement.name)' (it reads as the metatype); rename the requirement, or use the conformance or factory style",
                    rule: .metatypeName, at: request.position ?? requirement.position))
            }
            // The member table is one dictionary literal, which `#if` cannot divide.
            for requirement in protocolDeclaration.requirements where !requirement.conditions.isEmpty {
                problems.append(Diagnostic(
                    "'\(protocolDeclaration.name).\(requirement.name)' is declared under #if \(Condition.conjunction(requirement.conditions))\(requirement.position.map { " (at \($0))" } ?? ""), and the proxy style lists every requirement in one member table for all builds; declare it outside #if (or alike in every branch), or use the conformance or factory style",
                    rule: .proxyConditionalRequirement, at: request.position ?? requirement.position))
            }
            // `Identifiable`'s `id` has the type each model gives it; the proxy declares it once.
            for requirement in protocolDeclaration.requirements where requirement.type.wrapped == Requirement.unseenType {
                problems.append(Diagnostic(
                    "'\(protocolDeclaration.name)' refines Identifiable, whose 'id' has the type each model gives it, and ForwardingProxy declares '\(requirement.name)' once for every model it stands in for; use the conformance or factory style",
                    rule: .libraryRefinement, at: request.position ?? model.position))
            }
            // With nothing injected the proxy answers an empty value, which only some types have.
            for requirement in protocolDeclaration.requirements where requirement.kind == .property && requirement.type.wrapped != Requirement.unseenType
                && EmptyValue(for: requirement.type) == nil {
                problems.append(Diagnostic(
                    "the proxy style answers '\(protocolDeclaration.name).\(requirement.name)' with an empty value when nothing is injected, and \(requirement.type) has none it knows; make the requirement optional or use the conformance style",
                    rule: .proxyNoEmptyValue, at: request.position ?? model.position))
            }
        }
        return problems + ConformanceStyle.modelConformanceProblems(candidate, in: resolver)
    }

    func libraryRefinementProblem(_ refinement: String, of protocolDeclaration: ProtocolDeclaration, model: TypeDeclaration, modelConforms: Bool) -> String? {
        "which ForwardingProxy cannot have for every model it stands in for; use the conformance or factory style"
    }

    func mainActorReadProblem(_ member: MemberDeclaration, of protocolDeclaration: ProtocolDeclaration, in resolver: Resolver) -> Diagnostic? {
        ConformanceStyle.isolatedReadProblem(member, of: protocolDeclaration)
    }

    /// Decouple's own protocols come with their proxy support.
    func writesMore(for adapter: ResolvedAdapter) -> Bool { !adapter.protocolDeclaration.isBuiltIn }

    /// A section per proxied protocol, in the order of their names.
    func sections(for adapters: [ResolvedAdapter], takenNames: Set<String>) -> [(title: String, decls: [[Code]])] {
        let proxied = Dictionary(grouping: adapters.filter { !$0.protocolDeclaration.isBuiltIn }, by: \.protocolDeclaration.qualifiedName)
        return proxied.keys.sorted().map { name in
            let declaration = proxied[name]![0].protocolDeclaration
            return ("ForwardingProxy: \(declaration.name)", Self.proxySupport(for: declaration))
        }
    }

    /// What `ForwardingProxy` needs to stand in for a user protocol: its member table, stored
    /// once and read through closures; its conformance; and typed look-up that tells "nothing
    /// injected" (`nil`) from an empty value. The conformance and the look-up are isolated to the
    /// main actor, where the proxy reads what is injected for a protocol that may not be
    /// `Sendable`; they compile in every language mode and default isolation.
    static func proxySupport(for protocolDeclaration: ProtocolDeclaration) -> [[Code]] {
        let access = min(protocolDeclaration.access, .public).memberModifier
        let existential = "any \(Emitter.escapedPath(protocolDeclaration.spelling))"
        let readers = protocolDeclaration.requirements.map { requirement in
            // An optional is boxed on purpose: a reader returns `Any`, and `nil` is a value here.
            let boxing = requirement.type.isOptional ? " as Any" : ""
            return Code.line("\(SwiftLiteral.string(requirement.name)): { $0.\(Emitter.escaped(requirement.name))\(boxing) },")
        }
        // Each reader on one line: the formatter would break each closure over three.
        let table = Code.block("extension Decouple.MemberTable where Root == \(existential)", [
            .line("/// The members of `\(protocolDeclaration.name)`, for look-up by name through a `ForwardingProxy`."),
            .block(
                open: "\(access) static let \(Emitter.escaped(Emitter.lowerFirst(protocolDeclaration.name))) = Self(readers: [",
                body: readers, close: "])"),
        ])
        // A protocol that refines `Sendable` is read from any thread: its conformance needs no
        // isolation (under default MainActor isolation it takes the module's).
        let isolation = protocolDeclaration.refinesSendable ? "" : "@Swift.MainActor "
        let members = protocolDeclaration.requirements.map { requirement in
            // The resolver refuses a requirement with no fallback, so `nil` is for optionals.
            let fallback = EmptyValue(for: requirement.type).map(Emitter.text(of:)) ?? "nil"
            // `ForwardingProxy` is public: a requirement of a wider protocol refined is as visible as that one.
            let memberAccess = requirement.witnessAccess(onType: .public, protocolAccess: protocolDeclaration.access).memberModifier
            return Code.block(
                "\(isolation)\(memberAccess) var \(Emitter.escaped(requirement.name)): \(Emitter.spelling(of: requirement.type, builtIn: protocolDeclaration.isBuiltIn))",
                [.line("self.forward(\\(\(existential)).\(Emitter.escaped(requirement.name))) ?? \(fallback)")])
        }
        let conformance = Code.block("extension Decouple.ForwardingProxy: \(isolation)\(Emitter.escapedPath(protocolDeclaration.spelling))", members)
        // Injection that brings the member table along, so `inject(_:as:)` is the one step: the
        // compiler prefers these to the library's generic `inject(_:as:members:)`.
        let tableName = "Decouple.MemberTable<\(existential)>.\(Emitter.escaped(Emitter.lowerFirst(protocolDeclaration.name)))"
        let lookUp = Code.block("extension Decouple.ForwardingProxy", [
            .line("/// Typed look-up of `\(protocolDeclaration.name)` members: `nil` when nothing is injected for it."),
            .block("\(isolation)\(access) subscript<Value>(dynamicMember keyPath: Swift.KeyPath<\(existential), Value>) -> Value?", [
                .line("self.forward(keyPath)"),
            ]),
            .line(""),
            .line("/// Injects an object for `\(protocolDeclaration.name)`, keeping it alive, with its member table."),
            .block("\(isolation)\(access) func inject(_ object: \(existential), as type: (\(existential)).Type)", [
                .line("self.inject(object, as: type, members: \(tableName))"),
            ]),
            .line(""),
            .line("/// Injects an object for `\(protocolDeclaration.name)` without keeping it alive, with its member table."),
            .block("\(isolation)\(access) func inject(weak object: \(existential), as type: (\(existential)).Type) throws(Decouple.ForwardingError)", [
                .line("try self.inject(weak: object, as: type, members: \(tableName))"),
            ]),
        ])
        return [table, conformance, lookUp].map { Code.guarded([$0], by: protocolDeclaration.conditions) }
    }
}
