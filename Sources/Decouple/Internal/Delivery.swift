import Foundation

// MARK: - DeliveryContext

/// What the current thread is doing for observation: whether it is inside a handler, the
/// deliveries set off from inside handlers, and releases deferred while it releases.
///
/// Both queues make chains iterative. A value set from inside a handler is stored at once, but
/// its observers are told after the current handler's round, from the outermost `set` on this
/// thread; so 5,000 chained ``Derived`` values are told one after another, not one inside
/// another. In the same way, releasing a chain's last token releases each link after the one
/// before it has finished, not from inside its `deinit`.
///
/// One per thread (see ``ThreadContext``), reached only from its thread: nothing here is shared.
@usableFromInline
final class DeliveryContext {
    /// How many deliveries this thread is inside.
    @usableFromInline var depth = 0
    /// Whether this is the main thread, asked once: on Linux, Foundation asks the kernel every
    /// time.
    @usableFromInline let isMainThread = Thread.isMainThread
    @usableFromInline var jobs: [() -> Void] = []
    /// What ``DeliveryProbe`` calls on this thread: a test's hook, `nil` otherwise.
    @usableFromInline var probe: (@Sendable (DeliveryProbe.Point) -> Void)?
    private var isReleasing = false
    private var releases: [[AnyObject & Sendable]] = []

    /// The current thread's context.
    @usableFromInline
    static var current: DeliveryContext { ThreadContext.current }

    /// Runs `body` as a delivery, then, if it was the outermost one, every delivery it set off.
    @inlinable
    func deliver(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
        if depth == 0, !jobs.isEmpty { drainJobs() }
    }

    /// Queues a delivery set off from inside a handler.
    @usableFromInline
    func enqueue(_ job: @escaping () -> Void) {
        jobs.append(job)
    }

    @usableFromInline
    func drainJobs() {
        depth += 1
        var next = 0
        while next < jobs.count {
            let job = jobs[next]
            next += 1
            job()
        }
        jobs.removeAll(keepingCapacity: true)
        depth -= 1
    }

    /// Releases `objects` now, or, when this thread is already releasing (a `deinit` that let
    /// go of the next link of a chain), after the current release returns. Takes the caller's
    /// reference: `objects` is empty afterwards.
    func release(_ objects: inout [AnyObject & Sendable]) {
        guard !objects.isEmpty else { return }
        releases.append(objects)
        objects = []
        guard !isReleasing else { return }
        isReleasing = true
        // Each batch is released at the end of its turn; the deinits it runs may queue more.
        while let batch = releases.popLast() { _ = batch }
        isReleasing = false
    }
}

// MARK: - ObservationGate

/// Whether one observation is on, and how many calls of its handler are running: what makes
/// "once `cancel()` has returned, the handler is never entered again" true across threads.
///
/// A handler is entered only through ``run(in:_:)``, which skips it once the gate is closed.
/// Closing it outside every handler waits until no call is running (none can be running on the
/// closing thread, which is in no handler); closing it from inside a handler (an observation
/// that ends itself, or one handler cancelling another) does not wait.
@usableFromInline
final class ObservationGate: Sendable {
    private struct State {
        var isClosed = false
        /// How many calls are running now.
        var running = 0
        /// Threads waiting in ``close()`` for the running calls to return, woken by the last.
        var waiting: [DispatchSemaphore] = []
    }

    private let state = Locked(State())

    @usableFromInline init() {}

    /// Runs `body` if the observation is still on; `context` is the current thread's.
    @inlinable
    func run(in context: DeliveryContext, _ body: () -> Void) {
        guard enter() else { return }
        body()
        exit()
    }

    @usableFromInline
    func enter() -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            state.running += 1
            return true
        }
    }

    @usableFromInline
    func exit() {
        let woken = state.withLock { state -> [DispatchSemaphore] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        for semaphore in woken { semaphore.signal() }
    }

    /// Closes the gate; outside every handler, waits for the calls running now to return.
    func close() {
        let context = DeliveryContext.current
        let waits = context.depth == 0
        let semaphore = state.withLock { state -> DispatchSemaphore? in
            state.isClosed = true
            guard waits, state.running > 0 else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiting.append(semaphore)
            return semaphore
        }
        guard let semaphore else { return }
        context.reach(.waitingForHandler)
        semaphore.wait()
    }
}

// MARK: - DeliveryProbe

/// Hooks that tests install on one thread to order threads explicitly at the delivery
/// protocol's boundaries, instead of sleeping and hoping. A thread without a probe pays one
/// `nil` check at each boundary.
@usableFromInline
package enum DeliveryProbe {
    /// A boundary of the delivery protocol, reached by the thread whose probe is called.
    @usableFromInline
    package enum Point: Sendable, Equatable {
        /// `cancel()` is about to wait for a handler running on another thread.
        case waitingForHandler
        /// A lock of an observable was just given back (a value stored or queued, a round taken).
        case unlocked
        /// Rounds that other threads set are handed to another thread, or to the main actor.
        case handingOff
    }

    /// Calls `probe` at every boundary this thread reaches, until ``remove()``.
    package static func install(_ probe: @escaping @Sendable (Point) -> Void) {
        DeliveryContext.current.probe = probe
    }

    /// Removes this thread's probe.
    package static func remove() {
        DeliveryContext.current.probe = nil
    }
}

extension DeliveryContext {
    /// Calls this thread's probe, if a test installed one.
    @inlinable
    func reach(_ point: DeliveryProbe.Point) {
        if let probe { probe(point) }
    }
}
