import DecoupleTestSupport
import DecoupleTextUI
import Testing

@MainActor
@Suite struct TextFieldTests {
    final class Recorder: TextFieldDelegate {
        var log: [String] = []
        var refuseDigits = false
        var allowBegin = true
        var allowReturn = true

        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
            log.append("shouldBegin")
            return allowBegin
        }
        func textFieldDidBeginEditing(_ textField: TextField) { log.append("didBegin") }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString replacement: String) -> Bool {
            let offset = textField.text.distance(from: textField.text.startIndex, to: range.lowerBound)
            log.append("change@\(offset)+\(textField.text[range].count):\(replacement)")
            return !(refuseDigits && replacement.contains { $0.isNumber })
        }
        func textFieldShouldReturn(_ textField: TextField) -> Bool { allowReturn }
        func textFieldDidEndEditing(_ textField: TextField) { log.append("didEnd") }
    }

    @Test func rendersPlaceholderTextCaretAndMask() {
        let field = TextField(placeholder: "用户名")
        #expect(field.renderedText(width: 14) == "[(用户名)    ]")
        field.becomeFirstResponder()
        #expect(field.renderedText(width: 14) == "[▏(用户名)   ]")
        field.type("小明ab")
        #expect(field.renderedText(width: 14) == "[小明ab▏     ]")
        field.resignFirstResponder()
        #expect(field.renderedText(width: 14) == "[小明ab      ]")

        let password = TextField(text: "secret", placeholder: "密码")
        password.isSecureTextEntry = true
        #expect(password.renderedText(width: 12) == "[••••••    ]")

        // A long text keeps its end in view, as a field scrolls while you type.
        let long = TextField(text: "商品名称很长的一个商品")
        #expect(long.renderedText(width: 10) == "[…个商品 ]")
        for width in 0...12 { for line in long.lines(width: width) { #expect(TextWidth.columns(of: line) == width) } }
    }

    @Test func loginForm_bordersLineUpWithCJK() {
        let name = TextField(placeholder: "用户名")
        let password = TextField(placeholder: "密码")
        password.isSecureTextEntry = true
        let login = Button("登录")
        let form = StackView(.vertical, [
            StackView(.horizontal, [Label("用户名"), name]),
            StackView(.horizontal, [Label("密码"), password]),
            login,
        ], border: true)
        name.type("小明abc")
        password.paste("aaaaaa")
        login.isEnabled = false
        assertInlineSnapshot(of: form.renderedText(width: 26), as: .lines) {
            """
            ┌────────────────────────┐
            │用户名       [小明abc  ]│
            ├────────────────────────┤
            │密码         [••••••▏  ]│
            ├────────────────────────┤
            │( 登录 )                │
            └────────────────────────┘
            """
        }
        for line in form.lines(width: 26) { #expect(TextWidth.columns(of: line) == 26) }
        // One field edits at a time.
        #expect(!name.isEditing)
        #expect(password.isEditing)
        #expect(form.window == nil && password.isEditing)
    }

    @Test func typingSendsOneChangePerCharacter_pastingOne() {
        let field = TextField()
        let delegate = Recorder()
        field.delegate = delegate
        var changes: [String] = []
        field.addAction(for: .editingChanged) { changes.append($0.text) }
        field.addAction(for: .editingDidBegin) { _ in changes.append("<begin>") }
        field.addAction(for: .editingDidEnd) { _ in changes.append("<end>") }

        field.type("ab")
        field.paste("12c")
        field.deleteBackward()
        field.pressReturn()
        #expect(changes == ["<begin>", "a", "ab", "ab12c", "ab12", "<end>"])
        #expect(delegate.log == ["shouldBegin", "didBegin", "change@0+0:a", "change@1+0:b", "change@2+0:12c", "change@4+1:", "didEnd"])
        #expect(!field.isEditing)
    }

    @Test func settingTextFromCodeSendsNoEvent() {
        let field = TextField()
        var changes = 0
        field.addAction(for: .editingChanged) { _ in changes += 1 }
        field.text = "from the view model"
        #expect(changes == 0)
        field.clear()
        #expect(field.text.isEmpty)
        #expect(changes == 1)
    }

    @Test func delegateCanRefuseChangesBeginningAndReturn() {
        let field = TextField()
        let delegate = Recorder()
        delegate.refuseDigits = true
        field.delegate = delegate
        field.type("a1b2")
        field.paste("x9")
        #expect(field.text == "ab")

        delegate.allowReturn = false
        field.pressReturn()
        #expect(field.isEditing)
        field.resignFirstResponder()

        delegate.allowBegin = false
        field.type("zzz")
        #expect(field.text == "ab")
        #expect(!field.isEditing)
    }

    @Test func disabledOrHiddenFieldIgnoresTyping() {
        let field = TextField()
        field.isEnabled = false
        field.type("a")
        #expect(field.text.isEmpty)
        field.isEnabled = true
        let container = View()
        container.addSubview(field)
        container.isHidden = true
        field.paste("b")
        #expect(field.text.isEmpty)
        container.isHidden = false
        field.paste("b")
        #expect(field.text == "b")
    }
}
