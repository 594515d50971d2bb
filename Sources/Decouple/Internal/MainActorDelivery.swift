import Foundation

// MARK: - MainActorDelivery

/// Main-actor work from code that may be on any thread: whether the caller is on the main actor,
/// and queuing to it, in the order asked for, when it is not.
@usableFromInline
enum MainActorDelivery {
    /// Queues `body` to the main actor, for a caller that is not on it; skips it if by the
    /// time it runs `token` is gone or cancelled.
    @usableFromInline
    static func enqueue(unlessCancelled token: Weak<CancellationToken>, _ body: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in
            guard let live = token.object, !live.isCancelled else { return }
            body()
        }
    }

    /// Whether the caller runs on the main actor, asked without trapping (which is all that
    /// `MainActor.assumeIsolated` offers).
    ///
    /// The main thread is the quick answer. It is not the whole one: under Swift Testing on
    /// Linux, main-actor code runs on another thread, draining the main queue — the main actor's
    /// executor. So the main queue carries a mark, and code running from it sees the mark.
    ///
    /// ``prepare()`` must have run first: it marks the main queue once, rather than on every
    /// question (a one-time initialisation check each time).
    @usableFromInline
    static var isOnMainActor: Bool {
        if DeliveryContext.currentUnretained._withUnsafeGuaranteedRef({ $0.isMainThread }) { return true }
        return DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Marks the main queue, once; called where an observation on the main actor is made, before
    /// its first ``isOnMainActor``.
    @usableFromInline
    static func prepare() {
        _ = markMainQueue
    }

    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}

// MARK: - MainActorWeak

/// A weak reference that only the main actor reads. It may be sent anywhere, because whatever
/// it refers to is reached only on the main actor.
@usableFromInline
final class MainActorWeak<Object: AnyObject>: @unchecked Sendable {
    /// Set once, in `init`, and only read after: no access can conflict, so reads skip the run
    /// time's exclusivity check.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) weak var storage: Object?

    @usableFromInline @MainActor
    init(_ object: Object) {
        storage = object
    }

    @usableFromInline @MainActor
    var object: Object? { storage }
}
