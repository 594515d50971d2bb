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
    /// in `bag`, by default ``bindings``. The property is written when the source is set, as
    /// every observer is told (see ``ObservableProperty``).
    ///
    /// `keyPath` is taken as an autoclosure and read on every write, so pass a key path literal
    /// (as above) or a constant, not an expression with side effects.
    @discardableResult @inlinable
    public func bind<Source: ObservableValue>(
        _ keyPath: @autoclosure @escaping () -> ReferenceWritableKeyPath<Self, Source.Value>,
        to source: Source,
        in bag: CancellationBag? = nil
    ) -> CancellationToken {
        // Inlinable, so that the closure is compiled for the caller's types. The key path comes
        // as an autoclosure because the optimizer turns a key-path literal into a direct call of
        // the property's setter only where it sees the literal: a closure made at the call site
        // that returns the literal and captures nothing is a constant it propagates into the
        // handler below, which then captures nothing either. A key path passed as a value
        // reaches the handler as a copy, never folded: a run-time key-path application on every
        // update, with a write-back buffer (a malloc) for a computed or overridable property
        // (see README, Performance).
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { target[keyPath: keyPath()] = new }
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
        _ set: @escaping (Self, Source.Value) -> Void
    ) -> CancellationToken {
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { set(target, new) }
        }
        token.store(in: bag ?? bindings)
        return token
    }

    /// Binds a property through a transform: `scoreLabel.bind(\.text, to: model.$score) { "\($0)" }`.
    /// `keyPath` is read on every write, as in ``bind(_:to:in:)``.
    @discardableResult @inlinable
    public func bind<Source: ObservableValue, Value>(
        _ keyPath: @autoclosure @escaping () -> ReferenceWritableKeyPath<Self, Value>,
        to source: Source,
        in bag: CancellationBag? = nil,
        _ transform: @escaping (Source.Value) -> Value
    ) -> CancellationToken {
        let token = source.observe(self, options: [.initial, .new]) { target, change in
            if let new = change.new { target[keyPath: keyPath()] = transform(new) }
        }
        token.store(in: bag ?? bindings)
        return token
    }
}
