import DecoupleTestSupport
import DecoupleTesting
import Testing

@MainActor
@Suite struct TextSnapshottingTests {
    final class Greeting: ViewController {
        override func viewDidLoad() {
            title = "问候"
            view.addSubview(Label("你好，小明"))
            view.addSubview(Button("确定"))
        }
    }

    @Test func viewsRenderAtTheGivenWidth() {
        let stack = StackView(.horizontal, [Label("商品-0"), Label("¥19.0")], border: true)
        assertInlineSnapshot(of: stack, as: .text(width: 20)) {
            """
            ┌─────────┬────────┐
            │商品-0   │¥19.0   │
            └─────────┴────────┘
            """
        }
    }

    @Test func controllersAndWindowsRenderTheirScreens() {
        assertInlineSnapshot(of: Greeting(), as: .text(width: 12)) {
            """
            你好，小明
            [ 确定 ]
            """
        }
        let window = Window(rootViewController: NavigationController(rootViewController: Greeting()), width: 16, height: 5)
        assertInlineSnapshot(of: window, as: .text()) {
            """
                  问候
            ────────────────
            你好，小明
            [ 确定 ]

            """
        }
    }

    @Test func aChangedScreenFailsTheSnapshot() {
        let label = Label("before")
        label.text = "after"
        withKnownIssue {
            assertInlineSnapshot(of: label, as: .text(), record: .never) {
                """
                before
                """
            }
        }
    }
}

