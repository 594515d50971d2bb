import Decouple
import Foundation

// MARK: - TableViewDiffableDataSource

/// A table's data source driven by snapshots, as UIKit's `UITableViewDiffableDataSource`: you say
/// what the table shows now, and applying works out the batch update — deletions, insertions and
/// moves, computed by the core's linear diff — so it can never be inconsistent.
///
/// ```swift
/// let dataSource = TableViewDiffableDataSource<String, Contact.ID>(tableView: table) { table, indexPath, id in
///     let cell = table.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
///     cell.textLabel.text = contacts[id]?.name
///     return cell
/// }
/// dataSource.apply(snapshot)
/// print(table.lastUpdateDescription ?? "")   // inserted 0.5–0.7, moved 1.2 → 0.0
/// ```
///
/// For section titles, subclass it and override ``tableView(_:titleForHeaderInSection:)``, as in
/// UIKit; ``sectionIdentifier(for:)`` says which section an index is.
@MainActor
open class TableViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: TableViewDataSource {
    /// Makes the cell for an item; `nil` gets an empty cell rather than a crash.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemID) -> TableViewCell?

    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    private var current = Snapshot<SectionID, ItemID>()

    /// Becomes `tableView`'s data source. The table holds its data source weakly, as in UIKit:
    /// keep the data source alive yourself.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// What the table shows now.
    public func snapshot() -> Snapshot<SectionID, ItemID> { current }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { current.item(at: indexPath) }
    public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    public func sectionIdentifier(for index: Int) -> SectionID? { current.section(at: index) }

    /// Shows `snapshot`: diffs it against what is shown and performs one batch update, which
    /// also reloads and reconfigures what the snapshot asks for, so the table's
    /// ``TableView/lastUpdateDescription`` and ``TableView/lastUpdateError`` cover all of it.
    /// Text has no animation, so `animatingDifferences` is accepted and ignored, and
    /// `completion` runs before this returns.
    public func apply(_ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        apply(snapshot, changes: snapshot.changes(from: current), completion: completion)
    }

    /// Shows `snapshot` with changes computed beforehand, e.g. off the main actor with
    /// ``Snapshot/changes(from:)`` against ``snapshot()``: snapshots are `Sendable` values.
    /// Changes computed against another snapshot than the one shown are caught by the table's
    /// check and end in a full reload, never a wrong screen.
    public func apply(_ snapshot: Snapshot<SectionID, ItemID>, changes: SectionedListChanges, completion: (() -> Void)? = nil) {
        let old = current
        current = snapshot.contents
        guard let tableView else { return completion?() ?? () }
        // Reloads and reconfigures are by the rows' positions before the update, as in a batch;
        // an item new in this snapshot gets a new cell anyway. A reloaded section reloads the
        // items it holds now, wherever they were.
        let reloadedItems = snapshot.reloadedItemIdentifiers + snapshot.reloadedSectionIdentifiers.flatMap {
            current.itemIdentifiers(inSection: $0)
        }
        let reloads = reloadedItems.compactMap { old.indexPath(of: $0) }
        let reconfigures = snapshot.reconfiguredItemIdentifiers.compactMap { old.indexPath(of: $0) }
        tableView.performBatchUpdates({
            let sections = changes.sections, items = changes.items
            tableView.deleteSections(IndexSet(sections.deletions), with: .automatic)
            tableView.insertSections(IndexSet(sections.insertions), with: .automatic)
            for move in sections.moves { tableView.moveSection(move.old, toSection: move.new) }
            tableView.deleteRows(at: items.deletions, with: .automatic)
            tableView.insertRows(at: items.insertions, with: .automatic)
            for move in items.moves { tableView.moveRow(at: move.old, to: move.new) }
            if !reloads.isEmpty { tableView.reloadRows(at: reloads, with: .automatic) }
            if !reconfigures.isEmpty { tableView.reconfigureRows(at: reconfigures) }
        })
        completion?()
    }

    // MARK: TableViewDataSource

    open func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        current.numberOfItems(atSectionIndex: section)
    }

    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = current.item(at: indexPath),
              let cell = cellProvider(tableView, indexPath, item) else {
            return tableView.dequeueReusableCell(withIdentifier: "", for: indexPath)
        }
        return cell
    }

    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}
