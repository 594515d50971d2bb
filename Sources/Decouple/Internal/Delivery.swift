import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

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
/// One per thread, reached only from its thread: nothing here is shared, so its properties skip
/// the run time's exclusivity checks (`@exclusivity(unchecked)`): no two accesses can overlap,
/// and each check cost a thread-local look-up, twice per delivery (see `Benchmarks/`).
@usableFromInline
final class DeliveryContext {
    /// How many deliveries this thread is inside.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// Whether this is the main thread, asked once: on Linux, Foundation asks the kernel (two
    /// system calls) every time, which was most of a binding update.
    @usableFromInline let isMainThread = Thread.isMainThread
    @exclusivity(unchecked) @usableFromInline var jobs: [() -> Void] = []
    @exclusivity(unchecked) private var isReleasing = false
    @exclusivity(unchecked) private var releases: [[AnyObject & Sendable]] = []

    /// The current thread's context.
    @usableFromInline
    static var current: DeliveryContext {
        currentUnretained.takeUnretainedValue()
    }

    /// The current thread's context, not retained: the thread keeps it until it exits, so code
    /// on this thread may use it unretained (`_withUnsafeGuaranteedRef`). A retain and a release
    /// of it showed in every update of a binding (see `Benchmarks/`).
    @usableFromInline
    static var currentUnretained: Unmanaged<DeliveryContext> {
        let key = key
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<DeliveryContext>.fromOpaque(pointer)
        }
        return makeCurrent(key)
    }

    @inline(never)
    private static func makeCurrent(_ key: pthread_key_t) -> Unmanaged<DeliveryContext> {
        let context = Unmanaged.passRetained(DeliveryContext())
        pthread_setspecific(key, context.toOpaque())
        return context
    }

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

    #if canImport(Glibc)
    /// The thread-specific key plus one, or 0 before the first context is made. An atomic word
    /// with a constant first value is initialised statically in an optimised build: unlike a `static let` made by a
    /// closure, reading it calls no `swift_once`, which showed in every update of a binding.
    private static let keyPlusOne = Atomic<UInt>(0)

    private static var key: pthread_key_t {
        let stored = keyPlusOne.load(ordering: .acquiring)
        return stored != 0 ? pthread_key_t(stored - 1) : makeKey()
    }

    /// Makes the key; when two threads race, the key published first is kept.
    @inline(never)
    private static func makeKey() -> pthread_key_t {
        let made = createKey()
        let (exchanged, original) = keyPlusOne.compareExchange(
            expected: 0, desired: UInt(made) + 1, ordering: .acquiringAndReleasing)
        if exchanged { return made }
        pthread_key_delete(made)
        return pthread_key_t(original - 1)
    }
    #else
    private static let key: pthread_key_t = createKey()
    #endif

    private static func createKey() -> pthread_key_t {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, releaseContext)
        precondition(result == 0, "pthread_key_create failed: \(result)")
        return key
    }
}

#if canImport(Darwin)
private func releaseContext(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<DeliveryContext>.fromOpaque(pointer).release()
}
#else
private func releaseContext(_ pointer: UnsafeMutableRawPointer?) {
    if let pointer { Unmanaged<DeliveryContext>.fromOpaque(pointer).release() }
}
#endif

/// An identifier of the current thread, as a plain integer that may be stored anywhere.
@usableFromInline
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

// MARK: - ObservationGate

/// Whether one observation is on, and whether its handler is running: what makes "once
/// `cancel()` has returned, the handler is never entered again" true across threads.
///
/// A handler is entered only through ``enter()``, which fails once the gate is closed. Closing it
/// from another thread while the handler runs waits for the handler to return; closing it from
/// inside the handler (an observation that ends itself) does not wait.
///
/// On Linux (glibc) the gate is two atomic words, entered with one sequentially consistent
/// store and left with a plain release store: a store and a load on each side (the running
/// thread, then `closed`, to enter; `closed`, then the running thread, to close) mean that
/// either the entering thread sees the gate closed or the closing thread sees the handler
/// running and waits. That is two lock operations fewer per delivery than a lock (see
/// `Benchmarks/`). Elsewhere, where `Atomic` needs macOS 15 or iOS 18, it is a ``Locked`` state.
@usableFromInline
final class ObservationGate: Sendable {
    #if canImport(Glibc)
    private let closed = Atomic<Bool>(false)
    /// The thread running the handler, or 0.
    private let runningOn = Atomic<UInt>(0)
    #else
    private let state = Locked(State())

    private struct State {
        var isClosed = false
        /// The thread running the handler, or 0.
        var runningOn: UInt = 0
    }
    #endif

    @usableFromInline init() {}

    /// Marks the handler as running on this thread, unless the gate is closed.
    @usableFromInline
    func enter() -> Bool {
        let thread = currentThreadID()
        #if canImport(Glibc)
        runningOn.store(thread, ordering: .sequentiallyConsistent)
        guard !closed.load(ordering: .sequentiallyConsistent) else {
            // Only this thread's mark is undone.
            _ = runningOn.compareExchange(expected: thread, desired: 0, ordering: .releasing)
            return false
        }
        return true
        #else
        return state.withLock { state in
            guard !state.isClosed else { return false }
            state.runningOn = thread
            return true
        }
        #endif
    }

    /// Marks the handler as returned.
    @usableFromInline
    func exit() {
        #if canImport(Glibc)
        runningOn.store(0, ordering: .releasing)
        #else
        state.withLock { $0.runningOn = 0 }
        #endif
    }

    /// Runs `body` if the observation is still on.
    @inlinable
    func run(_ body: () -> Void) {
        guard enter() else { return }
        body()
        exit()
    }

    /// Closes the gate, waiting for a handler running on another thread to return.
    func close() {
        let thread = currentThreadID()
        #if canImport(Glibc)
        closed.store(true, ordering: .sequentiallyConsistent)
        while true {
            let running = runningOn.load(ordering: .sequentiallyConsistent)
            if running == 0 || running == thread { return }
            sched_yield()
        }
        #else
        var busy = state.withLock { state in
            state.isClosed = true
            return state.runningOn != 0 && state.runningOn != thread
        }
        while busy {
            sched_yield()
            busy = state.withLock { $0.runningOn != 0 }
        }
        #endif
    }
}
