import Decouple

// MARK: - View

/// A view that draws itself as lines of plain text.
///
/// A plain `View` draws its subviews one under another, so a screen can be put together with
/// ``addSubview(_:)`` alone. Subclass it and override ``render(width:)`` to draw something else.
/// Every line a view returns is at most `width` columns wide, as ``TextWidth`` counts them, and
/// contains no terminal escapes, so what a test compares is exactly what a person would read.
///
/// ```swift
/// final class Banner: View {
///     var text = "Hello"
///     override func render(width: Int) -> [String] { [TextWidth.center(text, in: width)] }
/// }
/// print(Banner().renderedText(width: 11))   // "   Hello   "
/// ```
///
/// Tests find views the way a person finds them on screen — by what they show — with
/// ``firstDescendant(_:where:)``, ``button(titled:)`` and ``textField(placeholder:)``, then act on
/// them with the same calls the app's own code receives: ``Button/tap()``,
/// ``TextField/type(_:)``, ``TextField/paste(_:)``, ``TableView/tapRow(at:)``,
/// ``TableView/scroll(by:)``.
@MainActor
open class View {
    /// A hidden view renders no lines and ignores events.
    open var isHidden = false

    private var ownSubviews: [View] = []

    /// The view this one was added to, if any. Held weakly: a parent owns its children.
    public private(set) weak var superview: View?

    /// Bindings that last as long as this view; see `BindingTarget.bind(_:to:in:)`.
    public let bindings = CancellationBag()

    var trackedUpdates: [TrackedUpdate] = []

    /// The controller whose root view this is, if any.
    weak var owningController: ViewController?

    /// The field editing in this window, or in this view hierarchy when it is in no window.
    weak var scopedFirstResponder: TextField?

    public init() {}

    /// The views this one contains, in drawing order.
    ///
    /// Containers whose children change on their own (a ``TableView``'s visible cells) override
    /// this to report them.
    open var subviews: [View] { ownSubviews }

    /// Adds a view at the end of ``subviews``, taking it from its previous superview.
    ///
    /// A view cannot contain itself: adding this view, or a view this one is inside (a superview
    /// of it, at any depth, or the window showing it), is refused — nothing changes, and a warning
    /// naming both views is written to standard error — since drawing or walking the cycle it
    /// would make would never end.
    open func addSubview(_ view: View) {
        guard !view.contains(self) else {
            warn("Refused to add \(describe(view)) as a subview of \(describe(self)), which it contains")
            return
        }
        view.removeFromSuperview()
        ownSubviews.append(view)
        view.superview = self
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.ownSubviews.removeAll { $0 === self }
        superview = nil
    }

    /// The view's lines at the given width. Override to draw; the default draws the subviews one
    /// under another.
    ///
    /// Whatever an override returns, the parent reads it through ``View/lines(width:)``, which holds
    /// it to the rendering rule: at most `max(width, 0)` columns (and at most
    /// ``TextWidth/maximumColumns``), with no control character. Draw subviews with their
    /// ``View/lines(width:)``, never by calling their `render(width:)`.
    open func render(width: Int) -> [String] {
        drawing(width) { width in subviews.flatMap { $0.lines(width: width) } }
    }

    /// The lines a parent should draw: none when hidden. Whatever ``render(width:)`` returns is
    /// held to the rendering rule here: each line is made ``TextWidth/displayable(_:)`` and cut
    /// to `width` columns, and a negative `width` draws as 0.
    ///
    /// A frame is drawn from the main actor's state as it is. The outermost call first brings
    /// every view in this one up to date (``updateIfNeeded()`` on each view, again while an
    /// update leaves another view stale), then draws; while it draws, no
    /// ``View/trackChanges(in:_:)`` update runs, so nothing changes the views half way through
    /// the frame.
    public final func lines(width: Int) -> [String] {
        guard !View.isDrawingFrame else {
            return isHidden ? [] : drawing(width) { render(width: $0) }
        }
        // What Observation marked stale first.
        var rounds = 0
        while rounds < View.maximumUpdateRounds, updateTreeIfNeeded() { rounds += 1 }
        View.isDrawingFrame = true
        defer { View.isDrawingFrame = false }
        return isHidden ? [] : drawing(width) { render(width: $0) }
    }

    /// Whether a frame is being drawn, on the main actor: views drawn inside it run no updates.
    private static var isDrawingFrame = false

    /// The most passes over the tree that one frame makes to bring it up to date: updates that
    /// keep making each other stale would otherwise never let it be drawn.
    static let maximumUpdateRounds = 100

    /// Runs the stale updates of this view and of every view in it; returns whether any ran.
    private func updateTreeIfNeeded() -> Bool {
        var ran = false
        if trackedUpdates.contains(where: { $0.isDirty }) {
            updateIfNeeded()
            ran = true
        }
        for child in viewsDrawn where child.updateTreeIfNeeded() { ran = true }
        return ran
    }

    /// The views this one draws, for bringing a frame up to date: its ``subviews``, and, in a
    /// window, what lies behind a presented alert too.
    var viewsDrawn: [View] { subviews }

    /// Draws with `draw` at `width` clamped to `0...TextWidth.maximumColumns`, then makes each
    /// line it returns displayable and at most that wide: the one place every view's drawing
    /// passes through, so the rule holds for any integer and any text.
    func drawing(_ width: Int, _ draw: (Int) -> [String]) -> [String] {
        let width = TextWidth.clampedWidth(width)
        var lines = draw(width)
        // In place, with no second array: `truncate` returns a line that already fits (the usual
        // case) as it is, neither copied nor rebuilt.
        for index in lines.indices {
            lines[index] = TextWidth.truncate(lines[index], to: width)
        }
        return lines
    }

    /// The view drawn at `width`, lines joined with newlines, trailing spaces removed.
    public final func renderedText(width: Int = 40) -> String {
        lines(width: width).map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")
    }

    /// Whether `view` is this view or is inside it: found through its superviews and, at the top
    /// of each hierarchy, the window the controller whose view it is shows in.
    func contains(_ view: View) -> Bool {
        var current: View? = view
        while let candidate = current {
            if candidate === self { return true }
            if let parent = candidate.superview {
                current = parent
            } else {
                let window = candidate.owningController?.window
                current = window === candidate ? nil : window
            }
        }
        return false
    }

    /// The window this view is shown in, if any: found through its superviews and, at the top,
    /// the controller whose view it is.
    public var window: Window? {
        var top = self
        while let parent = top.superview { top = parent }
        if let window = top as? Window { return window }
        return top.owningController?.window
    }

    /// Where "one field edits at a time" applies: the window, or the top of the hierarchy.
    var responderScope: View {
        if let window { return window }
        var top = self
        while let parent = top.superview { top = parent }
        return top
    }

    // MARK: Finding views

    /// Whether this view and every view above it are shown.
    public var isVisible: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return false }
            view = current.superview
        }
        return true
    }

    /// The first visible view of type `T` below this one, depth first in drawing order, that
    /// satisfies `predicate`.
    public func firstDescendant<T: View>(_ type: T.Type = T.self, where predicate: (T) -> Bool = { _ in true }) -> T? {
        for child in subviews where !child.isHidden {
            if let match = child as? T, predicate(match) { return match }
            if let match = child.firstDescendant(type, where: predicate) { return match }
        }
        return nil
    }

    /// Every visible view of type `T` below this one, in drawing order.
    public func descendants<T: View>(_ type: T.Type = T.self) -> [T] {
        subviews.filter { !$0.isHidden }.flatMap { child in
            ((child as? T).map { [$0] } ?? []) + child.descendants(type)
        }
    }

    /// The first visible button with this title.
    public func button(titled title: String) -> Button? {
        firstDescendant(Button.self) { $0.title == title }
    }

    /// The first visible text field with this placeholder.
    public func textField(placeholder: String) -> TextField? {
        firstDescendant(TextField.self) { $0.placeholder == placeholder }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
