import Decouple

import Observation

// MARK: - Following an @Observable model

extension TableViewDiffableDataSource {
    /// Shows what a property of an `@Observable` model holds, now and after every change: the
    /// property's value is made into a snapshot by `snapshot`, which the data source applies —
    /// one batch update of the differences, as ``apply(_:animatingDifferences:completion:)``.
    ///
    /// ```swift
    /// @Observable final class ContactsModel { var contacts: [Contact] = [] }
    ///
    /// dataSource.bind(to: \.contacts, of: model) { contacts in
    ///     var snapshot = Snapshot<Int, Contact.ID>()
    ///     snapshot.appendSections([0])
    ///     snapshot.appendItems(contacts.map(\.id))
    ///     return snapshot
    /// }
    /// ```
    ///
    /// `snapshot` runs on the main actor. Applying is not tracked, so what cells read while the
    /// table configures them belongs to the cells, not to this binding. Changes reach the table
    /// as `bind(_:to:of:in:)` describes: on the main actor, the changes of one turn as one
    /// snapshot, or before the table is drawn if that comes first.
    ///
    /// The binding belongs to the table view and holds neither it, the data source nor the model
    /// strongly: it is never called after one of them has gone, and ends with the table view or
    /// when the returned token is cancelled. It is kept in `bag`, by default the table view's
    /// ``View/bindings``. Without a table view (it has gone) nothing is
    /// bound, and the returned token is cancelled.
    @discardableResult
    public func bind<Model: AnyObject & Observable, Items>(
        to property: KeyPath<Model, Items>,
        of model: Model,
        in bag: CancellationBag? = nil,
        _ snapshot: @escaping (Items) -> Snapshot<SectionID, ItemID>
    ) -> CancellationToken {
        guard let tableView else {
            let token = CancellationToken {}
            token.cancel()
            return token
        }
        // The binding belongs to the table view; a data source gone leaves it doing nothing until
        // the table view goes.
        return tableView.track(property, of: model, in: bag) { [weak self] _, items in
            self?.apply(snapshot(items))
        }.token
    }
}
