// MARK: - View

/// A view that draws itself as lines of plain text.
///
/// Subclass it and override ``render(width:)``. Every line a view returns is at most `width`
/// columns wide, as ``TextWidth`` counts them, and contains no terminal escapes, so what a test
/// compares is exactly what a person would read.
///
/// ```swift
/// final class Banner: View {
///     var text = "Hello"
///     override func render(width: Int) -> [String] { [TextWidth.center(text, in: width)] }
/// }
/// print(Banner().renderedText(width: 11))   // "   Hello   "
/// ```
@MainActor
open class View {
    /// A hidden view renders no lines.
    open var isHidden = false

    public init() {}

    /// The view's lines at the given width. Override to draw.
    open func render(width: Int) -> [String] { [] }

    /// The lines a parent should draw: none when hidden.
    public final func lines(width: Int) -> [String] {
        isHidden ? [] : render(width: max(0, width))
    }

    /// The view drawn at `width`, lines joined with newlines, trailing spaces removed.
    public final func renderedText(width: Int = 40) -> String {
        lines(width: width).map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
