// MARK: - ObservationOptions

/// What an observer is told, as KVO's `NSKeyValueObservingOptions`.
///
/// The options are computed and inlinable, not stored: each call asks for them, and a stored
/// `static let` is a global reached through a one-time initialisation check.
public struct ObservationOptions: OptionSet, Sendable {
    public let rawValue: Int
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    /// Call the handler once before `observe` returns, with the current value as `new` (if
    /// `.new` is asked for).
    @inlinable public static var initial: ObservationOptions { ObservationOptions(rawValue: 1 << 0) }
    /// Include the value the change replaced.
    @inlinable public static var old: ObservationOptions { ObservationOptions(rawValue: 1 << 1) }
    /// Include the value after the change.
    @inlinable public static var new: ObservationOptions { ObservationOptions(rawValue: 1 << 2) }
    /// Also call the handler when a value is set, before it is stored, with `isPrior` set (and
    /// `old`, if asked for).
    @inlinable public static var prior: ObservationOptions { ObservationOptions(rawValue: 1 << 3) }
}

// MARK: - ObservedChange

/// One notification: KVO's change dictionary, typed.
public struct ObservedChange<Value> {
    /// The value before the change, when ``ObservationOptions/old`` was asked for.
    public let old: Value?
    /// The value after the change, when ``ObservationOptions/new`` was asked for. `nil` in a
    /// prior notification.
    public let new: Value?
    /// Whether this is the notification sent before the change (``ObservationOptions/prior``).
    public let isPrior: Bool
    /// Whether this is the notification sent at registration (``ObservationOptions/initial``).
    public let isInitial: Bool

    @inlinable
    package init(old: Value?, new: Value?, isPrior: Bool = false, isInitial: Bool = false) {
        self.old = old
        self.new = new
        self.isPrior = isPrior
        self.isInitial = isInitial
    }

    /// The change as `options` show it: `old` and `new` only where asked for.
    @inlinable
    package init(_ options: ObservationOptions, old: Value?, new: Value?, isPrior: Bool = false, isInitial: Bool = false) {
        self.init(
            old: options.contains(.old) ? old : nil, new: options.contains(.new) ? new : nil,
            isPrior: isPrior, isInitial: isInitial)
    }
}

extension ObservedChange: Sendable where Value: Sendable {}
extension ObservedChange: Equatable where Value: Equatable {}

// MARK: - Rounds

/// The main actor's rounds of notifications: what makes "a value set inside a handler is told
/// after the current round, first in, first out" true for every observable at once.
///
/// A handler runs inside ``run(_:)``. A value set outside every handler is told at once; one set
/// inside a handler is queued here and told when the outermost call returns, in the order the
/// values were set. So a chain of 5,000 derived values is told one value after another, never
/// one call inside another.
@MainActor @usableFromInline
enum Rounds {
    /// How many handler calls are running, one inside another.
    @usableFromInline static var depth = 0
    @usableFromInline static var queued: [() -> Void] = []

    /// Whether a round can be told at once: no handler runs and no round waits.
    @inlinable static var isIdle: Bool { depth == 0 && queued.isEmpty }

    /// Runs `body` as a handler call, then, if it was the outermost one, every round queued.
    @inlinable
    static func run(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
        if depth == 0, !queued.isEmpty { drain() }
    }

    /// Queues a round, told after the rounds queued before it (at once, when no handler runs).
    @usableFromInline
    static func enqueue(_ round: @escaping () -> Void) {
        queued.append(round)
        if depth == 0 { drain() }
    }

    @usableFromInline
    static func drain() {
        depth += 1
        var next = 0
        while next < queued.count {
            let round = queued[next]
            queued[next] = {}   // its values are let go of as soon as it has run
            next += 1
            round()
        }
        queued.removeAll(keepingCapacity: true)
        depth -= 1
    }
}
