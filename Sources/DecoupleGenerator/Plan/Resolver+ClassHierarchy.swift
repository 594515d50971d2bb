// MARK: - Resolver: class hierarchies

/// A subclass has its superclass's conformances and members, and Swift cannot override a member
/// declared in an extension. So a class whose superclass conforms to a protocol conforms too:
/// adapted to it, it gets nothing of its own, and only when it reads every requirement as the
/// superclass does. And no subclass may declare a member that a superclass's generated extension
/// declares.
extension Resolver {
    /// The adapters that extend their model, by model and protocol: the first of each.
    typealias ExtendingAdapters = [ClassAdapterKey: ResolvedAdapter]

    struct ClassAdapterKey: Hashable {
        var model: String
        var protocolName: String
    }

    static func extendingAdapters(_ adapters: [ResolvedAdapter]) -> ExtendingAdapters {
        var result: ExtendingAdapters = [:]
        for adapter in adapters where adapter.style.extendsTheModel && adapter.model.kind == .class {
            let key = ClassAdapterKey(model: adapter.model.qualifiedName, protocolName: adapter.protocolDeclaration.qualifiedName)
            if result[key] == nil { result[key] = adapter }
        }
        return result
    }

    /// For an adapter of a class that extends it: whether a superclass already conforms to the
    /// protocol, declared in the sources or adapted (`extending`). If one does, and the adapter
    /// reads every requirement as it, the adapter is marked as inherited (it writes nothing) and
    /// this returns true; if it reads one otherwise, that is reported and this returns nil.
    /// Otherwise false: the adapter is the class's own.
    mutating func inheritsConformance(_ adapter: inout ResolvedAdapter, request: AdapterRequest, extending: ExtendingAdapters) -> Bool? {
        guard adapter.style.extendsTheModel, adapter.model.kind == .class, adapter.model.superclass != nil else { return false }
        let protocolName = adapter.protocolDeclaration.qualifiedName
        for superclass in catalog.superclasses(of: adapter.model) {
            let adapted = extending[ClassAdapterKey(model: superclass.qualifiedName, protocolName: protocolName)]
            guard adapted != nil || superclass.conforms(to: protocolName) else { continue }
            let differing = adapter.bindings.first { binding in
                !binding.isSatisfiedByModel
                    && !(adapted?.bindings.contains { $0.requirement == binding.requirement && $0.isSameWitness(as: binding) } ?? false)
            }
            guard let differing else {
                adapter.declaresConformance = true
                for index in adapter.bindings.indices where !adapter.bindings[index].isSatisfiedByModel {
                    adapter.bindings[index].isWrittenByAnotherAdapter = true
                }
                return true
            }
            let how = adapted == nil ? "declares it" : "is adapted to it"
            diagnostics.append(Diagnostic(
                "'\(adapter.model.qualifiedName)' inherits its conformance to '\(adapter.protocolDeclaration.name)' from its superclass '\(superclass.qualifiedName)', which \(how), and a subclass cannot conform again or replace '\(differing.requirement.name)' in an extension; map '\(differing.requirement.name)' as '\(superclass.qualifiedName)' does, override the member in the class, or use the factory style for '\(adapter.model.qualifiedName)'",
                rule: .inheritedConformance, at: request.mapPositions[differing.requirement.name] ?? request.position ?? adapter.model.position,
                notes: declarationNote(adapter.model, request: request)))
            return nil
        }
        return false
    }

    /// A member a class declares, in its body or through an adapter generated for it, that a
    /// superclass's generated extension declares too: Swift cannot override it. Reported at the
    /// subclass's member.
    mutating func checkSubclassOverrides(_ adapters: [ResolvedAdapter]) {
        // The witnesses each class's generated extensions declare.
        var written: [String: [(binding: Binding, protocolName: String)]] = [:]
        for adapter in adapters where adapter.style.extendsTheModel && adapter.model.kind == .class {
            for binding in adapter.bindings where !binding.isSatisfiedByModel && !binding.isWrittenByAnotherAdapter {
                written[adapter.model.qualifiedName, default: []].append((binding, adapter.protocolDeclaration.name))
            }
        }
        guard !written.isEmpty else { return }
        var reported: Set<SourcePosition> = []
        for types in catalog.declarations.values {
            for type in types where type.kind == .class && type.superclass != nil {
                let superclasses = catalog.superclasses(of: type)
                let inheritedPositions = Set(superclasses.flatMap { $0.members.map(\.position) })
                let own = type.members.filter { !inheritedPositions.contains($0.position) }
                for superclass in superclasses {
                    for (binding, protocolName) in written[superclass.qualifiedName] ?? [] {
                        let name = binding.requirement.name
                        let clash = own.first { member in
                            member.name.isSameIdentifier(as: name) && !member.isStatic
                                && (binding.requirement.kind == .property || member.kind == .property || member.signature == binding.requirement.signature)
                        }
                        let generated = (written[type.qualifiedName] ?? []).first { $0.binding.witnessName == binding.witnessName }
                        guard let position = clash?.position ?? (generated == nil ? nil : type.position), reported.insert(position).inserted else { continue }
                        let what = clash == nil ? "the generated conformance of '\(type.qualifiedName)' to '\(generated!.protocolName)' declares '\(name)'" : "'\(type.qualifiedName).\(name)'"
                        diagnostics.append(Diagnostic(
                            "\(what), which overrides the '\(name)' that the generated conformance of its superclass '\(superclass.qualifiedName)' to '\(protocolName)' declares in an extension, and Swift cannot override a member declared in an extension; rename one of them, or use the factory style for '\(superclass.qualifiedName)'",
                            rule: .inheritedConformance, at: position))
                    }
                }
            }
        }
    }
}
