// MARK: - ForwardingProxy

/// A stand-in that answers for several content protocols at once, each through the object
/// injected for it.
///
/// Inject one object per protocol; the proxy then answers for all of them, so a view can take
/// its title from one model and its image from another, and neither model needs to know the
/// other or the view. Like Foundation's `NSProxy` it stands in for objects and can be asked
/// whether it responds to a member by name, but its reads are typed and checked at compile time.
///
/// ```swift
/// struct Profile: TitledContent { var title = "Ann"; var subtitle = "30" }
/// struct Avatar: NamedImageContent { var name = "Ann"; var image: ImageName = "ann-avatar" }
///
/// let proxy = ForwardingProxy()
/// proxy.inject(Profile(), as: TitledContent.self)
/// proxy.inject(Avatar(), as: NamedImageContent.self)
///
/// print(proxy.title)                   // Ann: typed, checked at compile time
/// print(proxy.responds(to: "image"))   // true: asked by name, as a template would
/// let image = try proxy.value(forMember: "image", as: ImageName.self)   // ann-avatar
/// let row: any TitledContent = proxy   // the proxy is itself a TitledContent
/// ```
///
/// ## Typed and named look-up
/// - Typed: `forward(_:)` takes a key path into a content protocol
///   (`\TitledContent.title`) and returns `nil` when nothing is injected for it. For the library's
///   protocols the proxy conforms directly (`proxy.title`); a member nobody provides reads as empty
///   (`""`, ``ImageName/empty``), as a message to `nil` does in Objective-C.
/// - Your own protocols: add this, and `proxy.headline` works, typed, returning an optional
///   (while the proxy does not also conform to the protocol):
///   ```swift
///   protocol HeadlineContent { var headline: String { get } }
///
///   extension ForwardingProxy {
///       @MainActor subscript<Value>(dynamicMember keyPath: KeyPath<any HeadlineContent, Value>) -> Value? {
///           forward(keyPath)
///       }
///   }
///   ```
///   The `decouple` tool's `proxy` style writes this subscript for you, with the protocol's
///   conformance and its member table (`MemberTable.headlineContent`).
/// - By name: ``responds(to:)``, ``value(forMember:)`` and ``value(forMember:as:)`` go through the
///   ``MemberTable`` of each injected protocol, which names its members: pass one as `members:`
///   when injecting a protocol of yours (the library's own need none), or none of its members
///   is found by name. A member nobody provides is `nil` or a thrown ``ForwardingError``; it
///   never traps.
///
/// ## Threads
/// The proxy is `Sendable`, and what it hands out may be read only where that is safe:
/// - For a protocol that refines `Sendable` (`protocol HeadlineContent: Sendable`), injecting,
///   removing and typed look-up work from any thread.
/// - For any other protocol (``TitledContent`` among them), they run on the main actor, where a
///   view reads its content: the compiler refuses to inject an object that is not `Sendable`, or to
///   read it, from another thread. So do look-ups by name, and the proxy's own conformances.
///
/// What is injected is kept under one lock; look-ups take what they need under it and read the
/// object after it is given back, so an injected object's getters, and a replaced object's
/// `deinit`, never run under the lock and may use the proxy.
///
/// ## Ownership
/// `inject(_:as:members:)` keeps the object alive for as long as it stays injected, so a model
/// made only to be shown needs no other owner. `inject(weak:as:members:)` does not: when the
/// object goes away, the proxy behaves as if nothing were injected for that protocol. Injecting
/// again for the same protocol replaces the previous object.
@dynamicMemberLookup
public final class ForwardingProxy: Sendable {
    // Typed look-up on the main actor is inlinable down to the slots, so that a key path written
    // at the call site becomes a direct read of the member, in code specialised for the
    // protocol: applied at run time instead, it cost several times the rest of the look-up.
    @usableFromInline let slots = Locked<[Slot]>([])

    /// Creates a proxy with nothing injected.
    public init() {}

    // MARK: Sendable protocols, from any thread

    /// Injects an object to answer for a `Sendable` content protocol, keeping it alive.
    ///
    /// The object is injected for `Protocol`, the type the call is compiled for: a metatype value
    /// of a subclass held in a superclass's metatype (`let type: Base.Type = Sub.self`) injects
    /// for `Base`, and is read, listed and removed as `Base`.
    ///
    /// - Parameters:
    ///   - object: The object; it must conform to `protocol`, which the compiler checks.
    ///   - protocol: The content protocol, e.g. `HeadlineContent.self`.
    ///   - members: The protocol's member table, for look-up by name: without one,
    ///     ``responds(to:)`` is `false` for its members and ``value(forMember:)`` finds none.
    public func inject<Protocol: Sendable>(
        _ object: Protocol, as protocol: Protocol.Type, members: MemberTable<Protocol>? = nil
    ) {
        store(.strong(_InjectedObject(object)), for: Protocol.self, members: members)
    }

    /// Injects an object to answer for a `Sendable` content protocol without keeping it alive.
    ///
    /// - Parameters:
    ///   - object: The object, a class instance; it must conform to `protocol`.
    ///   - protocol: The content protocol, e.g. `HeadlineContent.self`.
    ///   - members: The protocol's member table, for look-up by name.
    /// - Throws: ``ForwardingError/notAnObject(_:)`` when `object` is a value, not a class instance.
    public func inject<Protocol: Sendable>(
        weak object: Protocol, as protocol: Protocol.Type, members: MemberTable<Protocol>? = nil
    ) throws(ForwardingError) {
        try store(weak: object, for: Protocol.self, members: members)
    }

    /// Removes whatever is injected for a `Sendable` protocol. The object is released before
    /// this returns, after the lock is given back.
    public func remove<Protocol: Sendable>(_ protocol: Protocol.Type) {
        removeSlot(for: Protocol.self)
    }

    /// The live object injected for a `Sendable` protocol, if any.
    public func object<Protocol: Sendable>(for protocol: Protocol.Type) -> Protocol? {
        read(Protocol.self) { $0 }
    }

    /// Reads a member of a `Sendable` content protocol from the object injected for it.
    ///
    /// Any thread may read it, as the protocol's objects are `Sendable`.
    ///
    /// ```swift
    /// protocol HeadlineContent: Sendable { var headline: String { get } }
    /// struct Article: HeadlineContent { var headline = "Decoupled!" }
    ///
    /// let proxy = ForwardingProxy()
    /// proxy.inject(Article(), as: HeadlineContent.self)
    /// let headline = proxy.forward(\HeadlineContent.headline)   // "Decoupled!", a String?
    /// ```
    ///
    /// - Returns: The member's value, or `nil` when no live object is injected for the protocol.
    public func forward<Protocol: Sendable, Value>(_ keyPath: KeyPath<Protocol, Value>) -> Value? {
        read(Protocol.self) { $0[keyPath: keyPath] }
    }

    // MARK: Any protocol, on the main actor

    /// Injects an object to answer for a content protocol, keeping it alive. The object need not
    /// be `Sendable`: it is injected, read and removed on the main actor.
    ///
    /// - Parameters:
    ///   - object: The object; it must conform to `protocol`, which the compiler checks.
    ///   - protocol: The content protocol, e.g. `TitledContent.self`.
    ///   - members: The protocol's member table, for look-up by name: without one,
    ///     ``responds(to:)`` is `false` for its members and ``value(forMember:)`` finds none.
    ///     The library's own protocols need none.
    @MainActor
    public func inject<Protocol>(
        _ object: Protocol, as protocol: Protocol.Type, members: MemberTable<Protocol>? = nil
    ) {
        store(.strong(_InjectedObject(object)), for: Protocol.self, members: members)
    }

    /// Injects an object to answer for a content protocol without keeping it alive, on the main
    /// actor. Use it when the object is owned elsewhere, for example by a controller that
    /// outlives the proxy's use. Once the object is gone, the protocol reads as not injected.
    ///
    /// ```swift
    /// final class InboxController: TitledContent {
    ///     var title: String { "Inbox" }
    ///     var subtitle: String { "3 unread" }
    /// }
    ///
    /// let controller = InboxController()
    /// let proxy = ForwardingProxy()
    /// try proxy.inject(weak: controller, as: TitledContent.self)
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object, a class instance; it must conform to `protocol`.
    ///   - protocol: The content protocol, e.g. `TitledContent.self`.
    ///   - members: The protocol's member table, for look-up by name. The library's own protocols
    ///     need none.
    /// - Throws: ``ForwardingError/notAnObject(_:)`` when `object` is a value, not a class instance.
    @MainActor
    public func inject<Protocol>(
        weak object: Protocol, as protocol: Protocol.Type, members: MemberTable<Protocol>? = nil
    ) throws(ForwardingError) {
        try store(weak: object, for: Protocol.self, members: members)
    }

    /// Removes whatever is injected for a protocol, on the main actor. The object is released
    /// before this returns, after the lock is given back, so its `deinit` may use the proxy.
    @MainActor
    public func remove<Protocol>(_ protocol: Protocol.Type) {
        removeSlot(for: Protocol.self)
    }

    /// The live object injected for a protocol, if any, on the main actor.
    @MainActor
    public func object<Protocol>(for protocol: Protocol.Type) -> Protocol? {
        read(Protocol.self) { $0 }
    }

    /// Reads a member of a content protocol from the object injected for it, on the main actor.
    ///
    /// ```swift
    /// struct Profile: TitledContent { var title = "Ann"; var subtitle = "30" }
    ///
    /// let proxy = ForwardingProxy()
    /// print(proxy.forward(\TitledContent.title) as Any)   // nil: nothing injected yet
    /// proxy.inject(Profile(), as: TitledContent.self)
    /// let title = proxy.forward(\TitledContent.title)     // "Ann", a String?
    /// ```
    ///
    /// - Returns: The member's value, or `nil` when no live object is injected for the protocol.
    @MainActor @inlinable
    public func forward<Protocol, Value>(_ keyPath: KeyPath<Protocol, Value>) -> Value? {
        read(Protocol.self) { $0[keyPath: keyPath] }
    }

    /// Typed look-up of ``TitledContent`` members that tells "not injected" (`nil`) from empty.
    ///
    /// `@dynamicMemberLookup` needs one such subscript in the type itself, so that extensions can
    /// add one per protocol of yours (`proxy.headline`, a `String?`), and it must be as public as
    /// the proxy. For `TitledContent`, the conformance's own `title` and `subtitle` win over this
    /// one; call it as `proxy[dynamicMember: \.title]` to tell missing from empty.
    @MainActor
    public subscript<Value>(dynamicMember keyPath: KeyPath<any TitledContent, Value>) -> Value? {
        forward(keyPath)
    }

    // MARK: Look-up by name, on the main actor

    /// Whether a live injected object provides a member with this name — the proxy's
    /// `respondsToSelector:`. Answers before anything is called.
    ///
    /// Only the member tables of the injected protocols are searched: a protocol of yours injected
    /// without `members:` answers `false` for every member.
    @MainActor
    public func responds(to member: String) -> Bool {
        provider(of: member) != nil
    }

    /// Reads a member by name, or `nil` when no live injected object provides it.
    ///
    /// When several injected protocols have a member of this name, the one injected first answers.
    /// As with ``responds(to:)``, a protocol injected without a member table provides none.
    @MainActor
    public func value(forMember member: String) -> Any? {
        guard let (members, index, object) = provider(of: member) else { return nil }
        return members.read(at: index, from: object)
    }

    /// Reads a member by name as a given type.
    ///
    /// `as:` has no default, on purpose: with one, this generic overload also matched a call
    /// without it wherever the context named a type, so `proxy.value(forMember: "title") as Any`
    /// meant this throwing look-up as `Any`, not ``value(forMember:)``'s `Any?`.
    ///
    /// - Throws: ``ForwardingError/noProvider(member:injected:)`` naming the member and what is
    ///   injected, or ``ForwardingError/typeMismatch(member:expected:actual:)``.
    @MainActor
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

    /// The protocols with a live injected object, in injection order.
    public var injectedProtocols: [String] {
        let slots = slots.withLock { $0 }
        return slots.filter(\.isLive).map(\.protocolName)
    }

    // MARK: Registry

    /// What is injected for one protocol.
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline let id: ObjectIdentifier
        let protocolName: String
        @usableFromInline let reference: Reference
        let members: AnyMemberTable?

        var isLive: Bool { reference.object != nil }
    }

    @usableFromInline
    enum Reference: Sendable {
        /// A strongly injected object, in its box.
        case strong(any AnyObject & Sendable)
        /// A weakly injected object.
        case weak(Weak<AnyObject>)

        /// The box, or the weakly injected object loaded (and so retained), if it is still there.
        @inlinable
        var object: AnyObject? {
            switch self {
            case let .strong(box): box
            case let .weak(reference): reference.object
            }
        }
    }

    /// What is injected, live, with each protocol's members, for error messages.
    var summary: [String] {
        let slots = slots.withLock { $0 }
        return slots.filter(\.isLive).map { slot in
            let members = slot.members.map { "(" + $0.names.joined(separator: ", ") + ")" } ?? "(no member table)"
            return "\(slot.protocolName) \(members)"
        }
    }

    /// `body` applied to the live object injected for `Protocol`, read after the lock.
    @inlinable
    func read<Protocol, Result>(_: Protocol.Type, _ body: (Protocol) -> Result) -> Result? {
        let id = ObjectIdentifier(Protocol.self)
        guard let object = slots.withLock({ $0.first { $0.id == id }?.reference.object }) else { return nil }
        return Self.read(object, as: Protocol.self, body)
    }

    /// `body` applied to an injected object as the protocol: a strongly injected one is in its
    /// box, typed by the protocol it was injected as; a weakly injected one is the object itself.
    @inlinable
    static func read<Protocol, Result>(_ object: AnyObject, as: Protocol.Type, _ body: (Protocol) -> Result) -> Result? {
        if let box = object as? _InjectedObject<Protocol> { return body(box.value) }
        return (object as? Protocol).map(body)
    }

    /// The first live provider of a member: the first slot whose table has the member, skipping
    /// one whose weakly injected object is gone. Compares names and loads weak references under
    /// the lock, nothing else: no user code runs there.
    private func provider(of member: String) -> (AnyMemberTable, Int, AnyObject)? {
        slots.withLock { slots in
            for slot in slots {
                guard let members = slot.members, let index = members.index(of: member),
                      let object = slot.reference.object else { continue }
                return (members, index, object)
            }
            return nil
        }
    }

    private func store<Protocol>(weak object: Protocol, for: Protocol.Type, members: MemberTable<Protocol>?) throws(ForwardingError) {
        let boxed = object as Any
        guard type(of: boxed) is AnyClass else {
            throw .notAnObject(String(describing: type(of: boxed)))
        }
        store(.weak(Weak(boxed as AnyObject)), for: Protocol.self, members: members)
    }

    private func store<Protocol>(_ reference: Reference, for: Protocol.Type, members: MemberTable<Protocol>?) {
        // Keyed by the static type, never by the metatype value passed: a value of a subclass's
        // metatype held as a superclass's (`let type: Base.Type = Sub.self`) injects for `Base`,
        // the type the object is boxed as and that look-ups and `remove(_:)` find it by.
        let id = ObjectIdentifier(Protocol.self)
        let slot = Slot(
            id: id,
            protocolName: String(describing: Protocol.self).replacingPrefix("any ", with: ""),
            reference: reference,
            members: members.map(AnyMemberTable.init) ?? AnyMemberTable.builtIn(for: id))
        let replaced = slots.withLock { slots -> Slot? in
            guard let index = slots.firstIndex(where: { $0.id == id }) else {
                slots.append(slot)
                return nil
            }
            defer { slots[index] = slot }
            return slots[index]
        }
        _ = replaced   // released here, after the lock: its `deinit` may use the proxy
    }

    private func removeSlot<Protocol>(for: Protocol.Type) {
        let id = ObjectIdentifier(Protocol.self)
        let removed = slots.withLock { slots in
            slots.firstIndex { $0.id == id }.map { slots.remove(at: $0) }
        }
        _ = removed   // released after the lock
    }
}

/// A strongly injected object, typed by the protocol it was injected as.
///
/// Unchecked, because `Protocol` need not be `Sendable`. It is read only where that is safe: the
/// proxy's API reads and writes an object injected for a protocol that is not `Sendable` on the
/// main actor only, and one injected for a `Sendable` protocol anywhere.
@usableFromInline
final class _InjectedObject<Protocol>: @unchecked Sendable {
    @usableFromInline let value: Protocol

    @usableFromInline
    init(_ value: Protocol) {
        self.value = value
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
