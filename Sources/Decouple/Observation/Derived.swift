// MARK: - Derived

/// A read-only value computed from other observable values, kept up to date as they change:
/// what the seed builds with `combineLatest:reduce:` and `map:`.
///
/// ```swift
/// let buttonEnabled = Derived(viewModel.$name, viewModel.$password) { name, password in
///     name.count > 5 && password.count > 5
/// }
/// button.bind(\.isEnabled, to: buttonEnabled)
/// ```
///
/// A source's change is computed in that source's round, so ``value`` reads the new value at
/// once, and it is told to this value's observers after the round, as any value set inside a
/// handler is. A derived value holds its sources' observations, not its sources; its
/// observers' tokens hold it. So a derived value used only by a binding lives exactly as long
/// as that binding.
@MainActor
public final class Derived<Value>: ObservableValue {
    private let storage: ObservableProperty<Value>
    private var upstream: [CancellationToken] = []

    private init(initial: Value) {
        storage = ObservableProperty(initial)
    }

    public var value: Value { storage.value }

    public func observe(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
        let inner = storage.observe(options: options, handler)
        // The outer token keeps this value (and so its upstream observations) alive.
        return CancellationToken(retaining: [self, inner]) { [weak inner] in inner?.cancel() }
    }

    /// Recomputes with `compute` whenever `source` changes, while `source` and this value live.
    private func follow<Source: ObservableValue>(_ source: Source, _ compute: @escaping () -> Value?) {
        upstream.append(source.observe(options: [.new]) { [weak self] _ in
            if let self, let value = compute() { self.storage.value = value }
        })
    }

    /// A value computed from one source: `Derived(source) { transform($0) }`.
    public convenience init<Source: ObservableValue>(_ source: Source, _ transform: @escaping (Source.Value) -> Value) {
        self.init(initial: transform(source.value))
        // Sources are captured weakly: a derived value never keeps its sources alive.
        follow(source) { [weak source] in source.map { transform($0.value) } }
    }

    /// A value computed from two sources, updated when either changes (`combineLatest:reduce:`).
    public convenience init<A: ObservableValue, B: ObservableValue>(_ a: A, _ b: B, _ combine: @escaping (A.Value, B.Value) -> Value) {
        self.init(initial: combine(a.value, b.value))
        let compute = { [weak a, weak b] () -> Value? in
            guard let a, let b else { return nil }
            return combine(a.value, b.value)
        }
        follow(a, compute)
        follow(b, compute)
    }

    /// A value computed from three sources, updated when any changes.
    public convenience init<A: ObservableValue, B: ObservableValue, C: ObservableValue>(
        _ a: A, _ b: B, _ c: C, _ combine: @escaping (A.Value, B.Value, C.Value) -> Value
    ) {
        self.init(initial: combine(a.value, b.value, c.value))
        let compute = { [weak a, weak b, weak c] () -> Value? in
            guard let a, let b, let c else { return nil }
            return combine(a.value, b.value, c.value)
        }
        follow(a, compute)
        follow(b, compute)
        follow(c, compute)
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
    /// Calls `handler` only when the value actually changes, not when an equal value is set.
    public func observeDistinct(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
        var last = value
        return observe(options: options.union([.new])) { change in
            guard !change.isPrior, let new = change.new else { return handler(change) }
            defer { last = new }
            if change.isInitial || last != new { handler(change) }
        }
    }
}
