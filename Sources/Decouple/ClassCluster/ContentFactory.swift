import Foundation

// MARK: - ContentFactory

/// Turns models of unrelated types into one kind of content, through adapters registered once.
///
/// It makes a *class cluster* — an abstract type whose factory hands back one of several hidden
/// concrete types, as Foundation's `NSNumber` does — out of your content protocol. Swift has no
/// initializer that returns another type, so the factory plays that part: you register, once,
/// how each model type becomes `Content` (usually a content protocol such as
/// `any TitledContent`), and from then on any model, or any tagged item of JSON, comes back as
/// `Content`. Code that shows content never names a model or an adapter, so a new model needs
/// one registration and no change there; the adapters can stay `private`.
///
/// ```swift
/// struct User: Decodable { var name: String; var age: Int }
/// struct Story: Decodable { var headline: String; var body: String }
///
/// private struct UserContent: TitledContent {
///     let user: User
///     var title: String { user.name }
///     var subtitle: String { "\(user.age)" }
/// }
/// private struct StoryContent: TitledContent {
///     let story: Story
///     var title: String { story.headline }
///     var subtitle: String { story.body }
/// }
///
/// let factory = ContentFactory<any TitledContent>()
/// try factory.register(User.self, tag: "user") { UserContent(user: $0) }
/// try factory.register(Story.self, tag: "story") { StoryContent(story: $0) }
///
/// let content = try factory.adapt(User(name: "Ann", age: 30))   // picked by the model's type
/// let json = #"[{"type": "story", "headline": "Fox", "body": "A quick tale"}]"#
/// let feed = try factory.decodeFeed(from: Data(json.utf8))     // picked by each item's "type" tag
/// ```
///
/// Look-up rules:
/// - A model is matched by its dynamic type. An instance of a subclass of a registered class is
///   adapted by the nearest registered ancestor, as a subclass inherits its ancestor's methods.
///   Each specialisation of a generic type (`Page<Int>`, `Page<String>`) is its own type. A
///   model typed as an ancestor class, or inside an existential, is found by what it is; so is
///   one in an optional (`nil` is refused with ``ContentFactoryError/nilModel(_:)``) or an
///   `AnyHashable`, and a struct or enum cast to `AnyObject`, which Swift boxes (on Linux as
///   `__SwiftValue`). The box is opened by casting it to each registered type that is neither
///   a class nor an optional, in the order registered, and the first that the value is itself
///   adapts it: a value of an unregistered type that converts to a registered one (a struct to
///   a protocol it conforms to) is refused, as it is unboxed.
/// - Registering a type or a tag a second time throws ``ContentFactoryError/duplicateType(_:)`` or
///   ``ContentFactoryError/duplicateTag(_:registeredFor:)`` and leaves the first registration in
///   force: a cluster's members are decided once, and a silent replacement would hide a bug.
/// - Look-ups are O(1): a dictionary keyed by the model's dynamic type, with the result of an
///   ancestor search kept. A boxed value costs a cast per registered value type instead, as
///   the box's type does not say what it holds.
/// - Registering and looking up are safe from any number of threads at once: the registry is read
///   and written under one lock, and adapters run after it is given back. A look-up that starts
///   after a registration returned sees that registration.
public final class ContentFactory<Content>: Sendable {
    // The hot path, `adapt`, is inlinable down to the registry, and so is `register`, which
    // makes the adapter: in the caller's module both compile to code specialised for the
    // content and the model, with no generic metadata looked up at run time (which cost most
    // of a look-up, unspecialised).
    @usableFromInline let registry = Locked(ContentRegistry<Content>())

    /// Creates an empty factory.
    ///
    /// - Parameter content: The content this factory produces, e.g. `(any TitledContent).self`.
    ///   Only needed when the type cannot be inferred.
    public init(_ content: Content.Type = Content.self) {}

    // MARK: Registering

    /// Registers how a model type becomes content.
    ///
    /// - Parameters:
    ///   - model: The model type. Subclasses of a class are covered unless registered themselves.
    ///   - adapt: Makes the content for one model; typically wraps it in a private adapter.
    /// - Throws: ``ContentFactoryError/duplicateType(_:)`` when `model` is registered already.
    @inlinable
    public func register<Model>(
        _ model: Model.Type,
        adapt: @escaping @Sendable (Model) -> Content
    ) throws(ContentFactoryError) {
        try register(model, adapt: adapt, tag: nil)
    }

    /// Registers a decodable model type under a type tag, so that data tagged with it decodes
    /// straight into content, and instances of the type adapt as with ``register(_:adapt:)``.
    ///
    /// - Parameters:
    ///   - model: The model type, decoded from the tagged item.
    ///   - tag: The value of the item's tag field (by default `"type"`) that selects this model.
    ///   - adapt: Makes the content for one model.
    /// - Throws: ``ContentFactoryError/duplicateType(_:)`` or
    ///   ``ContentFactoryError/duplicateTag(_:registeredFor:)``; then nothing is registered.
    public func register<Model: Decodable>(
        _ model: Model.Type,
        tag: String,
        adapt: @escaping @Sendable (Model) -> Content
    ) throws(ContentFactoryError) {
        try register(model, adapt: adapt, tag: (tag, TagDecoder<Model, Content>(adapt: adapt)))
    }

    @inlinable
    func register<Model>(
        _ model: Model.Type,
        adapt: @escaping @Sendable (Model) -> Content,
        tag: (String, any TagDecoding<Content>)?
    ) throws(ContentFactoryError) {
        let name = Self.name(of: model)
        // The registry matched the model's dynamic type to `Model`, or to an ancestor class of
        // it, so the cast cannot fail; if it ever did, the model is refused, not trapped on.
        let entry = ContentRegistry<Content>.TypeEntry(
            name: name, qualifiedName: String(reflecting: model), adapt: { opened($0, as: Model.self).map(adapt) },
            holdsExactly: Self.holdsExactly(model))
        let tagEntry = tag.map { tag, decoder in (tag, ContentRegistry<Content>.TagEntry(modelName: name, decoder: decoder)) }
        try registry.withLock { registry throws(ContentFactoryError) in
            try registry.insert(entry, for: TypeKey(model), tag: tagEntry)
        }
    }

    /// For a type that is neither a class nor an optional (which a box never holds): whether a
    /// value is one of this type itself. The cast looks into a box; the type says whether what
    /// it found is a `Model`, not a value of another type that converts to one.
    @inlinable
    static func holdsExactly<Model>(_: Model.Type) -> (@Sendable (Any) -> Bool)? {
        if Model.self is AnyClass || Model.self is any OptionalModel.Type { return nil }
        return { held in
            guard let value = opened(held, as: Model.self) else { return false }
            return TypeKey(type(of: value as Any)) == TypeKey(Model.self)
        }
    }

    // MARK: Looking up

    /// The names of the registered model types, sorted.
    public var registeredTypes: [String] {
        registry.withLock { $0.names(besides: nil).registered }
    }

    /// The registered type tags, sorted.
    public var registeredTags: [String] {
        registry.withLock { $0.tagNames }
    }

    /// Whether a model of this type (or of a subclass of a registered class) can be adapted.
    ///
    /// Only exact types are known without an instance; use ``canAdapt(_:)`` for subclasses.
    public func isRegistered<Model>(_ model: Model.Type) -> Bool {
        registry.withLock { $0.byType[TypeKey(model)] != nil }
    }

    /// Whether ``adapt(_:)-(Any)`` would succeed for this model.
    public func canAdapt(_ model: Any) -> Bool {
        held(model).adapt != nil
    }

    /// Adapts one model to content, choosing the adapter by the model's dynamic type.
    ///
    /// - Throws: ``ContentFactoryError/unregisteredType(_:registered:)`` naming the type and
    ///   listing the registered ones, or ``ContentFactoryError/nilModel(_:)`` when the model is
    ///   an empty optional.
    @inlinable
    public func adapt(_ model: Any) throws(ContentFactoryError) -> Content {
        // The type itself, never a `Mirror`: a type can customise its mirror to claim any
        // ancestor, and the adapter found reads the model as that ancestor.
        let dynamicType = type(of: model)
        // Found under the lock, run after it: an adapter is the caller's code.
        if let adapt = registry.withLock({ $0.adapter(for: dynamicType) }), let content = adapt(model) {
            return content
        }
        return try adaptHeld(model)
    }

    /// Adapts the model that `model` holds, when it is an optional, an `AnyHashable` or a box.
    @usableFromInline
    func adaptHeld(_ model: Any) throws(ContentFactoryError) -> Content {
        let (held, adapt) = held(model)
        if let adapt, let content = adapt(held) { return content }
        throw unregistered(held)
    }

    /// The model that `model` is or holds, and its adapter when one is registered: the value in
    /// an optional or an `AnyHashable`, or in the box that Swift makes of a struct or enum cast
    /// to `AnyObject` (`__SwiftValue`), which only a cast opens. When there is no adapter, the
    /// innermost model reached, to be named in the error.
    private func held(_ model: Any) -> (model: Any, adapt: ContentRegistry<Content>.Adapt?) {
        var model = model
        while true {
            let dynamicType = type(of: model)
            if let adapt = registry.withLock({ $0.adapter(for: dynamicType) }) { return (model, adapt) }
            if dynamicType is any OptionalModel.Type, let optional = model as? any OptionalModel {
                guard let wrapped = optional.wrapped else { return (model, nil) }
                model = wrapped
            } else if dynamicType == AnyHashable.self, let hashable = model as? AnyHashable {
                model = hashable.base
            } else if ObjectIdentifier(dynamicType) == valueBoxType {
                let held = model
                return (model, registry.withLock { $0.adapter(forBoxed: held) })
            } else {
                return (model, nil)
            }
        }
    }

    /// The error for a model, reached by `held(_:)`, that has no adapter. An empty optional
    /// is where the look through optionals ended with nothing found: named as an unregistered
    /// `Optional<Contact>`, it read as if `Contact` had no adapter.
    private func unregistered(_ model: Any) -> ContentFactoryError {
        let dynamicType = type(of: model)
        let unregistered = (name: Self.name(of: dynamicType), qualifiedName: String(reflecting: dynamicType))
        let names = registry.withLock { $0.names(besides: unregistered) }
        let name = names.other ?? unregistered.name
        if dynamicType is any OptionalModel.Type, let optional = model as? any OptionalModel, optional.wrapped == nil {
            return .nilModel(name)
        }
        return .unregisteredType(name, registered: names.registered)
    }

    /// Adapts many models, in order, each by its own dynamic type.
    ///
    /// The models need not share a type: a list gathered from several sources adapts in one
    /// call, each element as ``adapt(_:)-(Any)`` would adapt it alone. The first element that
    /// cannot be adapted (its type has no adapter, or it is `nil`) ends the call with that
    /// element's error, and no content is returned: a list shown without one of its elements
    /// would hide the missing registration. To show the rest anyway, leave out the elements
    /// that ``canAdapt(_:)`` refuses before adapting.
    ///
    /// ```swift
    /// struct Row: TitledContent { var title: String; var subtitle: String }
    /// struct User { var name: String }
    /// struct Story { var headline: String }
    /// struct Video {}
    ///
    /// let factory = ContentFactory<any TitledContent>()
    /// try factory.register(User.self) { Row(title: $0.name, subtitle: "user") }
    /// try factory.register(Story.self) { Row(title: $0.headline, subtitle: "story") }
    ///
    /// let rows: [any TitledContent] = try factory.adapt([User(name: "Ann"), Story(headline: "Fox")])
    /// do {
    ///     _ = try factory.adapt([User(name: "Bo"), Video()])
    /// } catch {
    ///     print(error)   // no adapter registered for model type 'Video'; registered types: Story, User
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - models: The models, of any types, in the order their content is wanted.
    /// - Returns: The content of each model, in the same order.
    /// - Throws: ``ContentFactoryError/unregisteredType(_:registered:)`` or
    ///   ``ContentFactoryError/nilModel(_:)`` for the first element that cannot be adapted.
    public func adapt(_ models: [Any]) throws(ContentFactoryError) -> [Content] {
        var result: [Content] = []
        result.reserveCapacity(models.count)
        for model in models {
            result.append(try adapt(model))
        }
        return result
    }

    /// Decodes one item of data whose type tag you already read.
    ///
    /// - Throws: ``ContentFactoryError/unregisteredTag(_:registered:)``, or the decoder's error.
    func decode(tag: String, from decoder: any Decoder) throws -> Content {
        let found = registry.withLock { $0.byTag[tag]?.decoder }
        guard let found else { throw ContentFactoryError.unregisteredTag(tag, registered: registeredTags) }
        return try found.decode(decoder)
    }

    @usableFromInline
    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}

// MARK: - Opening a model

/// An optional, whatever it wraps, so that a model in one is found by what it wraps.
@usableFromInline
protocol OptionalModel {
    var wrapped: Any? { get }
}

extension Optional: OptionalModel {
    @usableFromInline
    var wrapped: Any? { map { $0 as Any } }
}

/// The class of the box that Swift makes of a struct or an enum cast to `AnyObject`.
private let valueBoxType = ObjectIdentifier(type(of: ValueBoxProbe() as AnyObject))
private struct ValueBoxProbe {}

/// The model an `Any` holds, as a `Model`, or `nil` when it holds something else: the `Any` is
/// opened (SE-0352), and the value it holds is cast from its own type. `ContentFactoryLookupTests`
/// checks that every way of holding a model (subclass, existential, metatype, value, box) is
/// adapted by what it is, and `openedModel_isTheModelHeld_orNil` checks this function alone.
@inlinable
func opened<Model>(_ any: Any, as: Model.Type) -> Model? {
    func take<Opened>(_ opened: Opened) -> Model? {
        opened as? Model
    }
    return take(any)
}

// MARK: - TypeKey

/// A type, as a dictionary key: the address of its metadata, hashed by `Hasher`.
@usableFromInline
struct TypeKey: Hashable, Sendable {
    @usableFromInline let id: ObjectIdentifier

    @inlinable
    init(_ type: Any.Type) {
        id = ObjectIdentifier(type)
    }
}

// MARK: - TagDecoder

/// Decodes a tagged item straight into content.
@usableFromInline
protocol TagDecoding<Content>: Sendable {
    associatedtype Content
    func decode(_ decoder: any Decoder) throws -> Content
}

/// Decodes a `Model`, then adapts it. A generic type rather than a closure, so that decoding
/// reaches `Model`'s `Decodable` conformance through the type, not through a captured metatype.
struct TagDecoder<Model: Decodable, Content>: TagDecoding {
    let adapt: @Sendable (Model) -> Content

    init(adapt: @escaping @Sendable (Model) -> Content) {
        self.adapt = adapt
    }

    func decode(_ decoder: any Decoder) throws -> Content {
        adapt(try Model(from: decoder))
    }
}

// MARK: - ContentRegistry

/// What a factory has registered, read and written under its lock. Nothing here runs user code.
@usableFromInline
struct ContentRegistry<Content>: Sendable {
    @usableFromInline typealias Adapt = @Sendable (Any) -> Content?

    @usableFromInline
    struct TypeEntry: Sendable {
        let name: String
        /// With its module and enclosing types, told when another type has the same `name`.
        let qualifiedName: String
        @usableFromInline let adapt: Adapt
        /// Whether a value (in a box) is one of this type itself; nil for a class or an optional.
        let holdsExactly: (@Sendable (Any) -> Bool)?

        @usableFromInline
        init(name: String, qualifiedName: String, adapt: @escaping Adapt, holdsExactly: (@Sendable (Any) -> Bool)?) {
            self.name = name
            self.qualifiedName = qualifiedName
            self.adapt = adapt
            self.holdsExactly = holdsExactly
        }
    }

    @usableFromInline
    struct TagEntry: Sendable {
        let modelName: String
        let decoder: any TagDecoding<Content>

        @usableFromInline
        init(modelName: String, decoder: any TagDecoding<Content>) {
            self.modelName = modelName
            self.decoder = decoder
        }
    }

    @usableFromInline var byType: [TypeKey: TypeEntry] = [:]
    var byTag: [String: TagEntry] = [:]
    /// Dynamic types met that are not registered themselves, with the adapter of their nearest
    /// registered ancestor class, or `nil` when they have none.
    @usableFromInline var inherited: [TypeKey: Adapt?] = [:]
    /// The registered types a boxed value can be, in the order registered.
    private var valueTypes: [TypeEntry] = []

    @usableFromInline init() {}

    var tagNames: [String] { byTag.keys.sorted() }

    /// The registered types' names, and `other`'s, each as written (`Item`), or qualified with
    /// its module and enclosing types (`Shop.Item`) where another type has the same name: an
    /// error must not say that `Item` has no adapter when `Item` is registered.
    func names(besides other: (name: String, qualifiedName: String)?) -> (other: String?, registered: [String]) {
        var counts: [String: Int] = [:]
        for entry in byType.values { counts[entry.name, default: 0] += 1 }
        if let other { counts[other.name, default: 0] += 1 }
        func label(_ name: String, _ qualifiedName: String) -> String {
            counts[name, default: 0] > 1 ? qualifiedName : name
        }
        return (other.map { label($0.name, $0.qualifiedName) },
                byType.values.map { label($0.name, $0.qualifiedName) }.sorted())
    }

    @usableFromInline
    mutating func insert(
        _ entry: TypeEntry, for id: TypeKey, tag: (String, TagEntry)?
    ) throws(ContentFactoryError) {
        guard byType[id] == nil else { throw .duplicateType(entry.name) }
        if let (tag, _) = tag, let existing = byTag[tag] {
            throw .duplicateTag(tag, registeredFor: existing.modelName)
        }
        byType[id] = entry
        if entry.holdsExactly != nil { valueTypes.append(entry) }
        if let (tag, tagEntry) = tag { byTag[tag] = tagEntry }
        // A new registration can change which ancestor is nearest, and give a type with no
        // adapter one: what was found for unregistered types is looked for again.
        inherited = [:]
    }

    /// The adapter for a model's dynamic type: its own, or its nearest registered ancestor's.
    @inlinable
    mutating func adapter(for dynamicType: Any.Type) -> Adapt? {
        let id = TypeKey(dynamicType)
        if let entry = byType[id] { return entry.adapt }
        if let known = inherited[id] { return known }
        return inheritedAdapter(for: dynamicType)
    }

    /// The adapter of the first registered type, in the order registered, that a boxed value
    /// is. A box's type says nothing of what it holds, so each is tried with a cast.
    func adapter(forBoxed box: Any) -> Adapt? {
        valueTypes.first { $0.holdsExactly?(box) == true }?.adapt
    }

    /// Finds, and keeps, the adapter of a type's nearest registered ancestor class.
    @usableFromInline
    mutating func inheritedAdapter(for dynamicType: Any.Type) -> Adapt? {
        let found = nearestRegisteredAncestor(of: dynamicType)?.adapt
        inherited[TypeKey(dynamicType)] = .some(found)
        return found
    }

    /// The nearest registered class in the real superclass chain of a class type, read from
    /// the type's metadata (no user code runs).
    private func nearestRegisteredAncestor(of type: Any.Type) -> TypeEntry? {
        guard var current = type as? AnyClass else { return nil }
        while let superclass = _getSuperclass(current) {
            if let entry = byType[TypeKey(superclass)] { return entry }
            current = superclass
        }
        return nil
    }
}
