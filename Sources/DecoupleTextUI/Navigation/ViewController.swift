import Decouple

// MARK: - ViewController

/// Manages one screen's view, as `UIViewController` does.
///
/// The view is created on first use by ``loadView()`` (a plain ``View`` unless overridden), after
/// which ``viewDidLoad()`` runs once. A ``NavigationController`` or a ``Window`` calls
/// ``viewWillAppear()`` and ``viewDidDisappear()`` as the screen comes and goes.
///
/// ```swift
/// final class GreetingController: ViewController {
///     let label = Label()
///     override func viewDidLoad() {
///         title = "Hello"
///         view.addSubview(label)
///         label.text = "你好"
///     }
/// }
/// ```
@MainActor
open class ViewController {
    /// The screen's title, shown by a navigation controller's title bar.
    open var title: String?

    private var loadedView: View?

    /// The controller that contains this one — a ``NavigationController`` for the screens pushed
    /// on it. Held weakly.
    public internal(set) weak var parent: ViewController?

    /// The controller shown over this one, such as an ``AlertController``.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presented this one. Held weakly.
    public private(set) weak var presentingViewController: ViewController?

    /// The window this controller is the root of, if any.
    weak var hostWindow: Window?

    /// The window showing this controller: the window of the controller that contains or
    /// presented it, up to the root.
    var window: Window? {
        var root: ViewController = self
        while let next = root.parent ?? root.presentingViewController { root = next }
        return root.hostWindow
    }

    public init() {}

    /// The root view, loaded on first access.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            let view = loadedView ?? View()
            loadedView = view
            view.owningController = self
            viewDidLoad()
            return view
        }
        set {
            loadedView = newValue
            newValue.owningController = self
        }
    }

    /// Whether `view` has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it has not been loaded yet.
    public func loadViewIfNeeded() { _ = view }

    /// Creates the root view. Override to assign `view` a view of your own; do not call `super`
    /// then. The default creates a plain ``View``.
    open func loadView() {
        view = View()
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}
    /// Called each time the screen is about to be shown.
    open func viewWillAppear() {}
    /// Called each time the screen has gone from view.
    open func viewDidDisappear() {}

    /// The navigation controller this screen was pushed on, if any.
    public var navigationController: NavigationController? {
        var controller: ViewController? = self
        while let current = controller {
            if let navigation = current as? NavigationController { return navigation }
            controller = current.parent
        }
        return nil
    }

    // MARK: Presenting

    /// Shows `controller` over the whole screen — for an ``AlertController``, a box over it —
    /// until it is dismissed. As in UIKit, the outermost container presents: a screen pushed on a
    /// navigation controller presents from that navigation controller.
    ///
    /// A controller presents one controller at a time, as in UIKit: presenting from a controller
    /// that is already presenting one (present from ``topPresentedViewController`` to show
    /// something over it), or presenting a controller that already has a place on a screen —
    /// presented, presenting, pushed on a navigation controller, a window's root, or the
    /// presenting controller itself — does nothing: `completion` is not called, and a warning is
    /// written to standard error, as UIKit logs "Attempt to present … which is already
    /// presenting …". So presentations never form a cycle.
    ///
    /// Text has no animation: `completion` runs once the controller is shown, before this returns.
    open func present(_ controller: ViewController, animated: Bool = false, completion: (() -> Void)? = nil) {
        var host: ViewController = self
        while let parent = host.parent { host = parent }
        if let presented = host.presentedViewController {
            return warn("Attempt to present \(describe(controller)) on \(describe(host)) which is already presenting \(describe(presented))")
        }
        guard controller !== host, !controller.isPlaced else {
            return warn("Attempt to present \(describe(controller)) on \(describe(host)), but it is already shown: presented, presenting, contained or a window's root")
        }
        controller.presentingViewController = host
        host.presentedViewController = controller
        controller.loadViewIfNeeded()
        controller.viewWillAppear()
        completion?()
    }

    /// Whether the controller already has a place on a screen: presented, presenting, contained
    /// in another controller, or a window's root.
    var isPlaced: Bool {
        parent != nil || presentingViewController != nil || presentedViewController != nil || hostWindow != nil
    }

    /// Whether `controller` is this one or one it is shown in: a controller containing it or one
    /// that presented it, at any depth.
    func isShown(in controller: ViewController) -> Bool {
        var current: ViewController? = self
        while let candidate = current {
            if candidate === controller { return true }
            current = candidate.parent ?? candidate.presentingViewController
        }
        return false
    }

    /// Dismisses the controller this one presented or, if it presented nothing, this one.
    ///
    /// `completion` runs once the controller is gone, before this returns.
    open func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.dismissPresented()
            presentedViewController = nil
            presented.presentingViewController = nil
            presented.viewDidDisappear()
        } else if let presenting = presentingViewController {
            presenting.dismiss()
        }
        completion?()
    }

    private func dismissPresented() {
        guard presentedViewController != nil else { return }
        dismiss()
    }

    /// The controller on top of everything this one presents, or this one.
    public var topPresentedViewController: ViewController {
        var top: ViewController = self
        while let presented = top.presentedViewController { top = presented }
        return top
    }
}
