import Decouple

// MARK: - TableViewCell

/// A row of a ``TableView``: a text label, a detail label and an accessory mark.
///
/// Subclass it for custom rows; register the subclass with
/// ``TableView/register(_:forCellReuseIdentifier:)``. Cells are reused: override
/// ``prepareForReuse()`` to clear anything a previous row left behind.
@MainActor
open class TableViewCell: View {
    /// What the row shows at its trailing edge.
    public enum Accessory: Sendable {
        case none, checkmark, disclosureIndicator
    }

    /// The identifier the cell was registered and dequeued with.
    public let reuseIdentifier: String
    /// The main text, at the leading edge.
    public let textLabel = Label()
    /// Secondary text, at the trailing edge.
    public let detailTextLabel = Label()
    /// The trailing mark: `✓` for a checkmark, `›` for a disclosure indicator.
    open var accessory = Accessory.none

    /// Bindings to the row the cell shows now. The table cancels them when the cell leaves the
    /// screen and again before ``prepareForReuse()`` (ReactiveCocoa's `takeUntil:`), so a
    /// recycled cell never shows another row's updates. Cancel them yourself when you give the
    /// cell another model:
    ///
    /// ```swift
    /// var model: HomePageModel? {
    ///     didSet {
    ///         rowBindings.cancelAll()
    ///         guard let model else { return }
    ///         totalLabel.bind(\.text, to: model.$totalNumber, in: rowBindings)
    ///     }
    /// }
    /// ```
    public let rowBindings = CancellationBag()

    /// The ``View/trackChanges(in:_:)`` tracking registered while the table configured the cell
    /// for its row; ended with ``rowBindings`` and before the row is configured again.
    let rowTracking = CancellationBag()

    /// Whether the table is configuring the cell for a row (inside `tableView(_:cellForRowAt:)`).
    var isBeingConfigured = false

    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init()
        detailTextLabel.alignment = .trailing
        addSubview(textLabel)
        addSubview(detailTextLabel)
    }

    /// Called before the table hands the cell out again for another row, after the row's
    /// ``rowBindings`` and the tracking registered while it was configured
    /// (``View/trackChanges(in:_:)``) have ended. The default clears the labels and the
    /// accessory; call `super` when you override it.
    open func prepareForReuse() {
        textLabel.text = ""
        detailTextLabel.text = ""
        accessory = .none
    }

    open override func render(width: Int) -> [String] {
        drawing(width) { width in [row(width: width)] }
    }

    /// The row as ``View/lines(width:)`` draws it, for a cell of exactly this class, built in
    /// one buffer; `nil` for a subclass (whose ``render(width:)`` may draw otherwise, so it is
    /// drawn through it) and for a hidden cell. `width` is already clamped.
    func plainRow(width: Int) -> String? {
        guard type(of: self) == TableViewCell.self, !isHidden else { return nil }
        // Up to date already: the frame's outermost `lines(width:)` brought it up to date.
        // What `lines(width:)` would return: `row` is displayable and exactly `width` wide, so
        // the truncations that `drawing` applies leave it as it is.
        return row(width: width)
    }

    private func row(width: Int) -> String {
        let mark = switch accessory {
        case .none: ""
        case .checkmark: " ✓"
        case .disclosureIndicator: " ›"
        }
        let available = max(0, width - TextWidth.columns(of: mark))
        let detail = TextWidth.truncate(detailTextLabel.text, to: available / 2)
        let detailWidth = TextWidth.columns(of: detail)
        let textWidth = max(0, available - detailWidth - (detailWidth > 0 ? 1 : 0))
        let text = TextWidth.truncate(textLabel.text, to: textWidth)
        let gap = textWidth - TextWidth.columns(of: text)
        // One buffer for the whole line: the text padded to its width, the detail, the mark.
        var line = ""
        line.reserveCapacity(text.utf8.count + gap + (detailWidth > 0 ? 1 + detail.utf8.count : 0) + mark.utf8.count)
        line += text
        TextWidth.appendSpaces(gap, to: &line)
        if detailWidth > 0 {
            line += " "
            line += detail
        }
        line += mark
        return TextWidth.pad(line, to: width)
    }
}
