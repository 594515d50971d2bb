import Decouple

// MARK: - TestScheduler

/// A scheduler whose clock moves only when a test moves it.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let viewModel = HomePageViewModel(scheduler: scheduler)
/// scheduler.advance(by: .milliseconds(500))   // the list arrives
/// scheduler.advance(by: .seconds(2))          // the timer ticks
/// ```
///
/// Work due at the same instant runs in the order it was scheduled; work scheduled by work runs
/// in the same `advance` if it falls due within it. The clock never goes back: work that calls
/// `advance(by:)` itself moves the clock on from the time it runs at, and the outer call then
/// ends at whichever is later, its own end or where the inner call left the clock — each piece
/// of work still runs once.
public final class TestScheduler: Scheduling {
    @MainActor private struct Item {
        let id: Int
        var due: Duration
        let interval: Duration?
        let work: Work
        /// The work's token: the work is due only while it exists and is not cancelled.
        let token: Weak<CancellationToken>
        var isLive: Bool { token.object.map { !$0.isCancelled } ?? false }
    }

    /// The action of one piece of work, let go of when its token is cancelled or released,
    /// rather than at the scheduler's next look: work that captures the scheduler or its owner
    /// leaves no cycle behind.
    @MainActor private final class Work {
        private(set) var current: (@MainActor () -> Void)?

        init(_ action: @escaping @MainActor () -> Void) {
            current = action
        }

        func end() {
            current = nil
        }
    }

    /// The time since the scheduler was made.
    public private(set) var now: Duration = .zero
    private var items: [Item] = []
    private var nextID = 0

    public init() {}

    /// How many pieces of work are waiting (repeating ones count once).
    public var pendingCount: Int {
        items.removeAll { !$0.isLive }
        return items.count
    }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        add(due: now + max(.zero, delay), interval: nil, action)
    }

    public func schedule(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        // A zero interval would fire forever within one advance.
        let interval = max(interval, .nanoseconds(1))
        return add(due: now + interval, interval: interval, action)
    }

    private func add(due: Duration, interval: Duration?, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        let work = Work(action)
        let token = CancellationToken { work.end() }
        nextID += 1
        items.append(Item(id: nextID, due: due, interval: interval, work: work, token: Weak(token)))
        return token
    }

    /// Moves the clock forward, running everything that falls due, in time order. Called from
    /// scheduled work, it advances from the time that work runs at; the clock never goes back.
    public func advance(by duration: Duration) {
        let end = now + max(.zero, duration)
        while true {
            items.removeAll { !$0.isLive }
            guard let index = items.indices.filter({ items[$0].due <= end })
                .min(by: { (items[$0].due, items[$0].id) < (items[$1].due, items[$1].id) }) else { break }
            let item = items[index]
            now = max(now, item.due)
            let action = item.work.current
            if let interval = item.interval {
                items[index].due = item.due + interval
            } else {
                items.remove(at: index)
                item.work.end()   // its token, which the caller may keep, must not keep it
            }
            // A one-off is gone, and a timer's next time set, before the action runs: an
            // `advance` inside the action cannot run this occurrence again.
            action?()
        }
        now = max(now, end)
    }

    /// Runs everything already due, without moving the clock.
    public func run() {
        advance(by: .zero)
    }
}
