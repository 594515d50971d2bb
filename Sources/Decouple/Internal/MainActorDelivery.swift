import Foundation

// MARK: - MainActorDelivery

/// Runs main-actor work from code that may be on any thread: at once when already on the main
/// actor, otherwise queued to it, in the order it was asked for.
@usableFromInline
enum MainActorDelivery {
    @usableFromInline
    static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(body)
        } else {
            Task { @MainActor in body() }
        }
    }

    /// Runs `body` at once when on the main actor; otherwise queues it, and skips it if by then
    /// `token` is gone or cancelled.
    @usableFromInline
    static func run(unlessCancelled token: Weak<CancellationToken>, _ body: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(body)
        } else {
            Task { @MainActor in
                guard let live = token.object, !live.isCancelled else { return }
                body()
            }
        }
    }

    /// Whether the caller runs on the main actor, asked without trapping (which is all that
    /// `MainActor.assumeIsolated` offers).
    ///
    /// The main thread is the quick answer. It is not the whole one: under Swift Testing on
    /// Linux, main-actor code runs on another thread, draining the main queue — the main actor's
    /// executor. So the main queue carries a mark, and code running from it sees the mark.
    @usableFromInline
    static var isOnMainActor: Bool {
        if DeliveryContext.current.isMainThread { return true }
        _ = markMainQueue
        return DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}

// MARK: - MainActorWeak

/// A weak reference that only the main actor reads. It may be sent anywhere, because whatever
/// it refers to is reached only on the main actor.
@usableFromInline
final class MainActorWeak<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline nonisolated(unsafe) weak var storage: Object?

    @usableFromInline @MainActor
    init(_ object: Object) {
        storage = object
    }

    @usableFromInline @MainActor
    var object: Object? { storage }
}
