import Foundation

// MARK: - Shared

/// A value that tests share between threads (a counter, what handlers saw): the lock is right
/// beside the state, which is why it may be unchecked.
public final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    public var value: Value { lock.withLock { stored } }

    public func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
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
