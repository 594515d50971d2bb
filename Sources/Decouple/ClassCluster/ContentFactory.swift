import Foundation

// MARK: - ContentFactory

/// A class cluster for content: one abstract face, the concrete adapters hidden behind it.
///
/// The seed's `CCModel` is an abstract class whose factory method returns a `CCAModel` or a
/// `CCBModel`. Swift has no initializer that returns another type, so the cluster is this factory:
/// you register, once, how each model type becomes the face (`Content`, usually a content protocol
/// such as `any TitledContent`), and from then on any model — or any tagged item of data — comes
/// back as the face. The adapters you register can stay `private`.
///
/// ```swift
/// let factory = ContentFactory<any TitledContent>()
/// try factory.register(CCAModel.self, tag: "user") { CCAContent(model: $0) }
/// try factory.register(CCBModel.self, tag: "story") { CCBContent(model: $0) }
///
/// let content = try factory.adapt(someModel)        // picked by the model's dynamic type
/// let feed = try factory.decodeFeed(from: json)     // picked by each item's "type" tag
/// ```
///
/// Look-up rules:
/// - A model is matched by its dynamic type. An instance of a subclass of a registered class is
///   adapted by the nearest registered ancestor, as in a real class cluster. Each specialisation
///   of a generic type (`Page<Int>`, `Page<String>`) is its own type. A model typed as an
///   ancestor class, or inside an existential, is found by what it is.
/// - Registering a type or a tag a second time throws ``ContentFactoryError/duplicateType(_:)`` or
///   ``ContentFactoryError/duplicateTag(_:registeredFor:)`` and leaves the first registration in
///   force: a cluster's members are decided once, and a silent replacement would hide a bug.
/// - Look-ups are O(1): a hash table keyed by the model's dynamic type, with the result of an
///   ancestor search cached.
/// - Registering and looking up are safe from any number of threads at once. On Linux a look-up
///   takes no lock; a look-up that starts after a registration returned sees that registration.
public final class ContentFactory<Content>: Sendable {
    private let registry: Locked<ContentRegistry>
    /// The registry's resolved types, read without its lock.
    private let resolved: TypeWordTable

    /// Creates an empty factory.
    ///
    /// - Parameter content: The face this factory produces, e.g. `(any TitledContent).self`.
    ///   Only needed when the type cannot be inferred.
    public init(_ content: Content.Type = Content.self) {
        let registry = ContentRegistry()
        resolved = registry.resolved.table
        self.registry = Locked(registry)
    }

    // MARK: Registering

    /// Registers how a model type becomes content.
    ///
    /// - Parameters:
    ///   - model: The model type. Subclasses of a class are covered unless registered themselves.
    ///   - adapt: Makes the content for one model; typically wraps it in a private adapter.
    /// - Throws: ``ContentFactoryError/duplicateType(_:)`` when `model` is registered already.
    @inlinable   // see `Adapter`
    public func register<Model>(
        _ model: Model.Type,
        adapt: @escaping @Sendable (Model) -> Content
    ) throws(ContentFactoryError) {
        try register(model, adapter: Adapter(model, adapt), tag: nil)
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
    @inlinable   // see `Adapter`
    public func register<Model: Decodable>(
        _ model: Model.Type,
        tag: String,
        adapt: @escaping @Sendable (Model) -> Content
    ) throws(ContentFactoryError) {
        try register(model, adapter: Adapter(model, adapt), tag: (tag, TypedTagDecoder(adapt)))
    }

    @usableFromInline
    func register(_ model: Any.Type, adapter: Adapter, tag: (String, TagDecoder)?) throws(ContentFactoryError) {
        let name = Self.name(of: model)
        let entry = ContentRegistry.TypeEntry(name: name, qualifiedName: String(reflecting: model), adapter: adapter)
        let tagEntry = tag.map { tag, decoder in (tag, ContentRegistry.TagEntry(modelName: name, decoder: decoder)) }
        try registry.withLock { registry throws(ContentFactoryError) in
            try registry.insert(entry, for: ObjectIdentifier(model), tag: tagEntry)
        }
    }

    // MARK: Looking up

    /// The names of the registered model types, sorted.
    public var registeredTypes: [String] {
        registry.withLock { $0.typeNames }
    }

    /// The registered type tags, sorted.
    public var registeredTags: [String] {
        registry.withLock { $0.tagNames }
    }

    /// Whether a model of this type (or of a subclass of a registered class) can be adapted.
    ///
    /// Only exact types are known without an instance; use ``canAdapt(_:)`` for subclasses.
    public func isRegistered<Model>(_ model: Model.Type) -> Bool {
        registry.withLock { $0.byType[ObjectIdentifier(model)] != nil }
    }

    /// Whether ``adapt(_:)`` would succeed for this model.
    public func canAdapt(_ model: Any) -> Bool {
        resolution(of: model) != ContentRegistry.noAdapter
    }

    /// Adapts one model to the content face, choosing the adapter by the model's dynamic type.
    ///
    /// - Throws: ``ContentFactoryError/unregisteredType(_:registered:)`` naming the type and
    ///   listing the registered ones.
    public func adapt(_ model: Any) throws(ContentFactoryError) -> Content {
        // First the type the `Any` stores the model as, read from the `Any` itself (asking the
        // run time for the dynamic type costs a call that walks the value). When the table
        // knows that type as a registered one (it holds only types met as dynamic types, so
        // never an existential), the adapter confirms it from the opened `Any` (one compare),
        // checks that it is also the model's dynamic type, in code specialised for the type (no
        // code for a struct or an enum, one load for a class, whose instance may be of a
        // subclass), and reads the model in place. Anything else is looked up by its dynamic
        // type. Where the table is read under a lock, that would be two look-ups for anything
        // else, so there the dynamic type is looked up first.
        #if canImport(Glibc)
        let resolution = resolved.value(forWord: Self.storedTypeHint(of: model))
        #else
        let resolution: UInt = 0
        #endif
        guard resolution & ContentRegistry.exactBit != 0 else { return try adaptByDynamicType(model) }
        return try Self.withAdapter(at: resolution) { adapter throws(ContentFactoryError) in
            try adapter.inPlace(model, self)
        }
    }

    /// Whether ``adapt(_:)`` takes its fast path for this model now: the type the `Any` stores
    /// it as is known to the table as a registered type (the adapter then still checks the
    /// model's dynamic type). For tests, which otherwise cannot tell the fast path from the
    /// dynamic-type look-up that gives the same answers.
    func takesFastPath(_ model: Any) -> Bool {
        #if canImport(Glibc)
        resolved.value(forWord: Self.storedTypeHint(of: model)) & ContentRegistry.exactBit != 0
        #else
        false
        #endif
    }

    /// The address of the type metadata an `Any` stores its value as, as a word. An `Any` is
    /// three words of buffer, then that address: Swift's layout of existential containers
    /// (docs/ABI/TypeLayout.rst in the Swift repository), read here in one load where opening the
    /// `Any` would also project its value. It is only a hint: the adapter found compares the
    /// stored type with its model's, from the opened `Any`, before it reads anything, so a
    /// different layout could only make look-ups slower, never wrong.
    @inline(__always)
    private static func storedTypeHint(of model: borrowing Any) -> UInt {
        guard MemoryLayout<Any>.size == 4 * MemoryLayout<UInt>.size else { return 0 }
        return withUnsafePointer(to: model) {
            UnsafeRawPointer($0).load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self)
        }
    }

    /// Adapts a model by its dynamic type.
    @usableFromInline
    func adaptByDynamicType(_ model: Any) throws(ContentFactoryError) -> Content {
        // The type itself, never a `Mirror`: a type can customise its mirror to claim any
        // ancestor, and the adapter found reads the model as that ancestor.
        let resolution = resolution(of: model)
        guard resolution != ContentRegistry.noAdapter else {
            let dynamicType = type(of: model)
            let unregistered = (name: Self.name(of: dynamicType), qualifiedName: String(reflecting: dynamicType))
            let names = registry.withLock { $0.names(besides: unregistered) }
            throw .unregisteredType(names.other ?? unregistered.name, registered: names.registered)
        }
        let isExact = resolution & ContentRegistry.exactBit != 0
        return try Self.withAdapter(at: resolution) { adapter in
            isExact ? adapter.exactly(model) : adapter.subclassInstance(model)
        }
    }

    /// Lends `body` the adapter a resolution points to. Registered by this factory, so an
    /// `Adapter` of this factory's content; unretained, as a factory keeps every adapter it
    /// registered for as long as it lives.
    @inline(__always)
    private static func withAdapter<Result>(
        at resolution: UInt, _ body: (Adapter) throws(ContentFactoryError) -> Result
    ) throws(ContentFactoryError) -> Result {
        let adapter = Unmanaged<Adapter>.fromOpaque(
            UnsafeRawPointer(bitPattern: resolution & ~ContentRegistry.exactBit).unsafelyUnwrapped)
        do {
            return try adapter._withUnsafeGuaranteedRef(body)
        } catch let error as ContentFactoryError {
            throw error
        } catch {
            preconditionFailure("an adapter threw \(error), which it cannot")
        }
    }

    /// The resolved word for a model's dynamic type (see ``ContentRegistry/resolved``): without
    /// a lock when the type was resolved before, else resolved under the lock.
    @inline(__always)
    private func resolution(of model: Any) -> UInt {
        let dynamicType = type(of: model)
        let known = resolved.value(for: ObjectIdentifier(dynamicType))
        return known != 0 ? known : resolveUnderLock(dynamicType, isMetatype: model is Any.Type)
    }

    @inline(never)
    private func resolveUnderLock(_ dynamicType: Any.Type, isMetatype: Bool) -> UInt {
        registry.withLock { $0.resolve(dynamicType, isMetatype: isMetatype) }
    }

    /// Adapts many models, stopping at the first that has no adapter.
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
    public func decode(tag: String, from decoder: any Decoder) throws -> Content {
        let found = registry.withLock { registry in
            registry.byTag[tag].map { Result<ContentRegistry.TagEntry, ContentFactoryError>.success($0) }
                ?? .failure(.unregisteredTag(tag, registered: registry.tagNames))
        }
        return try unsafeDowncast(found.get().decoder, to: TagDecoder.self).decode(decoder)
    }

    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }

    // MARK: Registry

    /// Makes content from a model whose dynamic type is a registered model type, or a subclass
    /// of one.
    ///
    /// It is built by the inlinable `register`, so in the caller's module, where the model's type
    /// is known: its closures take the `Any` and are specialised for the model, so a look-up makes
    /// one closure call that reads the model as what it is, with no generic code in between.
    @usableFromInline
    final class Adapter: Sendable {
        /// Adapts a model that an `Any` stores as exactly the registered type: in place when the
        /// model's dynamic type is the registered type, else through the factory by its dynamic
        /// type.
        @usableFromInline let inPlace: @Sendable (Any, ContentFactory) throws(ContentFactoryError) -> Content
        /// Adapts a model whose dynamic type is exactly the registered type.
        @usableFromInline let exactly: @Sendable (Any) -> Content
        /// Adapts an instance of a subclass of the registered class.
        @usableFromInline let subclassInstance: @Sendable (Any) -> Content

        @inlinable
        init<Model>(_: Model.Type, _ body: @escaping @Sendable (Model) -> Content) {
            // Found in the real superclass chain, or inside an existential: the run time casts,
            // and checks.
            let checked: @Sendable (Any) -> Content = { model in
                guard let model = model as? Model else {
                    preconditionFailure("\(type(of: model)) was matched to an adapter of \(Model.self), which it is not")
                }
                return body(model)
            }
            inPlace = { model, factory throws(ContentFactoryError) in
                // The factory's hint says that the `Any` stores a `Model`: once the opened `Any`
                // confirms it (one compare of type addresses), the value is read as one, with no
                // run-time cast. Specialised for `Model`: for a struct or an enum the check of its
                // dynamic type is always true and no code; for a class, the instance's class is
                // read and compared, as it may be a subclass.
                @inline(__always) func adapt<Stored>(_ stored: Stored) throws(ContentFactoryError) -> Content {
                    guard Stored.self == Model.self, type(of: unsafeBitCast(stored, to: Model.self)) == Model.self else {
                        return try factory.adaptByDynamicType(model)
                    }
                    return body(unsafeBitCast(stored, to: Model.self))
                }
                return try _openExistential(model, do: adapt)
            }
            exactly = { model in
                // The registry matched the model's dynamic type to `Model` by identity, so the
                // value is read in place, with no run-time cast, when the `Any` stores it as a
                // `Model`, or as a reference to an ancestor class (the same pointer). Inlined, so
                // specialised for `Model`: the value is loaded and lent to `body` with no copy.
                // An `Any` made in generic code from an existential stores the existential
                // itself: the model is inside it, and the run time takes it out.
                @inline(__always) func open<Stored>(_ value: Stored) -> Content {
                    guard Stored.self == Model.self || Stored.self is AnyObject.Type else { return checked(value) }
                    return body(unsafeBitCast(value, to: Model.self))
                }
                return _openExistential(model, do: open)
            }
            subclassInstance = checked
        }
    }

    /// Decodes a tagged item straight into content.
    ///
    /// Unchecked only because Swift checks no class that can be subclassed: it has no state, and
    /// its one subclass holds a single `let` of a `@Sendable` closure.
    @usableFromInline
    class TagDecoder: @unchecked Sendable {
        @usableFromInline
        init() {}

        func decode(_ decoder: any Decoder) throws -> Content {
            preconditionFailure("TagDecoder is abstract")
        }
    }

    @usableFromInline
    final class TypedTagDecoder<Model: Decodable>: TagDecoder, @unchecked Sendable {   // see `TagDecoder`
        let adapt: @Sendable (Model) -> Content

        @usableFromInline
        init(_ adapt: @escaping @Sendable (Model) -> Content) {
            self.adapt = adapt
        }

        override func decode(_ decoder: any Decoder) throws -> Content {
            adapt(try Model(from: decoder))
        }
    }
}

// MARK: - ContentRegistry

/// What a factory has registered. It is not generic, so a look-up asks the run time for no
/// generic metadata; adapters and decoders are kept as objects and cast back by the factory.
struct ContentRegistry {
    // Entries are immutable.
    struct TypeEntry {
        let name: String
        /// With its module and enclosing types, told when another type has the same `name`.
        let qualifiedName: String
        let adapter: any AnyObject & Sendable
    }

    struct TagEntry {
        let modelName: String
        let decoder: any AnyObject & Sendable
    }

    var byType: [ObjectIdentifier: TypeEntry] = [:]
    var byTag: [String: TagEntry] = [:]
    /// Every dynamic type seen so far and what it resolves to: its adapter's address, unretained
    /// (``byType`` keeps it as long as the factory lives), with ``exactBit`` set when the type is
    /// the registered one itself; or ``noAdapter``. Written only here, under the factory's lock.
    var resolved = TypeWordTable.Writer()

    /// Set in a resolution when the type is the registered one, not a subclass of it (nor a
    /// metatype, see ``resolve(_:isMetatype:)``), so that its values are read in place.
    static let exactBit: UInt = 1
    /// The resolution of a type with no adapter (no object is at address 2).
    static let noAdapter: UInt = 2

    var typeNames: [String] { names(besides: nil).registered }

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
    var tagNames: [String] { byTag.keys.sorted() }

    mutating func insert(
        _ entry: TypeEntry, for id: ObjectIdentifier, tag: (String, TagEntry)?
    ) throws(ContentFactoryError) {
        guard byType[id] == nil else { throw .duplicateType(entry.name) }
        if let (tag, _) = tag, let existing = byTag[tag] {
            throw .duplicateTag(tag, registeredFor: existing.modelName)
        }
        byType[id] = entry
        if let (tag, tagEntry) = tag { byTag[tag] = tagEntry }
        // A new registration can change which ancestor is nearest, and give a type with no
        // adapter one: those are resolved again. A look-up that read one of them just before is
        // a look-up that happened before this registration; the adapter it found lives on.
        // The registered type itself enters the table when first met as a dynamic type, like
        // any other: an existential type, which never is one, never enters it.
        resolved.reset { $0 & Self.exactBit == 0 }
    }

    /// Resolves a dynamic type the table does not know yet (or no longer knows). A metatype
    /// (`Base.Type`) is never marked exact: code specialised for it reads a `Base.Type` holding
    /// `Leaf.self` as a `Base.Type`, so it is read with the run time's checked cast.
    mutating func resolve(_ dynamicType: Any.Type, isMetatype: Bool) -> UInt {
        let id = ObjectIdentifier(dynamicType)
        // Another thread may have resolved it since this one looked.
        let known = resolved.table.value(for: id)
        if known != 0 { return known }
        let found = byType[id].map { Self.resolution($0.adapter, isExact: !isMetatype) }
            ?? nearestRegisteredAncestor(of: dynamicType).map { Self.resolution($0.adapter, isExact: false) }
            ?? Self.noAdapter
        resolved.set(found, for: id)
        return found
    }

    private static func resolution(_ adapter: any AnyObject & Sendable, isExact: Bool) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(adapter).toOpaque()) | (isExact ? exactBit : 0)
    }

    /// The nearest registered class in the real superclass chain of a class type, read from
    /// the type's metadata. Runs no user code, so it may run under the factory's lock.
    private func nearestRegisteredAncestor(of type: Any.Type) -> TypeEntry? {
        guard var current = type as? AnyClass else { return nil }
        while let superclass = _getSuperclass(current) {
            if let entry = byType[ObjectIdentifier(superclass)] { return entry }
            current = superclass
        }
        return nil
    }
}
