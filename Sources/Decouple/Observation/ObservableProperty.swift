// MARK: - ObservableProperty

/// A value that tells its observers about every change, with KVO's options and none of its
/// crashes, on the main actor.
///
/// Usually declared with ``Observed``:
///
/// ```swift
/// @MainActor final class ProfileViewModel {
///     @Observed var name = "小明"
/// }
/// let token = viewModel.$name.observe(options: [.old, .new]) { change in
///     print(change.old!, "→", change.new!)
/// }
/// viewModel.name = "小红"        // prints 小明 → 小红
/// ```
///
/// It lives on the main actor, as a screen's state does: setting or observing it from another
/// thread does not compile. Hand it a value from elsewhere by awaiting a main-actor set, and read
/// its values elsewhere through ``ObservableValue/values(bufferingPolicy:)``.
///
/// ## Delivery
/// The `DeliveryContract` article states every promise, each with its test. In short:
/// - A value set outside every handler is stored and told to every observer before the set
///   returns. A value set inside a handler is stored at once (``value`` reads it) and told after
///   the current round, first in, first out, so no observer sees an older value after a newer one.
/// - Each observer is told every value set after it began observing, in the order set.
/// - From inside a handler, setting a value equal (`==`) to the current one changes nothing, so
///   two values bound both ways settle. Outside handlers every set is told, as with KVO.
/// - ``ObservationOptions/prior`` calls come before a change is told, with the value it replaces:
///   for a value set outside handlers, before it is stored.
/// - Once `cancel()` returns, the handler is never called again. Releasing the token or its bag
///   ends the observation in the same way, and so does releasing this property, once nothing
///   holds it (a set, an observe or a round being told holds it until it returns).
@MainActor
public final class ObservableProperty<Value>: ObservableValue {
    /// The value and its observers, in one stored property: each access to a class's stored
    /// property is checked for exclusivity at run time, and a set makes one access, not three.
    @usableFromInline var core: Core
    @usableFromInline let transform: ((Value) -> Value)?
    @usableFromInline let isEqual: ((Value, Value) -> Bool)?

    @usableFromInline
    struct Core {
        @usableFromInline var value: Value
        /// In the order they began observing.
        @usableFromInline var entries: [Entry] = []
        /// How many entries ask for prior calls.
        @usableFromInline var priorCount = 0
        /// The derived values computed from this one, computed again as it is stored.
        @usableFromInline var dependents: [Weak<AnyObject>] = []

        init(_ value: Value) { self.value = value }

        /// Stores `new` and returns what the round needs, unless prior calls must come first and
        /// may (then nothing changes).
        @inlinable
        mutating func store(_ new: Value, unlessPrior: Bool) -> Round? {
            guard !unlessPrior || priorCount == 0 else { return nil }
            defer { value = new }
            return (value, entries, priorCount > 0, dependents)
        }
    }

    /// What a set tells, taken as the value is stored.
    @usableFromInline
    typealias Round = (old: Value, entries: [Entry], hasPrior: Bool, dependents: [Weak<AnyObject>])

    /// One observation. It lasts while its token exists and has not been cancelled: cancelling
    /// clears ``token``, and a token released anywhere leaves it reading `nil` at once.
    @usableFromInline @MainActor
    final class Entry {
        @usableFromInline let options: ObservationOptions
        @usableFromInline let handler: (ObservedChange<Value>) -> Void
        @usableFromInline weak var token: CancellationToken?

        init(options: ObservationOptions, handler: @escaping (ObservedChange<Value>) -> Void) {
            self.options = options
            self.handler = handler
        }

        @inlinable var isLive: Bool { token != nil }
    }

    /// Makes a property holding `value`. Values that are not `Equatable` are never compared:
    /// a handler that always sets its own property never stops.
    ///
    /// - Parameters:
    ///   - value: The first value, passed through `transform` too.
    ///   - transform: Applied to every value set, the first included, before it is stored or
    ///     told: a field bound to a property that cleans its text shows the cleaned text as it
    ///     is typed, with no loop.
    public init(_ value: Value, transform: ((Value) -> Value)? = nil) {
        core = Core(transform?(value) ?? value)
        self.transform = transform
        isEqual = nil
    }

    /// Makes a property holding `value` that compares values: from inside a handler, setting a
    /// value equal to the current one changes nothing, so an observer that writes back the value
    /// it was given causes no further change.
    public init(_ value: Value, transform: ((Value) -> Value)? = nil) where Value: Equatable {
        core = Core(transform?(value) ?? value)
        self.transform = transform
        isEqual = { $0 == $1 }
    }

    /// The current value. Setting it tells the observers, as ``ObservableProperty`` describes.
    public var value: Value {
        @inlinable get { core.value }
        @inlinable set { set(newValue) }
    }

    /// Calls `handler` as the value changes, as `options` say, until the token is cancelled or
    /// released, or this property goes.
    public func observe(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
        let entry = Entry(options: options, handler: handler)
        // The entry (and the handler) is this property's alone, and goes with it. The token
        // names it, without a reference: a weak one would make every retain of the entry, on
        // every call, take the slow path through its side table.
        let id = ObjectIdentifier(entry)
        let token = CancellationToken { [weak self] in self?.remove(id) }
        entry.token = token
        core.entries.append(entry)
        if options.contains(.prior) { core.priorCount += 1 }
        if options.contains(.initial) {
            let value = core.value
            Rounds.run { handler(ObservedChange(options, old: nil, new: value, isInitial: true)) }
        }
        return token
    }

    /// How many observations are on, for tests.
    package var observerCount: Int { core.entries.count { $0.isLive } }

    /// The observations, for tests.
    var entries: [Entry] { core.entries }

    /// Ends an observation: rounds already taken skip it, and it leaves the list.
    private func remove(_ id: ObjectIdentifier) {
        guard let index = core.entries.firstIndex(where: { ObjectIdentifier($0) == id }) else { return }
        // Returned, so that it is released after the access to the entries has ended.
        let removed = core.entries.remove(at: index)
        removed.token = nil
        if removed.options.contains(.prior) { core.priorCount -= 1 }
    }

    /// Computes `derived` again whenever this value is stored, while `derived` lives.
    func addDependent(_ derived: AnyObject) {
        core.dependents.removeAll { $0.object == nil }
        core.dependents.append(Weak(derived))
    }

    // Inlinable: in the caller's module, setting compiles to code specialised for `Value`.
    @inlinable
    func set(_ newValue: Value) {
        let newValue = transform?(newValue) ?? newValue
        // Outside every handler, this call tells the round at once (`began`); inside one, it is
        // queued.
        let began = Rounds.beginIfIdle()
        if !began, let isEqual, isEqual(core.value, newValue) { return }
        let round: Round
        var ranPrior = false
        if let stored = core.store(newValue, unlessPrior: began) {
            round = stored
        } else {
            // The prior calls of a value set outside every handler, before it is stored: `value`
            // still reads the value it replaces.
            let (old, entries) = (core.value, core.entries)
            Rounds.run { self.tellPrior(entries, old: old) }
            ranPrior = true
            round = core.store(newValue, unlessPrior: false)!
        }
        // Told here when nothing waits (prior calls may have queued rounds), before the rounds
        // that computing the derived values queues; otherwise queued now, after what waits.
        let tellsNow = began && (!ranPrior || Rounds.isQueueEmpty)
        if !tellsNow, !round.entries.isEmpty {
            // Told with its prior calls, unless this property has gone by then; the round holds
            // the property (`self`, unwrapped) while it is told, as a set does.
            let prior = round.hasPrior && !began
            Rounds.enqueue { [weak self] in
                guard let self else { return }
                if prior { self.tellPrior(round.entries, old: round.old) }
                self.tell(round.entries, old: round.old, new: newValue)
            }
        }
        if !round.dependents.isEmpty { Rounds.recompute(round.dependents) }
        if tellsNow { tell(round.entries, old: round.old, new: newValue) }
        if began { Rounds.end() }
    }

    @inlinable
    func tell(_ entries: [Entry], old: Value, new: Value) {
        for entry in entries where entry.isLive {
            entry.handler(ObservedChange(entry.options, old: old, new: new))
        }
    }

    @usableFromInline
    func tellPrior(_ entries: [Entry], old: Value) {
        for entry in entries where entry.options.contains(.prior) && entry.isLive {
            entry.handler(ObservedChange(entry.options, old: old, new: nil, isPrior: true))
        }
    }
}

// MARK: - Observed

/// Declares an observable property of a main-actor class: `@Observed var name = ""`, observed
/// through `$name`.
///
/// ```swift
/// @MainActor final class LoginViewModel {
///     @Observed(transform: LoginViewModel.clean) var name = ""
///     @Observed var password = ""
/// }
/// ```
///
/// ## Reference semantics
/// The wrapper holds an ``ObservableProperty``, an object: what is observed is that object, as
/// KVO observes an object's property. Declare `@Observed` properties in classes. In a struct,
/// every copy shares the one observable: after `var copy = original`, `copy.name = "x"` sets
/// `original.name` too. For an observable value with value semantics, observe the whole value:
/// `@Observed var state = LoginState()`.
@MainActor @propertyWrapper
public struct Observed<Value> {
    /// The observable behind the property.
    public let projectedValue: ObservableProperty<Value>

    /// - Parameters:
    ///   - wrappedValue: The first value.
    ///   - transform: Applied to every value set first; see `ObservableProperty.init(_:transform:)`.
    public init(wrappedValue: Value, transform: ((Value) -> Value)? = nil) {
        projectedValue = ObservableProperty(wrappedValue, transform: transform)
    }

    /// An observed `Equatable` value: from inside a handler, setting an equal value changes
    /// nothing (see ``ObservableProperty``).
    public init(wrappedValue: Value, transform: ((Value) -> Value)? = nil) where Value: Equatable {
        projectedValue = ObservableProperty(wrappedValue, transform: transform)
    }

    public var wrappedValue: Value {
        @inlinable get { projectedValue.value }
        @inlinable nonmutating set { projectedValue.value = newValue }
    }
}
