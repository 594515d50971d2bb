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
/// One per thread (see ``ThreadContext``), reached only from its thread: nothing here is shared,
/// so no two accesses can overlap, and its properties skip the run time's exclusivity checks
/// (each a thread-local look-up, several per delivery).
@usableFromInline
final class DeliveryContext {
    /// How many deliveries this thread is inside.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// Whether this is the main thread, asked once: on Linux, Foundation asks the kernel every
    /// time.
    @usableFromInline let isMainThread = Thread.isMainThread
    @exclusivity(unchecked) @usableFromInline var jobs: [() -> Void] = []
    /// What ``DeliveryProbe`` calls on this thread: a test's hook, `nil` otherwise.
    @exclusivity(unchecked) @usableFromInline var probe: (@Sendable (DeliveryProbe.Point) -> Void)?
    @exclusivity(unchecked) private var isReleasing = false
    @exclusivity(unchecked) private var releases: [[AnyObject & Sendable]] = []

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

/// Whether one observation is on, and which threads are running its handler: what makes "once
/// `cancel()` has returned, the handler is never entered again" true across threads.
///
/// A handler is entered only through ``run(in:_:)``, which skips it once the gate is closed.
/// Closing it from another thread while the handler runs waits, on a condition, for every call
/// running on another thread to return; closing it from inside the handler (an observation that
/// ends itself) does not wait for that call.
@usableFromInline
final class ObservationGate: @unchecked Sendable {
    // Unchecked: `isClosed` and `running` are read and written only under `condition`'s lock,
    // which orders every access (so they skip the run time's exclusivity checks too).
    private let condition = NSCondition()
    @exclusivity(unchecked) private var isClosed = false
    /// The contexts (so the threads) of the calls running now, one element per call.
    @exclusivity(unchecked) private var running: [ObjectIdentifier] = []

    @usableFromInline init() {}

    /// Runs `body` if the observation is still on; `context` is the current thread's.
    @inlinable
    func run(in context: DeliveryContext, _ body: () -> Void) {
        let thread = ObjectIdentifier(context)
        guard enter(thread) else { return }
        body()
        exit(thread)
    }

    @usableFromInline
    func enter(_ thread: ObjectIdentifier) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        running.append(thread)
        return true
    }

    @usableFromInline
    func exit(_ thread: ObjectIdentifier) {
        condition.lock()
        defer { condition.unlock() }
        if let index = running.lastIndex(of: thread) { running.remove(at: index) }
        if isClosed { condition.broadcast() }
    }

    /// Closes the gate. Called outside every handler, it waits for the calls running on other
    /// threads to return; called from inside a handler (of any observation), it does not wait,
    /// since two handlers each cancelling the other would wait for each other for ever.
    func close() {
        let context = DeliveryContext.current
        let thread = ObjectIdentifier(context)
        let waits = context.depth == 0
        condition.lock()
        isClosed = true
        var announced = false
        while waits, running.contains(where: { $0 != thread }) {
            if !announced, let probe = context.probe {
                // Told outside the lock: the probe is a test's code.
                announced = true
                condition.unlock()
                probe(.waitingForHandler)
                condition.lock()
                continue
            }
            condition.wait()
        }
        condition.unlock()
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
