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
/// Injection and look-up are safe from any thread. The proxy guards its registry; whether the
/// injected objects may be read concurrently is up to them, as with any shared reference.
@dynamicMemberLookup
public final class ForwardingProxy: Sendable {
    private let registry = Locked(Registry())

    /// Creates a proxy with nothing injected.
    public init() {}

    // MARK: Injecting

    /// Injects an object to answer for a content protocol, keeping it alive.
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
    /// The object is released after the proxy's lock is, so its `deinit` may use the proxy.
    public func remove<Protocol>(_ protocol: Protocol.Type) {
        let removed = registry.withLock { $0.remove(ObjectIdentifier(`protocol`)) }
        withExtendedLifetime(removed) {}
    }

    /// The live object injected for a protocol, if any.
    public func object<Protocol>(for protocol: Protocol.Type) -> Protocol? {
        _provider(for: ObjectIdentifier(`protocol`)).flatMap { Self._read($0, as: `protocol`) { $0 } }
    }

    /// The protocols with a live injected object, in injection order.
    public var injectedProtocols: [String] {
        snapshot.liveSlots.map(\.protocolName)
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
        guard let found = _provider(for: ObjectIdentifier(Protocol.self)) else { return nil }
        return Self._read(found, as: Protocol.self) { $0[keyPath: keyPath] }
    }

    /// What is injected for a protocol: the box of a strongly injected object, or the live
    /// weakly injected object itself.
    ///
    /// Found under the lock without copying the registry: the lock is held for a scan of a
    /// handful of identifiers and one retain. A weak reference is loaded after the lock is
    /// released (on Apple platforms loading one may call into the object), and nothing is
    /// released while the lock is held.
    @usableFromInline
    func _provider(for id: ObjectIdentifier) -> AnyObject? {
        registry.withLock { $0.reference(for: id) }?.object
    }

    /// The box of a strongly injected object, recognised by its exact type, not a dynamic cast:
    /// `_InjectedObject` is final and internal, so only the proxy makes one, and a weakly
    /// injected object (the user's own) never has that type.
    @inlinable
    static func _box<Protocol>(_ found: AnyObject, as protocol: Protocol.Type) -> _InjectedObject<Protocol>? {
        guard type(of: found) == _InjectedObject<Protocol>.self else { return nil }
        return unsafeDowncast(found, to: _InjectedObject<Protocol>.self)
    }

    /// `body` applied to what was found, as the protocol: a strongly injected object is read in
    /// its box, in place, with no dynamic cast (taking it out would copy the value, and count a
    /// reference to each of its fields); only a weakly injected one is cast to the protocol.
    @inlinable
    static func _read<Protocol, Result>(
        _ found: AnyObject, as protocol: Protocol.Type, _ body: (Protocol) -> Result
    ) -> Result? {
        if let box = _box(found, as: `protocol`) { return body(box.value) }
        return (found as? Protocol).map(body)
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
        withProvider(of: member) { _, _, _ in true } ?? false
    }

    /// Reads a member by name, or `nil` when no live injected object provides it.
    ///
    /// When several injected protocols have a member of this name, the one injected first answers.
    public func value(forMember member: String) -> Any? {
        withProvider(of: member) { members, index, object in members.read(at: index, from: object) } ?? nil
    }

    /// Reads a member by name as a given type.
    ///
    /// - Throws: ``ForwardingError/noProvider(member:injected:)`` naming the member and what is
    ///   injected, or ``ForwardingError/typeMismatch(member:expected:actual:)``.
    public func value<Value>(forMember member: String, as type: Value.Type = Value.self) throws(ForwardingError) -> Value {
        guard let value = value(forMember: member) else {
            throw .noProvider(member: member, injected: snapshot.summary)
        }
        guard let typed = value as? Value else {
            throw .typeMismatch(
                member: member, expected: String(describing: Value.self),
                actual: String(describing: Swift.type(of: value)))
        }
        return typed
    }

    // MARK: Registry

    /// The registry as it is now, for the slower questions (what is injected): the lock is held
    /// only to copy it (a reference count), and the copy is read and released after, so dropping
    /// the last strong reference to an object, and so running its `deinit`, never happens while
    /// the proxy's lock is held.
    var snapshot: Registry { registry.withLock { $0 } }

    /// Calls `body` with the first live provider of a member: its table, the member's place
    /// in it, and the object. The first slot whose table has the member is found under the lock
    /// (comparing names runs no user code) and retained, one reference count that keeps its
    /// table and a strongly injected object alive; its object is loaded after the lock. When
    /// that object is gone, the search goes on from the next slot.
    private func withProvider<Result>(
        of member: String, _ body: (AnyMemberTable, Int, AnyObject) -> Result
    ) -> Result? {
        var start = 0
        while let found = registry.withLock({ $0.slot(with: member, from: start) }) {
            if let object = found.slot.reference.object {
                return body(found.slot.members.unsafelyUnwrapped, found.index, object)
            }
            start = found.next
        }
        return nil
    }

    private func store<Protocol>(_ reference: Reference, for protocol: Protocol.Type, members: MemberTable<Protocol>?) {
        let id = ObjectIdentifier(`protocol`)
        let slot = Slot(
            id: id,
            protocolName: String(describing: `protocol`).replacingPrefix("any ", with: ""),
            reference: reference,
            members: members.map(AnyMemberTable.init) ?? AnyMemberTable.builtIn(for: id))
        // The replaced object, if any, is released here, after the lock: its `deinit` may read
        // the proxy, and no user code runs while the proxy's lock is held.
        let replaced = registry.withLock { $0.insert(slot) }
        withExtendedLifetime(replaced) {}
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

    /// A slot with a member (`index` in its table), and where a search for the next one starts.
    /// A struct, not a tuple: through the generic `withLock`, a tuple would be reabstracted.
    struct Found {
        let slot: Slot
        let index: Int
        let next: Int
    }

    /// What is injected for one protocol. Immutable, and a class, so that a copy of the
    /// registry's slots is one reference count however many protocols are injected.
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
    }

    /// The injected protocols in injection order. A proxy stands in for a handful of protocols,
    /// so a linear scan comparing identifiers beats hashing them.
    struct Registry: Sendable {
        private(set) var slots: [Slot] = []

        /// Returns the slot it replaced, for the caller to release outside the lock.
        mutating func insert(_ slot: Slot) -> Slot? {
            if let index = slots.firstIndex(where: { $0.id == slot.id }) {
                defer { slots[index] = slot }
                return slots[index]
            }
            slots.append(slot)
            return nil
        }

        /// Returns the slot it removed, for the caller to release outside the lock.
        mutating func remove(_ id: ObjectIdentifier) -> Slot? {
            guard let index = slots.firstIndex(where: { $0.id == id }) else { return nil }
            return slots.remove(at: index)
        }

        func reference(for id: ObjectIdentifier) -> Reference? {
            // By index: the slot is borrowed in place, only its reference is copied.
            for index in slots.indices where slots[index].id == id { return slots[index].reference }
            return nil
        }

        /// The first slot from `start` on whose table has the member, live or not.
        func slot(with member: String, from start: Int) -> Found? {
            var next = start
            while next < slots.count {
                let slot = slots[next]
                next += 1
                if let index = slot.members?.index(of: member) { return Found(slot: slot, index: index, next: next) }
            }
            return nil
        }

        var liveSlots: [Slot] {
            slots.filter { $0.reference.object != nil }
        }

        var summary: [String] {
            liveSlots.map { slot in
                let members = slot.members.map { "(" + $0.names.joined(separator: ", ") + ")" } ?? "(no member table)"
                return "\(slot.protocolName) \(members)"
            }
        }
    }
}

/// A strongly injected object, typed by the protocol it was injected as.
///
/// Unchecked, and the one place where the proxy takes the caller's word: like `NSProxy`, the
/// proxy hands the injected object to whichever thread reads through it. The registry holding
/// these boxes is guarded by its lock; the object inside is the caller's to make safe to read
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
