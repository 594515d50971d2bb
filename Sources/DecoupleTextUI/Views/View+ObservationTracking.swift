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
        register(TrackedUpdate(through: nil) {
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
/// changed. Cancelling it lets go of the update: it is never dirty and never runs again.
///
/// A run reads, tracked, then writes what the returned ``Step`` says, untracked: what it writes
/// (into a view, or a table's cells through their data source) never adds to what it follows,
/// so a cell configured while a table's binding applies its snapshot never adds the cell's reads
/// to the table's. A `trackChanges` update registers what it read on each run; a binding reads
/// through a ``KeyPathObservation`` shared by every binding to the same model's key path.
@MainActor
final class TrackedUpdate {
    /// What a run does after its tracked read.
    enum Step {
        /// Nothing more (`trackChanges` wrote while it read).
        case done
        /// Writes, untracked.
        case write(() -> Void)
        /// The view or the model is gone: the binding ends.
        case end
    }

    private var read: (() -> Step)?
    private(set) var isDirty = false
    private var isQueued = false
    /// The shared registration a binding reads through; `nil` for `trackChanges`.
    private let observation: KeyPathObservation?
    /// The token that ends it, cancelled when a run finds the view or the model gone.
    weak var token: CancellationToken?

    init(through observation: KeyPathObservation?, _ read: @escaping () -> Step) {
        self.observation = observation
        self.read = read
        observation?.add(self)
    }

    var isCancelled: Bool { read == nil }

    /// Ends the tracking, and lets go of the update and what it captured.
    func cancel() {
        read = nil
        observation?.remove(self)
    }

    /// Something it read is changing: marks it dirty and, for a binding, queues it for the main
    /// actor's next turn, once.
    func invalidate() {
        guard read != nil else { return }
        isDirty = true
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
        guard let read else { return }
        isDirty = false
        let step: Step
        if let observation {
            observation.register()
            step = read()
        } else {
            step = withObservationTracking(read) { [weak self] in
                KeyPathObservation.onMainActor { self?.invalidate() }
            }
        }
        switch step {
        case .done: break
        case .write(let write): write()
        case .end: token?.cancel() ?? cancel()
        }
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
