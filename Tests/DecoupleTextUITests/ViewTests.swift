import DecoupleTestSupport
import DecoupleTextUI
import Testing

@MainActor
@Suite struct ViewTests {
    @Test func label_truncatesWrapsAndAligns() {
        let label = Label("商品名称很长的一个商品")
        #expect(label.renderedText(width: 9) == "商品名称…")
        label.numberOfLines = 0
        assertInlineSnapshot(of: label.renderedText(width: 9), as: .lines) {
            """
            商品名称
            很长的一
            个商品
            """
        }
        label.numberOfLines = 2
        assertInlineSnapshot(of: label.renderedText(width: 9), as: .lines) {
            """
            商品名称
            很长的一…
            """
        }
        let centred = Label("小明")
        centred.alignment = .center
        #expect(centred.lines(width: 8) == ["  小明  "])
        centred.alignment = .trailing
        #expect(centred.lines(width: 8) == ["    小明"])
        centred.isHidden = true
        #expect(centred.lines(width: 8).isEmpty)
    }

    @Test func imageView_showsAPlaceholderWithTheName() {
        #expect(ImageView(image: "QQ").renderedText() == "[QQ]")
        #expect(ImageView().renderedText() == "[ ]")
        #expect(ImageView(image: .empty).renderedText() == "[ ]")
        #expect(ImageView(image: "微信图标").renderedText(width: 7) == "[微信…]")
    }

    @Test func button_disabledLooksDifferentAndIgnoresTaps() {
        var taps = 0
        let button = Button("登录") { taps += 1 }
        #expect(button.renderedText() == "[ 登录 ]")
        button.tap()
        #expect(taps == 1)

        button.isEnabled = false
        #expect(button.renderedText() == "( 登录 )")
        button.tap()
        #expect(taps == 1)

        button.isEnabled = true
        button.addAction { taps += 10 }
        button.tap()
        #expect(taps == 12)
        button.isHidden = true
        button.tap()
        #expect(taps == 12)
    }

    @Test func verticalStack_withBorder_linesUpWithCJK() {
        let stack = StackView(.vertical, [Label("商品-0"), Label("¥19.0"), ImageView(image: "QQ")], border: true)
        assertInlineSnapshot(of: stack.renderedText(width: 12), as: .lines) {
            """
            ┌──────────┐
            │商品-0    │
            ├──────────┤
            │¥19.0     │
            ├──────────┤
            │[QQ]      │
            └──────────┘
            """
        }
        for line in stack.lines(width: 12) { #expect(TextWidth.columns(of: line) == 12) }
    }

    @Test func horizontalStack_withBorder_linesUpWithCJK() {
        let title = Label("小明小明小明")
        title.numberOfLines = 0
        let row = StackView(.horizontal, [title, Label("92"), Button("详情")], border: true)
        assertInlineSnapshot(of: row.renderedText(width: 24), as: .lines) {
            """
            ┌───────┬───────┬──────┐
            │小明小 │92     │[ … ] │
            │明小明 │       │      │
            └───────┴───────┴──────┘
            """
        }
        for line in row.lines(width: 24) { #expect(TextWidth.columns(of: line) == 24) }
    }

    @Test func stacks_withoutBorder_andHiddenViews() {
        let hidden = Label("hidden")
        hidden.isHidden = true
        let stack = StackView(.horizontal, [Label("a"), hidden, Label("b")])
        #expect(stack.lines(width: 5) == ["a  b "])   // two 2-column cells and a separator
        let column = StackView(.vertical, [Label("a"), hidden, Label("b")])
        #expect(column.renderedText(width: 3) == "a\nb")
        #expect(StackView(.vertical, [], border: true).renderedText(width: 4) == "┌──┐\n└──┘")
    }
}
