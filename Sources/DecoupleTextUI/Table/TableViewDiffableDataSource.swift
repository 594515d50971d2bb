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

    private(set) weak var tableView: TableView?
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
    ///
    /// Called while the table updates — from a cell provider, a completion or a table delegate
    /// callback — the apply waits until that update ends, then runs (diffed against what is shown
    /// then), in the order such calls were made, before the call that started the update
    /// returns. Until it runs, ``snapshot()`` is still what the table shows.
    public func apply(_ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        whenIdle(snapshot, completion) { source, tableView in
            source.show(snapshot, changes: snapshot.changes(from: source.current).list, in: tableView)
        }
    }

    /// Shows `snapshot` with changes computed beforehand, e.g. off the main actor with
    /// ``Snapshot/changes(from:)`` against ``snapshot()``: snapshots are `Sendable` values.
    ///
    /// The changes are used only if they lead from the snapshot shown when the apply runs to
    /// `snapshot`. Changes computed against another snapshot (an apply ran in between) or for
    /// another snapshot end in a full reload, never a wrong screen: the table shows `snapshot`,
    /// ``TableView/lastUpdateError`` says why, and the selection stays on its item if the item
    /// is still there. Called while the table updates, the apply waits as
    /// ``apply(_:animatingDifferences:completion:)`` does.
    public func apply(_ snapshot: Snapshot<SectionID, ItemID>, changes: Snapshot<SectionID, ItemID>.Changes, completion: (() -> Void)? = nil) {
        whenIdle(snapshot, completion) { source, tableView in
            guard changes.lead(from: source.current, to: snapshot.contents) else {
                return source.reload(snapshot, in: tableView)
            }
            source.show(snapshot, changes: changes.list, in: tableView)
        }
    }

    /// Runs `work` with the table, at once or when the table's update in progress ends, then
    /// `completion`. Without a table, `snapshot` is only recorded as what would be shown.
    private func whenIdle(
        _ snapshot: Snapshot<SectionID, ItemID>, _ completion: (() -> Void)?,
        _ work: @escaping (TableViewDiffableDataSource, TableView) -> Void
    ) {
        guard let tableView else {
            current = snapshot.contents
            return completion?() ?? ()
        }
        // The table keeps this until it runs: it must not keep the table.
        tableView.whenIdle { [self, unowned tableView] in
            work(self, tableView)
            completion?()
        }
    }

    /// Shows `snapshot` after a full reload, keeping the selection on its item.
    private func reload(_ snapshot: Snapshot<SectionID, ItemID>, in tableView: TableView) {
        let selected = tableView.indexPathForSelectedRow.flatMap { current.item(at: $0) }
        current = snapshot.contents
        tableView.reloadEverything(because: "Stale changes: they were computed for another snapshot than the one shown and the one applied; the table reloaded everything")
        tableView.indexPathForSelectedRow = selected.flatMap { current.indexPath(of: $0) }
    }

    /// Shows `snapshot` in one batch update of `changes`, which lead to it from `current`.
    private func show(_ snapshot: Snapshot<SectionID, ItemID>, changes: SectionedListChanges, in tableView: TableView) {
        let old = current
        current = snapshot.contents
        // Reloads and reconfigures are by the rows' positions before the update, as in a batch;
        // an item new in this snapshot gets a new cell anyway. A reloaded section reloads the
        // items it holds now, wherever they were.
        var reloadedItems = Set(snapshot.reloadedItemIdentifiers)
        for section in snapshot.reloadedSectionIdentifiers {
            reloadedItems.formUnion(current.itemIdentifiers(inSection: section))
        }
        var items = changes.items
        // A row cannot also be deleted or moved when it is reloaded, nor be reloaded in a
        // deleted section (UIKit refuses both too). A reloaded item whose row the changes delete
        // (it left a deleted section or joined an inserted one) gets a new cell anyway; one that
        // moves is deleted where it was and inserted where it goes.
        var reloading: Set<IndexPath> = []
        let deletedSections = Set(changes.sections.deletions)
        for item in reloadedItems {
            if let indexPath = old.indexPath(of: item), !deletedSections.contains(indexPath.tableSection) {
                reloading.insert(indexPath)
            }
        }
        reloading.subtract(items.deletions)
        if !reloading.isEmpty {
            var moves: [ListChanges<IndexPath>.Pair] = []
            for move in items.moves {
                guard reloading.remove(move.old) != nil else {
                    moves.append(move)
                    continue
                }
                items.deletions.append(move.old)
                items.insertions.append(move.new)
            }
            items.moves = moves
        }
        let reloads = Array(reloading)
        let reconfigures = snapshot.reconfiguredItemIdentifiers.compactMap { old.indexPath(of: $0) }
        let selected = tableView.indexPathForSelectedRow.flatMap { old.item(at: $0) }
        tableView.performBatch({
            let sections = changes.sections
            tableView.deleteSections(IndexSet(sections.deletions), with: .automatic)
            tableView.insertSections(IndexSet(sections.insertions), with: .automatic)
            for move in sections.moves { tableView.moveSection(move.old, toSection: move.new) }
            tableView.deleteRows(at: items.deletions, with: .automatic)
            tableView.insertRows(at: items.insertions, with: .automatic)
            for move in items.moves { tableView.moveRow(at: move.old, to: move.new) }
            if !reloads.isEmpty { tableView.reloadRows(at: reloads, with: .automatic) }
            if !reconfigures.isEmpty { tableView.reconfigureRows(at: reconfigures) }
        }, completion: nil)
        // The selection stays on its item while the item is shown, even deleted and inserted.
        if let selected { tableView.indexPathForSelectedRow = current.indexPath(of: selected) }
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
