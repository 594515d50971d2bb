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

// MARK: - MainActorMailbox

/// The one queue of deliveries to main-actor observers made on other threads, in the order they
/// were made, for every observer of every observable. Drained on the main actor: by one task, in
/// batches of what was queued when it ran, and first of all whenever the main actor tells a
/// value at once. So the main actor applies deliveries in the order they were made: two labels
/// never show values in an order in which they were not set.
package enum MainActorMailbox {
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
        if schedules { Task { @MainActor in drain() } }
    }

    /// Runs the jobs queued when it began, in order, one at a time; a job may drain again, and
    /// that drain goes on from there. What other threads queue meanwhile waits for the next
    /// drain, which it schedules: other threads cannot hold the main actor here.
    @MainActor
    package static func drain() {
        var budget = queue.withLock { queue -> Int in
            if queue.head == queue.jobs.count { queue.isScheduled = false }
            return queue.jobs.count - queue.head
        }
        guard budget > 0 else { return }
        while budget > 0, let job = next() {
            budget -= 1
            job()
        }
        let reschedules = queue.withLock { queue -> Bool in
            guard queue.head == queue.jobs.count else { return true }
            queue.jobs.removeAll(keepingCapacity: true)
            queue.head = 0
            queue.isScheduled = false
            return false
        }
        if reschedules { Task { @MainActor in drain() } }
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
    /// source does not number them); `isNewest`: no newer value had been set when the round was
    /// taken (a newer one is told instead). `isInsideGate`: the caller runs it through ``gate``
    /// and as a delivery already (an ``ObservableProperty`` does).
    @usableFromInline
    func receive(_ change: ObservedChange<Value>, version: Int?, isNewest: Bool, isInsideGate: Bool) {
        guard isNewest else { return }
        let context = DeliveryContext.current
        guard MainActorDelivery.isOnMainActor(context) else {
            let version = state.withLock { state -> Int in
                let version = version ?? number(change, in: &state)
                state.newestQueued = max(state.newestQueued, version)
                return version
            }
            return MainActorMailbox.post { self.deliverQueued(change, version: version) }
        }
        MainActor.assumeIsolated {
            MainActorMailbox.drain()
            guard isInsideGate else {
                let version = version ?? state.withLock { number(change, in: &$0) }
                return gate.run(in: context) {
                    context.deliver { deliver(change, version: version, checksLatest: false, in: context) }
                }
            }
            deliver(change, version: version ?? state.withLock { number(change, in: &$0) }, checksLatest: false, in: context)
        }
    }

    /// Numbers a change of a source that does not number its values.
    private func number(_ change: ObservedChange<Value>, in state: inout State) -> Int {
        if !change.isPrior { state.received += 1 }
        return state.received + (change.isPrior ? 1 : 0)
    }

    /// The initial call, on the main actor, with the value stored when the observation began.
    @MainActor
    func tellInitial(_ change: ObservedChange<Value>, version: Int) {
        let context = DeliveryContext.current
        MainActorMailbox.drain()   // what was queued before it, first, as for any call made at once
        gate.run(in: context) {
            context.deliver { deliver(change, version: version, checksLatest: false, in: context) }
        }
    }

    /// A change queued in the mailbox, now on the main actor: told unless a newer one is queued.
    @MainActor
    private func deliverQueued(_ change: ObservedChange<Value>, version: Int) {
        guard state.withLock({ version >= $0.newestQueued }) else { return }
        let context = DeliveryContext.current
        gate.run(in: context) {
            context.deliver { deliver(change, version: version, checksLatest: true, in: context) }
        }
    }

    /// Tells `change` if it is news, and ends the observation if the observer has gone.
    /// `checksLatest`: whether to ask the source if a newer value was set since (for a change
    /// that waited in the mailbox; one told at once was the newest when its round was taken).
    @MainActor
    private func deliver(_ change: ObservedChange<Value>, version: Int, checksLatest: Bool, in context: DeliveryContext) {
        let isNews = state.withLock { state -> Bool in
            guard change.isInitial || version > state.lastTold else { return false }
            if !change.isPrior { state.lastTold = version }
            return true
        }
        guard isNews, !checksLatest || isLatest?(version) ?? true else { return }
        if !tell(change) {
            let token = state.withLock { $0.token?.object }
            token?.cancel()
        }
    }
}
