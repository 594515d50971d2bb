import Decouple

// MARK: - AlertController

/// A button of an ``AlertController``.
@MainActor
public struct AlertAction {
    /// How an action is drawn and ordered, as `UIAlertAction.Style`.
    public enum Style: Sendable {
        case `default`, cancel, destructive
    }

    public let title: String
    public let style: Style
    let handler: (@MainActor (AlertAction) -> Void)?

    public init(title: String, style: Style = .default, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// A title, a message and buttons in a box over the screen, as `UIAlertController` is.
///
/// Present it from any controller; tapping one of its buttons dismisses it and then runs that
/// action's handler.
///
/// ```swift
/// let alert = AlertController(title: "登录失败", message: "用户名或密码错误")
/// alert.addAction(AlertAction(title: "确定"))
/// controller.present(alert)
/// window.button(titled: "确定")?.tap()     // dismisses it
/// ```
///
/// In a ``Window`` it is drawn centred over the screen:
///
/// ```text
/// ┌──────────────────┐
/// │     登录失败     │
/// │ 用户名或密码错误 │
/// │     [ 确定 ]     │
/// └──────────────────┘
/// ```
@MainActor
open class AlertController: ViewController {
    /// The text under the title.
    public let message: String?
    /// The actions, in the order added.
    public private(set) var actions: [AlertAction] = []

    public init(title: String?, message: String?) {
        self.message = message
        super.init()
        self.title = title
    }

    /// Adds a button.
    open func addAction(_ action: AlertAction) {
        actions.append(action)
        if isViewLoaded { rebuild() }
    }

    open override func loadView() {
        view = StackView(.vertical, [], border: true)
        rebuild()
    }

    /// Taps the button of the first action with this title, as a person would. Returns whether
    /// there was one.
    @discardableResult
    public func tapAction(titled title: String) -> Bool {
        guard let button = view.button(titled: title) else { return false }
        button.tap()
        return true
    }

    private func rebuild() {
        guard let stack = view as? StackView else { return }
        var rows: [View] = []
        if let title, !title.isEmpty { rows.append(centered(title)) }
        if let message, !message.isEmpty { rows.append(centered(message)) }
        // A cancel action sits last, as UIKit puts it.
        let ordered = actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
        let buttons = ordered.map { action in
            let button = Button(action.title) { [weak self] in
                self?.dismiss()
                action.handler?(action)
            }
            return CenteredButtonRow(button)
        }
        rows.append(StackView(.vertical, buttons.isEmpty ? [] : buttons))
        stack.arrangedSubviews = [StackView(.vertical, rows)]
    }

    /// The width the box takes in a window `width` columns wide: its widest line plus a margin,
    /// at most `width - 4`.
    public func preferredWidth(in width: Int) -> Int {
        // Measured as drawn: title and message wrap at their line breaks, a button is one line.
        let lines = [title ?? "", message ?? ""].flatMap { TextWidth.displayableLines($0) }
            + actions.map { TextWidth.displayable("[ " + $0.title + " ]") }
        let widest = lines.map { TextWidth.columns(of: $0) }.max() ?? 0
        return max(4, min(TextWidth.clampedWidth(width) - 4, widest + 4))
    }

    private func centered(_ text: String) -> Label {
        let label = Label(text)
        label.numberOfLines = 0
        label.alignment = .center
        return label
    }
}

/// A button drawn centred in its row.
@MainActor
final class CenteredButtonRow: View {
    init(_ button: Button) {
        super.init()
        addSubview(button)
    }

    override func render(width: Int) -> [String] {
        drawing(width) { width in
            subviews.flatMap { view in
                view.lines(width: width).map { TextWidth.center($0.trimmingTrailingSpaces(), in: width) }
            }
        }
    }
}
