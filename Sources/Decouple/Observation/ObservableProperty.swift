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

    @usableFromInline
    package init(old: Value?, new: Value?, isPrior: Bool = false, isInitial: Bool = false) {
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
/// Handlers passed to ``observe(options:_:)`` are `@Sendable`: they run on a thread that set
/// the value, or one that took over its delivery (see the `DeliveryContract` article). Code on
/// the main actor observes with ``observe(_:options:_:)`` instead, whose handler is main-actor
/// isolated and is called on the main actor.
public protocol ObservableValue<Value>: AnyObject {
    associatedtype Value
    /// The current value.
    var value: Value { get }
    /// Calls `handler` as the value changes, as the options say, until the token is cancelled or
    /// released.
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
    /// The handler always runs on the main actor, and is coalesced there, as SwiftUI's updates
    /// are: with ``ObservationOptions/initial`` it is called before this returns, with the
    /// value stored now; a value set on the main actor is told at once; a value set on another
    /// thread is told on the main actor's next turn, unless a newer one was set meanwhile, which
    /// is told instead. So the handler may skip values, never sees a value older than one it
    /// was told, and always ends on the value stored.
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
        return observeOnMainActor(options: options) { change in deliver(box, change) }
    }

    /// Registers a main-actor observation delivering through `tell`, and makes its initial call.
    /// ``ObservableProperty`` and ``Derived`` number their values, so that a change is told only
    /// while no newer value has been set; another conformer's changes are numbered as they arrive.
    @MainActor @usableFromInline
    func observeOnMainActor(options: ObservationOptions, _ tell: @escaping @MainActor @Sendable (ObservedChange<Value>) -> Bool) -> CancellationToken {
        if let property = self as? ObservableProperty<Value> {
            return property.observeNumbered(options: options, tell)
        }
        if let derived = self as? Derived<Value> {
            return derived.observeNumbered(options: options, tell)
        }
        let inbox = MainActorInbox<Value>(tell, isLatest: nil)
        let inner = observe(options: options) { change in inbox.receive(change, version: nil, isNewest: true, isInsideGate: false) }
        let token = CancellationToken(retaining: [inner]) {
            inbox.gate.close()
            inner.cancel()
        }
        inbox.attach(token)
        return token
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
/// Handlers run after the lock is released, so a handler may set values, observe or cancel.
///
/// ## Delivery
/// The `DeliveryContract` article states every promise, each with its test. In short:
/// - Observers are told of every value, in the order the values were set, one round at a time:
///   the handlers of one property never run at once.
/// - A value set while a round is being delivered is stored at once (``value`` reads it) and
///   delivered after that round by the thread delivering. A call delivers what was waiting
///   when it began and what its own handlers set; values that other threads set meanwhile are
///   handed to a Dispatch worker, so no call runs for longer because other threads keep setting.
/// - From inside a handler, setting a value equal (`==`) to the current one changes nothing and
///   tells no one, which ends the cascade of two values bound to each other. Outside handlers,
///   every set is told, equal or not, as with KVO. (Values that are not `Equatable` and
///   `Sendable` are not compared: a handler that always sets its own property never stops.)
/// - A value set from inside a handler is told after that handler's round, from the outermost
///   set on this thread, so long chains of derived values are told one after another.
/// - A prior notification runs while the property still holds the value it replaces.
/// - `cancel()` returns only once the handler is not running on another thread and will not be
///   entered again; called from inside a handler, it does not wait.
public final class ObservableProperty<Value>: ObservableValue {
    // Setting a value is inlinable: in the caller's module it compiles to code specialised for
    // `Value`, without generic metadata look-ups.

    /// One observation. Its fields are constants.
    @usableFromInline
    final class Entry {
        @usableFromInline let id: Int
        @usableFromInline let options: ObservationOptions
        /// Told each change, with the number of the value it is about and whether that value
        /// was the newest set when the round was taken.
        @usableFromInline let handler: @Sendable (ObservedChange<Value>, Int, Bool) -> Void
        /// Whether the observation is still on, closed by its token.
        @usableFromInline let gate: ObservationGate
        /// Whether its handler runs only on the main actor, so that its prior notifications must
        /// be made there.
        @usableFromInline let needsMainActorForPrior: Bool

        @usableFromInline
        init(id: Int, options: ObservationOptions, isMainActor: Bool, gate: ObservationGate, handler: @escaping @Sendable (ObservedChange<Value>, Int, Bool) -> Void) {
            self.id = id
            self.options = options
            self.handler = handler
            self.gate = gate
            needsMainActorForPrior = isMainActor && options.contains(.prior)
        }

        /// Tells the handler of a value, with what its options ask for, unless it has ended.
        @inlinable
        func tell(old: Value?, new: Value?, version: Int, isNewest: Bool = true, isPrior: Bool = false, isInitial: Bool = false, in context: DeliveryContext) {
            gate.run(in: context) {
                handler(ObservedChange(
                    old: options.contains(.old) ? old : nil,
                    new: options.contains(.new) ? new : nil,
                    isPrior: isPrior,
                    isInitial: isInitial), version, isNewest)
            }
        }
    }

    /// What waits for the thread delivering rounds, in the order it came, with the thread
    /// (its ``DeliveryContext``) that asked for it.
    @usableFromInline
    enum Pending {
        case value(Value, version: Int, by: ObjectIdentifier)
        /// An observation made while rounds were being delivered: it joins here.
        case observer(Entry, by: ObjectIdentifier)
        /// Taken, or an observation cancelled before it joined.
        case taken

        @inlinable var thread: ObjectIdentifier? {
            switch self {
            case let .value(_, _, thread), let .observer(_, thread): thread
            case .taken: nil
            }
        }
    }

    /// What the delivering thread does next.
    @usableFromInline
    enum Step {
        /// An observation joins and asks for its initial call, with the value told last.
        case initial(Entry, Value, version: Int)
        /// A round: `new` is told to `entries`; it is stored already unless prior notifications
        /// run first. `isNewest`: no value was set after it when it was taken.
        case round(old: Value, new: Value, version: Int, isNewest: Bool, entries: [Entry], isStored: Bool)
        /// What waits now was asked for by other threads after this thread began delivering:
        /// another thread delivers it.
        case handOff
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
        /// The number of `value`: values are numbered 1, 2, … as they are set.
        @usableFromInline var version = 0
        /// The number of the last value set.
        @usableFromInline var lastVersion = 0
        /// In the order observers joined.
        @usableFromInline var entries: [Entry] = []
        @usableFromInline var nextID = 0
        /// Whether a thread is delivering rounds; it delivers everything pending meanwhile.
        @usableFromInline var isDelivering = false
        /// The thread delivering, and where in `pending` the values other threads set after it
        /// began start: those it hands off.
        @usableFromInline var deliverer: ObjectIdentifier?
        @usableFromInline var handOffMark = 0
        /// The value of the round being delivered, until it is stored in `value`.
        @usableFromInline var incoming: Value?
        @usableFromInline var incomingVersion = 0
        /// A round handed to the main actor, for its main-actor prior notifications.
        @usableFromInline var resuming: Step?
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

        /// The last value set and not yet delivered, with its number.
        @inlinable var lastPending: (value: Value, version: Int)? {
            for item in pending[head...].reversed() {
                if case let .value(value, version, _) = item { return (value, version) }
            }
            return nil
        }

        /// The last value set.
        @inlinable var latest: Value { lastPending?.value ?? incoming ?? value }
        /// What `value` reads, with its number: the last value set, except that while the prior
        /// notifications of a round run, the value they precede is not yet readable.
        @inlinable var readable: (value: Value, version: Int) { lastPending ?? (value, version) }
        /// The last value set, with its number, whether it waits, is being delivered or is stored.
        var latestNumbered: (value: Value, version: Int) {
            if let pending = lastPending { return pending }
            if let incoming { return (incoming, incomingVersion) }
            return (value, version)
        }

        @inlinable
        mutating func admit(_ entry: Entry) {
            entries.append(entry)
            if entry.options.contains(.prior) { priorCount += 1 }
        }

        /// Makes `thread` the delivering one, from what waits now on.
        @inlinable
        mutating func startDelivering(by thread: ObjectIdentifier) {
            isDelivering = true
            deliverer = thread
            handOffMark = pending.count
        }

        /// Stores a round's value, once its prior notifications have run.
        @inlinable
        mutating func store(_ new: Value, version: Int) {
            value = new   // the value replaced is still held by the round: released outside
            self.version = version
            incoming = nil
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
                    deliverer = nil
                    return nil
                }
                let next = pending[head]
                if head >= handOffMark, let thread = next.thread, thread != deliverer { return .handOff }
                pending[head] = .taken
                head += 1
                switch next {
                case let .value(value, version, _):
                    incoming = value
                    incomingVersion = version
                case let .observer(entry, _):
                    admit(entry)
                    if entry.options.contains(.initial) { return .initial(entry, value, version: version) }
                case .taken:
                    break
                }
            }
            let new = incoming!
            let old = value   // released outside the lock, after the round
            let isNewest = incomingVersion == lastVersion
            guard priorCount == 0 else {
                return .round(old: old, new: new, version: incomingVersion, isNewest: isNewest, entries: entries, isStored: false)
            }
            store(new, version: incomingVersion)
            return .round(old: old, new: new, version: version, isNewest: isNewest, entries: entries, isStored: true)
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
                if case let .observer(entry, _) = pending[index], entry.id == id {
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
    /// except from inside a handler (see "Delivery").
    public var value: Value {
        @inlinable get { state.withLock { $0.readable.value } }
        @inlinable set { set(newValue) }
    }

    /// How many observations are active.
    package var observerCount: Int {
        state.withLock { state in
            state.entries.count + state.pending.dropFirst(state.head).count { if case .observer = $0 { true } else { false } }
        }
    }

    public func observe(
        options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        let (token, initial) = register(options: options, isMainActor: false, gate: ObservationGate()) { change, _, _ in handler(change) }
        if let (entry, value, version) = initial {
            let context = DeliveryContext.current
            let handle = Handle(state)
            context.deliver {
                entry.tell(old: nil, new: value, version: version, isInitial: true, in: context)
                handle.deliverRounds(in: context)
            }
        }
        return token
    }

    /// Adds an observation. It joins now, unless rounds are being delivered: then it joins after
    /// them, in order. With `.initial`, joining now makes the caller the delivering thread (the
    /// initial call is returned, for the caller to make), so that it comes before any value set
    /// after it.
    func register(
        options: ObservationOptions,
        isMainActor: Bool,
        gate: ObservationGate,
        _ handler: @escaping @Sendable (ObservedChange<Value>, Int, Bool) -> Void
    ) -> (CancellationToken, initial: (Entry, Value, Int)?) {
        let thread = ObjectIdentifier(DeliveryContext.current)
        let (id, initial) = state.withLock { state -> (Int, (Entry, Value, Int)?) in
            let entry = Entry(id: state.nextID, options: options, isMainActor: isMainActor, gate: gate, handler: handler)
            state.nextID += 1
            guard !state.isDelivering else {
                state.pending.append(.observer(entry, by: thread))
                return (entry.id, nil)
            }
            state.admit(entry)
            guard options.contains(.initial) else { return (entry.id, nil) }
            state.startDelivering(by: thread)
            return (entry.id, (entry, state.value, state.version))
        }
        // The token holds the guarded state, not the property, which empties the state in
        // `deinit`.
        let handle = Handle(state)
        let token = CancellationToken {
            gate.close()
            handle.remove(id)
        }
        return (token, initial)
    }

    /// The property's state, as tokens and the threads it hands delivery to hold it.
    @usableFromInline
    struct Handle: @unchecked Sendable {
        // Unchecked: `Locked<State>` is sendable only for a sendable `Value`. A handle crosses
        // threads in two ways. A token removes an entry: it touches no value, only entries,
        // under the lock. A hand-off delivers rounds on another thread: it happens only when
        // another thread set a value or observed, which a property whose value is not sendable
        // (and so is not sendable itself) cannot be reached from.
        @usableFromInline let state: Locked<State>

        @inlinable
        init(_ state: Locked<State>) { self.state = state }

        func remove(_ id: Int) {
            let removed = state.withLock { $0.remove(id) }
            _ = removed   // the handler, and what it captured, is released outside the lock
        }

        /// Delivers what is pending until nothing is left, or until the rest is handed off.
        /// Called by the one thread delivering.
        @inlinable
        func deliverRounds(in context: DeliveryContext) {
            while let step = state.withLock({ $0.nextStep() }) {
                context.reach(.unlocked)
                guard run(step, in: context) else { return }
            }
        }

        /// Runs one step; returns `false` when the delivery moved to another thread.
        @inlinable
        func run(_ step: Step, in context: DeliveryContext, onMainActor: Bool = false) -> Bool {
            switch step {
            case let .initial(entry, value, version):
                entry.tell(old: nil, new: value, version: version, isInitial: true, in: context)
            case let .round(old, new, version, isNewest, entries, isStored):
                if !isStored {
                    if !onMainActor, entries.contains(where: \.needsMainActorForPrior), !MainActorDelivery.isOnMainActor(context) {
                        handOffToMainActor(step, in: context)
                        return false
                    }
                    for entry in entries where entry.options.contains(.prior) {
                        entry.tell(old: old, new: nil, version: version, isNewest: isNewest, isPrior: true, in: context)
                    }
                    state.withLock { $0.store(new, version: version) }
                }
                for entry in entries {
                    entry.tell(old: old, new: new, version: version, isNewest: isNewest, in: context)
                }
            case .handOff:
                handOffToWorker(in: context)
                return false
            }
            return true
        }

        /// Hands what waits to a Dispatch worker, which delivers it (and hands on what other
        /// threads set meanwhile in the same way).
        ///
        /// The worker runs a serial queue of its own, not `DispatchQueue.global()`. The global
        /// queue has about as many threads as there are cores, and Swift tasks run on the same
        /// ones: while each is busy (a task that spins until it sees the value handed off, say),
        /// the delivery would wait for them, and the observers would not reach the stored value.
        /// A serial queue's work gets a thread even then. One queue for each hand-off, not one
        /// for all: a handler may wait for another property's delivery.
        @usableFromInline
        func handOffToWorker(in context: DeliveryContext) {
            context.reach(.handingOff)
            DispatchQueue(label: "Decouple.ObservableProperty.delivery").async {
                let worker = DeliveryContext.current
                state.withLock { $0.startDelivering(by: ObjectIdentifier(worker)) }
                worker.deliver { deliverRounds(in: worker) }
            }
        }

        /// Hands a round whose prior notifications include a main-actor observer's to the main
        /// actor, which makes them before the value is stored, then goes on delivering.
        @usableFromInline
        func handOffToMainActor(_ step: Step, in context: DeliveryContext) {
            context.reach(.handingOff)
            state.withLock { $0.resuming = step }
            Task { @MainActor in
                let main = DeliveryContext.current
                let step = state.withLock { state -> Step? in
                    state.startDelivering(by: ObjectIdentifier(main))
                    defer { state.resuming = nil }
                    return state.resuming
                }
                guard let step else { return }
                main.deliver {
                    if run(step, in: main, onMainActor: true) { deliverRounds(in: main) }
                }
            }
        }

        /// Whether `version` numbers the last value set.
        func isLatest(_ version: Int) -> Bool {
            state.withLock { $0.lastVersion == version }
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
                state.resuming = nil
                state.pending = []
                state.head = 0
            }
            return (state.entries, state.stored, state.incoming, state.resuming, state.pending)
        }
        _ = released
    }

    @usableFromInline
    enum Start {
        /// Another thread, or an outer call on this one, delivers it.
        case queued
        /// This call delivers it, now: the value is stored and the round's observers taken.
        case now
        /// This call delivers it, now, prior notifications first (see `Handle.run`).
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
        let thread = ObjectIdentifier(context)
        // The value replaced and the observers to tell, when the round starts right here.
        var old: Value? = nil
        var entries: [Entry] = []
        var version = 0
        let start = state.withLock { state -> Start in
            state.lastVersion += 1
            version = state.lastVersion
            if state.isDelivering {
                state.pending.append(.value(newValue, version: version, by: thread))
                return .queued
            }
            state.startDelivering(by: thread)
            if insideHandler {
                state.pending.append(.value(newValue, version: version, by: thread))
                return .deferred
            }
            guard state.priorCount == 0 else {
                state.incoming = newValue
                state.incomingVersion = version
                return .nowWithPrior
            }
            // No prior notification to run first: the value is stored, and the round starts,
            // in this one critical section. `old` is released outside the lock.
            old = state.value
            state.store(newValue, version: version)
            entries = state.entries
            return .now
        }
        context.reach(.unlocked)
        let handle = Handle(state)
        switch start {
        case .queued:
            return
        case .deferred:
            context.enqueue { handle.deliverRounds(in: context) }
        case .nowWithPrior:
            context.deliver { handle.deliverRounds(in: context) }
        case .now:
            context.deliver {
                // Set in the critical section that returned `.now`.
                for entry in entries {
                    entry.tell(old: old!, new: newValue, version: version, in: context)
                }
                handle.deliverRounds(in: context)
            }
        }
    }
}

extension ObservableProperty where Value: Sendable {
    /// Registers an entry whose handler passes each change to the main actor's inbox, then makes
    /// the initial call here, with the value stored now.
    @MainActor
    func observeNumbered(options: ObservationOptions, _ tell: @escaping @MainActor @Sendable (ObservedChange<Value>) -> Bool) -> CancellationToken {
        let handle = Handle(state)
        let inbox = MainActorInbox<Value>(tell) { handle.isLatest($0) }
        // Registered first, read second: a value set in between reaches the inbox, which skips
        // it if the initial call already showed it.
        let (token, _) = register(options: options.subtracting(.initial), isMainActor: true, gate: inbox.gate) { change, version, isNewest in
            // Told through the entry's gate, which is the inbox's, as a delivery.
            inbox.receive(change, version: version, isNewest: isNewest, isInsideGate: true)
        }
        inbox.attach(token)
        if options.contains(.initial) {
            // The last value set: a round under way, whose prior calls run now, is not told to
            // an observation that joins after it.
            let (value, version) = state.withLock { $0.latestNumbered }
            inbox.tellInitial(ObservedChange(old: nil, new: options.contains(.new) ? value : nil, isInitial: true), version: version)
        }
        return token
    }
}

extension ObservableProperty: Sendable where Value: Sendable {}
extension ObservableProperty.State: Sendable where Value: Sendable {}
extension ObservableProperty.Entry: Sendable where Value: Sendable {}
extension ObservableProperty.Pending: Sendable where Value: Sendable {}
extension ObservableProperty.Step: Sendable where Value: Sendable {}

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
