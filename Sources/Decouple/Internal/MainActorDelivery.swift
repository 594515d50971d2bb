import Foundation
#if canImport(Glibc)
import Synchronization
#endif

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

// MARK: - MainActorQueue

/// One observation's deliveries queued to the main actor: how many are waiting, so that a value
/// set on the main actor while one waits is queued behind it, not told at once. Told at once, it
/// would be overtaken by the older value when that one runs, and the observer would end on it.
@usableFromInline
final class MainActorQueue: Sendable {
    #if canImport(Glibc)
    private let waiting = Atomic<Int>(0)
    #else
    private let waiting = Locked(0)
    #endif

    @usableFromInline init() {}

    /// Whether no delivery waits. Asked on the main actor, before telling a value at once.
    @usableFromInline
    var isEmpty: Bool {
        #if canImport(Glibc)
        waiting.load(ordering: .acquiring) == 0
        #else
        waiting.withLock { $0 == 0 }
        #endif
    }

    /// Queues `body` to the main actor, after the deliveries already queued; skips it if by the
    /// time it runs `token` is gone or cancelled.
    @usableFromInline
    func enqueue(unlessCancelled token: Weak<CancellationToken>, _ body: @escaping @MainActor @Sendable () -> Void) {
        #if canImport(Glibc)
        _ = waiting.add(1, ordering: .acquiringAndReleasing)
        #else
        waiting.withLock { $0 += 1 }
        #endif
        Task { @MainActor in
            defer {
                #if canImport(Glibc)
                _ = waiting.subtract(1, ordering: .acquiringAndReleasing)
                #else
                waiting.withLock { $0 -= 1 }
                #endif
            }
            guard let live = token.object, !live.isCancelled else { return }
            body()
        }
    }
}
