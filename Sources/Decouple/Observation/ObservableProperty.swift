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
/// - ``ObservationOptions/prior`` notifications run when the value is set, before it is stored.
/// - Once `cancel()` returns, the handler is never called again. Releasing the token, its bag or
///   this property ends the observation in the same way.
@MainActor
public final class ObservableProperty<Value>: ObservableValue {
    @usableFromInline var stored: Value
    /// In the order they began observing; some may have ended since (see ``Entry/isLive``).
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var priorCount = 0
    @usableFromInline let transform: ((Value) -> Value)?
    @usableFromInline let isEqual: ((Value, Value) -> Bool)?
    /// Entries counted when they were last swept of ended ones: the next sweep waits until the
    /// list has doubled, so that observing is O(1) amortized.
    private var sweptCount = 0

    /// One observation. It lasts while its token exists and is not cancelled: a token released
    /// anywhere ends it at once, as its weak reference reads `nil` from then on.
    @usableFromInline @MainActor
    final class Entry {
        @usableFromInline let options: ObservationOptions
        @usableFromInline let handler: (ObservedChange<Value>) -> Void
        @usableFromInline weak var token: CancellationToken?

        init(options: ObservationOptions, handler: @escaping (ObservedChange<Value>) -> Void) {
            self.options = options
            self.handler = handler
        }

        @inlinable var isLive: Bool { token.map { !$0.isCancelled } ?? false }
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
        stored = transform?(value) ?? value
        self.transform = transform
        isEqual = nil
    }

    /// Makes a property holding `value` that compares values: from inside a handler, setting a
    /// value equal to the current one changes nothing, so an observer that writes back the value
    /// it was given causes no further change.
    public init(_ value: Value, transform: ((Value) -> Value)? = nil) where Value: Equatable {
        stored = transform?(value) ?? value
        self.transform = transform
        isEqual = { $0 == $1 }
    }

    /// The current value. Setting it tells the observers, as ``ObservableProperty`` describes.
    public var value: Value {
        @inlinable get { stored }
        @inlinable set { set(newValue) }
    }

    /// Calls `handler` as the value changes, as `options` say, until the token is cancelled or
    /// released, or this property goes.
    public func observe(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
        if entries.count >= 2 * sweptCount + 8 { sweep() }
        let entry = Entry(options: options, handler: handler)
        // The entry (and the handler) is this property's alone, and goes with it.
        let token = CancellationToken { [weak self, weak entry] in
            if let self, let entry { self.remove(entry) }
        }
        entry.token = token
        entries.append(entry)
        if options.contains(.prior) { priorCount += 1 }
        if options.contains(.initial) {
            Rounds.run { handler(ObservedChange(options, old: nil, new: stored, isInitial: true)) }
        }
        return token
    }

    /// How many observations are on, for tests.
    package var observerCount: Int { entries.count { $0.isLive } }

    private func remove(_ entry: Entry) {
        guard let index = entries.firstIndex(where: { $0 === entry }) else { return }
        entries.remove(at: index)
        if entry.options.contains(.prior) { priorCount -= 1 }
    }

    /// Drops the entries whose observation has ended.
    private func sweep() {
        entries.removeAll { entry in
            guard !entry.isLive else { return false }
            if entry.options.contains(.prior) { priorCount -= 1 }
            return true
        }
        sweptCount = entries.count
    }

    // Inlinable: in the caller's module, setting compiles to code specialised for `Value`.
    @inlinable
    func set(_ newValue: Value) {
        let newValue = transform?(newValue) ?? newValue
        if Rounds.depth > 0, let isEqual, isEqual(stored, newValue) { return }
        if priorCount > 0 { tellPrior() }
        let old = stored
        stored = newValue
        let entries = self.entries
        guard !entries.isEmpty else { return }
        if Rounds.isIdle {
            Rounds.run { Self.tell(entries, old: old, new: newValue) }
        } else {
            // Told after the rounds before it, unless this property has gone by then.
            Rounds.enqueue { [weak self] in
                if self != nil { Self.tell(entries, old: old, new: newValue) }
            }
        }
    }

    @inlinable
    static func tell(_ entries: [Entry], old: Value, new: Value) {
        for entry in entries where entry.isLive {
            entry.handler(ObservedChange(entry.options, old: old, new: new))
        }
    }

    /// The prior notifications of a value about to be stored, while ``value`` reads the old one.
    @usableFromInline
    func tellPrior() {
        let old = stored
        let entries = self.entries
        Rounds.run {
            for entry in entries where entry.options.contains(.prior) && entry.isLive {
                entry.handler(ObservedChange(entry.options, old: old, new: nil, isPrior: true))
            }
        }
    }

    deinit {
        // The observations end with the property: a round being told as it goes tells no one
        // else. (A property released on another thread has no round being told.)
        let entries = self.entries
        guard !entries.isEmpty, MainActorTurn.isOnMainActor else { return }
        MainActor.assumeIsolated {
            for entry in entries { entry.token?.cancel() }
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

    public init(wrappedValue: Value) {
        projectedValue = ObservableProperty(wrappedValue)
    }

    /// An observed `Equatable` value: from inside a handler, setting an equal value changes
    /// nothing (see ``ObservableProperty``).
    public init(wrappedValue: Value) where Value: Equatable {
        projectedValue = ObservableProperty(wrappedValue)
    }

    /// Every value set is first passed through `transform`, as `ObservableProperty.init(_:transform:)` describes.
    public init(wrappedValue: Value, transform: @escaping (Value) -> Value) {
        projectedValue = ObservableProperty(wrappedValue, transform: transform)
    }

    /// Every value set is first passed through `transform`, and equal values are compared.
    public init(wrappedValue: Value, transform: @escaping (Value) -> Value) where Value: Equatable {
        projectedValue = ObservableProperty(wrappedValue, transform: transform)
    }

    public var wrappedValue: Value {
        @inlinable get { projectedValue.value }
        @inlinable nonmutating set { projectedValue.value = newValue }
    }
}
