import Decouple

// MARK: - TextField

/// Decides and hears what happens while a ``TextField`` is edited, as `UITextFieldDelegate` does.
/// Every method has a default, so implement only what you need.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether a tap may start editing.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether an edit may replace `range` of the text with `replacement`: a typed character, a
    /// pasted string, or `""` for a deletion. Return `false` to refuse it.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString replacement: String) -> Bool
    /// Whether the return key ends editing.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    func textFieldDidEndEditing(_ textField: TextField)
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString replacement: String) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextField) {}
}

/// A single-line field a person types into.
///
/// It renders as `[aaaaaa      ]`; while editing, a bar marks the caret: `[aaaaaa▏     ]`. An empty
/// field shows its placeholder in parentheses, the text form of grey: `[(用户名)    ]`. A secure
/// field shows one `•` per character.
///
/// Events come as they do from UIKit. ``type(_:)`` enters text character by character and
/// ``paste(_:)`` in one piece; each accepted change runs the ``Event/editingChanged`` actions.
/// Setting ``text`` from code sends no event, so a view model can write back into the field it
/// listens to without a loop.
///
/// ```swift
/// let name = TextField(placeholder: "用户名")
/// name.addAction(for: .editingChanged) { field in print(field.text) }
/// name.type("abc")        // prints a, ab, abc
/// name.paste("123")       // prints abc123
/// name.text = "x"         // prints nothing
/// ```
@MainActor
open class TextField: View {
    /// What the field sends to the actions added with ``addAction(for:_:)``.
    public enum Event: Hashable, Sendable {
        /// Editing started (the field became first responder).
        case editingDidBegin
        /// The text changed because of typing, pasting or deleting.
        case editingChanged
        /// Editing ended.
        case editingDidEnd
        /// Return was pressed.
        case editingDidEndOnExit
    }

    /// The text in the field. Setting it from code sends no event.
    open var text: String
    /// Shown, as grey text, while the field is empty.
    open var placeholder: String
    /// Whether the text is masked with `•`.
    open var isSecureTextEntry = false
    /// Whether the field can be edited. A disabled field ignores taps and typing.
    open var isEnabled = true
    /// Decides and hears edits; held weakly.
    open weak var delegate: (any TextFieldDelegate)?

    /// Whether the field is being edited.
    public private(set) var isEditing = false

    /// One action: it runs while its token, if it has one, exists and is not cancelled.
    @MainActor private struct Action {
        let run: @MainActor (TextField) -> Void
        weak var token: CancellationToken?
        let isPermanent: Bool

        var isLive: Bool { isPermanent || token.map { !$0.isCancelled } ?? false }
    }

    private var actions: [Event: [Action]] = [:]

    public init(text: String = "", placeholder: String = "") {
        self.text = text
        self.placeholder = placeholder
    }

    /// Adds an action to run, with the field, every time `event` happens.
    open func addAction(for event: Event, _ action: @escaping @MainActor (TextField) -> Void) {
        actions[event, default: []].append(Action(run: action, token: nil, isPermanent: true))
    }

    /// Adds an action that runs only while `token` exists and is not cancelled: cancelling the
    /// token, from any thread, stops it before `cancel()` returns.
    func addAction(for event: Event, while token: CancellationToken, _ action: @escaping @MainActor (TextField) -> Void) {
        actions[event, default: []].append(Action(run: action, token: token, isPermanent: false))
    }

    // MARK: Events

    /// Taps the field: editing begins if the field is enabled and its delegate allows it.
    /// Returns whether the field is now editing.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard !isEditing else { return true }
        guard isEnabled, isVisible, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        // As with a keyboard, one field edits at a time in a window (or, outside any window, in
        // one view hierarchy): beginning here ends the other field's editing.
        let scope = responderScope
        scope.scopedFirstResponder?.resignFirstResponder()
        scope.scopedFirstResponder = self
        isEditing = true
        delegate?.textFieldDidBeginEditing(self)
        send(.editingDidBegin)
        return true
    }

    /// Ends editing.
    open func resignFirstResponder() {
        guard isEditing else { return }
        isEditing = false
        let scope = responderScope
        if scope.scopedFirstResponder === self { scope.scopedFirstResponder = nil }
        delegate?.textFieldDidEndEditing(self)
        send(.editingDidEnd)
    }

    /// Types `text` one character at a time at the end of the field, as a person does, beginning
    /// editing first if needed. Each character is offered to the delegate and, if accepted, sends
    /// ``Event/editingChanged``.
    open func type(_ text: String) {
        guard becomeFirstResponder() else { return }
        for character in text {
            replace(self.text.endIndex..<self.text.endIndex, with: String(character))
        }
    }

    /// Pastes `text` at the end of the field as one change.
    open func paste(_ text: String) {
        guard becomeFirstResponder() else { return }
        replace(self.text.endIndex..<self.text.endIndex, with: text)
    }

    /// Deletes the last character, as the delete key does.
    open func deleteBackward() {
        guard becomeFirstResponder(), !text.isEmpty else { return }
        replace(text.index(before: text.endIndex)..<text.endIndex, with: "")
    }

    /// Selects all and deletes it, as a person clearing the field does.
    open func clear() {
        guard becomeFirstResponder(), !text.isEmpty else { return }
        replace(text.startIndex..<text.endIndex, with: "")
    }

    /// Presses return: editing ends if the delegate allows it.
    open func pressReturn() {
        guard isEditing, delegate?.textFieldShouldReturn(self) ?? true else { return }
        send(.editingDidEndOnExit)
        resignFirstResponder()
    }

    private func replace(_ range: Range<String.Index>, with replacement: String) {
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true else { return }
        text.replaceSubrange(range, with: replacement)
        send(.editingChanged)
    }

    private func send(_ event: Event) {
        guard let list = actions[event] else { return }
        if list.contains(where: { !$0.isLive }) { actions[event] = list.filter(\.isLive) }
        // Checked again before each run: an action may cancel a later one.
        for action in list where action.isLive { action.run(self) }
    }

    // MARK: Drawing

    open override func render(width: Int) -> [String] {
        drawing(width) { width in [field(width: width)] }
    }

    /// The field drawn as one line: a line break in its text shows as `␤`.
    private func field(width: Int) -> String {
        guard width >= 2 else { return String(repeating: " ", count: width) }
        let inner = width - 2
        let caret = isEditing ? "▏" : ""
        let shown: String
        if text.isEmpty {
            shown = placeholder.isEmpty ? caret : caret + "(" + TextWidth.displayable(placeholder) + ")"
        } else {
            let visible = isSecureTextEntry ? String(repeating: "•", count: text.count) : TextWidth.displayable(text)
            // Keep the end of the text in view, as a field scrolls while you type.
            shown = Self.suffix(of: visible, fitting: inner - TextWidth.columns(of: caret)) + caret
        }
        return "[" + TextWidth.pad(TextWidth.truncate(shown, to: inner), to: inner) + "]"
    }

    private static func suffix(of text: String, fitting width: Int) -> String {
        guard TextWidth.columns(of: text) > width else { return text }
        var result = ""
        var used = TextWidth.columns(of: "…")
        for character in text.reversed() {
            let columns = TextWidth.columns(of: character)
            guard used + columns <= width else { break }
            result.insert(character, at: result.startIndex)
            used += columns
        }
        return width > 0 ? "…" + result : ""
    }
}
