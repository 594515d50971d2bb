import Foundation

// MARK: - Locked

/// A value guarded by a lock, with the lock right beside the state it protects: the one lock of
/// the core, the same on every platform.
///
/// The lock is Foundation's `NSLock`, a `pthread_mutex_t` on Linux and Apple platforms alike,
/// which ThreadSanitizer understands. A look-up under it costs tens of nanoseconds, which no
/// screen shows (see `Benchmarks/README.md`). `body` must not run user code: callers take what
/// they need out of the state and call user code after the lock is given back.
///
/// It is `Sendable` only where its state is: the lock makes sharing safe, not sending a value
/// that is not sendable. `package`, for the text UI module, and `@usableFromInline`, so that
/// setting an ``ObservableProperty`` compiles in the caller's module to code specialised for the
/// value's type.
@usableFromInline
package final class Locked<State> {
    @usableFromInline let lock = NSLock()
    /// Read and written only inside `withLock`, by one thread at a time.
    @usableFromInline var state: State

    @usableFromInline
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

// The lock makes sharing the state safe; sending it is safe only if the state is sendable.
extension Locked: @unchecked Sendable where State: Sendable {}
