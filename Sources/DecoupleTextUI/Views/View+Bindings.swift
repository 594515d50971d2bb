import Decouple

// MARK: - View bindings

extension View: BindingTarget {}

extension TextField {
    /// Binds the field's text to an observable string both ways: what a person types or pastes
    /// is set on `source`, and every value of `source` is shown in the field.
    ///
    /// There is no loop: setting ``text`` from code sends no editing event, and the field is
    /// written only when its text differs. When `source` cleans what it is given (see
    /// `ObservableProperty.init(_:transform:)`), the field shows the cleaned text straight away.
    ///
    /// ```swift
    /// nameField.bind(text: viewModel.$name)
    /// ```
    @discardableResult
    public func bind(text source: ObservableProperty<String>, in bag: CancellationBag? = nil) -> CancellationToken {
        let toField = source.observe(self, options: [.initial, .new]) { field, change in
            if let new = change.new, field.text != new { field.text = new }
        }
        // One token ends both directions.
        let token = CancellationToken(retaining: [toField]) { [weak toField] in toField?.cancel() }
        addAction(for: .editingChanged, while: token) { [weak source] field in
            source?.value = field.text
        }
        token.store(in: bag ?? bindings)
        return token
    }
}
