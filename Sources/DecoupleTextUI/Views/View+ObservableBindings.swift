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
    /// the binding is then marked stale, and re-reads the model (and registers again) on the
    /// main actor after the current turn, so all the changes of one turn reach it as one update.
    /// A view of the text UI kit that is drawn before then reads the model first, as
    /// ``View/trackChanges(in:_:)`` does.
    ///
    /// The binding holds neither this object nor the model strongly, and is never called after
    /// either has gone (its next run ends it). It ends when the returned token is cancelled, or — registered on a ``TableViewCell`` or a
    /// view inside one while the table configures it for a row — when the cell leaves its row,
    /// as ``View/trackChanges(in:_:)`` does. It is kept in `bag`, by default ``View/bindings``.
    ///
    /// The model may be changed on another thread if it takes one lock around each whole change
    /// and around each read (Observation announces the change before it is made, and the main
    /// actor's read must wait for it to be made); the update still runs on the main actor. Each run
    /// reads the model twice (the transform runs twice), so that a change made on another thread
    /// while it was read is not lost.
    @discardableResult
    public func bind<Model: AnyObject & Observable, Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value>,
        to property: KeyPath<Model, Value>,
        of model: Model,
        in bag: CancellationBag? = nil
    ) -> CancellationToken {
        track(model, in: bag) { target, model, writes in
            let value = model[keyPath: property]
            return writes ? .write { target[keyPath: keyPath] = value } : .done
        }.token
    }

    /// Binds a property through a transform, which runs on the main actor and is tracked too (a
    /// model property it reads is followed as well):
    /// `scoreLabel.bind(\.text, to: \.score, of: model) { "\($0) 分" }`.
    @discardableResult
    public func bind<Model: AnyObject & Observable, Source, Value>(
        _ keyPath: ReferenceWritableKeyPath<Self, Value>,
        to property: KeyPath<Model, Source>,
        of model: Model,
        in bag: CancellationBag? = nil,
        _ transform: @escaping @MainActor (Source) -> Value
    ) -> CancellationToken {
        track(model, in: bag) { target, model, writes in
            let value = transform(model[keyPath: property])
            return writes ? .write { target[keyPath: keyPath] = value } : .done
        }.token
    }

    /// Binds a property of an `@Observable` model to this object, writing through `set`, which is
    /// given this object and the value: `nameLabel.bind(to: \.name, of: model) { $0.text = $1 }`.
    /// What `set` reads is not tracked. Capture nothing strongly in it.
    @discardableResult
    public func bind<Model: AnyObject & Observable, Value>(
        to property: KeyPath<Model, Value>,
        of model: Model,
        in bag: CancellationBag? = nil,
        _ set: @escaping @MainActor (Self, Value) -> Void
    ) -> CancellationToken {
        track(model, in: bag) { target, model, writes in
            let value = model[keyPath: property]
            return writes ? .write { set(target, value) } : .done
        }.token
    }

    /// Registers a binding that reads `model` through `read`, tracked, with this object and the
    /// model, while both are there; a run that finds either gone ends it.
    func track<Model: AnyObject>(
        _ model: Model,
        in bag: CancellationBag?,
        _ read: @escaping @MainActor (Self, Model, _ writes: Bool) -> TrackedUpdate.Step
    ) -> (token: CancellationToken, tracked: TrackedUpdate) {
        let tracked = TrackedUpdate(delivers: true) { [weak self, weak model] writes in
            guard let self, let model else { return .end }
            return read(self, model, writes)
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
        let (token, tracked) = track(model, in: bag) { field, model, writes in
            let value = model[keyPath: property]
            return writes ? .write { if field.text != value { field.text = value } } : .done
        }
        addAction(for: .editingChanged, while: token) { [weak model, weak tracked] field in
            model?[keyPath: property] = field.text
            // The change is made (here, on the main actor): read it back now.
            if let tracked, tracked.isDirty { tracked.run() }
        }
        return token
    }
}
