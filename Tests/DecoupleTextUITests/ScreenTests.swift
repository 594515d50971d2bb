import DecoupleTestSupport
import DecoupleTextUI
import Testing

@MainActor
@Suite struct ScreenTests {
    final class Screen: ViewController {
        let label: Label
        var log: [String] = []
        init(title: String, text: String) {
            label = Label(text)
            super.init()
            self.title = title
        }
        override func viewDidLoad() {
            log.append("load")
            view.addSubview(label)
        }
        override func viewWillAppear() { log.append("appear") }
        override func viewDidDisappear() { log.append("disappear") }
    }

    @Test func navigationStack_pushPopAndTitleBar() {
        let login = Screen(title: "登录", text: "请登录")
        let navigation = NavigationController(rootViewController: login)
        let window = Window(rootViewController: navigation, width: 24, height: 4)
        assertInlineSnapshot(of: window.renderedText(), as: .lines) {
            """
                      登录
            ────────────────────────
            请登录

            """
        }
        let home = Screen(title: "首页", text: "小明 10 92")
        navigation.pushViewController(home)
        #expect(home.navigationController === navigation)
        assertInlineSnapshot(of: window.renderedText(), as: .lines) {
            """
            ‹ 登录    首页
            ────────────────────────
            小明 10 92

            """
        }
        navigation.pushViewController(home)   // already on the stack: ignored
        #expect(navigation.viewControllers.count == 2)

        navigation.tapBackButton()
        #expect(navigation.topViewController === login)
        #expect(home.navigationController == nil)
        navigation.tapBackButton()              // the root stays
        #expect(navigation.viewControllers.count == 1)
        #expect(login.log == ["load", "appear", "disappear", "appear"])
        #expect(home.log == ["load", "appear", "disappear"])

        navigation.pushViewController(Screen(title: "", text: "a"))
        navigation.pushViewController(Screen(title: "详情", text: "b"))
        #expect(navigation.backButtonTitle == "Back")
        #expect(navigation.popToRootViewController().count == 2)
    }

    @Test func alert_overlaysTheScreen_andOnlyItReceivesTaps() {
        let form = Screen(title: "登录", text: "商品-0 ¥19.0 商品-1 ¥19.1 商品-2")
        form.label.numberOfLines = 0
        var submitted = 0
        form.view.addSubview(Button("登录") { submitted += 1 })
        let navigation = NavigationController(rootViewController: form)
        let window = Window(rootViewController: navigation, width: 26, height: 7)

        var handled: [String] = []
        let alert = AlertController(title: "登录失败", message: "用户名或密码错误")
        alert.addAction(AlertAction(title: "取消", style: .cancel) { handled.append($0.title) })
        alert.addAction(AlertAction(title: "确定") { handled.append($0.title) })
        form.present(alert)
        #expect(navigation.presentedViewController === alert)
        #expect(alert.presentingViewController === navigation)
        assertInlineSnapshot(of: window.renderedText(), as: .lines) {
            """
               ┌──────────────────┐
            ───│     登录失败     │───
            商 │ 用户名或密码错误 │.1
            商 │     [ 确定 ]     │
            [  │     [ 取消 ]     │
               └──────────────────┘

            """
        }
        for line in window.lines(width: 26) { #expect(TextWidth.columns(of: line) == 26) }

        // The screen behind is out of reach while the alert is up.
        #expect(window.button(titled: "登录") == nil)
        window.button(titled: "确定")?.tap()
        #expect(handled == ["确定"])
        #expect(navigation.presentedViewController == nil)
        window.button(titled: "登录")?.tap()
        #expect(submitted == 1)
        assertInlineSnapshot(of: window.renderedText(), as: .lines) {
            """
                       登录
            ──────────────────────────
            商品-0 ¥19.0 商品-1 ¥19.1
            商品-2
            [ 登录 ]


            """
        }
        #expect(!alert.tapAction(titled: "没有"))
    }

    @Test func window_sizedToContent_growsForAnAlert() {
        let window = Window(rootViewController: Screen(title: "", text: "hi"), width: 20)
        #expect(window.renderedText() == "hi")
        let alert = AlertController(title: "Title that is long enough to wrap", message: nil)
        window.rootViewController?.present(alert)
        assertInlineSnapshot(of: window.renderedText(), as: .lines) {
            """
            hi┌──────────────┐
              │Title that is │
              │long enough to│
              │     wrap     │
              └──────────────┘
            """
        }
        alert.dismiss()
        #expect(window.renderedText() == "hi")
    }

    @Test func findingViews_seesOnlyWhatIsShown() {
        let root = View()
        let stack = StackView(.horizontal, [Button("A"), TextField(placeholder: "名字")])
        root.addSubview(Label("title"))
        root.addSubview(stack)
        #expect(root.button(titled: "A") != nil)
        #expect(root.textField(placeholder: "名字") != nil)
        #expect(root.descendants(Label.self).map(\.text) == ["title"])
        stack.isHidden = true
        #expect(root.button(titled: "A") == nil)
        stack.isHidden = false

        // Moving a view takes it from its old parent.
        let other = View()
        other.addSubview(root.subviews[0])
        #expect(root.subviews.count == 1)
        #expect(other.subviews[0].superview === other)
        other.subviews[0].removeFromSuperview()
        #expect(other.subviews.isEmpty)
    }
}
