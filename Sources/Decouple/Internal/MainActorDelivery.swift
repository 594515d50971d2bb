import Foundation

// MARK: - MainActorDelivery

/// Main-actor work from code that may be on any thread: whether the caller is on the main actor,
/// and queuing to it, in the order asked for, when it is not.
@usableFromInline
enum MainActorDelivery {
    /// Whether the caller runs on the main actor, asked without trapping (which is all that
    /// `MainActor.assumeIsolated` offers).
    ///
    /// The main thread is the quick answer. It is not the whole one: under Swift Testing on
    /// Linux, main-actor code runs on another thread, draining the main queue — the main actor's
    /// executor. So the main queue carries a mark, and code running from it sees the mark.
    /// ``prepare()`` must have run first.
    @usableFromInline
    static func isOnMainActor(_ context: DeliveryContext) -> Bool {
        context.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Marks the main queue, once; called where an observation on the main actor is made, before
    /// its first ``isOnMainActor(_:)``.
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
final class MainActorWeak<Object: AnyObject>: Sendable {
    @MainActor @usableFromInline weak var storage: Object?

    @usableFromInline @MainActor
    init(_ object: Object) {
        storage = object
    }
}

// MARK: - MainActorQueue

/// One observation's deliveries queued to the main actor: how many are waiting, so that a value
/// set on the main actor while one waits is queued behind it, not told at once. Told at once, it
/// would be overtaken by the older value when that one runs, and the observer would end on it.
@usableFromInline
final class MainActorQueue: Sendable {
    private let waiting = Locked(0)

    @usableFromInline init() {}

    /// Whether no delivery waits. Asked on the main actor, before telling a value at once.
    @usableFromInline
    var isEmpty: Bool {
        waiting.withLock { $0 == 0 }
    }

    /// Queues `body` to the main actor, after the deliveries already queued; skips it if by the
    /// time it runs `token` is gone or cancelled.
    @usableFromInline
    func enqueue(unlessCancelled token: Weak<CancellationToken>, _ body: @escaping @MainActor @Sendable () -> Void) {
        waiting.withLock { $0 += 1 }
        Task { @MainActor in
            defer { waiting.withLock { $0 -= 1 } }
            guard let live = token.object, !live.isCancelled else { return }
            body()
        }
    }
}
