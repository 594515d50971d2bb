import Foundation

/// A value guarded by a lock: the one place in the core that opts out of the compiler's
/// sendability checking, with the lock right beside the state it protects.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
