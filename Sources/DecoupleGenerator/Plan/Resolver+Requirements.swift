// MARK: - Resolver: requirements

/// Where each requirement's value comes from: a member read, a method called or forwarded.
extension Resolver {
    mutating func bind(
        _ requirement: Requirement, of protocolDeclaration: ProtocolDeclaration, in model: TypeDeclaration, request: AdapterRequest, style: any AdapterStyle
    ) -> Binding? {
        let protocolName = protocolDeclaration.name
        let mapped = request.source(for: requirement.name)
        let where_ = mapped?.position ?? request.position
        if requirement.kind == .method {
            return bindMethod(requirement, of: protocolName, in: model, request: request, style: style)
        }

        if style.readsThroughKeyPaths, !requirement.getterEffects.isEmpty {
            diagnostics.append(Diagnostic(
                "'\(protocolName).\(requirement.name)' is read with `get \(requirement.getterEffects.text)`, and the proxy style reads properties through key paths, which cannot name such a property; use the conformance or factory style",
                rule: .proxyEffectfulProperty, at: request.position ?? model.position))
            return nil
        }
        if let mapped, mapped.isConstant, let value = mapped.defaultExpression {
            return bindConstant(value, to: requirement, of: protocolName, in: model, at: mapped.position, style: style)
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
                    rule: .methodForPropertyRequirement, at: where_, notes: declarationNote(model, request: request)))
            } else if mapped != nil, model.kind == .enum, methods.contains(where: { $0.isStatic && $0.isConstant && $0.signature == nil }) {
                // An enum case with associated values is scanned as a static member that is called.
                diagnostics.append(Diagnostic(
                    "'\(memberName)' is a case of '\(model.qualifiedName)' with associated values, which makes a value of the enum and is not read from one; map '\(requirement.name)' to a property of '\(model.qualifiedName)' (one that switches over `self` to read the case's values)",
                    rule: .unknownMember, at: where_, notes: declarationNote(model, request: request)))
            } else if mapped != nil {
                let suggestion = Suggestion.didYouMean(memberName, among: properties.map(\.name))
                // Members reached through `subscript(dynamicMember:)` are not declared: no type to read.
                let dynamic = model.attributeNames.contains("dynamicMemberLookup")
                    ? "; '\(model.qualifiedName)' is @dynamicMemberLookup, and a member reached through its `subscript(dynamicMember:)` is not declared, so its type is unknown: declare `var \(memberName): Type { self[dynamicMember: …] }` and map to it"
                    : ""
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' has no member '\(memberName)'\(dynamic)\(policy.unseenMembers(suggested: suggestion))\(suggestion)",
                    rule: .unknownMember, at: where_, notes: declarationNote(model, request: request)))
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
                    rule: .missingMapping, at: request.position ?? model.position,
                    notes: declarationNote(model, request: request),
                    fixIts: candidate.map { [.map(requirement: requirement.name, toMember: $0)] } ?? []))
            }
            return nil
        }
        return bindValue(requirement, of: protocolName, to: member, in: model, request: request, style: style)
    }

    /// A requirement that is always one value, a constant of its type; a conformance cannot add
    /// it beside a model member of its name.
    mutating func bindConstant(
        _ value: DefaultExpression, to requirement: Requirement, of protocolName: String, in model: TypeDeclaration, at position: SourcePosition?,
        style: any AdapterStyle
    ) -> Binding? {
        if let problem = DefaultCheck.problem(with: value, for: requirement.type, requiresConstant: true, literalKinds: catalog.literalKinds(of:)) {
            diagnostics.append(Diagnostic("the constant \(value.text) for '\(protocolName).\(requirement.name)' \(problem)", rule: .invalidDefault, at: position))
            return nil
        }
        if style.extendsTheModel, let clash = model.members.first(where: { $0.name.isSameIdentifier(as: requirement.name) && !$0.isStatic }) {
            let reference = clashReference(clash)
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' already has a member '\(requirement.name)'\(reference.text), so a conformance cannot also make '\(requirement.name)' the constant \(value.text); \(policy.remedies(.factoryStyle, .other("rename the member")))",
                rule: .memberNameTaken, at: position, notes: reference.notes))
            return nil
        }
        return Binding(requirement: requirement, source: .constant(value))
    }

    /// A note at the model's declaration, for a problem reported at the configuration entry.
    func declarationNote(_ model: TypeDeclaration, request: AdapterRequest) -> [Diagnostic.Note] {
        guard policy.citesPositionsInText, request.position != nil, request.declarationPosition == nil else { return [] }
        return [Diagnostic.Note("'\(model.qualifiedName)' is declared here", at: model.position)]
    }

    /// A requirement read from a property, or from a method with no parameters.
    mutating func bindValue(
        _ requirement: Requirement, of protocolName: String, to member: MemberDeclaration, in model: TypeDeclaration,
        request: AdapterRequest, style: any AdapterStyle
    ) -> Binding? {
        var requirement = requirement
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
                    rule: .memberNotVisible, at: member.position, notes: declarationNoteForRequest(request)))
                return nil
            }
            member = visible
        }
        let memberName = member.name
        if let problem = actorIsolationProblem(member, in: model, for: requirement, of: protocolName) {
            diagnostics.append(problem.diagnostic(at: member.position))
            return nil
        }
        // `Model.Type` and `Model.Protocol` name metatypes, backquotes or not. Found by the
        // compiler oracle.
        if member.isStatic, QualifiedName.metatypeNames.contains(member.name) {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is a static member, and generated code would read it as `\(model.name).\(member.name)`, which Swift reads as a metatype, backquotes or not; rename it, or map '\(requirement.name)' to another member",
                rule: .metatypeName, at: mapped?.position ?? member.position))
            return nil
        }
        if let constraint = member.constraint {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is declared in an extension constrained by `where \(constraint)`, so not every '\(model.qualifiedName)' has it, and it cannot implement '\(protocolName).\(requirement.name)' for all of them; declare it in an extension without `where`, or map '\(requirement.name)' to another member",
                rule: .constrainedExtensionMember, at: mapped?.position ?? member.position))
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
                rule: .conditionalMemberTypes, at: namesakes[0].position, notes: declarationNoteForRequest(request)))
            return nil
        }
        // A closure is called, as a method without parameters is, when that is asked for: by a
        // method requirement, or by a mapping. It is never a value to describe.
        if let closure = member.closure, member.kind == .property, member.type != requirement.type || requirement.kind == .method {
            guard closure.parameterCount == 0, closure.effects.isEmpty, !closure.isOptional, requirement.kind == .method || mapped != nil else {
                let why = closure.parameterCount > 0 ? "takes parameters, which a witness does not pass"
                    : !closure.effects.isEmpty ? "is `\(closure.effects.text)`, which a witness does not call"
                    : closure.isOptional ? "is optional, which a witness does not call"
                    : "would be read as a value, and a closure described as a String is \"(Function)\"; map '\(requirement.name)' to it in the configuration to call it"
                diagnostics.append(Diagnostic(
                    "'\(member.name)' is a closure (`\(member.type?.description ?? "")`) and '\(protocolName).\(requirement.name)' needs \(requirement.type): the closure \(why); map '\(requirement.name)' to another member, or declare a method that calls it",
                    rule: .closureMember, at: mapped?.position ?? member.position, notes: declarationNoteForRequest(request)))
                return nil
            }
            member.type = closure.result
            member.kind = .method
        }
        guard var memberType = member.type else {
            let reason = member.inferenceFailure.map { " (\($0))" } ?? ""
            diagnostics.append(Diagnostic(
                "the type of '\(member.name)', which '\(protocolName).\(requirement.name)' reads, cannot be read from the source\(reason); write it out (`\(member.typeFix ?? "var \(member.name): Type")`)",
                rule: .unknownMemberType, at: member.position))
            return nil
        }
        // A requirement of a protocol the macro cannot see is typed `_`: the type of the member
        // that feeds it, unwrapped when a default is given.
        if requirement.type.wrapped == Requirement.unseenType {
            // As the model's scope reads it (`ID` in `Row` is `Row.ID`), for code outside it.
            requirement.type = catalog.normalized(memberType, in: model.qualifiedName)
            if mapped?.defaultValue != nil { requirement.type.isOptional = false }
        }
        // A conformance adds members to the model itself, so it cannot add a second `title`.
        if style.extendsTheModel, requirement.kind == .property, memberName != requirement.name, let clash = model.member(named: requirement.name) {
            let reference = clashReference(clash)
            diagnostics.append(Diagnostic(
                "'\(model.qualifiedName)' already has a member '\(requirement.name)'\(reference.text), so a conformance cannot also map '\(requirement.name)' to '\(memberName)'; \(policy.remedies(.factoryStyle, .other("rename one of them")))",
                rule: .memberNameTaken, at: where_, notes: reference.notes))
            return nil
        }
        // A type alias of an optional (`typealias Note = String?`) is optional.
        if !memberType.isOptional, memberType.name != requirement.type.name, catalog.normalized(memberType, in: model.qualifiedName).isOptional {
            memberType = catalog.normalized(memberType, in: model.qualifiedName)
        }
        let conversion: ValueSource.Conversion
        // Types compare as the compiler sees them: through type aliases, and sugar or not.
        let readAlike = catalog.isReadAlike(memberType, in: model.qualifiedName, as: requirement.type)
        let normalizedWanted = readAlike ? requirement.type.name : QualifiedName(catalog.normalized(requirement.type.unwrapped, in: nil).wrapped)
        let normalizedMember = readAlike ? normalizedWanted : QualifiedName(catalog.normalized(memberType.unwrapped, in: model.qualifiedName).wrapped)
        if readAlike {
            conversion = .direct
        } else if normalizedWanted.canonical == "String" {
            conversion = .describing
        } else if normalizedWanted.canonical == "ImageName", normalizedMember.canonical == "String" {
            conversion = .imageName
        } else {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is \(memberType) but '\(protocolName).\(requirement.name)' needs \(requirement.type); map it to a member of that type",
                rule: .typeMismatch, at: mapped?.position ?? member.position))
            return nil
        }
        if style.extendsTheModel, requirement.kind == .property, memberName == requirement.name, !member.isStatic,
           conversion != .direct || memberType.optionalDepth != requirement.type.optionalDepth {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is \(memberType) but '\(protocolName).\(requirement.name)' needs \(requirement.type), and a conformance cannot declare a second '\(member.name)'; \(policy.remedies(.other("map '\(requirement.name)' to another member"), .factoryStyle))",
                rule: .memberNameTaken, at: member.position))
            return nil
        }
        if memberType.isOptional, !requirement.type.isOptional, mapped?.defaultValue == nil {
            diagnostics.append(Diagnostic(
                policy.optionalWithoutDefault(member: member.name, requirement: requirement, of: protocolName),
                rule: .optionalWithoutDefault, at: mapped?.attributePosition ?? member.position,
                notes: mapped == nil ? declarationNoteForRequest(request) : [],
                fixIts: [.addDefault(requirement: requirement.name, member: member.name, value: Self.placeholder(for: requirement.type))]))
            return nil
        }
        if let defaultValue = mapped?.defaultExpression {
            if !memberType.isOptional {
                diagnostics.append(Diagnostic(
                    "'\(member.name)' is not optional, so the default \(defaultValue.text) would never be used; remove it",
                    rule: .unusedDefault, at: mapped?.defaultPosition ?? where_))
                return nil
            }
            if let problem = DefaultCheck.problem(
                with: defaultValue, for: requirement.type, requiresConstant: policy.checksAccess, literalKinds: catalog.literalKinds(of:))
                ?? defaultTypeProblem(defaultValue, for: requirement.type, in: model) {
                diagnostics.append(Diagnostic(
                    "the default \(defaultValue.text) for '\(protocolName).\(requirement.name)' \(problem)",
                    rule: .invalidDefault, at: mapped?.defaultPosition ?? where_))
                return nil
            }
        }
        // Effects are kept: a witness may have fewer than its requirement, never more.
        let allowed = requirement.kind == .property ? requirement.getterEffects : (requirement.signature?.effects ?? [])
        if let excess = Effects.excess(member.getterEffects, beyond: allowed) {
            let getter = "get " + member.getterEffects.text
            let requirementThrows = allowed.first(where: \.isThrows)
            let what = excess == .async || requirementThrows == nil ? "is not `\(excess)`" : "is `\(requirementThrows!)`, which does not cover `\(excess)`"
            diagnostics.append(Diagnostic(
                "'\(member.name)' is read with `\(excess == .async ? "await" : "try")` (its getter is `\(getter)`), but '\(protocolName).\(requirement.name)' \(what), so no witness can read it; map '\(requirement.name)' to a member without `\(excess)`, or declare the requirement `{ \(getter) }`",
                rule: .effectfulMember, at: member.position, notes: declarationNoteForRequest(request)))
            return nil
        }
        if let problem = Self.mutatingProblem(member, for: requirement, of: protocolName) {
            diagnostics.append(problem.diagnostic(at: mapped?.position ?? member.position))
            return nil
        }
        return Binding(
            requirement: requirement,
            source: ValueSource(
                member: member.name, memberIsOptional: memberType.isOptional, conversion: conversion, defaultValue: mapped?.defaultExpression,
                extraOptionals: max(0, memberType.optionalDepth - max(requirement.type.optionalDepth, 1)),
                isStatic: member.isStatic, isMethod: member.kind == .method, effects: member.getterEffects))
    }

    /// Why a `mutating` model method cannot implement a requirement: one that is not `mutating`
    /// (a property's getter never is) cannot change the model. A `mutating` one can, in every
    /// style: the factory's adapter holds its own copy of a value model.
    static func mutatingProblem(_ member: MemberDeclaration, for requirement: Requirement, of protocolName: String) -> Problem? {
        guard member.isMutating, !requirement.isMutating || requirement.kind != .method else { return nil }
        if member.kind == .property {
            return Problem(
                "'\(member.name)' has a mutating getter (a struct's `lazy var`, or `mutating get`), and '\(protocolName).\(requirement.name)' is not a `mutating` method, so its witness cannot read it; make '\(member.name)' a computed property or a `let`, or map '\(requirement.name)' to another member",
                rule: .mutatingMember)
        }
        return Problem(
            "'\(member.name)' is mutating, but '\(protocolName).\(requirement.name)' is not; declare the requirement mutating, or map it to a method that is not",
            rule: .mutatingMember)
    }

    /// A problem found by a check that callers report at a place of their choosing.
    struct Problem {
        var message: String
        var rule: Diagnostic.Rule

        init(_ message: String, rule: Diagnostic.Rule) {
            self.message = message
            self.rule = rule
        }

        func diagnostic(at position: SourcePosition?) -> Diagnostic {
            Diagnostic(message, rule: rule, at: position)
        }
    }

    /// A note at the configuration entry that asks for the adapter, for a problem reported at
    /// the model's member.
    func declarationNoteForRequest(_ request: AdapterRequest) -> [Diagnostic.Note] {
        guard policy.citesPositionsInText, request.declarationPosition == nil, let position = request.position else { return [] }
        return [Diagnostic.Note("the adapter is asked for here", at: position)]
    }

    /// A default a person would start from: empty where the type has an obvious empty value,
    /// an editor placeholder otherwise.
    static func placeholder(for type: TypeReference) -> String {
        switch type.name.canonical {
        case "String": "\"\""
        case "ImageName": ".empty"
        default: "<#\(type.wrapped)#>"
        }
    }

    /// Where the model's member of a requirement's name is, for a message: its place, or the SDK
    /// class it is inherited from, which the sources do not show.
    private func clashReference(_ clash: MemberDeclaration) -> (text: String, notes: [Diagnostic.Note]) {
        if let sdkClass = clash.inheritedFromSDK { return (" (inherited from \(sdkClass))", []) }
        return policy.reference(to: clash.position, note: "'\(clash.name)' is declared here")
    }
}
