import Foundation

// MARK: - Shared

/// A value that tests share between threads (a counter, what handlers saw), and that a test can
/// wait on: ``wait(until:deadline:)`` sleeps until a change makes its condition true, instead of
/// polling until a deadline. The condition's lock is right beside the state, which is why it may
/// be unchecked.
///
/// A thread that polls stays runnable. On a thread of the pool that Swift tasks and
/// `DispatchQueue.global()` share, it keeps that pool's other work from running, a delivery
/// handed off or another test's; a thread that waits here does not.
public final class Shared<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    public var value: Value {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    /// Changes the value and wakes every waiter.
    @discardableResult
    public func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&stored)
    }

    /// Waits until `isDone` holds, checked again after each change; returns whether it holds,
    /// `false` once `deadline` passed without it. (NSCondition on Linux traps on
    /// `Date.distantFuture`: give a deadline that is far off instead.)
    @discardableResult
    public func wait(until isDone: (Value) -> Bool, deadline: Date = Date(timeIntervalSinceNow: 30)) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isDone(stored) {
            guard condition.wait(until: deadline) else { return isDone(stored) }
        }
        return true
    }
}

/// Runs `wait` on a thread of its own and returns what it returns: how async tests wait on
/// ``Shared`` values without holding a thread of the pool their tasks run on.
public func waitOnAThreadOfItsOwn(_ wait: @escaping @Sendable () -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: wait()) }.start()
    }
}

extension Shared where Value == Int {
    public func increment() { mutate { $0 += 1 } }
}

/// What handlers saw, in order, from any thread.
public typealias Log<Element> = Shared<[Element]>

extension Shared {
    public convenience init<Element>() where Value == [Element] { self.init([]) }
    public func append<Element>(_ element: Element) where Value == [Element] { mutate { $0.append(element) } }
    public var all: Value { value }
}
