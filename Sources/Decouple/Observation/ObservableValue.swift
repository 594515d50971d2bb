// MARK: - ObservableValue

/// A value that tells observers when it changes, on the main actor: an ``ObservableProperty`` or
/// a ``Derived`` value.
@MainActor
public protocol ObservableValue<Value>: AnyObject {
    associatedtype Value
    /// The current value.
    var value: Value { get }
    /// Calls `handler` as the value changes, as the options say, until the token is cancelled or
    /// released, or the value goes.
    func observe(options: ObservationOptions, _ handler: @escaping (ObservedChange<Value>) -> Void) -> CancellationToken
}

extension ObservableValue {
    /// Observes on behalf of `observer`, which is passed to the handler and held weakly: the
    /// observation ends by itself when the observer goes, and the handler is never called after.
    /// Capture nothing strongly in the handler; use the observer it is given.
    ///
    /// ```swift
    /// viewModel.$name.observe(label, options: [.initial, .new]) { label, change in
    ///     label.text = change.new ?? ""
    /// }.store(in: label.bindings)
    /// ```
    public func observe<Observer: AnyObject>(
        _ observer: Observer,
        options: ObservationOptions = [.new],
        _ handler: @escaping (Observer, ObservedChange<Value>) -> Void
    ) -> CancellationToken {
        let ending = Weak<CancellationToken>()
        let token = observe(options: options) { [weak observer] change in
            guard let observer else { return ending.object?.cancel() ?? () }
            handler(observer, change)
        }
        ending.object = token
        return token
    }
}

// MARK: - The door out

extension ObservableValue where Value: Sendable {
    /// The values, for code off the main actor: the current value first, then every value set,
    /// in order, buffered as `bufferingPolicy` says until the consumer reads them.
    ///
    /// ```swift
    /// let names = viewModel.$name.values()
    /// Task.detached {
    ///     for await name in names { await search.run(name) }
    /// }
    /// ```
    ///
    /// The default keeps every value; `.bufferingNewest(1)` keeps only the latest for a consumer
    /// that cares about where the value is, not how it got there. The observation ends when the
    /// consumer stops iterating. The sequence of an ``ObservableProperty`` also finishes when the
    /// property goes; a ``Derived`` value lives as long as it is observed, this sequence included.
    public func values(
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        // Held by the handler alone: when the value goes, so does the handler, and the stream ends.
        let finisher = Finisher { continuation.finish() }
        let token = observe(options: [.initial, .new]) { change in
            _ = finisher
            if let new = change.new { continuation.yield(new) }
        }
        // The stream holds the token: the observation lasts as long as someone iterates.
        continuation.onTermination = { _ in Task { @MainActor in token.cancel() } }
        return stream
    }
}

/// Runs `finish` when it goes.
private final class Finisher: Sendable {
    let finish: @Sendable () -> Void
    init(_ finish: @escaping @Sendable () -> Void) { self.finish = finish }
    deinit { finish() }
}
