import Decouple

import Observation

// MARK: - Swift Observation interop

extension View {
    /// Keeps the view up to date with `@Observable` models: runs `update` now, and again before
    /// the view is next drawn whenever anything `update` read has changed since.
    ///
    /// Swift's Observation reports a change once, *before* it happens (at willSet), so reading
    /// the model in that callback would see the old value. This marks the view as needing an
    /// update instead, and pulls the fresh values when the view is drawn — invalidate, then pull,
    /// as SwiftUI does.
    ///
    /// ```swift
    /// @Observable final class ProfileModel { var name = "小明" }
    ///
    /// label.trackChanges { [unowned label, model] in label.text = model.name }
    /// model.name = "小红"
    /// label.needsUpdate           // true
    /// label.renderedText()        // "小红"
    /// ```
    ///
    /// Observation starts watching what `update` read only once it has returned, so each run
    /// calls `update` twice in a row: a change made on another thread meanwhile is then shown,
    /// not lost. Keep it free of side effects other than writing the view.
    ///
    /// The view holds `update`; capture the view itself weakly or unowned in it.
    ///
    /// The tracking lasts as long as the view, or as `bag` when one is given, until the returned
    /// token is cancelled; then `update` is let go of (and whatever it captured with it) and never
    /// runs again. Tracking registered on a ``TableViewCell``, or on a view inside one, while the
    /// table configures the cell for a row (in `tableView(_:cellForRowAt:)`) belongs to that row:
    /// it ends when the cell leaves the screen, before the cell is reused, and when the row is
    /// configured again — so a recycled cell never shows another row's updates.
    ///
    /// ```swift
    /// let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    /// let model = models[indexPath.row]
    /// cell.trackChanges { [unowned cell] in cell.textLabel.text = model.name }
    /// ```
    @discardableResult
    public func trackChanges(in bag: CancellationBag? = nil, _ update: @escaping @MainActor () -> Void) -> CancellationToken {
        register(TrackedUpdate(delivers: false) { _ in
            update()
            return .done
        }, in: bag).token
    }

    /// Keeps `tracked` with this view, in `bag`, or in the row's tracking of the cell being
    /// configured, or in ``bindings``, in that order; runs it once. Returns it with its token.
    func register(_ tracked: TrackedUpdate, in bag: CancellationBag?) -> (token: CancellationToken, tracked: TrackedUpdate) {
        let token = CancellationToken { tracked.cancel() }
        tracked.token = token
        trackedUpdates.removeAll { $0.isCancelled }
        trackedUpdates.append(tracked)
        token.store(in: bag ?? configuringCell?.rowTracking ?? bindings)
        tracked.run()
        return (token, tracked)
    }

    /// The cell that this view is, or is inside, if the table is configuring it for a row now.
    var configuringCell: TableViewCell? {
        var view: View? = self
        while let current = view {
            if let cell = current as? TableViewCell, cell.isBeingConfigured { return cell }
            view = current.superview
        }
        return nil
    }

    /// Whether something read by a ``trackChanges(in:_:)`` update of this view, or of any view in
    /// it, has changed since the update last ran — that is, whether the screen is stale.
    public var needsUpdate: Bool {
        trackedUpdates.contains { $0.isDirty } || subviews.contains { $0.needsUpdate }
    }

    /// Runs the ``trackChanges(in:_:)`` updates whose inputs changed; drawing does this by itself.
    public func updateIfNeeded() {
        trackedUpdates.removeAll { $0.isCancelled }
        for tracked in trackedUpdates where tracked.isDirty { tracked.run() }
    }
}

/// One `trackChanges` update or one binding to `@Observable` models, and whether its inputs
/// changed. Cancelling it, from any thread, lets go of the update: it is never dirty and never
/// runs again.
///
/// A run reads inside `withObservationTracking` (and once more after, so that a change made on
/// another thread meanwhile is not missed) and writes after it: what the returned ``Step``
/// writes (into a view, or a table's cells through their data source) is not tracked, so a cell
/// configured while a table's binding applies its snapshot never adds the cell's reads to the
/// table's (nested tracking adds its reads to the tracking around it).
@MainActor
final class TrackedUpdate {
    /// What a run does after its tracked read.
    enum Step {
        /// Nothing more (`trackChanges` wrote while it read).
        case done
        /// Writes, untracked.
        case write(@MainActor () -> Void)
        /// The view or the model is gone: the binding ends.
        case end
    }

    /// Reads the model; with `writes`, returns what to write (the read that only registers for
    /// changes returns nothing to write).
    typealias Read = @MainActor @Sendable (_ writes: Bool) -> Step

    private struct State {
        var read: Read?
        var isDirty = false
        /// Whether it waits in ``ObservableDelivery``.
        var isQueued = false
    }

    private let state: Locked<State>
    /// Whether a change is delivered on the main actor by itself (bindings), not only pulled
    /// before the view is drawn (`trackChanges`).
    let delivers: Bool
    /// The token that ends it, cancelled when a run finds the view or the model gone.
    weak var token: CancellationToken?

    init(delivers: Bool, _ read: @escaping Read) {
        self.delivers = delivers
        state = Locked(State(read: read))
    }

    nonisolated var isDirty: Bool { state.withLock { $0.isDirty && $0.read != nil } }

    nonisolated var isCancelled: Bool { state.withLock { $0.read == nil } }

    /// Ends the tracking. The update is released outside the lock.
    nonisolated func cancel() {
        // Taken out under the lock, released (with whatever it captured) after it.
        let read = state.withLock { state in
            defer { state.read = nil }
            return state.read
        }
        _ = read
    }

    /// Something it read will change: Observation calls this at *willSet*, on the thread that
    /// makes the change, before the change is made. Marks it dirty and, for a binding, queues it
    /// for the main actor once.
    private nonisolated func invalidate() {
        let queue = state.withLock { state -> Bool in
            guard state.read != nil else { return false }
            state.isDirty = true
            guard delivers, !state.isQueued else { return false }
            state.isQueued = true
            return true
        }
        if queue { ObservableDelivery.enqueue(self) }
    }

    /// Runs it if its inputs changed since it last ran: what ``ObservableDelivery`` calls.
    func deliver() {
        let isDirty = state.withLock { state in
            state.isQueued = false
            return state.isDirty && state.read != nil
        }
        if isDirty { run() }
    }

    func run() {
        guard let read = state.withLock({ state -> Read? in
            state.isDirty = false
            return state.read
        }) else { return }
        _ = withObservationTracking {
            read(false)
        } onChange: { [weak self] in
            self?.invalidate()
        }
        // Observation registers for changes only once `read` has returned: a change made on
        // another thread after `read` read the model and before that told no one. So `read` runs
        // again, untracked, and what it finds now is what is written; a change after the
        // registration marks this stale, and it runs again. Every run reads twice: which change
        // comes from another thread cannot be known before it is made.
        switch read(true) {
        case .done: break
        case .write(let write): write()
        case .end: token?.cancel() ?? cancel()
        }
    }
}

// MARK: - Delivery

/// Bindings to `@Observable` models whose inputs changed, run on the main actor in the order
/// they changed: one main-actor task for everything that changed since it was queued, so the
/// changes of one main-actor turn reach each binding as one update.
enum ObservableDelivery {
    private static let pending = Locked<[TrackedUpdate]>([])

    /// Queues `tracked`, from any thread; the first one queued starts the task.
    static func enqueue(_ tracked: TrackedUpdate) {
        let isFirst = pending.withLock { pending in
            pending.append(tracked)
            return pending.count == 1
        }
        if isFirst { Task { @MainActor in deliverPending() } }
    }

    /// Runs what was queued when it starts; what its updates make dirty waits for the next task,
    /// so two bindings that write each other's models take turns instead of holding the main
    /// actor.
    @MainActor
    static func deliverPending() {
        let queued = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        for tracked in queued { tracked.deliver() }
    }
}
