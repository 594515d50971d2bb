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

/// The main actor's rounds of calls: what makes "a value set inside a handler is told after the
/// current round, first in, first out" true for every observable at once.
///
/// A handler runs inside ``run(_:)``. A value set outside every handler is told at once; one set
/// inside a handler is queued here and told when the outermost call returns, in the order the
/// values were set. So a chain of 5,000 derived values is told one value after another, never
/// one call inside another.
@MainActor @usableFromInline
enum Rounds {
    /// One stored property: each access to a static one is checked for exclusivity at run time.
    struct State {
        /// How many handler calls are running, one inside another.
        var depth = 0
        var queued: [@MainActor () -> Void] = []
        /// Derived values to compute again, and whether that is under way.
        var stale: [Weak<AnyObject>] = []
        var isComputing = false
    }

    // Private, and reached only through the functions below (not inlinable): the optimiser then
    // sees every access to it and drops the run-time exclusivity checks a static property has.
    private static var state = State()

    @usableFromInline static var isQueueEmpty: Bool { state.queued.isEmpty }

    /// Starts a round told at once, if no handler runs and no round waits; ``end()`` follows.
    @usableFromInline
    static func beginIfIdle() -> Bool {
        guard state.depth == 0, state.queued.isEmpty else { return false }
        state.depth = 1
        return true
    }

    /// Ends a handler call; the outermost one then tells every round queued meanwhile.
    @usableFromInline
    static func end() {
        state.depth -= 1
        if state.depth == 0, !state.queued.isEmpty { drain() }
    }

    /// Runs `body` as a handler call, then, if it was the outermost one, every round queued.
    @usableFromInline
    static func run(_ body: @MainActor () -> Void) {
        state.depth += 1
        body()
        end()
    }

    /// Queues a round, told after the rounds queued before it.
    @usableFromInline
    static func enqueue(_ round: @escaping @MainActor () -> Void) {
        state.queued.append(round)
    }

    @usableFromInline
    static func drain() {
        state.depth += 1
        var next = 0
        while next < state.queued.count {
            let round = state.queued[next]
            state.queued[next] = {}   // its values are let go of as soon as it has run
            next += 1
            round()
        }
        state.queued.removeAll(keepingCapacity: true)
        state.depth -= 1
    }

    /// Computes derived values again, in the order their sources were stored, one after
    /// another: a chain of 5,000 is computed in a loop, not 5,000 calls deep.
    @usableFromInline
    static func recompute(_ derived: [Weak<AnyObject>]) {
        state.stale.append(contentsOf: derived)
        guard !state.isComputing else { return }
        state.isComputing = true
        var next = 0
        while next < state.stale.count {
            let value = state.stale[next].object
            next += 1
            (value as? any Recomputing)?.recompute()
        }
        state.stale.removeAll(keepingCapacity: true)
        state.isComputing = false
    }
}

/// A value computed again when a source is stored: a ``Derived`` value.
@MainActor
protocol Recomputing: AnyObject {
    func recompute()
}
