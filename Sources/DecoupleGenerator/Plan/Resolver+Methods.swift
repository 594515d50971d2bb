// MARK: - Resolver: method requirements

extension Resolver {
    /// A method requirement: implemented by the model with the same signature; without
    /// parameters, also read from a property or a no-argument method (mapped, or by name); with
    /// parameters, forwarded to a model method of another name with the same labels and types.
    mutating func bindMethod(
        _ requirement: Requirement, of protocolName: String, in model: TypeDeclaration, request: AdapterRequest, style: any AdapterStyle
    ) -> Binding? {
        let mapped = request.source(for: requirement.name)
        let signature = requirement.signature
        let describe = signature?.typedDescription ?? requirement.name
        if style.readsThroughKeyPaths {
            diagnostics.append(Diagnostic(
                "method requirement '\(signature?.description ?? requirement.name)' of '\(protocolName)' cannot be forwarded by the proxy style, which reads properties; use the conformance or factory style",
                rule: .proxyMethodRequirement, at: request.position ?? model.position))
            return nil
        }
        if let mapped, mapped.isConstant, let value = mapped.defaultExpression {
            return bindConstant(value, to: requirement, of: protocolName, in: model, at: mapped.position, style: style)
        }
        // A method of a constrained extension (`where T == Int`) is not every model's.
        // Nor one generated code, in a file of its own, cannot see.
        let methods = model.members.filter {
            $0.kind == .method && !$0.isStatic && $0.constraint == nil && (!policy.checksAccess || $0.access >= .internal)
        }
        // Compared as parsed, so `-> Swift.String` implements `-> String`. Mapped to its own
        // name (`"label": "label"`), the model's method is the witness, as unmapped.
        let mapsToItself = mapped.map { $0.member.isSameIdentifier(as: requirement.name) && $0.defaultValue == nil } ?? true
        if mapsToItself, let own = methods.first(where: { method in signature.map { method.signature?.implements($0) ?? false } ?? (method.signature == nil) }) {
            if let problem = Self.mutatingProblem(own, for: requirement, of: protocolName)
                ?? actorIsolationProblem(own, in: model, for: requirement, of: protocolName) {
                diagnostics.append(problem.diagnostic(at: own.position))
                return nil
            }
            // The factory's adapter forwards the call, and Swift cannot pass an array as a variadic argument.
            if !style.extendsTheModel, signature?.parameters.contains(where: { $0.type.written.hasSuffix("...") }) == true {
                diagnostics.append(Diagnostic(
                    "method requirement '\(describe)' of '\(protocolName)' has a variadic parameter, which the factory style's adapter cannot pass on to '\(model.qualifiedName).\(requirement.name)'; use the conformance style",
                    rule: .variadicForwarding, at: request.position ?? own.position))
                return nil
            }
            return style.extendsTheModel
                ? Binding(requirement: requirement, source: nil)
                : Binding(requirement: requirement, source: nil, forwardedMethod: requirement.name, forwardedEffects: own.signature?.effects)
        }
        let memberName = mapped?.member ?? requirement.name
        // What a requirement without parameters may read: a property, or a method without
        // parameters, with no effect the requirement does not have.
        let readable = model.members.filter {
            $0.name.isSameIdentifier(as: memberName) && ($0.kind == .property || ($0.signature.map {
                $0.parameters.isEmpty && $0.generics == nil && Effects.excess($0.effects, beyond: signature?.effects ?? []) == nil
            } ?? false))
        }
        if let signature, !signature.parameters.isEmpty || signature.generics != nil || (!signature.effects.isEmpty && readable.isEmpty) {
            let candidates = methods.filter { $0.name.isSameIdentifier(as: memberName) }
            var wanted = signature
            wanted.name = memberName
            if let candidate = candidates.first(where: { $0.signature?.implements(wanted) ?? false }) {
                // Swift cannot pass an array as a variadic argument.
                if signature.parameters.contains(where: { $0.type.written.hasSuffix("...") }) {
                    diagnostics.append(Diagnostic(
                        "method requirement '\(describe)' of '\(protocolName)' has a variadic parameter, which Swift cannot pass on to '\(memberName)'; implement '\(requirement.name)' in '\(model.qualifiedName)' itself",
                        rule: .variadicForwarding, at: mapped?.position ?? request.position ?? model.position))
                    return nil
                }
                if let problem = Self.mutatingProblem(candidate, for: requirement, of: protocolName)
                    ?? actorIsolationProblem(candidate, in: model, for: requirement, of: protocolName) {
                    diagnostics.append(problem.diagnostic(at: mapped?.position ?? candidate.position))
                    return nil
                }
                return Binding(requirement: requirement, source: nil, forwardedMethod: memberName, forwardedEffects: candidate.signature?.effects)
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
                rule: .missingMethod, at: mapped?.position ?? request.position ?? model.position, notes: declarationNote(model, request: request)))
            return nil
        }
        // A type cannot have a property and a method without parameters of one name.
        if style.extendsTheModel, let clash = model.members.first(where: { $0.kind == .property && $0.name.isSameIdentifier(as: requirement.name) }) {
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' has a property '\(requirement.name)', so a conformance cannot also declare method '\(describe)'; \(policy.remedies(.factoryStyle, .other("rename the property")))",
                rule: .memberNameTaken, at: clash.position, notes: declarationNoteForRequest(request)))
            return nil
        }
        // No parameters: a property, or a method with none, of any name the mapping gives.
        guard var member = readable.first(where: { !$0.isStatic }) ?? readable.first else {
            let namesakes = methods.filter { $0.name.isSameIdentifier(as: requirement.name) }.compactMap { $0.signature.map { "'\($0.typedDescription)'" } }
            let has = namesakes.isEmpty ? "" : " (it has \(namesakes.joined(separator: ", ")))"
            let how = mapped == nil ? "; implement it, or map it to a property or a method with no parameters" : ""
            diagnostics.append(Diagnostic(
                mapped == nil
                    ? "'\(model.qualifiedName)' does not implement method requirement '\(describe)' of '\(protocolName)'\(has)\(how)"
                    : "'\(model.qualifiedName)' has no property or method without parameters named '\(memberName)' for method requirement '\(describe)'\(Suggestion.didYouMean(memberName, among: model.members.filter { !$0.isStatic }.map(\.name)))",
                rule: .missingMethod, at: mapped?.position ?? request.position ?? model.position, notes: declarationNote(model, request: request)))
            return nil
        }
        // A method read for its value is called with its own effects.
        if member.kind == .method { member.getterEffects = member.signature?.effects ?? [] }
        return bindValue(requirement, of: protocolName, to: member, in: model, request: request, style: style)
    }

    /// Why an actor's member cannot back a synchronous requirement, if it cannot: it is isolated
    /// to the actor (not `nonisolated`, not a `let`, not static), and the advice fits what it is.
    /// A `let` of a type Swift does not hold `Sendable` is isolated too: reading it from outside
    /// would share a value that is not safe to share.
    func actorIsolationProblem(
        _ member: MemberDeclaration, in model: TypeDeclaration, for requirement: Requirement, of protocolName: String
    ) -> Problem? {
        guard model.kind == .actor, !member.isStatic, !member.isNonisolated else { return nil }
        if member.isConstant {
            guard let type = member.type, isKnownSendable(type, in: model.qualifiedName) else {
                return Problem(
                    "'\(member.name)' is a `let` of actor '\(model.qualifiedName)' whose type\(member.type.map { " '\($0)'" } ?? "") is not known to be Sendable, so it is isolated to the actor and cannot back '\(protocolName).\(requirement.name)' from outside it; declare that type Sendable, or map '\(requirement.name)' to a member of a Sendable type",
                    rule: .actorIsolatedMember)
            }
            return nil
        }
        let isAsync = requirement.getterEffects.contains(.async) || requirement.signature?.effects.contains(.async) == true
        guard !isAsync || member.kind == .property else { return nil }
        let requirementName = "'\(protocolName).\(requirement.name)'"
        return Problem(
            member.kind == .method
                ? "'\(member.name)' is a method isolated to actor '\(model.qualifiedName)', so it cannot back the synchronous requirement \(requirementName); mark it `nonisolated` if it reads no mutable state, or make the requirement `async`"
                : "'\(member.name)' is a `var` isolated to actor '\(model.qualifiedName)', so it cannot back the synchronous requirement \(requirementName); declare it with `let`, or, if it is computed from `let`s only, mark it `nonisolated`",
            rule: .actorIsolatedMember)
    }
}
