// MARK: - WitnessLedger

/// The members generated code declares in one type, across adapters, so that it never declares
/// one twice. A model adapted to two protocols that require one member gets it once when both
/// read it the same way, and an error otherwise, since a type has one member of a name (Swift
/// cannot tell two witnesses apart by protocol). The same holds for `ForwardingProxy`, which the
/// proxy style extends with every requirement of every protocol it proxies, and which has
/// properties of its own (``proxysOwnProperties``): a requirement of one of those names is refused,
/// since the generated property would compile, in the app's module, and hide the library's there.
/// (A property named as one of its methods, `forward`, hides nothing: the method is still called
/// with its arguments.)
struct WitnessLedger {
    /// `ForwardingProxy`'s own properties, and what each answers: a proxied protocol's requirement
    /// of one of these names would hide it. `ProxyOwnMemberTests` checks the list against the
    /// library's sources.
    static let proxysOwnProperties: [String: String] = [
        "title": "Decouple's 'TitledContent'", "subtitle": "Decouple's 'TitledContent'",
        "name": "Decouple's 'NamedImageContent'", "image": "Decouple's 'NamedImageContent'",
        "injectedProtocols": "the names of the protocols injected",
    ]

    private struct Entry {
        var adapter: Int
        var binding: Int
        var position: SourcePosition?
    }

    private struct ProxyEntry {
        var protocolName: String
        var qualifiedName: String
        var position: SourcePosition?
    }

    /// A model: its module, name and where it is declared.
    private struct ModelKey: Hashable {
        var module: String?
        var model: String
        var position: SourcePosition
    }

    /// A witness in a model: the model's number (``models``) and the member the witness declares.
    private struct WitnessKey: Hashable {
        var model: Int
        var witness: WitnessName
    }

    /// A number for each model seen, so that a witness's key hashes a number, not a path.
    private var models: [ModelKey: Int] = [:]
    private var witnesses: [WitnessKey: Entry] = [:]
    private var proxyMembers: [ExactName: ProxyEntry] = [:]

    /// Checks `adapter`, which will be `adapters[index]`, against the adapters admitted so far:
    /// a witness another adapter of the model writes the same way is marked as written there
    /// (widening its access when this protocol needs more); a different one of the same name is
    /// an error at the mapping. Returns false, having reported why, when the adapter cannot be
    /// generated beside them.
    mutating func admit(
        _ adapter: inout ResolvedAdapter, as index: Int, into adapters: inout [ResolvedAdapter], request: AdapterRequest,
        diagnostics: inout [Diagnostic]
    ) -> Bool {
        var problems: [Diagnostic] = []
        var shared: [(binding: Int, entry: Entry)] = []
        var added: [WitnessKey: Entry] = [:]
        if adapter.style.extendsTheModel {
            let modelKey = ModelKey(module: adapter.model.module, model: adapter.model.qualifiedName, position: adapter.model.position)
            let model = models[modelKey] ?? models.count
            models[modelKey] = model
            for (position, binding) in adapter.bindings.enumerated() where !binding.isSatisfiedByModel {
                let key = WitnessKey(model: model, witness: binding.witnessName)
                let written = request.source(for: binding.requirement.name)?.position ?? request.position
                guard let first = witnesses[key] ?? added[key] else {
                    added[key] = Entry(adapter: index, binding: position, position: written)
                    continue
                }
                // Two requirements of this very adapter may want one witness.
                let earlier = first.adapter == index ? adapter : adapters[first.adapter]
                let witness = earlier.bindings[first.binding]
                if witness.isSameWitness(as: binding), earlier.conditions == adapter.conditions {
                    shared.append((position, first))
                    continue
                }
                let name = binding.requirement.name
                let firstText = first.position.map { " (at \($0))" } ?? ""
                let reason = witness.isSameWitness(as: binding)
                    ? "the member is generated under different #if conditions for each"
                    : "'\(earlier.protocolDeclaration.name)' reads it \(Self.describe(witness, beside: binding))\(firstText), '\(adapter.protocolDeclaration.name)' \(Self.describe(binding, beside: witness))"
                problems.append(Diagnostic(
                    "'\(adapter.model.qualifiedName)' cannot conform to both '\(earlier.protocolDeclaration.name)' and '\(adapter.protocolDeclaration.name)', which both require '\(name)': \(reason), and a type has one '\(name)'; map both to the same member, or use the factory style for one of them",
                    rule: .conflictingWitnesses, at: written))
            }
        }
        var proxied: [ExactName: ProxyEntry] = [:]
        if adapter.style.readsThroughKeyPaths, !adapter.protocolDeclaration.isBuiltIn {
            let declaration = adapter.protocolDeclaration
            for requirement in declaration.requirements {
                if let answers = Self.proxysOwnProperties[requirement.name] {
                    let name = requirement.name
                    problems.append(Diagnostic(
                        "the proxy style cannot give 'ForwardingProxy' the '\(name)' that '\(declaration.name)' requires: 'ForwardingProxy' has its own '\(name)', for \(answers), and a second one, declared in this module, would hide it here, so `proxy.\(name)` would read what is injected for '\(declaration.name)' instead; rename the requirement, or use the conformance or factory style for '\(declaration.name)'",
                        rule: .proxyConflictingRequirements, at: request.position ?? requirement.position))
                    continue
                }
                let key = ExactName(requirement.name)
                guard let first = proxyMembers[key], first.qualifiedName != declaration.qualifiedName else {
                    proxied[key] = ProxyEntry(protocolName: declaration.name, qualifiedName: declaration.qualifiedName, position: request.position)
                    continue
                }
                let firstText = first.position.map { " (proxied at \($0))" } ?? ""
                problems.append(Diagnostic(
                    "the proxy style cannot make 'ForwardingProxy' conform to both '\(first.protocolName)'\(firstText) and '\(declaration.name)', which both require '\(requirement.name)': a type has one member '\(requirement.name)', and each protocol's is forwarded to its own object; rename one requirement or use the conformance or factory style for one protocol",
                    rule: .proxyConflictingRequirements, at: request.position ?? requirement.position))
            }
        }
        guard problems.isEmpty else {
            diagnostics += problems
            return false
        }
        witnesses.merge(added) { first, _ in first }
        proxyMembers.merge(proxied) { first, _ in first }
        for (position, entry) in shared {
            adapter.bindings[position].isWrittenByAnotherAdapter = true
            guard entry.adapter != index else { continue }
            let earlier = adapters[entry.adapter]
            let own = earlier.access(of: earlier.bindings[entry.binding].requirement)
            let needed = max(adapter.access(of: adapter.bindings[position].requirement), earlier.bindings[entry.binding].sharedAccess ?? own)
            if needed > own { adapters[entry.adapter].bindings[entry.binding].sharedAccess = needed }
        }
        return true
    }

    /// How a witness reads its value, for a message: `from 'name'`, with the requirement's
    /// type when the other witness's differs (`from 'count' as Int`).
    private static func describe(_ binding: Binding, beside other: Binding) -> String {
        let type = binding.requirement.type == other.requirement.type ? "" : " as \(binding.requirement.type)"
        if let source = binding.source {
            return "from '\(source.member)'" + (source.defaultValue.map { " ?? \($0.text)" } ?? "") + type
        }
        if let forwarded = binding.forwardedMethod { return "by calling '\(forwarded)'\(type)" }
        return "from its own method\(type)"
    }
}
