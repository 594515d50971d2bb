// MARK: - Bindings

/// An object that bindings can write into: every ``View`` is one. Bindings are kept in
/// ``bindings`` and end when the object goes away.
@MainActor
public protocol Bindable: AnyObject {
    /// The bindings that last as long as this object.
    var bindings: CancellationBag { get }
}

extension Bindable {
    /// Binds one of this object's properties to an observable value, one way: the property gets
    /// the current value now and every new value after.
    ///
    /// ```swift
    /// nameLabel.bind(\.text, to: viewModel.$name)
    /// loginButton.bind(\.isEnabled, to: viewModel.buttonEnabled)
    /// ```
    ///
    /// The binding holds neither this object nor the source strongly: it ends when this object
    /// goes away, when the source goes away, or when the returned token is cancelled. It is kept
    /// in `bag` — by default ``bindings``. Change bound values on the main actor, where views live.
    @discardableResult @inlinable
    public func bind<Source: ObservableValue>(
        _ keyPath: ReferenceWritableKeyPath<Self, Source.Value>,
        to source: Source,
        in bag: CancellationBag? = nil
    ) -> CancellationToken {
        // Inlinable, so that the closure is compiled for the caller's types; the key-path write
        // itself stays a run-time key-path application (see README, Performance).
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { target[keyPath: keyPath] = new }
        }
        token.store(in: bag ?? bindings)
        return token
    }

    /// Binds a property through a transform: `scoreLabel.bind(\.text, to: model.$score) { "\($0)" }`.
    @discardableResult @inlinable
    public func bind<Source: ObservableValue, Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value>,
        to source: Source,
        in bag: CancellationBag? = nil,
        _ transform: @escaping (Source.Value) -> Value
    ) -> CancellationToken {
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { target[keyPath: keyPath] = transform(new) }
        }
        token.store(in: bag ?? bindings)
        return token
    }
}

extension View: Bindable {}

extension TextField {
    /// Binds the field's text to an observable string both ways: what a person types or pastes
    /// is set on `source`, and every value of `source` is shown in the field.
    ///
    /// There is no loop: setting ``text`` from code sends no editing event, and the field is
    /// written only when its text differs. When `source` cleans what it is given (see
    /// ``Observable/init(_:transform:)``), the field shows the cleaned text straight away.
    ///
    /// ```swift
    /// nameField.bind(text: viewModel.$name)
    /// ```
    @discardableResult
    public func bind(text source: Observable<String>, in bag: CancellationBag? = nil) -> CancellationToken {
        let toField = source.observe(self, options: [.initial, .new]) { field, change in
            if let new = change.new, field.text != new { field.text = new }
        }
        let live = LiveFlag()
        let actionID = addRemovableAction(for: .editingChanged) { [weak source] field in
            if live.isLive { source?.value = field.text }
        }
        let field = Weak(self)
        let token = CancellationToken {
            live.end()
            toField.cancel()
            Task { @MainActor in field.object?.removeAction(actionID) }
        }
        token.store(in: bag ?? bindings)
        return token
    }
}
