import Decouple

// MARK: - StackView

/// Lays out views one under another or side by side, optionally inside a border.
///
/// Borders are drawn with box-drawing characters and every line is padded to the same column
/// count as ``TextWidth`` measures it, so borders line up with CJK content too. A stack too
/// narrow for its borders and separators (a bordered one narrower than its views plus one)
/// draws nothing.
///
/// ```swift
/// let row = StackView(.horizontal, [Label("商品-0"), Label("¥19.0")], border: true)
/// print(row.renderedText(width: 20))
/// // ┌────────┬─────────┐
/// // │商品-0  │¥19.0    │
/// // └────────┴─────────┘
/// ```
@MainActor
open class StackView: View {
    public enum Axis: Sendable {
        case vertical, horizontal
    }

    open var axis: Axis
    /// The views laid out, in order: the stack's ``View/subviews``.
    open var arrangedSubviews: [View] {
        get { subviews }
        set {
            for view in subviews { view.removeFromSuperview() }
            for view in newValue { addSubview(view) }
        }
    }
    /// Whether a border is drawn around the stack and between its views.
    open var hasBorder: Bool

    public init(_ axis: Axis = .vertical, _ views: [View] = [], border: Bool = false) {
        self.axis = axis
        self.hasBorder = border
        super.init()
        for view in views { addSubview(view) }
    }

    /// Appends a view.
    open func addArrangedSubview(_ view: View) {
        addSubview(view)
    }

    open override func render(width: Int) -> [String] {
        drawing(width) { width in
            let visible = arrangedSubviews.filter { !$0.isHidden }
            switch axis {
            case .vertical: return renderVertical(visible, width: width)
            case .horizontal: return renderHorizontal(visible, width: width)
            }
        }
    }

    private func renderVertical(_ views: [View], width: Int) -> [String] {
        guard hasBorder else { return views.flatMap { $0.lines(width: width).map { TextWidth.pad($0, to: width) } } }
        guard width >= 2 else { return [] }
        let inner = width - 2
        var lines = ["┌" + String(repeating: "─", count: inner) + "┐"]
        for (index, view) in views.enumerated() {
            if index > 0 { lines.append("├" + String(repeating: "─", count: inner) + "┤") }
            lines += view.lines(width: inner).map { "│" + TextWidth.pad($0, to: inner) + "│" }
        }
        lines.append("└" + String(repeating: "─", count: inner) + "┘")
        return lines
    }

    private func renderHorizontal(_ views: [View], width: Int) -> [String] {
        guard !views.isEmpty else { return renderVertical([], width: width) }
        let separators = hasBorder ? views.count + 1 : views.count - 1
        // Too narrow for its borders and separators, a stack draws nothing, as a vertical one
        // narrower than its two borders does.
        guard width >= separators else { return [] }
        let available = width - separators
        // Equal columns; the first ones take the remainder.
        let widths = views.indices.map { available / views.count + ($0 < available % views.count ? 1 : 0) }
        let columns = zip(views, widths).map { view, columnWidth in view.lines(width: columnWidth) }
        let height = columns.map(\.count).max() ?? 0
        let separator = hasBorder ? "│" : " "
        var lines: [String] = []
        for row in 0..<height {
            let cells = zip(columns, widths).map { column, columnWidth in
                TextWidth.pad(row < column.count ? column[row] : "", to: columnWidth)
            }
            let body = cells.joined(separator: separator)
            lines.append(hasBorder ? "│" + body + "│" : body)
        }
        guard hasBorder else { return lines }
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0) }.joined(separator: middle) + right
        }
        return [rule("┌", "┬", "┐")] + lines + [rule("└", "┴", "┘")]
    }
}
