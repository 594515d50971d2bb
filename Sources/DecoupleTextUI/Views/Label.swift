import Decouple

// MARK: - Label

/// A line (or lines) of text.
///
/// ```swift
/// let label = Label("商品-0")
/// label.render(width: 4)        // ["商…"]
/// label.numberOfLines = 0
/// label.render(width: 4)        // ["商品", "-0"]
/// ```
@MainActor
open class Label: View {
    /// The text shown.
    open var text: String

    /// How many lines the text may take: 1 (the default) truncates with `…` and shows a line
    /// break as `␤`; 0 (or a negative number) wraps without limit and any other number wraps and
    /// truncates the last line, starting a new line at each line break.
    open var numberOfLines = 1

    /// How the text sits in its width.
    open var alignment = TextAlignment.leading

    public init(_ text: String = "") {
        self.text = text
    }

    open override func render(width: Int) -> [String] {
        drawing(width) { width in lines(of: text, width: width) }
    }

    private func lines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines = numberOfLines == 1 ? [TextWidth.truncate(text, to: width)] : TextWidth.wrap(text, to: width)
        if numberOfLines > 1, lines.count > numberOfLines {
            let kept = lines[numberOfLines - 1] + " " + lines[numberOfLines...].joined(separator: " ")
            lines = Array(lines.prefix(numberOfLines - 1)) + [TextWidth.truncate(kept, to: width)]
        }
        return lines.map { alignment.place($0, in: width) }
    }
}

/// Where a line of text sits in the width it is given.
public enum TextAlignment: Sendable {
    case leading, center, trailing

    func place(_ line: String, in width: Int) -> String {
        switch self {
        case .leading:
            return TextWidth.pad(line, to: width)
        case .center:
            return TextWidth.center(line, in: width)
        case .trailing:
            let fitted = TextWidth.truncate(line, to: width)
            return String(repeating: " ", count: max(0, width - TextWidth.columns(of: fitted))) + fitted
        }
    }
}
