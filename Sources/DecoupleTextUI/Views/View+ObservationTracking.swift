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
    public func trackChanges(_ update: @escaping @MainActor () -> Void) {
        let tracked = TrackedUpdate(update)
        trackedUpdates.append(tracked)
        tracked.run()
    }

    /// Whether something read by a ``trackChanges(_:)`` update of this view, or of any view in
    /// it, has changed since the update last ran — that is, whether the screen is stale.
    public var needsUpdate: Bool {
        trackedUpdates.contains { $0.isDirty } || subviews.contains { $0.needsUpdate }
    }

    /// Runs the ``trackChanges(_:)`` updates whose inputs changed; drawing does this by itself.
    public func updateIfNeeded() {
        for tracked in trackedUpdates where tracked.isDirty { tracked.run() }
    }
}

/// One `trackChanges` update and whether its inputs changed.
@MainActor
final class TrackedUpdate {
    private let update: @MainActor () -> Void
    private let dirty = Locked(false)

    init(_ update: @escaping @MainActor () -> Void) {
        self.update = update
    }

    nonisolated var isDirty: Bool { dirty.withLock { $0 } }

    func run() {
        dirty.withLock { $0 = false }
        let dirty = self.dirty
        withObservationTracking {
            update()
        } onChange: {
            dirty.withLock { $0 = true }
        }
    }
}
