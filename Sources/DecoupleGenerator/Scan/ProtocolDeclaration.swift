// MARK: - Protocols and their requirements

/// A requirement of a content protocol.
package struct Requirement: Hashable, Sendable, Codable {
    package var name: String
    package var kind: MemberDeclaration.Kind
    package var type: TypeReference
    /// A method's signature, e.g. `price(in:) -> String`.
    package var signature: MethodSignature?
    package var position: SourcePosition?
    /// A property requirement's getter effects (`{ get async throws }`): `async` and `throws`
    /// (or `throws(E)`).
    package var getterEffects: [Effect] = []
    /// A method requirement declared `mutating`.
    package var isMutating: Bool = false
    /// The access of the protocol that declares it, when that is not the protocol it is listed
    /// in: a refined protocol of the sources, or the standard library's (`public`). Its witness
    /// must be as visible as that protocol allows.
    package var declaringAccess: AccessLevel?
    /// The `#if` conditions the requirement is declared under (relative to its protocol); one
    /// declared alike in several branches is one requirement, under any of their conditions.
    package var conditions: [Condition] = []
    /// A `get async` property or an `async` method: callers await it, whatever the witness's
    /// isolation.
    var isAsync: Bool { getterEffects.contains(.async) || signature?.effects.contains(.async) == true }

    /// The access Swift wants of its witness on a type of `typeAccess` that conforms to a
    /// protocol of `protocolAccess` listing it: what both allow, or more where a wider protocol
    /// declares it (``declaringAccess``); never more than `public`.
    func witnessAccess(onType typeAccess: AccessLevel, protocolAccess: AccessLevel) -> AccessLevel {
        min(typeAccess, max(protocolAccess, declaringAccess ?? protocolAccess), .public)
    }

    /// The type of a requirement of a protocol the macro cannot see: the resolver gives it the
    /// type of the member that feeds it.
    static let unseenType = "_"
}

/// A protocol a view declares for its content.
package struct ProtocolDeclaration: Hashable, Sendable, Codable {
    package var name: String
    package var qualifiedName: String
    package var access: AccessLevel
    package var requirements: [Requirement]
    package var position: SourcePosition?
    /// The module of the file that declares it, when its path shows one (`Sources/NAME/…`).
    package var module: String?
    /// Read for its declarations only, as ``TypeDeclaration/isContext``.
    package var isContext = false
    /// True for the protocols `Decouple` itself declares, which need no source.
    package var isBuiltIn: Bool
    /// The `#if` conditions the protocol is declared under.
    package var conditions: [Condition] = []
    /// The protocols it refines, as written (`Titled`, `A & B`, `Sendable`).
    package var inheritedTypes: [String] = []
    /// It refines `Sendable`, directly or through protocols in the sources.
    package var refinesSendable: Bool = false
    /// It refines `AnyObject`, directly or through protocols in the sources: only a class or an
    /// actor conforms to it.
    package var isClassBound: Bool = false
    /// Declared `@MainActor`: its conformances are isolated to the main actor, which an actor's
    /// cannot be.
    package var isMainActor: Bool = false
    /// Declared `nonisolated`: not isolated to the main actor even where the module's default
    /// isolation is.
    package var isNonisolated: Bool = false
    /// It refines, directly or not, a protocol in the sources that is not `@MainActor`: a
    /// conformance isolated by the protocol alone would cross into the main actor there.
    package var refinesANonisolatedProtocol: Bool = false
    /// Requirements a generated conformance cannot meet (a settable or static property, a
    /// static method, an initializer, a subscript): the protocol is refused, not half adapted.
    package var unsupported: [UnsupportedRequirement] = []
    /// Protocols of other modules it refines, directly or not, whose requirements the generator
    /// does not know how to write (`Hashable`, `Codable`, a protocol not in the sources): the
    /// model must conform to them itself.
    package var unimplementedRefinements: [String] = []

    /// `@MainActor`, and so is every protocol it refines in the sources: its conformances are
    /// on the main actor with no mark of their own.
    var isWhollyMainActor: Bool { isMainActor && !refinesANonisolatedProtocol }

    /// Declared `nonisolated`, it refines a `@MainActor` protocol (directly or not), whose
    /// requirements stay isolated to the main actor: a main-actor model's witnesses say so.
    package var inheritsMainActorRequirements: Bool = false

    /// How generated code spells the protocol.
    var spelling: String { isBuiltIn ? "Decouple.\(name)" : qualifiedName }
}

/// A protocol requirement a generated conformance cannot meet, and why.
package struct UnsupportedRequirement: Hashable, Sendable, Codable {
    /// What it is, as a message names it: `a settable property 'label' ({ get set })`.
    package var description: String
    package var position: SourcePosition?
}
