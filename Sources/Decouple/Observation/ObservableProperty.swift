import Foundation

// MARK: - Options and changes

/// What an observer is told, as KVO's `NSKeyValueObservingOptions`.
///
/// The options are computed and inlinable, not stored: each delivery asks for them, and a
/// stored `static let` is a global reached through a one-time initialisation check.
public struct ObservationOptions: OptionSet, Sendable {
    public let rawValue: Int
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    /// Call the handler once right away, with the current value as `new` (if `.new` is asked for).
    @inlinable public static var initial: ObservationOptions { ObservationOptions(rawValue: 1 << 0) }
    /// Include the value before the change.
    @inlinable public static var old: ObservationOptions { ObservationOptions(rawValue: 1 << 1) }
    /// Include the value after the change.
    @inlinable public static var new: ObservationOptions { ObservationOptions(rawValue: 1 << 2) }
    /// Also call the handler just before each change, with `isPrior` set (and `old`, if asked for).
    @inlinable public static var prior: ObservationOptions { ObservationOptions(rawValue: 1 << 3) }
}

/// One notification: KVO's change dictionary, typed.
public struct ObservedChange<Value> {
    /// The value before the change, when ``ObservationOptions/old`` was asked for.
    public let old: Value?
    /// The value after the change, when ``ObservationOptions/new`` was asked for. `nil` in a
    /// prior notification.
    public let new: Value?
    /// Whether this is the notification sent before the change (``ObservationOptions/prior``).
    public let isPrior: Bool
    /// Whether this is the notification sent at registration (``ObservationOptions/initial``).
    public let isInitial: Bool

    public init(old: Value?, new: Value?, isPrior: Bool = false, isInitial: Bool = false) {
        self.old = old
        self.new = new
        self.isPrior = isPrior
        self.isInitial = isInitial
    }
}

extension ObservedChange: Sendable where Value: Sendable {}
extension ObservedChange: Equatable where Value: Equatable {}

// MARK: - ObservableValue

/// A value that tells observers when it changes: an ``ObservableProperty`` or a ``Derived`` value.
///
/// Handlers passed to ``observe(options:_:)`` are `@Sendable`: they run on whichever thread set
/// the value. Code on the main actor observes with ``observe(_:options:_:)`` instead, whose
/// handler is main-actor isolated and is called on the main actor.
public protocol ObservableValue<Value>: AnyObject {
    associatedtype Value
    /// The current value.
    var value: Value { get }
    /// Calls `handler` as the value changes, as the options say, until the token is cancelled or
    /// released. Handlers run on the thread that changed the value.
    func observe(options: ObservationOptions, _ handler: @escaping @Sendable (ObservedChange<Value>) -> Void) -> CancellationToken
}

extension ObservableValue where Value: Sendable {
    /// Observes on behalf of `observer`, on the main actor. The observer is passed to the
    /// handler and held weakly: the observation ends by itself when the observer goes away, and
    /// the handler is never called after that. Capture nothing strongly in the handler; use the
    /// observer it is given.
    ///
    /// ```swift
    /// viewModel.$name.observe(label, options: [.initial, .new]) { label, change in
    ///     label.text = change.new ?? ""
    /// }.store(in: label.bindings)
    /// ```
    ///
    /// The handler runs on the main actor: at once when the value is set on the main actor (the
    /// usual case, and always so for `.initial`), and otherwise as soon as the main actor is
    /// free, in the order the values were set. A value set on the main actor while an older one,
    /// set elsewhere, still waits for the main actor is queued behind it, so the observer ends
    /// on the value stored.
    @MainActor @inlinable
    public func observe<Observer: AnyObject>(
        _ observer: Observer,
        options: ObservationOptions = [.new],
        _ handler: @escaping @MainActor (Observer, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        observe(weakly: observer, options: options) { observer, change in
            guard let observer = observer.storage else { return false }
            handler(observer, change)
            return true
        }
    }

    /// Observes on behalf of `observer`, held weakly, on the main actor: what
    /// ``observe(_:options:_:)`` does, with the weak reference itself given to `deliver`, which
    /// returns whether the observer was still there (when it was not, the observation ends).
    @MainActor @inlinable
    func observe<Observer: AnyObject>(
        weakly observer: Observer,
        options: ObservationOptions,
        _ deliver: @escaping @MainActor (MainActorWeak<Observer>, ObservedChange<Value>) -> Bool
    ) -> CancellationToken {
        MainActorDelivery.prepare()
        let box = MainActorWeak(observer)
        // Weak, so that dropping the token still ends the observation.
        let token = Weak<CancellationToken>()
        let queue = MainActorQueue()
        let observation = observe(options: options) { change in
            // At once on the main actor, unless an older value still waits for it; queued
            // otherwise, in order, and then skipped if by the time it runs the token is gone or
            // cancelled.
            let context = DeliveryContext.current
            if MainActorDelivery.isOnMainActor(context), queue.isEmpty {
                // Allocates (`assumeIsolated` checks that its closure did not escape): the one
                // allocation of an update, which only a cast of the isolation would save.
                if !MainActor.assumeIsolated({ deliver(box, change) }) { token.object?.cancel() }
            } else {
                queue.enqueue(unlessCancelled: token) {
                    if !deliver(box, change) { token.object?.cancel() }
                }
            }
        }
        token.object = observation
        return observation
    }
}

// MARK: - ObservableProperty

/// A value that tells its observers about every change, with KVO's options and none of its
/// crashes: an observation ends when its token is cancelled or released, when its observer goes
/// away, or when the observable itself goes away, and an ended observation is never called.
///
/// Usually declared with ``Observed``:
///
/// ```swift
/// final class ProfileViewModel {
///     @Observed var name = "小明"
/// }
/// let token = model.$name.observe(options: [.old, .new]) { change in
///     print(change.old!, "→", change.new!)
/// }
/// model.name = "小红"        // prints 小明 → 小红
/// ```
///
/// It is `Sendable` when its value is, and then setting and observing are safe from any thread.
/// Handlers run on the thread that set the value, after the lock is released, so a handler may
/// set values, observe or cancel.
///
/// ## Delivery order
/// Observers are told of every value in the order the values were set, one round at a time, so
/// every observer and binding always ends at the stored value:
/// - A value set while a round is being delivered, by a handler or by another thread, is stored
///   at once (``value`` reads it) and delivered after the current round, in order. The thread
///   delivering the round delivers it; the setting thread does not wait.
/// - From inside a handler, setting a value equal (`==`) to the current one changes nothing and
///   tells no one: an observer that writes back the value it was given, or two values bound to
///   each other, end the cascade there. Outside handlers, every set is told, equal or not, as
///   with KVO. (Values that are not `Equatable` and `Sendable` are not compared: a handler that always sets
///   its own property never stops.)
/// - A value set from inside any handler is told after that handler's round, from the outermost
///   set on this thread, so long chains of derived values are told one after another rather
///   than one inside another.
/// - A prior notification (``ObservationOptions/prior``) runs while the property still holds
///   the old value, unless a newer value was set meanwhile.
/// - An observation takes its place in the same order: one made while a round is being
///   delivered joins after that round, and its ``ObservationOptions/initial`` call comes before
///   any later value. No observer ever sees a value older than one it has already seen.
/// - Once `cancel()` has returned, on any thread, the handler is not entered again; cancelling
///   from another thread while the handler runs (its initial call included) waits for it to
///   return.
public final class ObservableProperty<Value>: ObservableValue {
    // Setting a value is inlinable: in the caller's module it compiles to code specialised for
    // `Value`. Unspecialised, an update cost about a microsecond, most of it in generic metadata
    // look-ups.

    /// One observation. Its fields are constants.
    @usableFromInline
    final class Entry {
        @usableFromInline let id: Int
        @usableFromInline let options: ObservationOptions
        @usableFromInline let handler: @Sendable (ObservedChange<Value>) -> Void
        /// Whether the observation is still on, closed by its token.
        @usableFromInline let gate: ObservationGate

        @usableFromInline
        init(id: Int, options: ObservationOptions, handler: @escaping @Sendable (ObservedChange<Value>) -> Void, gate: ObservationGate) {
            self.id = id
            self.options = options
            self.handler = handler
            self.gate = gate
        }

        /// Tells the handler of a value, with what its options ask for, unless it has ended.
        @inlinable
        func tell(old: Value?, new: Value?, isPrior: Bool = false, isInitial: Bool = false, in context: DeliveryContext) {
            gate.run(in: context) {
                handler(ObservedChange(
                    old: options.contains(.old) ? old : nil,
                    new: options.contains(.new) ? new : nil,
                    isPrior: isPrior,
                    isInitial: isInitial))
            }
        }
    }

    /// What waits for the thread delivering rounds, in the order it came.
    @usableFromInline
    enum Pending {
        case value(Value)
        /// An observation made while rounds were being delivered: it joins here.
        case observer(Entry)
        /// Taken, or an observation cancelled before it joined.
        case taken
    }

    /// What the delivering thread does next.
    @usableFromInline
    enum Step {
        /// An observation joins and asks for its initial call, with the value told last.
        case initial(Entry, Value)
        /// A round: `new` is told to `entries`; it is stored already unless prior notifications
        /// run first.
        case round(old: Value, new: Value, entries: [Entry], isStored: Bool)
    }

    @usableFromInline
    struct State {
        /// The value observers were last told of, or are being told of.
        @usableFromInline var value: Value {
            @inlinable get { stored! }
            @inlinable set { stored = newValue }
        }
        /// Where `value` is kept: `nil` only once the property has gone. Tokens hold this state
        /// and may outlive the property, so its `deinit` lets go of the values here.
        @usableFromInline var stored: Value?
        /// In the order observers joined.
        @usableFromInline var entries: [Entry] = []
        var nextID = 0
        /// Whether a thread is delivering rounds; it delivers everything pending meanwhile.
        @usableFromInline var isDelivering = false
        /// The value of the round being delivered, until it is stored in `value`.
        @usableFromInline var incoming: Value?
        /// Values set, and observations made, while a round was being delivered, in order; the
        /// ones before `head` are taken.
        @usableFromInline var pending: [Pending] = []
        @usableFromInline var head = 0
        /// How many entries ask for prior notifications. Without any, a round's value is stored
        /// in the same critical section that starts the round.
        @usableFromInline var priorCount = 0

        init(value: Value) {
            stored = value
        }

        /// The last value set and not yet delivered.
        @inlinable var lastPending: Value? {
            for item in pending[head...].reversed() {
                if case let .value(value) = item { return value }
            }
            return nil
        }

        /// The last value set.
        @inlinable var latest: Value { lastPending ?? incoming ?? value }
        /// What `value` reads: the last value set, except that while the prior notifications of
        /// a round run, the value they precede is not yet readable.
        @inlinable var readable: Value { lastPending ?? value }

        @inlinable
        mutating func admit(_ entry: Entry) {
            entries.append(entry)
            if entry.options.contains(.prior) { priorCount += 1 }
        }

        /// The next step of the delivering thread, or `nil` when nothing is left (it then stops
        /// delivering). What it takes out of `pending` it returns, so that it is released
        /// outside the lock.
        @inlinable
        mutating func nextStep() -> Step? {
            while incoming == nil {
                guard head < pending.count else {
                    pending.removeAll(keepingCapacity: true)   // every element is `.taken`
                    head = 0
                    isDelivering = false
                    return nil
                }
                let next = pending[head]
                pending[head] = .taken
                head += 1
                switch next {
                case let .value(value):
                    incoming = value
                case let .observer(entry):
                    admit(entry)
                    if entry.options.contains(.initial) { return .initial(entry, value) }
                case .taken:
                    break
                }
            }
            let new = incoming!
            let old = value   // released outside the lock, after the round
            guard priorCount == 0 else { return .round(old: old, new: new, entries: entries, isStored: false) }
            value = new
            incoming = nil
            return .round(old: old, new: new, entries: entries, isStored: true)
        }

        /// Removes an observation, whether it has joined or still waits to; returns it, to be
        /// released outside the lock.
        mutating func remove(_ id: Int) -> Entry? {
            if let index = entries.firstIndex(where: { $0.id == id }) {
                let entry = entries.remove(at: index)
                if entry.options.contains(.prior) { priorCount -= 1 }
                return entry
            }
            for index in pending.indices.dropFirst(head) {
                if case let .observer(entry) = pending[index], entry.id == id {
                    pending[index] = .taken
                    return entry
                }
            }
            return nil
        }
    }

    @usableFromInline let state: Locked<State>
    @usableFromInline let transform: (@Sendable (Value) -> Value)?
    /// `==` for `Equatable` values: a set from inside a handler equal to the current value ends
    /// a cascade.
    @usableFromInline let isEqual: (@Sendable (Value, Value) -> Bool)?

    /// Makes an observable value.
    ///
    /// - Parameters:
    ///   - value: The first value.
    ///   - transform: Applied to every value set, before it is stored or reported — for example
    ///     to clean typed text. The stored value is always what `transform` returned.
    public init(_ value: Value, transform: (@Sendable (Value) -> Value)? = nil) {
        self.transform = transform
        isEqual = nil
        state = Locked(State(value: transform?(value) ?? value))
    }

    /// Makes an observable value that compares values: from inside a handler, setting a value
    /// equal to the current one changes nothing, so an observer that writes back the value it
    /// was given causes no further change.
    public init(_ value: Value, transform: (@Sendable (Value) -> Value)? = nil) where Value: Equatable & Sendable {
        self.transform = transform
        isEqual = { $0 == $1 }
        state = Locked(State(value: transform?(value) ?? value))
    }

    /// The last value set. Setting it notifies every observer, even when the value is equal,
    /// except from inside a handler (see "Delivery order").
    public var value: Value {
        @inlinable get { state.withLock { $0.readable } }
        @inlinable set { set(newValue) }
    }

    /// How many observations are active.
    public var observerCount: Int {
        state.withLock { state in
            state.entries.count + state.pending.dropFirst(state.head).count { if case .observer = $0 { true } else { false } }
        }
    }

    public func observe(
        options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        let gate = ObservationGate()
        // The observation joins now, unless rounds are being delivered: then it joins after
        // them, in order. With `.initial`, joining now makes this call the delivering one, so
        // that the initial call comes before any value set after it.
        let (id, initial) = state.withLock { state -> (Int, (Entry, Value)?) in
            let entry = Entry(id: state.nextID, options: options, handler: handler, gate: gate)
            state.nextID += 1
            guard !state.isDelivering else {
                state.pending.append(.observer(entry))
                return (entry.id, nil)
            }
            state.admit(entry)
            guard options.contains(.initial) else { return (entry.id, nil) }
            state.isDelivering = true
            return (entry.id, (entry, state.value))
        }
        // The token holds the guarded state, not the property, which empties the state in
        // `deinit`. `Removal` makes the capture sendable whatever `Value` is: it only takes the
        // lock, and removes an entry.
        let removal = Removal(state)
        let token = CancellationToken {
            gate.close()
            removal.remove(id)
        }
        if let (entry, value) = initial {
            let context = DeliveryContext.current
            context.deliver {
                entry.tell(old: nil, new: value, isInitial: true, in: context)
                deliverRounds(in: context)
            }
        }
        return token
    }

    /// What a token needs to end its observation: the state, from which it removes its entry.
    private struct Removal: @unchecked Sendable {
        // Unchecked: `Locked<State>` is sendable only for a sendable `Value`, but `remove`
        // touches no value, only entries, under the lock; and the last token to go releases no
        // value either, since the property's `deinit` released them on its own thread.
        let state: Locked<State>

        init(_ state: Locked<State>) { self.state = state }

        func remove(_ id: Int) {
            let removed = state.withLock { $0.remove(id) }
            _ = removed   // the handler, and what it captured, is released outside the lock
        }
    }

    deinit {
        // Tokens still hold the state: the observations end here, and their handlers (and what
        // they captured) and the values are released now, outside the lock. Nothing reads a
        // value after this: only the property does, and tokens only remove entries.
        let released = state.withLock { state in
            defer {
                state.entries = []
                state.priorCount = 0
                state.stored = nil
                state.incoming = nil
                state.pending = []
                state.head = 0
            }
            return (state.entries, state.stored, state.incoming, state.pending)
        }
        _ = released
    }

    @usableFromInline
    enum Start {
        /// Another thread, or an outer call on this one, delivers it.
        case queued
        /// This call delivers it, now: the value is stored and the round's observers taken.
        case now
        /// This call delivers it, now, prior notifications first (see `deliverRounds`).
        case nowWithPrior
        /// Set from inside a handler: delivered after that handler's round.
        case deferred
    }

    @inlinable
    func set(_ newValue: Value) {
        let newValue = transform?(newValue) ?? newValue
        let context = DeliveryContext.current
        let insideHandler = context.depth > 0
        if insideHandler, let isEqual {
            // Compared outside the lock (`==` is the caller's code); a value set by another
            // thread in between only means this set is ordered before it.
            if isEqual(state.withLock { $0.latest }, newValue) { return }
        }
        // The value replaced and the observers to tell, when the round starts right here.
        var old: Value? = nil
        var entries: [Entry] = []
        let start = state.withLock { state -> Start in
            if state.isDelivering {
                state.pending.append(.value(newValue))
                return .queued
            }
            state.isDelivering = true
            if insideHandler {
                state.pending.append(.value(newValue))
                return .deferred
            }
            guard state.priorCount == 0 else {
                state.incoming = newValue
                return .nowWithPrior
            }
            // No prior notification to run first: the value is stored, and the round starts,
            // in this one critical section. `old` is released outside the lock.
            old = state.value
            state.value = newValue
            entries = state.entries
            return .now
        }
        switch start {
        case .queued:
            return
        case .deferred:
            context.enqueue { self.deliverRounds(in: context) }
        case .nowWithPrior:
            context.deliver { deliverRounds(in: context) }
        case .now:
            context.deliver {
                // Set in the critical section that returned `.now`.
                tell(entries, old: old!, new: newValue, in: context)
                deliverRounds(in: context)
            }
        }
    }

    /// Tells `entries` of one stored value.
    @inlinable
    func tell(_ entries: [Entry], old: Value, new: Value, in context: DeliveryContext) {
        for entry in entries {
            entry.tell(old: old, new: new, in: context)
        }
    }

    /// Delivers what is pending until nothing is left. Called by the one thread delivering.
    @inlinable
    func deliverRounds(in context: DeliveryContext) {
        while let step = state.withLock({ $0.nextStep() }) {
            switch step {
            case let .initial(entry, value):
                entry.tell(old: nil, new: value, isInitial: true, in: context)
            case let .round(old, new, entries, isStored):
                if !isStored {
                    for entry in entries where entry.options.contains(.prior) {
                        entry.tell(old: old, new: nil, isPrior: true, in: context)
                    }
                    state.withLock { state in
                        state.value = new   // `old` still holds the value replaced: released outside
                        state.incoming = nil
                    }
                }
                tell(entries, old: old, new: new, in: context)
            }
        }
    }
}

extension ObservableProperty: Sendable where Value: Sendable {}
extension ObservableProperty.State: Sendable where Value: Sendable {}
extension ObservableProperty.Entry: Sendable where Value: Sendable {}
extension ObservableProperty.Pending: Sendable where Value: Sendable {}

// MARK: - Observed

/// Declares an observable property: `@Observed var name = ""`, observed through `$name`.
///
/// ```swift
/// final class LoginViewModel {
///     @Observed(transform: LoginViewModel.clean) var name = ""
///     @Observed var password = ""
/// }
/// ```
///
/// ## Reference semantics
/// The wrapper holds an ``ObservableProperty``, an object: what is observed is that object, as
/// KVO observes an object's property. Declare `@Observed` properties in classes. In a struct,
/// every copy shares the one observable: after `var copy = original`, `copy.name = "x"` sets
/// `original.name` too and is told to `original.$name`'s observers, and a `let` copy can be set
/// (the setter is `nonmutating`). Copy-on-write is deliberately not done: giving a copy its own
/// observable on its first write would cut off, silently, every observer of the copy being
/// written. For an observable value with value semantics, observe the whole value:
///
/// ```swift
/// struct LoginState: Equatable, Sendable { var name = ""; var password = "" }
/// final class LoginViewModel {
///     @Observed var state = LoginState()   // copies of `state` are independent values
/// }
/// ```
@propertyWrapper
public struct Observed<Value> {
    /// The observable behind the property.
    public let projectedValue: ObservableProperty<Value>

    public init(wrappedValue: Value) {
        projectedValue = ObservableProperty(wrappedValue)
    }

    /// An observed `Equatable` value: from inside a handler, setting an equal value changes
    /// nothing (see ``ObservableProperty``).
    public init(wrappedValue: Value) where Value: Equatable & Sendable {
        projectedValue = ObservableProperty(wrappedValue)
    }

    /// Every value set is first passed through `transform`; see `ObservableProperty.init(_:transform:)`.
    public init(wrappedValue: Value, transform: @escaping @Sendable (Value) -> Value) {
        projectedValue = ObservableProperty(wrappedValue, transform: transform)
    }

    /// Every value set is first passed through `transform`; see `ObservableProperty.init(_:transform:)`.
    public init(wrappedValue: Value, transform: @escaping @Sendable (Value) -> Value) where Value: Equatable & Sendable {
        projectedValue = ObservableProperty(wrappedValue, transform: transform)
    }

    public var wrappedValue: Value {
        @inlinable get { projectedValue.value }
        @inlinable nonmutating set { projectedValue.value = newValue }
    }
}

extension Observed: Sendable where Value: Sendable {}
