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
/// A derived value holds its sources' observations; its observers' tokens hold it. So a
/// derived value used only by a binding lives exactly as long as that binding.
public final class Derived<Value>: ObservableValue, @unchecked Sendable {
    private let storage: Observable<Value>
    private let upstream = CancellationBag()

    private init(initial: Value) {
        storage = Observable(initial)
    }

    public var value: Value { storage.value }

    public func observe(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
        let inner = storage.observe(options: options, handler)
        // The outer token keeps this value (and so its upstream observations) alive.
        return CancellationToken(retaining: [self, inner]) { inner.cancel() }
    }

    private func update(_ value: Value) {
        storage.value = value
    }

    /// A value computed from one source: `Derived(source) { transform($0) }`.
    public convenience init<Source: ObservableValue>(_ source: Source, _ transform: @escaping (Source.Value) -> Value) {
        self.init(initial: transform(source.value))
        source.observe(self, options: [.new]) { derived, change in
            if let new = change.new { derived.update(transform(new)) }
        }.store(in: upstream)
    }

    /// A value computed from two sources, updated when either changes (`combineLatest:reduce:`).
    public convenience init<A: ObservableValue, B: ObservableValue>(
        _ a: A, _ b: B, _ combine: @escaping (A.Value, B.Value) -> Value
    ) {
        self.init(initial: combine(a.value, b.value))
        // Sources are captured weakly: a derived value never keeps its sources alive.
        let recompute = { [weak a, weak b] (derived: Derived) in
            guard let a, let b else { return }
            derived.update(combine(a.value, b.value))
        }
        a.observe(self) { derived, _ in recompute(derived) }.store(in: upstream)
        b.observe(self) { derived, _ in recompute(derived) }.store(in: upstream)
    }

    /// A value computed from three sources, updated when any changes.
    public convenience init<A: ObservableValue, B: ObservableValue, C: ObservableValue>(
        _ a: A, _ b: B, _ c: C, _ combine: @escaping (A.Value, B.Value, C.Value) -> Value
    ) {
        self.init(initial: combine(a.value, b.value, c.value))
        let recompute = { [weak a, weak b, weak c] (derived: Derived) in
            guard let a, let b, let c else { return }
            derived.update(combine(a.value, b.value, c.value))
        }
        a.observe(self) { derived, _ in recompute(derived) }.store(in: upstream)
        b.observe(self) { derived, _ in recompute(derived) }.store(in: upstream)
        c.observe(self) { derived, _ in recompute(derived) }.store(in: upstream)
    }
}

// MARK: - Operators

extension ObservableValue {
    /// A derived value: this value transformed.
    public func map<T>(_ transform: @escaping (Value) -> T) -> Derived<T> {
        Derived(self, transform)
    }

    /// Calls `handler` with each new value that passes `isIncluded` (the seed's `filter:`
    /// followed by `subscribeNext:`).
    public func observeValues(
        where isIncluded: @escaping (Value) -> Bool = { _ in true },
        options: ObservationOptions = [.new],
        _ handler: @escaping (Value) -> Void
    ) -> CancellationToken {
        observe(options: options.union(.new)) { change in
            if !change.isPrior, let new = change.new, isIncluded(new) { handler(new) }
        }
    }
}

extension ObservableValue where Value: Equatable {
    /// Calls `handler` only when the value actually changes — not when an equal value is set.
    public func observeDistinct(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
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
