// MARK: - CancellationToken

/// Keeps an observation, binding or scheduled timer going; cancelling it, or letting it go,
/// ends it.
///
/// Cancelling twice is harmless, and cancelling from any thread is safe. Keep tokens in a
/// ``CancellationBag`` owned by whoever the work is for, so the work ends with its owner.
///
/// ```swift
/// let bag = CancellationBag()
/// viewModel.$name.observe(options: [.new]) { print($0.new!) }.store(in: bag)
/// ```
public final class CancellationToken: Sendable {
    private let state: Locked<State>

    private struct State {
        var onCancel: (@Sendable () -> Void)?
        var isCancelled = false
        /// What the work needs kept alive while it runs (a derived value's upstream, say).
        var retained: [AnyObject & Sendable] = []
    }

    /// Makes a token that runs `onCancel` once, when it is cancelled or released.
    public convenience init(onCancel: @escaping @Sendable () -> Void) {
        self.init(retaining: [], onCancel: onCancel)
    }

    /// Makes a token that also keeps `retained` alive until it is cancelled or released.
    init(retaining retained: [AnyObject & Sendable], onCancel: @escaping @Sendable () -> Void) {
        state = Locked(State(onCancel: onCancel, retained: retained))
    }

    /// Whether the work has ended.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Ends the work. Later calls do nothing.
    public func cancel() {
        var (action, retained) = state.withLock { state -> ((@Sendable () -> Void)?, [AnyObject & Sendable]) in
            defer {
                state.onCancel = nil
                state.retained = []
                state.isCancelled = true
            }
            return (state.onCancel, state.retained)
        }
        action?()
        action = nil
        // Released outside the lock, and iteratively: releasing a chain of 5,000 derived values
        // lets go of each link after the one before, not from inside its `deinit`.
        DeliveryContext.current.release(&retained)
    }

    /// Keeps the token in `bag`, so the work lasts as long as the bag.
    public func store(in bag: CancellationBag) {
        bag.insert(self)
    }

    deinit {
        cancel()
    }
}

// MARK: - CancellationBag

/// Owns tokens and cancels them all when it is released or ``cancelAll()`` is called — the
/// counterpart of FBKVOController's controller object, owned by the observer.
public final class CancellationBag: Sendable {
    private let tokens = Locked<[CancellationToken]>([])

    public init() {}

    /// Adds a token.
    public func insert(_ token: CancellationToken) {
        tokens.withLock { $0.append(token) }
    }

    /// How many tokens the bag holds, cancelled ones included until ``cancelAll()``.
    public var count: Int { tokens.withLock { $0.count } }

    /// Cancels every token and empties the bag.
    public func cancelAll() {
        let taken = tokens.withLock { tokens -> [CancellationToken] in
            defer { tokens.removeAll() }
            return tokens
        }
        for token in taken { token.cancel() }
    }

    deinit {
        cancelAll()
    }
}
