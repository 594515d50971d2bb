// MARK: - Derived

/// A read-only value computed from other observable values, kept up to date as they change:
/// what ReactiveCocoa builds with `combineLatest:reduce:` and `map:`.
///
/// ```swift
/// let buttonEnabled = Derived(viewModel.$name, viewModel.$password) { name, password in
///     name.count > 5 && password.count > 5
/// }
/// button.bind(\.isEnabled, to: buttonEnabled)
/// ```
///
/// A derived value is computed again as soon as a source is stored, before any observer is
/// told: ``value`` is never older than its sources, inside handlers too. Its own observers are
/// told after the round of the source's value, as of any value set inside a handler. (A source
/// that is neither an ``ObservableProperty`` nor a `Derived` is followed as an observer: the
/// value is computed in that source's round.)
///
/// A derived value holds the derived values it is computed from, not its other sources; its
/// observers' tokens hold it. So a derived value used only by a binding lives exactly as long as
/// that binding.
@MainActor
public final class Derived<Value>: ObservableValue, Recomputing {
    private let storage: ObservableProperty<Value>
    private var compute: (() -> Value?)?
    /// What lives as long as this value: the derived values it is computed from (a chain's
    /// links), and its observations of sources of other kinds.
    private var kept: [AnyObject & Sendable] = []

    private init(initial: Value, _ compute: @escaping () -> Value?) {
        storage = ObservableProperty(initial)
        self.compute = compute
    }

    public var value: Value { storage.value }

    public func observe(options: ObservationOptions = [.new], _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken {
        let inner = storage.observe(options: options, handler)
        // The outer token keeps this value (and so what it is computed from) alive.
        return CancellationToken(retaining: [self, inner]) { [weak inner] in inner?.cancel() }
    }

    func recompute() {
        if let value = compute?() { storage.value = value }
    }

    /// Computes this value again whenever `source` changes, while both live.
    private func follow<Source: ObservableValue>(_ source: Source) {
        if let property = source as? ObservableProperty<Source.Value> {
            property.addDependent(self)
        } else if let derived = source as? Derived<Source.Value> {
            derived.storage.addDependent(self)
            kept.append(derived)
        } else {
            kept.append(source.observe(options: [.new]) { [weak self] _ in self?.recompute() })
        }
    }

    /// A value computed from one source: `Derived(source) { transform($0) }`.
    public convenience init<Source: ObservableValue>(_ source: Source, _ transform: @escaping (Source.Value) -> Value) {
        // Sources are captured weakly: a derived value keeps only derived sources alive.
        self.init(initial: transform(source.value)) { [weak source] in
            guard let source else { return nil }
            return transform(source.value)
        }
        follow(source)
    }

    /// A value computed from two sources, updated when either changes (`combineLatest:reduce:`).
    public convenience init<A: ObservableValue, B: ObservableValue>(_ a: A, _ b: B, _ combine: @escaping (A.Value, B.Value) -> Value) {
        self.init(initial: combine(a.value, b.value)) { [weak a, weak b] in
            guard let a, let b else { return nil }
            return combine(a.value, b.value)
        }
        follow(a)
        follow(b)
    }

    /// A value computed from three sources, updated when any changes.
    public convenience init<A: ObservableValue, B: ObservableValue, C: ObservableValue>(
        _ a: A, _ b: B, _ c: C, _ combine: @escaping (A.Value, B.Value, C.Value) -> Value
    ) {
        self.init(initial: combine(a.value, b.value, c.value)) { [weak a, weak b, weak c] in
            guard let a, let b, let c else { return nil }
            return combine(a.value, b.value, c.value)
        }
        follow(a)
        follow(b)
        follow(c)
    }

    deinit {
        // A chain's links are let go of one after another, not each inside the one before (see
        // `Releases`), on the main actor.
        guard !kept.isEmpty else { return }
        let handover = Releases.handover(&kept)
        MainActorTurn.run { Releases.release(from: handover) }
    }
}

// MARK: - Operators

extension ObservableValue {
    /// A derived value: this value transformed.
    public func map<T>(_ transform: @escaping (Value) -> T) -> Derived<T> {
        Derived(self, transform)
    }

    /// Calls `handler` with each new value that passes `isIncluded` (ReactiveCocoa's `filter:`
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
