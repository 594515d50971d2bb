// MARK: - Derived

/// A read-only value computed from other observable values, kept up to date as they change —
/// what the seed builds with `combineLatest:reduce:` and `map:`.
///
/// ```swift
/// let buttonEnabled = Derived(viewModel.$name, viewModel.$password) { name, password in
///     name.count > 5 && password.count > 5
/// }
/// button.bind(\.isEnabled, to: buttonEnabled)
/// ```
///
/// A derived value computes its first value, starts observing its sources, then computes again:
/// a change made while the first value was computed is never missed (the transform runs twice
/// when the value is made).
///
/// A derived value holds its sources' observations; its observers' tokens hold it. So a
/// derived value used only by a binding lives exactly as long as that binding. Its sources and
/// its value are `Sendable`, because it recomputes on a thread that changed a source. Sources
/// changed on several threads at once are recomputed one at a time, and again after the last
/// change, so the value always ends computed from the sources' last values.
public final class Derived<Value: Sendable>: ObservableValue, Sendable {
    private let storage: ObservableProperty<Value>
    private let upstream = CancellationBag()
    /// Whether a thread is recomputing, and whether a source changed since it began.
    private let recomputing = Locked((isRunning: false, isStale: false))

    private init(initial: Value) {
        storage = ObservableProperty(initial)
    }

    public var value: Value { storage.value }

    public func observe(options: ObservationOptions = [.new], _ handler: @escaping @Sendable (ObservedChange<Value>) -> Void) -> CancellationToken {
        let inner = storage.observe(options: options, handler)
        // The outer token keeps this value (and so its upstream observations) alive.
        return CancellationToken(retaining: [self, inner]) { inner.cancel() }
    }

    @MainActor
    func observeNumbered(options: ObservationOptions, _ tell: @escaping @MainActor @Sendable (ObservedChange<Value>) -> Bool) -> CancellationToken {
        let inner = storage.observeNumbered(options: options, tell)
        return CancellationToken(retaining: [self, inner]) { inner.cancel() }
    }

    /// Recomputes the value with `compute` (`nil` once a source is gone). Only one thread
    /// computes at a time: a change that arrives meanwhile marks the value stale, and the
    /// computing thread computes again, so a computation that read older values is never stored
    /// after one that read newer ones. `compute` and the observers run outside the lock.
    private func recompute(_ compute: () -> Value?) {
        let starts = recomputing.withLock { state -> Bool in
            guard !state.isRunning else {
                state.isStale = true
                return false
            }
            state.isRunning = true
            return true
        }
        guard starts else { return }
        var again = true
        while again {
            if let value = compute() { storage.value = value }
            again = recomputing.withLock { state -> Bool in
                defer { state.isStale = false }
                state.isRunning = state.isStale
                return state.isStale
            }
        }
    }

    /// Observes `source` for as long as this value lives, without keeping this value alive.
    private func follow<Source: ObservableValue & Sendable>(_ source: Source, _ recompute: @escaping @Sendable (Derived) -> Void) {
        source.observe(options: [.new]) { [weak self] _ in
            if let self { recompute(self) }
        }.store(in: upstream)
    }

    /// A value computed from one source: `Derived(source) { transform($0) }`.
    public convenience init<Source: ObservableValue & Sendable>(_ source: Source, _ transform: @escaping @Sendable (Source.Value) -> Value) {
        self.init(initial: transform(source.value))
        // Sources are captured weakly: a derived value never keeps its sources alive.
        let recompute: @Sendable (Derived) -> Void = { [weak source] derived in
            derived.recompute { source.map { transform($0.value) } }
        }
        follow(source, recompute)
        // Observed from here on: a change made since the first read is computed again.
        recompute(self)
    }

    /// A value computed from two sources, updated when either changes (`combineLatest:reduce:`).
    public convenience init<A: ObservableValue & Sendable, B: ObservableValue & Sendable>(
        _ a: A, _ b: B, _ combine: @escaping @Sendable (A.Value, B.Value) -> Value
    ) {
        self.init(initial: combine(a.value, b.value))
        let recompute: @Sendable (Derived) -> Void = { [weak a, weak b] derived in
            derived.recompute {
                guard let a, let b else { return nil }
                return combine(a.value, b.value)
            }
        }
        follow(a, recompute)
        follow(b, recompute)
        recompute(self)
    }

    /// A value computed from three sources, updated when any changes.
    public convenience init<A: ObservableValue & Sendable, B: ObservableValue & Sendable, C: ObservableValue & Sendable>(
        _ a: A, _ b: B, _ c: C, _ combine: @escaping @Sendable (A.Value, B.Value, C.Value) -> Value
    ) {
        self.init(initial: combine(a.value, b.value, c.value))
        let recompute: @Sendable (Derived) -> Void = { [weak a, weak b, weak c] derived in
            derived.recompute {
                guard let a, let b, let c else { return nil }
                return combine(a.value, b.value, c.value)
            }
        }
        follow(a, recompute)
        follow(b, recompute)
        follow(c, recompute)
        recompute(self)
    }
}

// MARK: - Operators

extension ObservableValue where Self: Sendable {
    /// A derived value: this value transformed.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Value) -> T) -> Derived<T> {
        Derived(self, transform)
    }
}

extension ObservableValue {
    /// Calls `handler` with each new value that passes `isIncluded` (the seed's `filter:`
    /// followed by `subscribeNext:`). Both run on the thread that set the value.
    public func observeValues(
        where isIncluded: @escaping @Sendable (Value) -> Bool = { _ in true },
        options: ObservationOptions = [.new],
        _ handler: @escaping @Sendable (Value) -> Void
    ) -> CancellationToken {
        observe(options: options.union(.new)) { change in
            if !change.isPrior, let new = change.new, isIncluded(new) { handler(new) }
        }
    }
}

extension ObservableValue where Value: Equatable & Sendable {
    /// Calls `handler` only when the value actually changes — not when an equal value is set.
    public func observeDistinct(options: ObservationOptions = [.new], _ handler: @escaping @Sendable (ObservedChange<Value>) -> Void) -> CancellationToken {
        let last = Locked(value)
        return observe(options: options.union([.new])) { change in
            guard !change.isPrior, let new = change.new else { return handler(change) }
            let changed = last.withLock { last -> Bool in
                defer { last = new }
                return change.isInitial || last != new
            }
            if changed { handler(change) }
        }
    }
}
