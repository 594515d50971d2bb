import Foundation

// MARK: - MainActorDelivery

/// Main-actor work from code that may be on any thread: whether the caller is on the main actor,
/// and queuing to it, in the order asked for, when it is not.
@usableFromInline
package enum MainActorDelivery {
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

    /// Whether the caller runs on the main actor, for the text UI module.
    package static var isOnMainActorNow: Bool {
        prepare()
        return isOnMainActor(DeliveryContext.current)
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

// MARK: - MainActorMailbox

/// The one queue of deliveries to main-actor observers made on other threads, in the order they
/// were made, for every observer of every observable. Drained on the main actor: by one task, in
/// batches of what was queued when it ran, and first of all whenever the main actor tells a
/// value at once. So the main actor applies deliveries in the order they were made: two labels
/// never show values in an order in which they were not set.
enum MainActorMailbox {
    typealias Job = @MainActor @Sendable () -> Void

    private struct Queue {
        var jobs: [Job?] = []
        var head = 0
        var isScheduled = false
    }

    private static let queue = Locked(Queue())

    /// Queues `job`; the first job queued since the last drain schedules one.
    static func post(_ job: @escaping Job) {
        let schedules = queue.withLock { queue -> Bool in
            queue.jobs.append(job)
            defer { queue.isScheduled = true }
            return !queue.isScheduled
        }
        if schedules { Task { @MainActor in drain(all: false) } }
    }

    /// Runs the queued jobs in order, one at a time (a job may drain again; it continues from
    /// there). With `all`, until none is left; otherwise those queued when it began, then it
    /// schedules itself again for what came meanwhile, so other threads cannot hold the main
    /// actor here.
    @MainActor
    static func drain(all: Bool) {
        var budget = all ? Int.max : queue.withLock { $0.jobs.count - $0.head }
        while budget > 0, let job = next() {
            budget -= 1
            job()
        }
        let reschedules = queue.withLock { queue -> Bool in
            guard queue.head == queue.jobs.count else { return !all }
            queue.jobs.removeAll(keepingCapacity: true)
            queue.head = 0
            queue.isScheduled = false
            return false
        }
        if reschedules { Task { @MainActor in drain(all: false) } }
    }

    private static func next() -> Job? {
        queue.withLock { queue -> Job? in
            guard queue.head < queue.jobs.count else { return nil }
            defer {
                queue.jobs[queue.head] = nil
                queue.head += 1
            }
            return queue.jobs[queue.head]
        }
    }
}

// MARK: - MainActorInbox

/// One main-actor observation's changes on their way to the main actor, coalesced: what a
/// main-actor handler is told, and when.
///
/// - On the main actor, a change is told at once, after every delivery still queued in the
///   ``MainActorMailbox`` (which runs first, in order).
/// - Elsewhere, a change is queued in the mailbox; when it runs, it is told only if no newer
///   change of this observation was queued after it.
/// - A change is told only if its value is newer than the last one told, and, where the source
///   numbers its values, only if no newer value has been set since (that one is told instead).
///   So the handler never sees a value older than one it saw, and ends on the value stored.
/// - Every call runs through ``gate`` and as a delivery on its thread, so `cancel()` waits for
///   it (from another thread) and a value the handler sets is compared and ordered as one set
///   from inside a handler.
@usableFromInline
final class MainActorInbox<Value: Sendable>: Sendable {
    private struct State {
        /// The number of the newest change queued in the mailbox.
        var newestQueued = 0
        /// The number of the last value told (prior notifications do not count).
        var lastTold = 0
        /// For sources that do not number their values: the count of changes received.
        var received = 0
        var token: Weak<CancellationToken>?
    }

    private let state = Locked(State())
    /// Whether the observation is still on; the token closes it.
    let gate = ObservationGate()
    private let tell: @MainActor @Sendable (ObservedChange<Value>) -> Bool
    private let isLatest: (@Sendable (Int) -> Bool)?

    /// - Parameters:
    ///   - tell: Tells the handler; returns `false` when the observer has gone, which ends the
    ///     observation.
    ///   - isLatest: Whether a number is the source's last value's, if the source numbers them.
    @usableFromInline
    init(_ tell: @escaping @MainActor @Sendable (ObservedChange<Value>) -> Bool, isLatest: (@Sendable (Int) -> Bool)?) {
        self.tell = tell
        self.isLatest = isLatest
    }

    /// The token that ends the observation, cancelled when the observer has gone.
    @usableFromInline
    func attach(_ token: CancellationToken) {
        state.withLock { $0.token = Weak(token) }
    }

    /// Takes a change, on the thread delivering it: `version` numbers its value (`nil` when the
    /// source does not number them).
    @usableFromInline
    func receive(_ change: ObservedChange<Value>, version: Int?) {
        let context = DeliveryContext.current
        let onMainActor = MainActorDelivery.isOnMainActor(context)
        let version = state.withLock { state -> Int in
            let version = version ?? {
                if !change.isPrior { state.received += 1 }
                return state.received + (change.isPrior ? 1 : 0)
            }()
            if !onMainActor { state.newestQueued = max(state.newestQueued, version) }
            return version
        }
        if onMainActor {
            MainActor.assumeIsolated {
                MainActorMailbox.drain(all: true)
                gate.run(in: context) {
                    context.deliver { deliver(change, version: version, in: context) }
                }
            }
        } else {
            MainActorMailbox.post { self.deliverQueued(change, version: version) }
        }
    }

    /// The initial call, on the main actor, with the value stored when the observation began.
    @MainActor
    func tellInitial(_ change: ObservedChange<Value>, version: Int) {
        let context = DeliveryContext.current
        gate.run(in: context) {
            context.deliver { deliver(change, version: version, in: context) }
        }
    }

    /// A change queued in the mailbox, now on the main actor: told unless a newer one is queued.
    @MainActor
    private func deliverQueued(_ change: ObservedChange<Value>, version: Int) {
        guard state.withLock({ version >= $0.newestQueued }) else { return }
        let context = DeliveryContext.current
        gate.run(in: context) {
            context.deliver { deliver(change, version: version, in: context) }
        }
    }

    /// Tells `change` if it is news, and ends the observation if the observer has gone.
    @MainActor
    private func deliver(_ change: ObservedChange<Value>, version: Int, in context: DeliveryContext) {
        let isNews = state.withLock { state -> Bool in
            guard change.isInitial || version > state.lastTold else { return false }
            if !change.isPrior { state.lastTold = version }
            return true
        }
        guard isNews, change.isInitial || isLatest?(version) ?? true else { return }
        if !tell(change) {
            let token = state.withLock { $0.token?.object }
            token?.cancel()
        }
    }
}
