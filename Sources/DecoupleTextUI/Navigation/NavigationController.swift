import Decouple

// MARK: - NavigationController

/// A stack of screens with a title bar, as `UINavigationController` is.
///
/// It draws a bar with the top screen's title and, below the root, a back button titled with the
/// previous screen's title; then a rule; then the top screen's view:
///
/// ```text
/// ‹ 登录          首页
/// ────────────────────────────
/// 小明                 10   92
/// ```
///
/// ```swift
/// let navigation = NavigationController(rootViewController: LoginController())
/// navigation.pushViewController(HomeController())
/// navigation.tapBackButton()      // pops, as a person tapping ‹ does
/// ```
@MainActor
open class NavigationController: ViewController {
    /// The screens on the stack, root first. The navigation controller owns them.
    public private(set) var viewControllers: [ViewController] = []

    /// The screen on top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    public init(rootViewController: ViewController) {
        super.init()
        adopt(rootViewController)
        viewControllers = [rootViewController]
    }

    open override func loadView() {
        view = NavigationView(controller: self)
    }

    /// Pushes a screen on the stack and shows it. A screen that already has a place — on a
    /// stack, presented or presenting, a window's root — is ignored, and so is this navigation
    /// controller or one it is shown in, which would contain itself. Text has no animation:
    /// `animated` is accepted, as in UIKit, and ignored.
    open func pushViewController(_ controller: ViewController, animated: Bool = false) {
        guard !controller.isPlaced, !isShown(in: controller) else { return }
        let previous = topViewController
        adopt(controller)
        viewControllers.append(controller)
        controller.loadViewIfNeeded()
        controller.viewWillAppear()
        previous?.viewDidDisappear()
    }

    /// Pops the top screen and returns it; the root is never popped.
    @discardableResult
    open func popViewController(animated: Bool = false) -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        popped.parent = nil
        topViewController?.viewWillAppear()
        popped.viewDidDisappear()
        return popped
    }

    /// Pops everything above the root and returns what was popped, bottom first.
    @discardableResult
    open func popToRootViewController(animated: Bool = false) -> [ViewController] {
        var popped: [ViewController] = []
        while let controller = popViewController() { popped.insert(controller, at: 0) }
        return popped
    }

    /// Passes the appearance on to the top screen.
    open override func viewWillAppear() {
        topViewController?.loadViewIfNeeded()
        topViewController?.viewWillAppear()
    }

    /// Passes the disappearance on to the top screen.
    open override func viewDidDisappear() {
        topViewController?.viewDidDisappear()
    }

    /// Taps the back button: pops the top screen, if there is a screen to go back to.
    open func tapBackButton() {
        popViewController()
    }

    /// The back button's title: the previous screen's title, or `Back`. `nil` at the root.
    public var backButtonTitle: String? {
        guard viewControllers.count > 1 else { return nil }
        let previous = viewControllers[viewControllers.count - 2].title ?? ""
        return previous.isEmpty ? "Back" : previous
    }

    private func adopt(_ controller: ViewController) {
        controller.parent = self
    }
}

/// Draws a navigation controller: its title bar and its top screen.
@MainActor
final class NavigationView: View {
    private weak var controller: NavigationController?

    init(controller: NavigationController) {
        self.controller = controller
    }

    override var subviews: [View] {
        controller?.topViewController.map { [$0.view] } ?? []
    }

    override func render(width: Int) -> [String] {
        drawing(width) { width in draw(width: width) }
    }

    private func draw(width: Int) -> [String] {
        guard let controller else { return [] }
        let title = TextWidth.displayable(controller.topViewController?.title ?? "")
        var bar = TextWidth.center(title, in: width)
        if let back = controller.backButtonTitle {
            let button = TextWidth.truncate("‹ " + back, to: max(0, (width - TextWidth.columns(of: title)) / 2 - 1))
            bar = TextWidth.overlay(button, on: bar, at: 0)
        }
        let rule = String(repeating: "─", count: width)
        return [bar, rule] + (controller.topViewController?.view.lines(width: width) ?? [])
    }
}
