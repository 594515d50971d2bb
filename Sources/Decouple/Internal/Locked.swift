#if canImport(Darwin)
import Darwin
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
/// The lock is the platform's own (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t`
/// elsewhere), and lock and state live at fixed addresses outside the object, so taking the lock
/// costs no Objective-C dispatch and reaching the state no run-time exclusivity check: both
/// showed in profiles of the proxy, the factory and bindings (see `Benchmarks/`).
///
/// It is `package`, for the text UI module, and `@usableFromInline` so that a value set through an ``ObservableProperty`` compiles, in the
/// caller's module, to code specialised for the value's type.
@usableFromInline
package final class Locked<State> {
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
        lock.acquire()
        defer { lock.release() }
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
