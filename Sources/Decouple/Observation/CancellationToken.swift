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
        Releases.release(from: Releases.handover(&retained))
    }

    /// Keeps the token in `bag`, so the work lasts as long as the bag.
    public func store(in bag: CancellationBag) {
        bag.insert(self)
    }

    deinit {
        // An observation that holds this token weakly has ended already; what remains is the
        // work's own ending, and letting go of what the token retains, on the main actor (a chain
        // of derived values one link after another; see `Releases`).
        guard let onCancel else { return }
        let handover = Releases.handover(&retained)
        MainActorTurn.run {
            onCancel()
            Releases.release(from: handover)
        }
    }
}

// MARK: - CancellationBag

/// Owns tokens and cancels them all when it is released or ``cancelAll()`` is called: the
/// counterpart of FBKVOController's controller object, owned by the observer.
@MainActor
public final class CancellationBag {
    private var tokens: [CancellationToken] = []
    /// Tokens held after cancelled ones were last dropped: the next time waits until the bag
    /// has doubled, so that a bag that lives long does not grow with work that ended.
    private var keptCount = 0

    public init() {}

    /// Adds a token.
    public func insert(_ token: CancellationToken) {
        if tokens.count >= 2 * keptCount + 16 {
            let all = tokens
            tokens = all.filter { !$0.isCancelled }
            keptCount = tokens.count
        }
        tokens.append(token)
    }

    /// How many tokens the bag holds: those not cancelled, and cancelled ones it has not yet
    /// dropped (it drops them as it grows, and all of them at ``cancelAll()``).
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
        MainActorTurn.run {
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

    /// Releases `objects` (the caller's last reference) now or, while a release runs, after it.
    static func release(_ objects: consuming [AnyObject & Sendable]) {
        guard !objects.isEmpty else { return }
        batches.append(consume objects)
        guard !isReleasing else { return }
        isReleasing = true
        while let batch = batches.popLast() { _ = batch }
        isReleasing = false
    }

    /// Releases what a ``handover(_:)`` holds, leaving it empty, so that no reference is left
    /// to be let go of after the release has run (inside the caller's `deinit`, one link deeper).
    static func release(from handover: Locked<[AnyObject & Sendable]>) {
        release(handover.withLock { objects in defer { objects = [] }; return objects })
    }

    /// What `storage` holds, moved into a box that a closure can capture and that
    /// ``release(from:)`` empties: a closure that captured the objects would hold them until it
    /// is destroyed, after the release. From any thread.
    nonisolated static func handover(_ storage: inout [AnyObject & Sendable]) -> Locked<[AnyObject & Sendable]> {
        defer { storage = [] }
        return Locked(storage)
    }
}

// MARK: - MainActorTurn

/// Main-actor work asked for where the caller may be on any thread (a `deinit`, Observation's
/// `onChange`): done at once when the caller is on the main actor, otherwise on its next turn.
package enum MainActorTurn {
    package static func run(_ work: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(work)
        } else {
            Task { @MainActor in work() }
        }
    }

    /// Whether the caller runs on the main actor, asked without trapping (which is all that
    /// `MainActor.assumeIsolated` offers): code running from the main queue (which carries a
    /// mark, and which another thread drains under Swift Testing on Linux), or the main thread
    /// outside any queue (an app's run loop).
    package static var isOnMainActor: Bool {
        _ = markMainQueue
        return DispatchQueue.getSpecific(key: mainQueueKey) == true || Thread.isMainThread
    }

    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}
