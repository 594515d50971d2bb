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
    /// A change made on the main actor marks the view stale at once, so the next frame shows it.
    /// A change made on another thread (to a `Sendable` model) marks it stale on the main
    /// actor's next turn, and the update then reads the latest values.
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
        register(TrackedUpdate(through: nil) { update(); return true }, in: bag).token
    }

    /// Keeps `tracked` with this view, in `bag`, or in the row's tracking of the cell being
    /// configured, or in ``bindings``, in that order; runs it once. Returns it with its token.
    func register(_ tracked: TrackedUpdate, in bag: CancellationBag?) -> (token: CancellationToken, tracked: TrackedUpdate) {
        let token = CancellationToken { tracked.cancel() }
        tracked.token = token
        dropEndedUpdates()
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
        dropEndedUpdates()
        for tracked in trackedUpdates where tracked.isDirty { tracked.run() }
    }

    /// Drops the updates that ended; they are let go of after the list is written, as what they
    /// captured may go with them.
    private func dropEndedUpdates() {
        let all = trackedUpdates
        trackedUpdates = all.filter { !$0.isCancelled }
    }
}

/// One `trackChanges` update or one binding to `@Observable` models, and whether its inputs
/// changed. Cancelling it lets go of the update: it is never dirty and never runs again.
///
/// A `trackChanges` update runs inside `withObservationTracking`, which registers what it read;
/// a binding reads through a ``KeyPathObservation`` shared by every binding to the same model's
/// key path, and writes outside any tracking, so a cell configured while a table's binding
/// applies its snapshot never adds the cell's reads to the table's.
@MainActor @usableFromInline
final class TrackedUpdate {
    /// Runs the update; returns `false` when the view or the model has gone, which ends it.
    private var update: (() -> Bool)?
    private var isStale = false
    private var isQueued = false
    /// The shared registration a binding reads through; `nil` for `trackChanges`.
    private let observation: KeyPathObservation?
    /// The token that ends it, cancelled when a run finds the view or the model gone.
    weak var token: CancellationToken?

    init(through observation: KeyPathObservation?, _ update: @escaping () -> Bool) {
        self.observation = observation
        self.update = update
        observation?.add(self)
    }

    /// Ended: cancelled, or its token released (on any thread).
    var isCancelled: Bool { update == nil || token == nil }

    /// Whether something it read has changed since it last ran.
    var isDirty: Bool { isStale && !isCancelled }

    /// Ends the tracking, and lets go of the update and what it captured.
    func cancel() {
        update = nil
        observation?.remove(self)
    }

    /// Something it read is changing: marks it dirty and, for a binding, queues it for the main
    /// actor's next turn, once.
    func invalidate() {
        guard !isCancelled else { return }
        isStale = true
        guard observation != nil, !isQueued else { return }
        isQueued = true
        ObservableDelivery.enqueue(self)
    }

    /// Runs it if its inputs changed since it last ran: what ``ObservableDelivery`` calls.
    func deliver() {
        isQueued = false
        if isDirty { run() }
    }

    func run() {
        guard let update, !isCancelled else { return }
        isStale = false
        // A binding reads through its shared registration; `trackChanges` registers what it read.
        observation?.register()
        let isOn = observation != nil ? update() : withObservationTracking(update) { [weak self] in
            MainActorTurn.run { self?.invalidate() }
        }
        if !isOn { token?.cancel() ?? cancel() }
    }
}

// MARK: - Delivery

/// Bindings to `@Observable` models whose inputs changed, run on the main actor's next turn in
/// the order they changed: the changes of one turn reach each binding as one update.
@MainActor
enum ObservableDelivery {
    private static var pending: [TrackedUpdate] = []

    static func enqueue(_ tracked: TrackedUpdate) {
        pending.append(tracked)
        if pending.count == 1 { Task { @MainActor in deliverPending() } }
    }

    /// Runs what was queued when it starts; what its updates make dirty waits for the next turn,
    /// so two bindings that write each other's models take turns instead of holding the main
    /// actor.
    static func deliverPending() {
        let queued = pending
        pending = []
        for tracked in queued { tracked.deliver() }
    }
}
