// MARK: - Bindings

/// An object that bindings can write into, on the main actor: every view of the text UI kit is
/// one, and so can be your own view or controller. Bindings are kept in ``bindings`` and end
/// when the object goes away.
///
/// ```swift
/// final class ProfileHeader: UIView, BindingTarget {   // any main-actor class
///     let bindings = CancellationBag()
///     let nameLabel = UILabel()
/// }
/// header.bind(\.nameLabel.text, to: viewModel.$name) { Optional($0) }
/// ```
@MainActor
public protocol BindingTarget: AnyObject {
    /// The bindings that last as long as this object.
    var bindings: CancellationBag { get }
}

extension BindingTarget {
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
    /// in `bag` — by default ``bindings``. The property is written on the main actor: at once
    /// when the source is set there, and otherwise as soon as the main actor is free.
    @discardableResult @inlinable
    public func bind<Source: ObservableValue>(
        _ keyPath: ReferenceWritableKeyPath<Self, Source.Value>,
        to source: Source,
        in bag: CancellationBag? = nil
    ) -> CancellationToken where Source.Value: Sendable {
        // Inlinable, so that the closure is compiled for the caller's types; the key-path write
        // itself stays a run-time key-path application, which allocates a write-back buffer for
        // a computed or overridable property (see README, Performance). `bind(to:in:_:)` writes
        // through a closure instead.
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { target[keyPath: keyPath] = new }
        }
        token.store(in: bag ?? bindings)
        return token
    }

    /// Binds one of this object's properties to an observable value, one way, writing through
    /// `set`: the same as ``bind(_:to:in:)``, without a run-time key-path application on each
    /// update (which allocates for a computed or `open` property).
    ///
    /// ```swift
    /// nameLabel.bind(to: viewModel.$name) { $0.text = $1 }
    /// ```
    ///
    /// `set` is given this object and the new value; capture nothing strongly in it.
    @discardableResult @inlinable
    public func bind<Source: ObservableValue>(
        to source: Source,
        in bag: CancellationBag? = nil,
        _ set: @escaping @MainActor (Self, Source.Value) -> Void
    ) -> CancellationToken where Source.Value: Sendable {
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { set(target, new) }
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
        _ transform: @escaping @MainActor (Source.Value) -> Value
    ) -> CancellationToken where Source.Value: Sendable {
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { target[keyPath: keyPath] = transform(new) }
        }
        token.store(in: bag ?? bindings)
        return token
    }
}
