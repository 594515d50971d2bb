import Foundation

// MARK: - CancellationToken

/// Keeps an observation, binding or scheduled timer going; cancelling it, or letting it go,
/// ends it.
///
/// Once ``cancel()`` returns, the work is over: a handler it ended is never called again, from
/// anywhere, handlers included. Cancelling twice is harmless. Keep tokens in a
/// ``CancellationBag`` owned by whoever the work is for, so the work ends with its owner.
///
/// ```swift
/// let bag = CancellationBag()
/// viewModel.$name.observe(options: [.new]) { print($0.new!) }.store(in: bag)
/// ```
@MainActor
public final class CancellationToken {
    private var onCancel: (@MainActor @Sendable () -> Void)?
    /// What the work needs kept alive while it runs (a derived value's upstream, say).
    private var retained: [AnyObject & Sendable]

    /// Whether the work has ended.
    public private(set) var isCancelled = false

    /// Makes a token that runs `onCancel` once: when it is cancelled, or when it is released
    /// without being cancelled (on the main actor: at once when released there, otherwise on
    /// the main actor's next turn).
    public convenience init(onCancel: @escaping @MainActor @Sendable () -> Void) {
        self.init(retaining: [], onCancel: onCancel)
    }

    /// Makes a token that also keeps `retained` alive until it is cancelled or released.
    package init(retaining retained: [AnyObject & Sendable], onCancel: @escaping @MainActor @Sendable () -> Void) {
        self.retained = retained
        self.onCancel = onCancel
    }

    /// Ends the work. Later calls do nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let action = onCancel
        onCancel = nil
        action?()
        Releases.release(&retained)
    }

    /// Keeps the token in `bag`, so the work lasts as long as the bag.
    public func store(in bag: CancellationBag) {
        bag.insert(self)
    }

    deinit {
        // An observation that holds this token weakly has ended already; what remains is the
        // work's own ending, on the main actor. What the token retains goes now, or, on the main
        // actor, one batch after another (see `Releases`).
        guard let onCancel else { return }
        guard MainActorTurn.isOnMainActor else {
            Task { @MainActor in onCancel() }
            return
        }
        let retained = self.retained
        self.retained = []
        MainActor.assumeIsolated {
            onCancel()
            var batch = retained
            Releases.release(&batch)
        }
    }
}

// MARK: - CancellationBag

/// Owns tokens and cancels them all when it is released or ``cancelAll()`` is called: the
/// counterpart of FBKVOController's controller object, owned by the observer.
@MainActor
public final class CancellationBag {
    private var tokens: [CancellationToken] = []

    public init() {}

    /// Adds a token.
    public func insert(_ token: CancellationToken) {
        tokens.append(token)
    }

    /// How many tokens the bag holds, cancelled ones included until ``cancelAll()``.
    public var count: Int { tokens.count }

    /// Cancels every token and empties the bag.
    public func cancelAll() {
        let taken = tokens
        tokens = []
        for token in taken { token.cancel() }
    }

    deinit {
        // A token held by this bag alone goes with it, which ends its work at once; one also
        // held elsewhere is cancelled on the main actor.
        let tokens = self.tokens.map { Weak($0) }
        self.tokens = []
        guard MainActorTurn.isOnMainActor else {
            Task { @MainActor in for token in tokens { token.object?.cancel() } }
            return
        }
        MainActor.assumeIsolated {
            for token in tokens { token.object?.cancel() }
        }
    }
}

// MARK: - Releases

/// Lets go of objects one batch after another: releasing a chain's last token releases each
/// link after the one before it has finished, not from inside its `deinit`, so a chain of 5,000
/// derived values is released without 5,000 nested calls.
@MainActor
enum Releases {
    private static var isReleasing = false
    private static var batches: [[AnyObject & Sendable]] = []

    /// Releases `objects` now or, while a release runs, after it. `objects` is empty afterwards.
    static func release(_ objects: inout [AnyObject & Sendable]) {
        guard !objects.isEmpty else { return }
        batches.append(objects)
        objects = []
        guard !isReleasing else { return }
        isReleasing = true
        while let batch = batches.popLast() { _ = batch }
        isReleasing = false
    }
}

// MARK: - MainActorTurn

/// Whether a `deinit`, which may run on any thread, runs on the main actor.
package enum MainActorTurn {
    /// Whether the caller runs on the main actor, asked without trapping (which is all that
    /// `MainActor.assumeIsolated` offers). The main thread is the quick answer; the main queue's
    /// mark is the whole one, as where the main queue is drained by another thread (Swift
    /// Testing on Linux), main-actor code runs there.
    package static var isOnMainActor: Bool {
        _ = markMainQueue
        return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}
