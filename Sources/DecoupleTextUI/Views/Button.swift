import Decouple

// MARK: - Button

/// A button with a title that runs its actions when tapped.
///
/// An enabled button renders as `[ Login ]`; a disabled one as `( Login )` — the parentheses are
/// the text form of a greyed-out title — and tapping it does nothing.
///
/// ```swift
/// let login = Button("登录") { print("tapped") }
/// login.isEnabled = false
/// login.tap()                      // nothing happens
/// login.renderedText()             // "( 登录 )"
/// ```
@MainActor
open class Button: View {
    /// The title shown.
    open var title: String
    /// Whether taps reach the actions. A disabled button looks different.
    open var isEnabled = true

    private var actions: [@MainActor () -> Void] = []

    public init(_ title: String = "", action: (@MainActor () -> Void)? = nil) {
        self.title = title
        super.init()
        if let action { actions.append(action) }
    }

    /// Adds an action to run on every tap while the button is enabled.
    open func addAction(_ action: @escaping @MainActor () -> Void) {
        actions.append(action)
    }

    /// Taps the button, as a person would: the actions run only if it is enabled.
    open func tap() {
        guard isEnabled, !isHidden else { return }
        for action in actions { action() }
    }

    open override func render(width: Int) -> [String] {
        drawing(width) { width in
            let (open, close) = isEnabled ? ("[ ", " ]") : ("( ", " )")
            let title = TextWidth.truncate(self.title, to: width - 4)
            return [TextWidth.pad(open + title + close, to: width)]
        }
    }
}
