import Decouple

// MARK: - Window

/// The screen: the root controller's view with whatever is presented over it, at a fixed size.
///
/// Render a window to see the whole app as a person would, title bar, table and alert included.
/// Tests act through it too: views are found with ``View/button(titled:)`` and friends, which
/// see only what a person could reach — while an alert is up, only the alert.
///
/// ```swift
/// let window = Window(rootViewController: NavigationController(rootViewController: login), width: 30, height: 8)
/// window.textField(placeholder: "用户名")?.type("aaaaaa")
/// window.button(titled: "登录")?.tap()
/// print(window.renderedText())
/// ```
@MainActor
open class Window: View {
    /// The screen's width in columns, used by ``renderedText()``.
    public let width: Int
    /// The screen's height in lines: shorter content is padded, longer is cut, and an alert taller
    /// than the screen is cut too — the window never draws more lines than this (nor more than
    /// ``TextWidth/maximumColumns``). `nil` sizes the window to its content.
    public let height: Int?

    /// The controller whose view fills the window. The window owns it.
    open var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if oldValue?.hostWindow === self { oldValue?.hostWindow = nil }
            oldValue?.viewDidDisappear()
            appear()
        }
    }

    /// The text field being edited in this window, if any. One field edits at a time: a field
    /// that begins editing ends the editing of the one before.
    public var firstResponder: TextField? { scopedFirstResponder }

    public init(rootViewController: ViewController? = nil, width: Int = 40, height: Int? = nil) {
        self.rootViewController = rootViewController
        self.width = max(0, width)
        self.height = height.map { max(0, $0) }
        super.init()
        appear()
    }

    private func appear() {
        rootViewController?.hostWindow = self
        rootViewController?.loadViewIfNeeded()
        rootViewController?.viewWillAppear()
    }

    /// What a person can reach: the topmost presented controller's view, or else the root's.
    open override var subviews: [View] {
        guard let root = rootViewController else { return [] }
        return [root.topPresentedViewController.view]
    }

    /// Every controller's view that ``render(width:)`` draws: the root's and each presented one's.
    override var viewsDrawn: [View] {
        guard let root = rootViewController else { return [] }
        var views = [root.view]
        var presented = root.presentedViewController
        while let controller = presented {
            views.append(controller.view)
            presented = controller.presentedViewController
        }
        return views
    }

    /// The window drawn at its own size.
    public func renderedText() -> String {
        renderedText(width: width)
    }

    open override func render(width: Int) -> [String] {
        drawing(width) { width in draw(width: width) }
    }

    private func draw(width: Int) -> [String] {
        guard let root = rootViewController else { return fit([], width: width) }
        var lines = fit(root.view.lines(width: width), width: width)
        var presented = root.presentedViewController
        while let controller = presented {
            if let alert = controller as? AlertController {
                lines = overlay(alert, on: lines, width: width)
            } else {
                lines = fit(controller.view.lines(width: width), width: width)
            }
            presented = controller.presentedViewController
        }
        return lines
    }

    private func fit(_ lines: [String], width: Int) -> [String] {
        let padded = lines.map { TextWidth.pad($0, to: width) }
        guard let height = height.map(TextWidth.clampedWidth) else { return padded }
        return Array(padded.prefix(height)) + Array(repeating: String(repeating: " ", count: width), count: max(0, height - padded.count))
    }

    private func overlay(_ alert: AlertController, on background: [String], width: Int) -> [String] {
        let boxWidth = min(width, alert.preferredWidth(in: width))
        var box = alert.view.lines(width: boxWidth)
        var lines = background
        if height == nil {
            // Grow a window sized to its content so the whole box shows.
            while lines.count < box.count { lines.append(String(repeating: " ", count: width)) }
        } else {
            // A window of fixed height cuts a taller box, as it cuts taller content.
            box = Array(box.prefix(lines.count))
        }
        let top = (lines.count - box.count) / 2
        let left = (width - boxWidth) / 2
        for (offset, line) in box.enumerated() {
            lines[top + offset] = TextWidth.pad(TextWidth.overlay(line, on: lines[top + offset], at: left), to: width)
        }
        return lines
    }
}
