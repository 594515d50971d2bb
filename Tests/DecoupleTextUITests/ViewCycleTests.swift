import DecoupleTextUI
import Testing

/// A screen that shows one label.
@MainActor
private final class Page: ViewController {
    init(_ text: String) {
        super.init()
        title = text
        view = Label(text)
    }
}

@MainActor
struct ViewCycleTests {
    // MARK: Views

    @Test func addingAnAncestorAsASubview_isRefused_andNothingChanges() {
        let a = View(), b = View(), c = Label("c")
        a.addSubview(b)
        b.addSubview(c)
        b.addSubview(a)          // a contains b
        c.addSubview(a)          // a contains c, two levels down
        a.addSubview(a)
        #expect(a.superview == nil)
        #expect(a.subviews.count == 1 && a.subviews[0] === b)
        #expect(b.subviews.count == 1 && b.subviews[0] === c)
        #expect(a.renderedText(width: 10) == "c")
        #expect(a.window == nil)
        #expect(c.window == nil)
    }

    @Test func addingAWindowInsideTheScreenItShows_isRefused() {
        let page = Page("hi")
        let window = Window(rootViewController: page, width: 10)
        let inner = View()
        page.view.addSubview(inner)
        inner.addSubview(window)
        page.view.addSubview(window)
        #expect(window.superview == nil)
        #expect(window.renderedText() == "hi")
        #expect(inner.window === window)
    }

    @Test func addingAViewThatIsNoAncestor_stillWorks_andMovesIt() {
        let a = View(), b = View(), c = Label("c")
        a.addSubview(b)
        b.addSubview(c)
        a.addSubview(c)          // c is inside a, not above it: moved up
        #expect(c.superview === a)
        #expect(b.subviews.isEmpty)
        let d = View()
        d.addSubview(a)          // the top of one tree under another
        #expect(a.superview === d)
        #expect(d.renderedText(width: 5) == "c")
    }

    // MARK: Presenting

    @Test func presentingBack_doesNotLinkTheControllersBothWays() {
        let a = Page("a"), b = Page("b")
        let window = Window(rootViewController: a, width: 4)
        var completions = 0
        a.present(b) { completions += 1 }
        b.present(a) { completions += 1 }
        #expect(completions == 1)
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(a.presentingViewController == nil && b.presentedViewController == nil)
        #expect(window.renderedText() == "b")
    }

    @Test func presentingFromAControllerAlreadyPresenting_doesNothing() {
        let root = Page("root"), first = Page("first"), second = Page("second")
        let navigation = NavigationController(rootViewController: root)
        let window = Window(rootViewController: navigation, width: 10)
        var completed = false
        root.present(first)
        root.present(second) { completed = true }     // the navigation controller presents
        #expect(!completed)
        #expect(navigation.presentedViewController === first)
        #expect(second.presentingViewController == nil)
        // Presenting from the top shows it over the first.
        first.present(second) { completed = true }
        #expect(completed)
        #expect(first.presentedViewController === second)
        #expect(window.renderedText() == "second")
        second.dismiss()
        #expect(window.renderedText() == "first")
    }

    @Test func presentingAControllerThatAlreadyHasAPlace_doesNothing() {
        let a = Page("a"), b = Page("b"), c = Page("c")
        let pushed = Page("pushed")
        let navigation = NavigationController(rootViewController: a)
        navigation.pushViewController(pushed)
        let other = Window(rootViewController: c, width: 4)
        var completions = 0
        b.present(a) { completions += 1 }             // on a stack
        b.present(navigation) { completions += 1 }    // fine: it has no place yet
        #expect(completions == 1)
        let d = Page("d")
        d.present(b) { completions += 1 }             // b is presenting
        d.present(navigation) { completions += 1 }    // navigation is presented
        d.present(c) { completions += 1 }             // a window's root
        d.present(d) { completions += 1 }             // itself
        pushed.present(navigation) { completions += 1 } // the container it is in
        #expect(completions == 1)
        #expect(d.presentedViewController == nil)
        #expect(other.renderedText() == "c")
    }

    @Test func pushingAControllerThatContainsTheStack_isIgnored() {
        let outer = NavigationController(rootViewController: Page("root"))
        let inner = NavigationController(rootViewController: Page("inner"))
        outer.pushViewController(inner)
        inner.pushViewController(outer)               // outer contains inner
        #expect(outer.parent == nil)
        #expect(inner.viewControllers.count == 1)
        let presented = Page("presented")
        outer.present(presented)
        let stack = NavigationController(rootViewController: Page("s"))
        presented.present(stack)
        stack.pushViewController(presented)           // presented, and under stack
        #expect(presented.parent == nil)
        #expect(stack.viewControllers.count == 1)
    }
}
