#if canImport(Darwin)
import Darwin
#elseif canImport(Synchronization)
import Synchronization
#elseif canImport(Glibc)
import Glibc
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
/// The lock is `os_unfair_lock` on Apple platforms (the toolchain's `Mutex` needs macOS 15 and
/// iOS 18; the package supports 14 and 17), and elsewhere the `Synchronization` module's `Mutex`,
/// whose uncontended path is one compare-and-swap compiled into the caller: about a third of a
/// `pthread_mutex_t`'s cost, which showed in every look-up of the proxy and the factory and
/// several times in each binding update (see `Benchmarks/`). The state lives at a fixed address
/// outside the object, so reaching it costs no run-time exclusivity check.
///
/// It is `package`, for the text UI module, and `@usableFromInline` so that a value set through an ``ObservableProperty`` compiles, in the
/// caller's module, to code specialised for the value's type.
@usableFromInline
package final class Locked<State> {
    #if canImport(Darwin) || !canImport(Synchronization)
    @usableFromInline let lock: UnsafeMutablePointer<PlatformLock>
    #else
    @usableFromInline let mutex = Mutex<Void>(())
    #endif
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline
    package init(_ state: State) {
        #if canImport(Darwin) || !canImport(Synchronization)
        lock = .allocate(capacity: 1)
        lock.initialize()
        #endif
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        #if canImport(Darwin) || !canImport(Synchronization)
        lock.destroy()
        lock.deallocate()
        #endif
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        #if canImport(Darwin) || !canImport(Synchronization)
        lock.acquire()
        defer { lock.release() }
        return try body(&state.pointee)
        #else
        try mutex.withLock { _ throws(Failure) -> sending Result in
            // `Mutex` asks for a result that may be sent anywhere; this one goes back to the
            // caller of `withLock` on the same thread, as with the other locks.
            nonisolated(unsafe) let result = try body(&state.pointee)
            return result
        }
        #endif
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
#elseif canImport(Synchronization)
// `Mutex`, above.
#elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
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
