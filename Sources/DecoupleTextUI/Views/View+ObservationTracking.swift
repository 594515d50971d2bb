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
        let tracked = TrackedUpdate(update)
        let token = CancellationToken { tracked.cancel() }
        trackedUpdates.removeAll { $0.isCancelled }
        trackedUpdates.append(tracked)
        token.store(in: bag ?? configuringCell?.rowTracking ?? bindings)
        tracked.run()
        return token
    }

    /// The cell that this view is, or is inside, if the table is configuring it for a row now.
    private var configuringCell: TableViewCell? {
        var view: View? = self
        while let current = view {
            if let cell = current as? TableViewCell, cell.isBeingConfigured { return cell }
            view = current.superview
        }
        return nil
    }

    /// Whether something read by a ``trackChanges(_:)`` update of this view, or of any view in
    /// it, has changed since the update last ran — that is, whether the screen is stale.
    public var needsUpdate: Bool {
        trackedUpdates.contains { $0.isDirty } || subviews.contains { $0.needsUpdate }
    }

    /// Runs the ``trackChanges(_:)`` updates whose inputs changed; drawing does this by itself.
    public func updateIfNeeded() {
        trackedUpdates.removeAll { $0.isCancelled }
        for tracked in trackedUpdates where tracked.isDirty { tracked.run() }
    }
}

/// One `trackChanges` update and whether its inputs changed. Cancelling it, from any thread,
/// lets go of the update: it is never dirty and never runs again.
@MainActor
final class TrackedUpdate {
    private struct State {
        var update: (@MainActor @Sendable () -> Void)?
        var isDirty = false
    }

    private let state: Locked<State>

    init(_ update: @escaping @MainActor () -> Void) {
        state = Locked(State(update: update))
    }

    nonisolated var isDirty: Bool { state.withLock { $0.isDirty && $0.update != nil } }

    nonisolated var isCancelled: Bool { state.withLock { $0.update == nil } }

    /// Ends the tracking. The update is released outside the lock.
    nonisolated func cancel() {
        // Taken out under the lock, released (with whatever it captured) after it.
        let update = state.withLock { state in
            defer { state.update = nil }
            return state.update
        }
        _ = update
    }

    func run() {
        guard let update = state.withLock({ state -> (@MainActor @Sendable () -> Void)? in
            state.isDirty = false
            return state.update
        }) else { return }
        let state = self.state
        withObservationTracking {
            update()
        } onChange: {
            state.withLock { $0.isDirty = true }
        }
    }
}
