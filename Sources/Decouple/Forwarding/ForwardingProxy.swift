// MARK: - ForwardingProxy

/// A stand-in that forwards each content protocol to the object injected for it.
///
/// This is the Swift counterpart of the seed's `CCProxy: NSProxy` with its dictionary from protocol
/// to object. Inject one object per protocol; the proxy then answers for all of them, so a view can
/// take its title from one model and its image from another.
///
/// ```swift
/// let proxy = ForwardingProxy()
/// proxy.inject(CCAContent(model: aModel), as: TitledContent.self)
/// proxy.inject(iconModel, as: NamedImageContent.self)
///
/// proxy.title                        // "Ann": typed, checked at compile time
/// proxy.responds(to: "subtitle")     // true, like respondsToSelector:
/// try proxy.value(forMember: "image", as: ImageName.self)
///
/// cell.configure(with: proxy)       // the proxy is a TitledContent
/// ```
///
/// ## Typed and named look-up
/// - Typed: ``forward(_:)`` takes a key path into a content protocol (`\TitledContent.title`) and
///   returns `nil` when nothing is injected for it. For the library's protocols the proxy conforms
///   directly (`proxy.title`); a member nobody provides reads as empty (`""`, ``ImageName/empty``),
///   as a message to `nil` does in Objective-C.
/// - Your own protocols: add this, and `proxy.headline` works, typed, returning an optional
///   (while the proxy does not also conform to the protocol):
///   ```swift
///   extension ForwardingProxy {
///       subscript<Value>(dynamicMember keyPath: KeyPath<any HeadlineContent, Value>) -> Value? {
///           forward(keyPath)
///       }
///   }
///   ```
///   The `decouple` tool's `proxy` style writes this subscript for you, with the protocol's
///   conformance and its member table (`MemberTable.headlineContent`, a `static let` read through
///   closures). Once the proxy conforms, `proxy.headline` is the conformance's member (empty when
///   nothing is injected); `proxy[dynamicMember: \HeadlineContent.headline]` is the optional
///   answer, as for `TitledContent`.
/// - By name: ``responds(to:)``, ``value(forMember:)`` and ``value(forMember:as:)`` go through the
///   ``MemberTable`` of each injected protocol. A member nobody provides is `nil` or a thrown
///   ``ForwardingError``; it never traps.
///
/// ## Ownership
/// ``inject(_:as:members:)`` keeps the object alive for as long as it stays injected, as the seed's
/// proxy keeps its `_object`. ``inject(weak:as:members:)`` does not: when the object goes away, the
/// proxy behaves as if nothing were injected for that protocol. Injecting again for the same
/// protocol replaces the previous object.
///
/// ## Threads
/// Injection and look-up are safe from any thread. A look-up reads an immutable snapshot of
/// what is injected, which injecting and removing replace (on Linux with no lock, see
/// `ProxyRegistry`); whether the injected objects may be read concurrently is up to them, as
/// with any shared reference.
@dynamicMemberLookup
public final class ForwardingProxy: Sendable {
    private let _registry = ProxyRegistry()

    /// Creates a proxy with nothing injected.
    public init() {}

    // MARK: Injecting

    /// Injects an object to answer for a content protocol, keeping it alive.
    ///
    /// The object is injected for `Protocol`, the type the call is compiled for: a metatype value
    /// of a subclass held in a superclass's metatype (`let type: Base.Type = Sub.self`) injects
    /// for `Base`, and is read, listed and removed as `Base`.
    ///
    /// - Parameters:
    ///   - object: The object; it must conform to `protocol`, which the compiler checks.
    ///   - protocol: The content protocol, e.g. `TitledContent.self`.
    ///   - members: The protocol's member table, for look-up by name. The library's own protocols
    ///     need none.
    public func inject<Protocol>(
        _ object: Protocol, as protocol: Protocol.Type, members: MemberTable<Protocol>? = nil
    ) {
        store(.strong(_InjectedObject(object)), for: `protocol`, members: members)
    }

    /// Injects an object to answer for a content protocol without keeping it alive.
    ///
    /// Use it when the object is owned elsewhere, for example by a controller that outlives the
    /// proxy's use. Once the object is gone, the protocol reads as not injected.
    ///
    /// - Throws: ``ForwardingError/notAnObject(_:)`` when `object` is a value, not a class instance.
    public func inject<Protocol>(
        weak object: Protocol, as protocol: Protocol.Type, members: MemberTable<Protocol>? = nil
    ) throws(ForwardingError) {
        let boxed = object as Any
        guard type(of: boxed) is AnyClass else {
            throw .notAnObject(String(describing: type(of: boxed)))
        }
        store(.weak(Weak(boxed as AnyObject)), for: `protocol`, members: members)
    }

    /// Removes whatever is injected for a protocol.
    ///
    /// The object is released before this returns (unless a look-up on another thread is
    /// reading it: then when that look-up ends), never while the proxy holds a lock, so its
    /// `deinit` may use the proxy.
    public func remove<Protocol>(_ protocol: Protocol.Type) {
        let id = ObjectIdentifier(Protocol.self)   // the static type, as everywhere (see `store`)
        _registry.update { slots in
            guard let index = slots.firstIndex(where: { $0.id == id }) else { return nil }
            var slots = slots
            slots.remove(at: index)
            return slots
        }
    }

    /// The live object injected for a protocol, if any.
    public func object<Protocol>(for protocol: Protocol.Type) -> Protocol? {
        guard let found = _lookUp(ObjectIdentifier(Protocol.self)) else { return nil }
        defer { _finish(found) }
        return Self._read(found.object, as: Protocol.self) { $0 }
    }

    /// The protocols with a live injected object, in injection order.
    public var injectedProtocols: [String] {
        _registry.read { $0.slots.filter(\.isLive).map(\.protocolName) }
    }

    // MARK: Typed look-up

    /// Reads a member of a content protocol from the object injected for that protocol.
    ///
    /// ```swift
    /// let title = proxy.forward(\TitledContent.title)   // String?
    /// ```
    ///
    /// - Returns: The member's value, or `nil` when no live object is injected for the protocol.
    @inlinable
    public func forward<Protocol, Value>(_ keyPath: KeyPath<Protocol, Value>) -> Value? {
        // Inlined, so that a key path written at the call site becomes a direct call, made on
        // the boxed value in place.
        guard let found = _lookUp(ObjectIdentifier(Protocol.self)) else { return nil }
        defer { _finish(found) }
        return Self._read(found.object, as: Protocol.self) { $0[keyPath: keyPath] }
    }

    /// What is injected for a protocol: the box of a strongly injected object, held by the
    /// snapshot, which stays entered until ``_finish(_:)`` (no reference counted), or the live
    /// weakly injected object itself, loaded, and so retained (`snapshot` is then `nil`).
    @usableFromInline
    struct _Found {
        @usableFromInline let object: Unmanaged<AnyObject>
        @usableFromInline let snapshot: Unmanaged<ProxySnapshot>?
    }

    /// Finds what is injected for a protocol; `nil`, having left the snapshot, when nothing live is.
    @usableFromInline
    func _lookUp(_ id: ObjectIdentifier) -> _Found? {
        let entered = _registry.enter()
        // The snapshot's unretained entries, as the look-up by name reads them; the snapshot is
        // left only after this borrow ends.
        let entry = entered._withUnsafeGuaranteedRef { $0.entries.first { $0.id == id } }
        guard let entry else {
            _registry.leave(entered)
            return nil
        }
        if let box = entry.box { return _Found(object: box, snapshot: entered) }
        return Self.load(entry.weak.unsafelyUnwrapped, leaving: entered, of: _registry)
    }

    /// Loads a weakly injected object (retaining it), then leaves the snapshot that holds the
    /// weak reference.
    @inline(never)
    private static func load(_ reference: Unmanaged<Weak<AnyObject>>, leaving snapshot: Unmanaged<ProxySnapshot>, of registry: ProxyRegistry) -> _Found? {
        let object = reference._withUnsafeGuaranteedRef { $0.object }.map(Unmanaged.passRetained)
        registry.leave(snapshot)
        return object.map { _Found(object: $0, snapshot: nil) }
    }

    /// Ends a look-up: leaves the snapshot, or releases a loaded weakly injected object.
    @usableFromInline
    func _finish(_ found: _Found) {
        if let snapshot = found.snapshot {
            _registry.leave(snapshot)
        } else {
            found.object.release()
        }
    }

    /// `body` applied to what was found, as the protocol, with no reference counted: the caller
    /// keeps `found` alive (a snapshot holds a box; a loaded weak object is held). A strongly
    /// injected object is read in its box, in place (taking it out would copy the value, and
    /// count a reference to each of its fields), recognised by its exact type, not a dynamic
    /// cast: `_InjectedObject` is final and internal, so only the proxy makes one, and a weakly
    /// injected object (the user's own) never has that type. Only a weakly injected object is
    /// cast to the protocol.
    @inlinable
    static func _read<Protocol, Result>(
        _ found: Unmanaged<AnyObject>, as protocol: Protocol.Type, _ body: (Protocol) -> Result
    ) -> Result? {
        if found._withUnsafeGuaranteedRef({ type(of: $0) == _InjectedObject<Protocol>.self }) {
            return Unmanaged<_InjectedObject<Protocol>>.fromOpaque(found.toOpaque())
                ._withUnsafeGuaranteedRef { body($0.value) }
        }
        return found._withUnsafeGuaranteedRef { ($0 as? Protocol).map(body) }
    }

    /// Typed look-up of ``TitledContent`` members that tells "not injected" (`nil`) from empty.
    ///
    /// `@dynamicMemberLookup` needs one such subscript in the type itself, so that extensions can
    /// add one per protocol of yours (`proxy.headline`, a `String?`). For `TitledContent`, the
    /// conformance's own `title` and `subtitle` win over this one; call it as
    /// `proxy[dynamicMember: \.title]`, or use ``forward(_:)``, to tell missing from empty.
    public subscript<Value>(dynamicMember keyPath: KeyPath<any TitledContent, Value>) -> Value? {
        forward(keyPath)
    }

    // MARK: Look-up by name

    /// Whether a live injected object provides a member with this name — the proxy's
    /// `respondsToSelector:`. Answers before anything is called.
    public func responds(to member: String) -> Bool {
        withProvider(of: member) { _ in true } ?? false
    }

    /// Reads a member by name, or `nil` when no live injected object provides it.
    ///
    /// When several injected protocols have a member of this name, the one injected first answers.
    public func value(forMember member: String) -> Any? {
        let entered = _registry.enter()
        defer { _registry.leave(entered) }
        guard let provider = entered._withUnsafeGuaranteedRef({ $0.provider(of: member) }) else { return nil }
        defer { provider.finish() }
        return provider.read()
    }

    /// Reads a member by name as a given type.
    ///
    /// `as:` has no default, on purpose: with one, this generic overload also matched a call
    /// without it wherever the context named a type, so `proxy.value(forMember: "title") as Any`
    /// meant this throwing look-up as `Any`, not ``value(forMember:)``'s `Any?`. Now a call
    /// without `as:` is always the non-throwing one, and one with `as:` always this one.
    ///
    /// - Throws: ``ForwardingError/noProvider(member:injected:)`` naming the member and what is
    ///   injected, or ``ForwardingError/typeMismatch(member:expected:actual:)``.
    public func value<Value>(forMember member: String, as type: Value.Type) throws(ForwardingError) -> Value {
        guard let value = value(forMember: member) else {
            throw .noProvider(member: member, injected: summary)
        }
        guard let typed = value as? Value else {
            throw .typeMismatch(
                member: member, expected: String(describing: Value.self),
                actual: String(describing: Swift.type(of: value)))
        }
        return typed
    }

    // MARK: Registry

    /// What is injected, live, with each protocol's members, for error messages.
    var summary: [String] {
        _registry.read { snapshot in
            snapshot.slots.filter(\.isLive).map { slot in
                let members = slot.members.map { "(" + $0.names.joined(separator: ", ") + ")" } ?? "(no member table)"
                return "\(slot.protocolName) \(members)"
            }
        }
    }

    /// `body` applied to the first live provider of a member, in the snapshot read.
    private func withProvider<Result>(of member: String, _ body: (Provider) -> Result) -> Result? {
        _registry.read { snapshot in
            guard let provider = snapshot.provider(of: member) else { return nil }
            defer { provider.finish() }
            return body(provider)
        }
    }

    private func store<Protocol>(_ reference: Reference, for protocol: Protocol.Type, members: MemberTable<Protocol>?) {
        // Keyed by the static type, never by the metatype value passed: a value of a subclass's
        // metatype held as a superclass's (`let type: Base.Type = Sub.self`) injects for `Base`,
        // the type the object is boxed as and that `forward(\Base.x)`, `object(for:)` and
        // `remove(_:)` find it by. Keyed by `Sub`, it was listed but could be read by nothing.
        let id = ObjectIdentifier(Protocol.self)
        let slot = Slot(
            id: id,
            protocolName: String(describing: Protocol.self).replacingPrefix("any ", with: ""),
            reference: reference,
            members: members.map(AnyMemberTable.init) ?? AnyMemberTable.builtIn(for: id))
        // The replaced object, if any, is released by `update` after its lock (and as soon as no
        // reader is in the snapshot that held it): its `deinit` may use the proxy.
        _registry.update { slots in
            var slots = slots
            if let index = slots.firstIndex(where: { $0.id == id }) {
                slots[index] = slot
            } else {
                slots.append(slot)
            }
            return slots
        }
    }

    enum Reference: Sendable {
        case strong(any AnyObject & Sendable)
        case weak(Weak<AnyObject>)

        var object: AnyObject? {
            switch self {
            case let .strong(object): object
            case let .weak(reference): reference.object
            }
        }
    }

    /// What is injected for one protocol. Immutable, and a class, so that a new snapshot shares
    /// the slots it keeps with the one it replaces.
    final class Slot: Sendable {
        let id: ObjectIdentifier
        let protocolName: String
        let reference: Reference
        let members: AnyMemberTable?

        init(id: ObjectIdentifier, protocolName: String, reference: Reference, members: AnyMemberTable?) {
            self.id = id
            self.protocolName = protocolName
            self.reference = reference
            self.members = members
        }

        var isLive: Bool { reference.object != nil }

        /// What the slot holds, unretained, for look-ups that count no reference.
        var entry: Entry {
            switch reference {
            case let .strong(box): Entry(id: id, box: .passUnretained(box), weak: nil, members: members.map(Unmanaged.passUnretained))
            case let .weak(weak): Entry(id: id, box: nil, weak: .passUnretained(weak), members: members.map(Unmanaged.passUnretained))
            }
        }
    }

    /// A slot's identifier, object and member table as references it holds, not retained: the
    /// snapshot keeps its slots, so a look-up in a snapshot it entered reads these as they are.
    /// (Copying a slot's fields, the compiler counts a reference around each call it makes.)
    /// Unchecked only because `Unmanaged<AnyObject>` is not `Sendable`: what it refers to is the
    /// slot's box, which is.
    struct Entry: @unchecked Sendable {
        let id: ObjectIdentifier
        /// The box of a strongly injected object.
        let box: Unmanaged<AnyObject>?
        /// The weak reference to a weakly injected object.
        let weak: Unmanaged<Weak<AnyObject>>?
        let members: Unmanaged<AnyMemberTable>?
    }

    /// The first live provider of a member found in an entered snapshot: its table and the
    /// member's place in it, and the object, a weakly injected one loaded (so retained, until
    /// ``finish()``).
    struct Provider {
        let members: Unmanaged<AnyMemberTable>
        let index: Int
        let object: Unmanaged<AnyObject>
        let loaded: Bool

        func read() -> Any? {
            members._withUnsafeGuaranteedRef { $0.read(at: index, from: object) }
        }

        func finish() {
            if loaded { object.release() }
        }
    }
}

/// A strongly injected object, typed by the protocol it was injected as.
///
/// Unchecked, and the one place where the proxy takes the caller's word: like `NSProxy`, the
/// proxy hands the injected object to whichever thread reads through it. The snapshots holding
/// these boxes are immutable and published safely (see `ProxyRegistry`); the object inside is the caller's to make safe to read
/// from the threads that read the proxy (a value type of plain data always is).
@usableFromInline
final class _InjectedObject<Protocol>: @unchecked Sendable {
    @usableFromInline let value: Protocol

    init(_ value: Protocol) {
        self.value = value
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

extension ProxySnapshot {
    /// The first live provider of a member: the first slot whose table has the member, skipping
    /// one whose weakly injected object is gone. Compares names and loads weak references,
    /// nothing else: no user code runs.
    func provider(of member: String) -> ForwardingProxy.Provider? {
        for entry in entries {
            guard let members = entry.members,
                  let index = members._withUnsafeGuaranteedRef({ $0.index(of: member) }) else { continue }
            if let box = entry.box {
                return ForwardingProxy.Provider(members: members, index: index, object: box, loaded: false)
            }
            if let object = entry.weak.unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.object }) {
                return ForwardingProxy.Provider(members: members, index: index, object: .passRetained(object), loaded: true)
            }
        }
        return nil
    }
}
