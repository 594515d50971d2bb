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
    var defaultValue: DefaultExpression?
    /// The optionals the member has beyond the one it is read through: `String??` read for a
    /// `String?` requirement, or for a `String` with a default, has one, flattened first.
    var extraOptionals = 0
    /// The member is static: read from the model's type, not from the model.
    var isStatic = false
    /// The member is a method with no parameters: called.
    var isMethod = false
    /// The member's getter effects (`async`, `throws`): read with `await` and `try`.
    var effects: [Effect] = []
    /// No member: the requirement is always this Swift constant.
    var constant: DefaultExpression?

    /// A requirement that is always `value`.
    static func constant(_ value: DefaultExpression) -> ValueSource {
        ValueSource(member: "", memberIsOptional: false, conversion: .direct, constant: value)
    }
}

/// What the forwarding proxy answers for a property requirement when nothing is injected: the
/// empty value of the requirement's type, when it has one the generator knows.
enum EmptyValue: Hashable, Sendable {
    case none, emptyString, zero, `false`, emptyImageName, emptyArray, emptyDictionary

    init?(for type: TypeReference) {
        if type.isOptional {
            self = .none
            return
        }
        let name = type.name.canonical
        switch name {
        case "String": self = .emptyString
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float": self = .zero
        case "Bool": self = .false
        case "ImageName": self = .emptyImageName
        case _ where name.hasPrefix("[") && name.hasSuffix("]"): self = name.contains(":") ? .emptyDictionary : .emptyArray
        default: return nil
        }
    }
}

/// The member a witness declares, as ``Binding/witnessName`` identifies it: a name, and a
/// method's parameters (`label: Type`) then result.
struct WitnessName: Hashable {
    var name: ExactName
    var signature: [String]?
}

/// One requirement of an adapter and where its value comes from.
struct Binding: Hashable, Sendable {
    var requirement: Requirement
    /// `nil` for a requirement the model implements itself (a method of the same signature).
    var source: ValueSource?
    /// A method requirement with parameters implemented by a model method of another name:
    /// the requirement forwards its arguments to it.
    var forwardedMethod: String?
    /// The effects of the forwarded method, which may be fewer than the requirement's (a
    /// synchronous method for an `async` requirement): the call is marked with its own.
    var forwardedEffects: [Effect]?
    /// Another adapter of the same model writes this very witness (two protocols that require
    /// one member, read the same way): a type declares it once.
    var isWrittenByAnotherAdapter = false
    /// The access of a witness shared with another adapter's protocol, when it needs more than
    /// this adapter's own.
    var sharedAccess: AccessLevel?

    /// Whether `other` would be written as the same member: one declaration can witness both.
    func isSameWitness(as other: Binding) -> Bool {
        requirement.kind == other.requirement.kind && requirement.type == other.requirement.type
            && requirement.signature == other.requirement.signature && source == other.source && forwardedMethod == other.forwardedMethod
    }

    /// What identifies the member a witness declares in its type: a property's name (a type has
    /// one property of a name, whatever its type), a method's name, parameters and result.
    var witnessName: WitnessName {
        let name = ExactName(requirement.name)
        guard requirement.kind == .method, let signature = requirement.signature else { return WitnessName(name: name, signature: nil) }
        return WitnessName(name: name, signature: signature.parameters.map { "\($0.label): \($0.type)" } + [signature.returnType.map(\.description) ?? ""])
    }

    /// Whether its witness, as the renderer writes it, names the `Decouple` module: an
    /// `ImageName` requirement (spelled `Decouple.ImageName`) or one converted to it, a type of
    /// the requirement written so, or a default or constant that names it.
    var namesDecouple: Bool {
        let typeNames = { (type: String) in type == "ImageName" || QualifiedName.names(module: "Decouple", in: type) }
        if typeNames(requirement.type.wrapped) { return true }
        if let signature = requirement.signature {
            if signature.parameters.contains(where: { QualifiedName.names(module: "Decouple", in: $0.type.written) }) { return true }
            if let generics = signature.generics,
               QualifiedName.names(module: "Decouple", in: generics.parameterClause) || QualifiedName.names(module: "Decouple", in: generics.whereClause) {
                return true
            }
        }
        guard let source else { return false }
        return source.conversion == .imageName || source.defaultValue?.namesDecouple == true || source.constant?.namesDecouple == true
    }

    /// True when the model's own member already satisfies the requirement.
    var isSatisfiedByModel: Bool {
        if forwardedMethod != nil { return false }
        guard let source else { return true }
        return requirement.kind == .property && source.member == requirement.name && source.conversion == .direct && source.defaultValue == nil
            && (source.memberIsOptional == requirement.type.isOptional) && source.extraOptionals == 0 && !source.isStatic && !source.isMethod
    }
}

/// A model adapted to a protocol, checked and ready to emit.
struct ResolvedAdapter: Sendable {
    var model: TypeDeclaration
    var protocolDeclaration: ProtocolDeclaration
    var style: any AdapterStyle
    var tag: String?
    var bindings: [Binding]
    /// The model declares the conformance itself; only missing members are generated.
    var declaresConformance: Bool
    /// The `#if` conditions the generated code is under: the model's, then those of members
    /// it reads that are declared under conditions of their own, each a complete condition.
    var conditions: [Condition] = []
    /// How generated code spells the model: with its module when the configuration names one.
    var modelSpelling: String
    /// The module the configuration names for the model, which the generated file imports.
    var module: String?
    /// The model is not `@MainActor`, but members the adapter reads are: the conformance and
    /// its witnesses are isolated to the main actor.
    var readsMainActorMembers = false
    /// The factory's adapter is declared `nonisolated`: the module isolates what says nothing
    /// to the main actor, and the protocol is not, so the adapter's conformance must not be.
    var isNonisolatedByDeclaration = false
    /// The conformance is declared in a `nonisolated extension`: the module isolates what says
    /// nothing to the main actor, the model is declared `nonisolated`, and the protocol is not
    /// wholly `@MainActor`, so neither the conformance, nor those it implies, nor its witnesses
    /// may be isolated.
    var witnessesAreNonisolated = false

    /// An async requirement of a `@MainActor` protocol, or of an isolated conformance, that
    /// reads no `@MainActor` member of a model that is not: its witness is `nonisolated`, so
    /// that awaiting the model's own async members does not send the model (which may not be
    /// `Sendable`) off the main actor.
    func awaitsOffTheMainActor(_ binding: Binding) -> Bool {
        binding.requirement.isAsync && (protocolDeclaration.isMainActor || readsMainActorMembers)
            && !model.isMainActor && model.kind != .actor && model.mainActorMember(readBy: binding) == nil
    }

    /// The access generated members get: what both the model and the protocol allow.
    var memberAccess: AccessLevel {
        min(model.access, protocolDeclaration.access)
    }

    /// The access a witness of `requirement` gets: ``memberAccess``, or more for a requirement
    /// of a wider protocol it refines (a public parent, `CustomStringConvertible`), whose
    /// witness Swift wants as visible as the model and that protocol allow.
    func access(of requirement: Requirement) -> AccessLevel {
        requirement.witnessAccess(onType: model.access, protocolAccess: protocolDeclaration.access)
    }
}
