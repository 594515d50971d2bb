// MARK: - Declarations

extension String {
    /// Whether two identifiers are the same to the compiler: the same Unicode scalars. `==`
    /// is not that test, because it treats canonically equivalent strings as equal, so `café`
    /// written with `é` and with `e` and a combining accent would be one name; Swift keeps them
    /// apart (`cafe\u{301}` does not name a member declared `caf\u{E9}`).
    func isSameIdentifier(as other: String) -> Bool {
        unicodeScalars.elementsEqual(other.unicodeScalars)
    }
}

/// An identifier as a dictionary key, equal to another exactly when `isSameIdentifier(as:)` says
/// so: by its UTF-8 bytes, which are its scalars.
struct ExactName: Hashable {
    let utf8: [UInt8]
    init(_ name: String) { utf8 = Array(name.utf8) }
}

/// Swift's access levels, ordered from most to least restricted.
package enum AccessLevel: String, Sendable, Comparable, CaseIterable, Codable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The modifier to put on a member generated for a type with this access.
    var memberModifier: String {
        switch self {
        case .open, .public: "public"
        case .package: "package"
        case .internal, .fileprivate, .private: "internal"
        }
    }
}

/// A type as the scanner sees it: written out in Swift, written as is.
package struct TypeReference: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The type without its optionals: `String` for `String?` and for `String??`. Written
    /// again, the type has no ``shape`` until it is given one.
    package var wrapped: String {
        didSet { shape = nil }
    }
    /// How many optionals wrap it (`T?`, `T!` or `Optional<T>` each): 0 for `String`, 2 for
    /// `String??`.
    package var optionalDepth: Int
    /// The structure of ``wrapped``, where the scan read it from syntax (a declared or inferred
    /// type, what an alias names): what the catalog compares types through aliases by. Its
    /// text is ``wrapped``; it takes no part in equality or coding.
    package var shape: TypeShape?

    package init(wrapped: String, isOptional: Bool) {
        self.init(wrapped: wrapped, optionalDepth: isOptional ? 1 : 0)
    }

    package init(wrapped: String, optionalDepth: Int, shape: TypeShape? = nil) {
        self.wrapped = wrapped
        self.optionalDepth = optionalDepth
        self.shape = shape
    }

    /// The type written by its shape.
    init(shape: TypeShape, optionalDepth: Int) {
        self.init(wrapped: shape.text, optionalDepth: optionalDepth, shape: shape)
    }

    /// The type without its optionals, its shape kept.
    var unwrapped: TypeReference {
        var type = self
        type.optionalDepth = 0
        return type
    }

    private enum CodingKeys: String, CodingKey {
        case wrapped, optionalDepth
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.wrapped == rhs.wrapped && lhs.optionalDepth == rhs.optionalDepth
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(wrapped)
        hasher.combine(optionalDepth)
    }

    /// Whether the type is optional. Made optional, a type that is keeps its depth; made not
    /// optional, it loses every level (`T??` read with a default is `T`).
    package var isOptional: Bool {
        get { optionalDepth > 0 }
        set { optionalDepth = newValue ? max(optionalDepth, 1) : 0 }
    }

    package var description: String { wrapped + String(repeating: "?", count: optionalDepth) }

    /// The wrapped type's name, so that `Swift.String` and `String` compare equal.
    var name: QualifiedName { QualifiedName(wrapped) }
}

/// A method's name, argument labels and types as the source declares them. Two signatures are
/// equal when a conformance would accept one for the other: the same name and labels, and the
/// same parameter and return types once their names are read (`-> Swift.String` is `-> String`).
package struct MethodSignature: Hashable, Sendable, CustomStringConvertible, Codable {
    /// A parameter's argument label (`_` for none) and type.
    struct Parameter: Hashable, Sendable, Codable {
        var label: String
        var type: QualifiedName
    }

    var name: String
    var parameters: [Parameter]
    /// `nil` when the method returns nothing, however that is written.
    var returnType: QualifiedName?
    /// `async`, `throws` or `throws(E)`, as written, in order: a witness must match them.
    var effects: [Effect] = []
    /// The generic parameter clause and `where` clause, as written (`<T: Equatable>`), if any.
    var generics: GenericSignature?

    init(name: String, parameters: [Parameter], returnType: QualifiedName?, effects: [Effect] = [], generics: GenericSignature? = nil) {
        self.name = name
        self.parameters = parameters
        self.effects = effects
        self.generics = generics
        let returnsNothing = returnType.map { ["Void", "()"].contains($0.canonical) } ?? true
        self.returnType = returnsNothing ? nil : returnType
    }

    /// The method's name and return type, as Swift names a method: `price(in:) -> String`.
    package var description: String {
        let labels = parameters.map { "\($0.label):" }.joined()
        return "\(name)\(generics?.description ?? "")(\(labels))" + effectsText + (returnType.map { " -> \($0)" } ?? "")
    }

    /// With the parameters' types, for when the types are what differs: `price(in: String) -> String`.
    package var typedDescription: String {
        let parameters = parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
        return "\(name)\(generics?.description ?? "")(\(parameters))" + effectsText + (returnType.map { " -> \($0)" } ?? "")
    }

    private var effectsText: String { effects.map { " \($0)" }.joined() }
}

/// A property or method of a model type.
package struct MemberDeclaration: Hashable, Sendable, Codable {
    package enum Kind: String, Sendable, Codable {
        case property, method
    }

    /// The name without backticks.
    package var name: String
    package var kind: Kind
    /// The property's type, or the method's return type; `nil` when it can't be known from the
    /// source (a property initialised from an expression with no annotation).
    package var type: TypeReference?
    /// A method's signature, e.g. `price(in:) -> String`.
    package var signature: MethodSignature?
    package var isStatic: Bool
    /// Declared with `let`: a constant, which an actor can expose without isolation.
    package var isConstant: Bool = false
    package var access: AccessLevel
    package var position: SourcePosition
    /// The `#if` conditions the member is declared under, outermost first (relative to its type
    /// or extension); empty when it is always compiled.
    package var conditions: [Condition] = []
    /// Why the type of a property with no written type could not be inferred.
    package var inferenceFailure: String?
    /// A property with no written type: its declaration with one, as a message suggests it.
    package var typeFix: String?
    /// A property initialised from `A.B.c` or `A.B.c(…)` with no written type: the path, for the
    /// catalog to read once it knows every type (an enum case, or a static member of a known type).
    package var staticReference: [String]?
    /// The `where` clause of the extension the member is declared in (`T == Int`), when it is
    /// constrained: the member exists only for the types that meet it.
    package var constraint: String?
    /// A property's getter effects (`get async throws`): `async` and `throws` (or `throws(E)`),
    /// in that order.
    package var getterEffects: [Effect] = []
    /// A method declared `mutating`, or a property whose getter is: `mutating get`, or a
    /// struct's `lazy var`.
    package var isMutating: Bool = false
    /// Declared `nonisolated`: an actor's member that any code may use synchronously.
    package var isNonisolated: Bool = false
    /// Declared `@MainActor` in a type that is not, or in a `@MainActor extension`: read on the
    /// main actor only.
    package var isMainActor: Bool = false
    /// Neither the member nor its type or extension says how it is isolated (`nonisolated`,
    /// `@MainActor`, an actor): it takes the module's default isolation.
    package var followsDefaultIsolation: Bool = false
    /// An instance property with storage (no getter; `willSet` and `didSet` allowed), without a
    /// property wrapper: a `Sendable` one of a struct is read from anywhere (SE-0434).
    package var isStored: Bool = false
    /// A property initialised from a call of a name (`Box(3)`, `iOSTabs()`), not unwrapped: the
    /// name, for the catalog to check once it knows every type (failable, generic, lower-case).
    package var initializerCall: String?
    /// A property of a function type: its shape. Such a value is called, never described.
    package var closure: ClosureShape?
    /// The argument labels of ``initializerCall`` (`_` for an unlabelled argument); `nil` when
    /// it has a trailing closure, which any initializer taking a closure last may take.
    package var initializerCallLabels: [String]?
    /// The names of the member's attributes other than `@MainActor` (`Dependency`, `DBActor`),
    /// for the catalog to read once it knows every type: a property wrapper or a global actor.
    package var attributeNames: [String] = []
    /// A property wrapper's key path argument, its properties in order (`["apiClient"]` for
    /// `@Dependency(\.apiClient)`, `["textEditing", "font"]` for `@AppSettings(\.textEditing.font)`),
    /// whose first an extension of the wrapper's values (`extension DependencyValues`) or the
    /// root of the wrapper's key path initializer declares.
    package var wrapperKeyPath: [String]?
    /// A custom global actor (`@globalActor` in the sources) the member is isolated to.
    /// The SDK class (`NSObject`, `UIView`…) a member of a class of the sources comes from,
    /// for a member the sources never declare (``Catalog/sdkSuperclassMembers``).
    package var inheritedFromSDK: String?
    package var globalActor: String?
}

/// An initializer whose first argument, unlabelled, is a key path (`KeyPath`, `WritableKeyPath`
/// or `ReferenceWritableKeyPath`) from `root` to the generic parameter `value`.
package struct KeyPathInitializer: Hashable, Sendable, Codable {
    package var root: String
    package var value: String
}

/// A property's function type (`() -> String`, `@Sendable (Int) async -> Bool`), as a witness
/// that calls it needs it.
package struct ClosureShape: Hashable, Sendable, Codable {
    package var parameterCount: Int
    /// `async`, `throws` or `throws(E)`, as written.
    package var effects: [Effect]
    /// What a call returns.
    package var result: TypeReference
    /// The property is an optional closure (`(() -> String)?`), which a call must unwrap.
    package var isOptional: Bool
}

/// A conformance that holds only under a condition: `extension Box: Equatable where T: Equatable`.
package struct ConditionalConformance: Hashable, Sendable, Codable {
    package var protocolName: String
    package var condition: String
}

/// An `import` a source file makes, with the `#if` conditions it is under.
package struct ImportDeclaration: Hashable, Sendable, Codable {
    package var module: String
    package var conditions: [Condition]
    /// The access level the import declares (`internal import Foundation`), if it declares one.
    package var access: AccessLevel?
    /// Whether it is `@preconcurrency import`.
    package var isPreconcurrency = false

    package init(module: String, conditions: [Condition], access: AccessLevel? = nil, isPreconcurrency: Bool = false) {
        self.module = module
        self.conditions = conditions
        self.access = access
        self.isPreconcurrency = isPreconcurrency
    }
}

/// A `typealias` the sources declare, not generic: `typealias Score = Int`,
/// `typealias Named = Titled & Counted`.
package struct TypeAliasDeclaration: Hashable, Sendable, Codable {
    /// With its enclosing types: `Catalog.Kind`.
    package var qualifiedName: String
    /// The type it names, as written.
    package var aliased: String
    /// Its structure.
    package var aliasedShape: TypeShape?
    package var position: SourcePosition
    package var conditions: [Condition] = []
}

/// A struct, class, enum or actor found in the sources, with the members of all its extensions.
package struct TypeDeclaration: Hashable, Sendable, Codable {
    package enum Kind: String, Sendable, Codable {
        case `struct`, `class`, `enum`, `actor`
    }

    /// The name as declared: `User`.
    package var name: String
    /// The name with its enclosing types: `API.User`.
    package var qualifiedName: String
    package var kind: Kind
    /// The access level the type really has, taking enclosing types into account.
    package var access: AccessLevel
    package var genericParameters: [String]
    /// Protocols and superclasses named in the declaration and in its extensions.
    package var inheritedTypes: [String]
    package var members: [MemberDeclaration]
    package var position: SourcePosition
    /// `// decouple:` annotations on the type or its extensions.
    package var annotations: [Annotation]
    /// The `#if` conditions the type is declared under, outermost first; empty when it is always
    /// compiled. Two declarations of one name under different conditions are alternatives.
    package var conditions: [Condition] = []
    /// A class's superclass, when the sources declare it: its qualified name.
    package var superclass: String?
    /// A class declared `final` (an `open` or plain class is not).
    package var isFinal: Bool = false
    /// Declared `@MainActor`: its members are read on the main actor only, so a conformance
    /// generated for it is isolated to the main actor.
    package var isMainActor: Bool = false
    /// Declared `nonisolated`: not isolated to the main actor even where the module's default
    /// isolation is.
    package var isNonisolated: Bool = false
    /// Isolated to the main actor by the module's default isolation alone, not by its declaration.
    package var isMainActorByDefault: Bool = false
    /// The module the file is in, when its path shows one (`Sources/NAME/…`, `Tests/NAME/…`).
    package var module: String?
    /// Read for its declarations only (`--context`, the build plugin's dependency targets):
    /// another target's, whose annotations are its own target's to generate.
    package var isContext = false
    /// Conformances added by extensions with a `where` clause; not used where they may not hold.
    package var conditionalConformances: [ConditionalConformance] = []
    /// The argument labels of each `init?` or `init!` the type has (`_` for an unlabelled
    /// argument), or `nil` for one that a call with other labels may call too (a parameter with
    /// a default value, or variadic). A call of the type whose labels match none of them gives
    /// no `nil`: `Relation("x")` beside `init?(rawValue:)`.
    package var failableInitializers: [[String]?] = []
    /// The key path initializers of a property wrapper: `init(_ keyPath: WritableKeyPath<Root, T>)`
    /// gives the root (`Root`, as written) and the generic parameter (`T`) the key path leads to.
    package var keyPathInitializers: [KeyPathInitializer] = []
    /// The names of the type's attributes other than `@MainActor` (`globalActor`, `DBActor`).
    package var attributeNames: [String] = []
    /// A custom global actor (`@globalActor` in the sources) the type is isolated to.
    package var globalActor: String?

    /// The first non-static member with this name.
    func member(named name: String) -> MemberDeclaration? {
        let namesakes = members.filter { $0.name.isSameIdentifier(as: name) && !$0.isStatic }
        return namesakes.first { $0.constraint == nil } ?? namesakes.first
    }

    /// The first member with this name, static or not, preferring an instance member.
    func anyMember(named name: String) -> MemberDeclaration? {
        member(named: name) ?? members.first { $0.name.isSameIdentifier(as: name) && $0.constraint == nil } ?? members.first { $0.name.isSameIdentifier(as: name) }
    }

    /// The members of the name a binding reads (none for a constant).
    func members(readBy binding: Binding) -> [MemberDeclaration] {
        let name = binding.forwardedMethod ?? binding.source?.member ?? binding.requirement.name
        return members.filter { $0.name.isSameIdentifier(as: name) }
    }

    /// The `@MainActor` instance member a binding reads, if it reads one.
    func mainActorMember(readBy binding: Binding) -> MemberDeclaration? {
        members(readBy: binding).first { $0.isMainActor && !$0.isStatic }
    }

    /// Whether the declaration is visible to other files only as far as its file: `private` or
    /// `fileprivate`, so a namesake in another file is a different type.
    var isFilePrivate: Bool { access <= .fileprivate }

    /// The folders of the file the type is declared in.
    var folders: [String] { position.file.split(separator: "/").dropLast().map(String.init) }

    /// Whether the type lives in the module or folder a configuration names.
    func isIn(module name: String) -> Bool {
        module == name || folders.contains(name)
    }

    /// Whether the declaration or one of its extensions names the protocol, however qualified.
    func conforms(to protocolName: String) -> Bool {
        let wanted = QualifiedName(protocolName)
        return inheritedTypes.contains { QualifiedName(Self.withoutAttributes($0)).matches(wanted) }
    }

    /// An inheritance clause entry without its attributes: `Sendable` for `@unchecked Sendable`,
    /// `P` for `@retroactive P` or `@preconcurrency P`.
    static func withoutAttributes(_ written: String) -> String {
        var text = Substring(written)
        while text.hasPrefix("@"), let space = text.firstIndex(where: \.isWhitespace) {
            text = text[space...].drop { $0.isWhitespace }
        }
        return String(text)
    }
}

/// A `// decouple: Protocol(requirement: member, …)` comment on a model.
package struct Annotation: Hashable, Sendable, Codable {
    package struct Mapping: Hashable, Sendable, Codable {
        package var requirement: String
        package var member: String
        /// The Swift expression used when the member is `nil`.
        package var defaultValue: DefaultExpression?
        package var position: SourcePosition
        /// Where the default is written.
        package var defaultPosition: SourcePosition?
    }

    package var protocolName: String
    package var mappings: [Mapping]
    package var position: SourcePosition
}
