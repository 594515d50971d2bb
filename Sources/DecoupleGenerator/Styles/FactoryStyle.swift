// MARK: - FactoryStyle

/// A hidden adapter type per model, which holds the model and forwards to it, and one function
/// that registers them all in a `ContentFactory` (the class-cluster pattern). The model is not
/// extended.
struct FactoryStyle: AdapterStyle {
    var name: OutputStyle { .factory }
    var extendsTheModel: Bool { false }
    var readsThroughKeyPaths: Bool { false }

    func check(_ candidate: AdapterCandidate, in resolver: Resolver) -> [Diagnostic] {
        let (request, model, protocolDeclaration) = (candidate.request, candidate.model, candidate.protocolDeclaration)
        var problems: [Diagnostic] = []
        // The factory makes an adapter in a Sendable closure, off the main actor. An adapter
        // to a `@MainActor` protocol is isolated there and may read a `@MainActor` model;
        // one to any other protocol reads the model from wherever it is asked.
        // A struct isolated by the module's default alone is read through its stored `Sendable`
        // properties, which need no isolation: each read is checked as the bindings are made.
        if model.isMainActor && !protocolDeclaration.isWhollyMainActor && !Self.readsStoredProperties(of: model, in: resolver) {
            problems.append(Diagnostic(
                "'\(model.qualifiedName)' is @MainActor\(resolver.isolatedByDefault), and the factory style's adapter to '\(protocolDeclaration.name)', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance (`extension \(model.qualifiedName): @MainActor \(protocolDeclaration.name)`)\(protocolDeclaration.isBuiltIn ? "" : ", or declare '\(protocolDeclaration.name)' @MainActor")",
                rule: .factoryMainActorModel, at: request.position ?? model.position))
        }
        // An adapter isolated by its protocol conforms to the protocols that protocol refines
        // on the main actor too, which one that is not cannot accept.
        if protocolDeclaration.isMainActor && protocolDeclaration.refinesANonisolatedProtocol {
            problems.append(Diagnostic(
                "'\(protocolDeclaration.name)' is @MainActor and refines a protocol that is not, so the factory style's adapter, isolated to the main actor, cannot conform to that one; use the conformance style, which makes an isolated conformance (`extension \(model.qualifiedName): @MainActor \(protocolDeclaration.name)`), or declare the protocols it refines @MainActor too",
                rule: .factoryMainActorRefinement, at: request.position ?? model.position))
        }
        // The adapter stores the model, so it crosses from the closure into the adapter's
        // isolation: it must be Sendable when the adapter is (the protocol refines
        // `Sendable`) or is isolated to the main actor.
        if (protocolDeclaration.refinesSendable || protocolDeclaration.isMainActor) && !resolver.isKnownSendable(model) {
            let why = protocolDeclaration.refinesSendable
                ? "refines Sendable, so the factory style's adapter is Sendable"
                : "is @MainActor\(resolver.isolatedByDefault), so the factory style's adapter is isolated to the main actor, is made off it,"
            problems.append(Diagnostic(
                "'\(protocolDeclaration.name)' \(why) and stores '\(model.qualifiedName)', which does not declare Sendable (Swift infers it only for a struct or enum that is not public); declare '\(model.qualifiedName): Sendable', or use the conformance style",
                rule: .factoryNonSendableModel, at: request.position ?? model.position, notes: resolver.declarationNote(model, request: request)))
        }
        // `Outer.`Type`.self` is read as the metatype's, backquotes or not.
        if let last = QualifiedName(model.qualifiedName).components.dropFirst().last, QualifiedName.metatypeNames.contains(last) {
            problems.append(Diagnostic(
                "'\(model.qualifiedName)' cannot be registered in a factory: Swift reads `\(model.qualifiedName).self` as a metatype, backquotes or not; rename the type, or use the conformance style",
                rule: .metatypeName, at: request.position ?? model.position))
        }
        if !model.genericParameters.isEmpty {
            problems.append(Diagnostic(
                "generic model '\(model.qualifiedName)' cannot be registered in a factory without its type arguments; use the conformance style",
                rule: .factoryGenericModel, at: request.position ?? model.position))
        }
        if let tag = request.tag, !(model.conforms(to: "Decodable") || model.conforms(to: "Codable")) {
            problems.append(Diagnostic(
                "tag \"\(tag)\" needs '\(model.qualifiedName)' to be Decodable, so the factory can decode it from data",
                rule: .tagNeedsDecodable, at: request.position ?? model.position))
        }
        return problems
    }

    /// Whether the adapter reads the model through stored `Sendable` properties only: a
    /// `Sendable` struct isolated to the main actor by the module's default alone.
    static func readsStoredProperties(of model: TypeDeclaration, in resolver: Resolver) -> Bool {
        model.isMainActorByDefault && model.kind == .struct && resolver.isKnownSendable(model)
    }

    /// The adapter, a struct, gets `Equatable`, `Hashable` and `Codable` written by Swift from
    /// a model that has them.
    func libraryRefinementProblem(_ refinement: String, of protocolDeclaration: ProtocolDeclaration, model: TypeDeclaration, modelConforms: Bool) -> String? {
        let synthesized: Set<String> = ["Equatable", "Hashable", "Encodable", "Decodable", "Codable"]
        guard !modelConforms || !synthesized.contains(QualifiedName(refinement).last) || protocolDeclaration.isClassBound else { return nil }
        return modelConforms
            ? "which the factory style's adapter cannot get from its model; use the conformance style"
            : "and '\(model.qualifiedName)' does not declare it; declare '\(model.qualifiedName): \(refinement)' (the adapter then gets it from its model), or use the conformance style"
    }

    func mainActorReadProblem(_ member: MemberDeclaration, of protocolDeclaration: ProtocolDeclaration, in resolver: Resolver) -> Diagnostic? {
        guard !protocolDeclaration.isWhollyMainActor else { return nil }
        return Diagnostic(
            "'\(member.name)' is @MainActor\(resolver.isolatedByDefault), and the factory style's adapter to '\(protocolDeclaration.name)', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance, or make '\(member.name)' nonisolated",
            rule: .factoryMainActorMember, at: member.position)
    }

    func writesMore(for adapter: ResolvedAdapter) -> Bool { true }

    /// A section per protocol, in the order of the protocols' names: each adapter type, then the
    /// registration function.
    func sections(for adapters: [ResolvedAdapter], takenNames: Set<String>) -> [(title: String, decls: [[Code]])] {
        let names = Self.adapterTypeNames(adapters, avoiding: takenNames)
        let byProtocol = Dictionary(grouping: adapters.indices, by: { adapters[$0].protocolDeclaration.qualifiedName })
        return byProtocol.keys.sorted().map { name in
            let group = byProtocol[name]!
            let members = group.map { adapters[$0] }
            let memberNames = group.map { names[$0] }
            return (
                "\(members[0].protocolDeclaration.name) factory",
                zip(members, memberNames).map { Self.factoryAdapter($0, named: $1) } + [Self.factoryRegistration(for: members, names: memberNames)])
        }
    }

    /// The hidden adapter type for one model: a struct, or a final class for a class-bound
    /// protocol.
    static func factoryAdapter(_ adapter: ResolvedAdapter, named name: String) -> [Code] {
        let model = Emitter.escapedPath(adapter.modelSpelling)
        let stored = storedModelName(adapter)
        // A `mutating` requirement of a value model mutates the adapter's copy of it.
        let mutates = [.struct, .enum].contains(adapter.model.kind) && adapter.bindings.contains { $0.requirement.isMutating }
        let isClass = adapter.protocolDeclaration.isClassBound
        var body: [Code] = [.line("\(mutates ? "var" : "let") \(stored): \(model)")]
        // Made in the factory's closure, off any actor, as a struct's memberwise initializer is.
        if isClass { body.append(.block("nonisolated init(\(stored): \(model))", [.line("self.\(stored) = \(stored)")])) }
        body += adapter.bindings.compactMap { Emitter.member($0, access: nil, base: "self.\(stored)", typeBase: model, mutates: mutates) }
        let header = "\(adapter.isNonisolatedByDeclaration ? "nonisolated " : "")private \(isClass ? "final class" : "struct") \(Emitter.escaped(name)): \(Emitter.escapedPath(adapter.protocolDeclaration.spelling))"
        return Code.guarded([.block(header, body)], by: adapter.conditions)
    }

    /// One function that registers every generated adapter of a protocol in a `ContentFactory`.
    static func factoryRegistration(for adapters: [ResolvedAdapter], names: [String]) -> [Code] {
        let protocolDeclaration = adapters[0].protocolDeclaration
        let access = adapters.map(\.memberAccess).min()!.memberModifier
        let registrations = zip(adapters, names).flatMap { adapter, name in
            let tag = adapter.tag.map { ", tag: \(SwiftLiteral.string($0))" } ?? ""
            let registration = Code.block(
                "try self.register(\(Emitter.escapedPath(adapter.modelSpelling)).self\(tag))",
                [.line("\(Emitter.escaped(name))(\(storedModelName(adapter)): $0)")])
            return Code.guarded([registration], by: adapter.conditions)
        }
        return Code.guarded([.block("extension Decouple.ContentFactory where Content == any \(Emitter.escapedPath(protocolDeclaration.spelling))", [
            .line("/// Registers the adapters `decouple` generated for `\(protocolDeclaration.name)`."),
            .block("\(access) func registerGeneratedAdapters() throws(Decouple.ContentFactoryError)", registrations),
        ])], by: protocolDeclaration.conditions)
    }

    /// The name of a factory adapter's stored model, which is also its initializer's label:
    /// `model`, or, when the protocol requires a member of that name, the first of `_model`,
    /// `__model`, … that it does not.
    static func storedModelName(_ adapter: ResolvedAdapter) -> String {
        let required = adapter.protocolDeclaration.requirements.map { Array($0.name.unicodeScalars) }
        var name = "model"
        while required.contains(Array(name.unicodeScalars)) { name = "_" + name }
        return name
    }

    /// The adapter types' names: the model's and the protocol's names run together
    /// (`APIPostTitledContentAdapter`), unless two adapters would get the same name from
    /// different models (`A.BC` and `AB.C`); then each name is spelled with the length of each
    /// part (`Adapter_1A_2BC_13TitledContent`), which no two different names share.
    /// A name the sources already give a top-level type (`taken`) gets `_` appended until it
    /// is free, since the adapter type is declared at the top level of the same module.
    static func adapterTypeNames(_ adapters: [ResolvedAdapter], avoiding taken: Set<String> = []) -> [String] {
        func plain(_ adapter: ResolvedAdapter) -> String {
            adapter.model.qualifiedName.replacingOccurrences(of: ".", with: "") + adapter.protocolDeclaration.name + "Adapter"
        }
        func unique(_ adapter: ResolvedAdapter) -> String {
            let parts: [String] = adapter.model.qualifiedName.components(separatedBy: ".") + [""]
                + adapter.protocolDeclaration.qualifiedName.components(separatedBy: ".")
            return "Adapter" + parts.map { "_\($0.unicodeScalars.count)\($0)" }.joined()
        }
        var owners: [String: Set<String>] = [:]
        for adapter in adapters {
            owners[plain(adapter), default: []].insert("\(adapter.model.qualifiedName): \(adapter.protocolDeclaration.qualifiedName)")
        }
        func free(_ name: String) -> String {
            var name = name
            while taken.contains(name) { name += "_" }
            return name
        }
        return adapters.map { free(owners[plain($0)]!.count > 1 ? unique($0) : plain($0)) }
    }
}
