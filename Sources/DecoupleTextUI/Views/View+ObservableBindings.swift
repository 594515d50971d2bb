import Decouple

import Observation

// MARK: - Bindings to @Observable models

extension BindingTarget {
    /// Binds one of this object's properties to a property of an `@Observable` model, one way:
    /// the property gets the model's value now and after every change.
    ///
    /// ```swift
    /// @Observable final class ProfileModel { var name = "小明" }
    ///
    /// nameLabel.bind(\.text, to: \.name, of: model)
    /// model.name = "小红"          // the label shows 小红 once the main actor's turn ends
    /// ```
    ///
    /// Built on `withObservationTracking`, which reports a change once, *before* it is made:
    /// the binding is then marked stale and reads the model again on the main actor's next turn,
    /// so all the changes of one turn reach it as one update. A view of the text UI kit drawn
    /// before then reads the model first, as ``View/trackChanges(in:_:)`` does.
    ///
    /// Every binding to the same model's key path shares one Observation registration, so
    /// bindings that end (a cell's, each time it is configured) leave at most one registration
    /// in the model, until the property next changes. To follow several properties, bind to a
    /// computed property that reads them.
    ///
    /// The binding holds neither this object nor the model strongly, and is never called after
    /// either has gone. It ends when the returned token is cancelled, or (registered on a
    /// ``TableViewCell`` or a view inside one while the table configures it for a row) when the
    /// cell leaves its row, as ``View/trackChanges(in:_:)`` does. It is kept in `bag`, by default
    /// ``View/bindings``.
    ///
    /// The model is usually main-actor isolated. A `Sendable` model changed on another thread is
    /// read again on the main actor's next turn, and the binding ends on its latest value.
    @discardableResult @inlinable
    public func bind<Model: AnyObject & Observable, Value>(
        _ keyPath: @autoclosure @escaping () -> ReferenceWritableKeyPath<Self, Value>,
        to property: KeyPath<Model, Value>,
        of model: Model,
        in bag: CancellationBag? = nil
    ) -> CancellationToken {
        // Inlinable, with the key path as an autoclosure, for the reason `bind(_:to:in:)` gives:
        // a literal becomes a direct call of the setter, with no write-back buffer to allocate.
        track(property, of: model, in: bag) { target, value in target[keyPath: keyPath()] = value }.token
    }

    /// Binds a property through a transform, which runs on the main actor:
    /// `scoreLabel.bind(\.text, to: \.score, of: model) { "\($0) 分" }`.
    @discardableResult @inlinable
    public func bind<Model: AnyObject & Observable, Source, Value>(
        _ keyPath: @autoclosure @escaping () -> ReferenceWritableKeyPath<Self, Value>,
        to property: KeyPath<Model, Source>,
        of model: Model,
        in bag: CancellationBag? = nil,
        _ transform: @escaping (Source) -> Value
    ) -> CancellationToken {
        track(property, of: model, in: bag) { target, value in target[keyPath: keyPath()] = transform(value) }.token
    }

    /// Binds a property of an `@Observable` model to this object, writing through `set`, which is
    /// given this object and the value: `nameLabel.bind(to: \.name, of: model) { $0.text = $1 }`.
    /// Capture nothing strongly in it.
    @discardableResult
    public func bind<Model: AnyObject & Observable, Value>(
        to property: KeyPath<Model, Value>,
        of model: Model,
        in bag: CancellationBag? = nil,
        _ set: @escaping (Self, Value) -> Void
    ) -> CancellationToken {
        track(property, of: model, in: bag) { target, value in set(target, value) }.token
    }

    /// Registers a binding that reads `property` of `model` and hands the value to `write`,
    /// with this object, while both are there; a run that finds either gone ends it.
    @usableFromInline
    func track<Model: AnyObject & Observable, Value>(
        _ property: KeyPath<Model, Value>,
        of model: Model,
        in bag: CancellationBag?,
        _ write: @escaping (Self, Value) -> Void
    ) -> (token: CancellationToken, tracked: TrackedUpdate) {
        let tracked = TrackedUpdate(through: .shared(property, of: model)) { [weak self, weak model] in
            guard let self, let model else { return false }
            write(self, model[keyPath: property])
            return true
        }
        if let view = self as? View { return view.register(tracked, in: bag) }
        // Not a view: nothing draws it, so the token alone keeps the binding.
        let token = CancellationToken { tracked.cancel() }
        tracked.token = token
        token.store(in: bag ?? bindings)
        tracked.run()
        return (token, tracked)
    }
}

extension TextField {
    /// Binds the field's text to a string property of an `@Observable` model both ways: what a
    /// person types or pastes is set on the model, and the model's value is shown in the field.
    ///
    /// ```swift
    /// @Observable final class SearchModel { var query = "" }
    ///
    /// searchField.bind(text: \.query, of: model)
    /// ```
    ///
    /// There is no loop: setting ``text`` from code sends no editing event, and the field is
    /// written only when its text differs. An edit is set on the model and read back at once, on
    /// the main actor, so when the model cleans what it is given the field shows the cleaned text
    /// straight away. A change made by the model itself reaches the field as
    /// `bind(_:to:of:in:)` describes. Both directions end together, as that
    /// binding ends.
    @discardableResult
    public func bind<Model: AnyObject & Observable>(
        text property: ReferenceWritableKeyPath<Model, String>,
        of model: Model,
        in bag: CancellationBag? = nil
    ) -> CancellationToken {
        let (token, tracked) = track(property, of: model, in: bag) { field, value in
            if field.text != value { field.text = value }
        }
        addAction(for: .editingChanged, while: token) { [weak model, weak tracked] field in
            model?[keyPath: property] = field.text
            // The change is made (here, on the main actor): read it back now.
            if let tracked, tracked.isDirty { tracked.run() }
        }
        return token
    }
}

// MARK: - KeyPathObservation

/// One Observation registration of a model's key path, shared by every binding to it.
///
/// Observation has no way to end a registration before the property changes, so a registration
/// per binding would leave one behind for every binding that ended (a cell's, each time it is
/// configured). Here a model's key path has at most one: made when a binding reads through it
/// and none is in place, and kept, with this object, until the property changes.
@MainActor
final class KeyPathObservation {
    private struct Key: Hashable {
        let model: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    private static var shared: [Key: Weak<KeyPathObservation>] = [:]
    private static var sweptCount = 0

    private weak var model: AnyObject?
    /// Reads the property, tracked; `false` when the model has gone.
    private let access: () -> Bool
    private var subscribers: [Weak<TrackedUpdate>] = []
    private var isRegistered = false

    private init(model: AnyObject, access: @escaping () -> Bool) {
        self.model = model
        self.access = access
    }

    /// The registration of `keyPath` of `model`, made if none is in place.
    static func shared<Model: AnyObject & Observable, Value>(_ keyPath: KeyPath<Model, Value>, of model: Model) -> KeyPathObservation {
        let key = Key(model: ObjectIdentifier(model), keyPath: keyPath)
        // A model gone and another made at its address finds the old one's registration gone.
        if let existing = shared[key]?.object, existing.model === model { return existing }
        let observation = KeyPathObservation(model: model) { [weak model] in
            guard let model else { return false }
            _ = model[keyPath: keyPath]
            return true
        }
        if shared.count >= 2 * sweptCount + 64 {
            shared = shared.filter { $0.value.object != nil }
            sweptCount = shared.count
        }
        shared[key] = Weak(observation)
        return observation
    }

    func add(_ subscriber: TrackedUpdate) {
        subscribers.append(Weak(subscriber))
    }

    func remove(_ subscriber: TrackedUpdate) {
        subscribers.removeAll { $0.object == nil || $0.object === subscriber }
    }

    /// Registers, unless a registration is in place. The registration holds this object until
    /// the property changes, so every binding made meanwhile finds it.
    func register() {
        guard !isRegistered else { return }
        // Observation calls `onChange` on the thread making the change.
        isRegistered = withObservationTracking(access) { [self] in MainActorTurn.run { self.changed() } }
    }

    /// The property is about to change: every binding reading through this is stale.
    private func changed() {
        isRegistered = false
        subscribers.removeAll { $0.object == nil }
        for subscriber in subscribers { subscriber.object?.invalidate() }
    }

}
