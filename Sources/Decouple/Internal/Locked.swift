#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#else
import Foundation
#endif

/// A value guarded by a lock, with the lock right beside the state it protects. It is
/// `Sendable` only where its state is: the lock makes sharing safe, not sending a value that
/// is not sendable.
///
/// The lock is `os_unfair_lock` on Apple platforms. On Linux (glibc) it is an atomic word taken
/// with one compare-and-swap compiled into the caller, and a `pthread_mutex_t` with a condition
/// only for threads that find it taken (see `LinuxLock`); elsewhere a `pthread_mutex_t`. Lock
/// and state live at fixed addresses outside the object, so taking the lock costs no
/// Objective-C dispatch and reaching the state no run-time exclusivity check: both showed in
/// profiles of the proxy, the factory and bindings (see `Benchmarks/`).
///
/// It is `package`, for the text UI module, and `@usableFromInline` so that a value set through an ``ObservableProperty`` compiles, in the
/// caller's module, to code specialised for the value's type.
@usableFromInline
package final class Locked<State> {
    #if canImport(Glibc)
    /// 0 free, 1 taken, 2 taken and maybe waited for.
    @usableFromInline let word = Atomic<UInt32>(0)
    #endif
    @usableFromInline let lock: UnsafeMutablePointer<PlatformLock>
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline
    package init(_ state: State) {
        lock = .allocate(capacity: 1)
        lock.initialize()
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        lock.destroy()
        lock.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        #if canImport(Glibc)
        if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            lock.wait(for: word)
        }
        defer {
            if word.exchange(0, ordering: .releasing) != 1 { lock.wakeOne() }
        }
        #else
        lock.acquire()
        defer { lock.release() }
        #endif
        return try body(&state.pointee)
    }
}

// The one `@unchecked` conformance here, next to the lock that makes it true.
extension Locked: @unchecked Sendable where State: Sendable {}

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock

extension UnsafeMutablePointer<os_unfair_lock> {
    func initialize() { initialize(to: os_unfair_lock()) }
    func destroy() { deinitialize(count: 1) }
    @inlinable @inline(__always) func acquire() { os_unfair_lock_lock(self) }
    @inlinable @inline(__always) func release() { os_unfair_lock_unlock(self) }
}
#elseif canImport(Glibc)
@usableFromInline typealias PlatformLock = LinuxLock

/// The slow path of the Linux lock: where a thread that found the word taken waits. It is the
/// classic three-state mutex, with a `pthread_mutex_t` and a condition in place of a futex:
/// - taking: compare-and-swap the word 0 → 1; when it is taken, spin briefly, then, under the
///   mutex, exchange it for 2 (taken, waited for) until the exchange finds it free (0), waiting
///   on the condition in between;
/// - releasing: exchange the word for 0; when it was 2, signal the condition under the mutex.
/// A waiter exchanges and waits under the mutex, and a releaser signals under it, so a wake-up
/// is never lost. The word's atomics are compiled into our code, so ThreadSanitizer sees them
/// (it does not see the `Synchronization` module's `Mutex`).
@usableFromInline
struct LinuxLock {
    var mutex = pthread_mutex_t()
    var condition = pthread_cond_t()
}

extension UnsafeMutablePointer<LinuxLock> {
    func initialize() {
        initialize(to: LinuxLock())
        // Defaults cannot fail; the results are checked in debug builds.
        let mutex = pthread_mutex_init(mutexPointer, nil)
        let condition = pthread_cond_init(conditionPointer, nil)
        assert(mutex == 0 && condition == 0, "pthread_mutex_init or pthread_cond_init failed")
    }

    func destroy() {
        pthread_cond_destroy(conditionPointer)
        pthread_mutex_destroy(mutexPointer)
        deinitialize(count: 1)
    }

    private var mutexPointer: UnsafeMutablePointer<pthread_mutex_t> {
        UnsafeMutableRawPointer(self).advanced(by: MemoryLayout<LinuxLock>.offset(of: \.mutex)!)
            .assumingMemoryBound(to: pthread_mutex_t.self)
    }

    private var conditionPointer: UnsafeMutablePointer<pthread_cond_t> {
        UnsafeMutableRawPointer(self).advanced(by: MemoryLayout<LinuxLock>.offset(of: \.condition)!)
            .assumingMemoryBound(to: pthread_cond_t.self)
    }

    /// Takes the word, which the caller found taken.
    @usableFromInline
    func wait(for word: borrowing Atomic<UInt32>) {
        // Critical sections are a few instructions: a short spin usually sees it free.
        for _ in 0..<64 {
            if word.load(ordering: .relaxed) == 0,
               word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        }
        pthread_mutex_lock(mutexPointer)
        while word.exchange(2, ordering: .acquiring) != 0 {
            pthread_cond_wait(conditionPointer, mutexPointer)
        }
        pthread_mutex_unlock(mutexPointer)
    }

    /// Wakes one waiter, after the word was released from 2.
    @usableFromInline
    func wakeOne() {
        pthread_mutex_lock(mutexPointer)
        pthread_cond_signal(conditionPointer)
        pthread_mutex_unlock(mutexPointer)
    }
}
#elseif canImport(Musl) || canImport(Bionic)
@usableFromInline typealias PlatformLock = pthread_mutex_t

extension UnsafeMutablePointer<pthread_mutex_t> {
    func initialize() {
        initialize(to: pthread_mutex_t())
        // A default mutex cannot fail to initialise; the result is checked in debug builds.
        let result = pthread_mutex_init(self, nil)
        assert(result == 0, "pthread_mutex_init failed: \(result)")
    }
    func destroy() {
        pthread_mutex_destroy(self)
        deinitialize(count: 1)
    }
    @inlinable @inline(__always) func acquire() { pthread_mutex_lock(self) }
    @inlinable @inline(__always) func release() { pthread_mutex_unlock(self) }
}
#else
@usableFromInline typealias PlatformLock = NSLock

extension UnsafeMutablePointer<NSLock> {
    func initialize() { initialize(to: NSLock()) }
    func destroy() { deinitialize(count: 1) }
    @inlinable func acquire() { pointee.lock() }
    @inlinable func release() { pointee.unlock() }
}
#endif
