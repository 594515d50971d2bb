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

    /// The Swift expression that reads the value from `base` (`self` or `self.model`).
    func expression(base: String) -> String {
        let read = "\(base).\(member)"
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

/// One requirement of an adapter and where its value comes from.
struct Binding: Hashable, Sendable {
    var requirement: Requirement
    /// `nil` for a method requirement, which the model implements itself.
    var source: ValueSource?

    /// True when the model's own member already satisfies the requirement.
    var isSatisfiedByModel: Bool {
        guard let source else { return true }
        return source.member == requirement.name && source.conversion == .direct && source.defaultValue == nil
            && (source.memberIsOptional == requirement.type.isOptional)
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

    /// The access generated members get: what both the model and the protocol allow.
    var memberAccess: AccessLevel {
        min(model.access, protocolDeclaration.access)
    }
}

// MARK: - Resolver

/// Turns adapter requests (from the configuration and from annotations) into checked adapters,
/// or into diagnostics that say exactly what to fix and where.
struct Resolver {
    let catalog: Catalog
    /// What the front end can do, and how its messages say to fix a problem.
    let policy: ResolutionPolicy
    var diagnostics: [Diagnostic] = []

    init(catalog: Catalog, policy: ResolutionPolicy) {
        self.catalog = catalog
        self.policy = policy
    }

    mutating func resolve(configuration: Configuration) -> [ResolvedAdapter] {
        var requests = configuration.adapters
        for (typeName, annotation) in catalog.annotated {
            var request = AdapterRequest(model: typeName, protocolName: annotation.protocolName, position: annotation.position)
            for mapping in annotation.mappings {
                request.map(mapping.requirement, to: MappingSource(member: mapping.member, defaultValue: mapping.defaultValue, position: mapping.position))
            }
            requests.append(request)
        }
        var seen: [String: SourcePosition?] = [:]
        var adapters: [ResolvedAdapter] = []
        for request in requests {
            guard let adapter = resolve(request, defaultStyle: configuration.style) else { continue }
            let key = "\(adapter.model.qualifiedName): \(adapter.protocolDeclaration.qualifiedName)"
            if let first = seen[key] {
                let firstText = first.map { " at \($0)" } ?? ""
                diagnostics.append(Diagnostic("'\(adapter.model.qualifiedName)' is adapted to '\(adapter.protocolDeclaration.name)' twice; the first mapping is\(firstText)", at: request.position))
                continue
            }
            seen[key] = request.position
            adapters.append(adapter)
        }
        return adapters.sorted {
            ($0.model.qualifiedName, $0.protocolDeclaration.qualifiedName) < ($1.model.qualifiedName, $1.protocolDeclaration.qualifiedName)
        }
    }

    private mutating func resolve(_ request: AdapterRequest, defaultStyle: OutputStyle) -> ResolvedAdapter? {
        let model = findModel(request)
        let protocolDeclaration = findProtocol(request)
        guard let model, let protocolDeclaration else { return nil }
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
        let requirementNames = protocolDeclaration.requirements.map(\.name)
        for requirement in request.map.keys.sorted() where !requirementNames.contains(requirement) {
            diagnostics.append(Diagnostic(
                "'\(protocolDeclaration.name)' has no requirement '\(requirement)' (its requirements: \(requirementNames.joined(separator: ", ")))\(Suggestion.didYouMean(requirement, among: requirementNames))",
                at: request.mapPositions[requirement] ?? request.position))
        }
        if style == .factory {
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

        let declaresConformance = model.conforms(to: protocolDeclaration.qualifiedName)
        var bindings: [Binding] = []
        for requirement in protocolDeclaration.requirements {
            if let binding = bind(requirement, of: protocolDeclaration, in: model, request: request, style: style) {
                bindings.append(binding)
            }
        }
        guard diagnostics.count == errorsBefore else { return nil }
        return ResolvedAdapter(
            model: model, protocolDeclaration: protocolDeclaration, style: style, tag: request.tag,
            bindings: bindings, declaresConformance: declaresConformance)
    }

    private mutating func bind(
        _ requirement: Requirement, of protocolDeclaration: ProtocolDeclaration, in model: TypeDeclaration, request: AdapterRequest, style: OutputStyle
    ) -> Binding? {
        let protocolName = protocolDeclaration.name
        let mapped = request.map[requirement.name]
        let where_ = mapped?.position ?? request.position
        if requirement.kind == .method {
            if style != .conformance {
                diagnostics.append(Diagnostic(
                    "method requirement '\(requirement.signature?.description ?? requirement.name)' of '\(protocolName)' needs the conformance style; the \(style.rawValue) style forwards properties only",
                    at: request.position ?? model.position))
                return nil
            }
            if let mapped {
                diagnostics.append(Diagnostic(
                    "'\(requirement.name)' is a method requirement; methods cannot be mapped, implement '\(requirement.signature?.description ?? requirement.name)' on '\(model.qualifiedName)'",
                    at: mapped.position ?? where_))
                return nil
            }
            // Compared as parsed, so `-> Swift.String` implements `-> String`.
            let methods = model.members.filter { $0.kind == .method && !$0.isStatic }
            if !methods.contains(where: { $0.signature == requirement.signature }) {
                // Types matter now, so show them, and what the model has instead.
                let namesakes = methods.filter { $0.name == requirement.name }.compactMap { $0.signature.map { "'\($0.typedDescription)'" } }
                let has = namesakes.isEmpty ? "" : " (it has \(namesakes.joined(separator: ", ")))"
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' does not implement method requirement '\(requirement.signature?.typedDescription ?? requirement.name)' of '\(protocolName)'\(has)",
                    at: request.position ?? model.position))
                return nil
            }
            return Binding(requirement: requirement, source: nil)
        }

        let memberName = mapped?.member ?? requirement.name
        let properties = model.members.filter { $0.kind == .property && !$0.isStatic }
        guard let member = model.member(named: memberName), member.kind == .property else {
            if mapped != nil {
                diagnostics.append(Diagnostic(
                    "'\(model.qualifiedName)' has no member '\(memberName)'\(Suggestion.didYouMean(memberName, among: properties.map(\.name)))",
                    at: where_))
            } else {
                // The fix-it offers a property no other requirement reads, through a mapping or by
                // its name: the nearest by name, or any.
                let read = Set(request.map.values.map(\.member) + protocolDeclaration.requirements.map(\.name).filter { request.map[$0] == nil })
                let unmapped = properties.map(\.name).filter { !read.contains($0) }
                let candidate = Suggestion.nearest(requirement.name, among: unmapped) ?? unmapped.first
                diagnostics.append(Diagnostic(
                    policy.missingMapping(
                        requirement, of: protocolName, model: model.qualifiedName,
                        nearest: Suggestion.nearest(requirement.name, among: properties.map(\.name))),
                    at: request.position ?? model.position,
                    fixIts: candidate.map { [.map(requirement: requirement.name, toMember: $0)] } ?? []))
            }
            return nil
        }
        if model.kind == .actor, !member.isConstant {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is mutable state of actor '\(model.qualifiedName)', so it cannot back the synchronous requirement '\(protocolName).\(requirement.name)'; declare it with `let`",
                at: member.position))
            return nil
        }
        guard let memberType = member.type else {
            diagnostics.append(Diagnostic(
                "the type of '\(member.name)' cannot be read from the source; write it out (`var \(member.name): Type = …`)",
                at: member.position))
            return nil
        }
        // A conformance adds members to the model itself, so it cannot add a second `title`.
        if style != .factory, memberName != requirement.name, let clash = model.member(named: requirement.name) {
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
        if style != .factory, memberName == requirement.name, conversion != .direct || memberType.isOptional != requirement.type.isOptional {
            diagnostics.append(Diagnostic(
                "'\(member.name)' is \(memberType) but '\(protocolName).\(requirement.name)' needs \(requirement.type), and a conformance cannot declare a second '\(member.name)'; \(policy.remedies(.other("map '\(requirement.name)' to another member"), .factoryStyle))",
                at: member.position))
            return nil
        }
        if memberType.isOptional, !requirement.type.isOptional, mapped?.defaultValue == nil {
            diagnostics.append(Diagnostic(
                policy.optionalWithoutDefault(member: member.name, requirement: requirement, of: protocolName),
                at: mapped?.attributePosition ?? member.position,
                fixIts: [.addDefault(requirement: requirement.name, member: member.name, value: Self.placeholder(for: requirement.type))]))
            return nil
        }
        return Binding(
            requirement: requirement,
            source: ValueSource(member: member.name, memberIsOptional: memberType.isOptional, conversion: conversion, defaultValue: mapped?.defaultValue))
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

    private mutating func findModel(_ request: AdapterRequest) -> TypeDeclaration? {
        if let name = catalog.resolveTypeName(request.model), let type = catalog.types[name] { return type }
        let candidates = catalog.typeCandidates(named: request.model)
        if candidates.count > 1 {
            diagnostics.append(Diagnostic(
                "model name '\(request.model)' is ambiguous; qualify it as one of: \(candidates.joined(separator: ", "))",
                at: request.modelPosition))
        } else {
            let names = catalog.types.values.flatMap { [$0.name, $0.qualifiedName] }
            diagnostics.append(Diagnostic(
                "unknown model '\(request.model)': the sources declare no type of that name\(Suggestion.didYouMean(request.model, among: Array(Set(names))))",
                at: request.modelPosition))
        }
        return nil
    }

    private mutating func findProtocol(_ request: AdapterRequest) -> ProtocolDeclaration? {
        if let name = catalog.resolveProtocolName(request.protocolName), let found = catalog.protocols[name] { return found }
        let names = catalog.protocols.values.map(\.name)
        diagnostics.append(Diagnostic(
            "unknown protocol '\(request.protocolName)' (known: \(names.sorted().joined(separator: ", ")))\(Suggestion.didYouMean(request.protocolName, among: names))",
            at: request.protocolPosition))
        return nil
    }
}
