import Decouple
import Foundation

// MARK: - Snapshot

/// What a diffable table shows, by identifier: its sections in order and the items in each, as
/// UIKit's `NSDiffableDataSourceSnapshot`. A value: build it anywhere, on any thread, then hand it
/// to ``TableViewDiffableDataSource/apply(_:animatingDifferences:completion:)``.
///
/// ```swift
/// var snapshot = Snapshot<String, Contact.ID>()
/// snapshot.appendSections(["A", "B"])
/// snapshot.appendItems(aIDs, toSection: "A")
/// snapshot.appendItems(bIDs)                 // to the last section
/// snapshot.reconfigureItems([changedID])     // refresh a row in its own cell
/// dataSource.apply(snapshot)
/// ```
///
/// An identifier appears at most once: appending or inserting one that is already there is
/// ignored, and a section that does not exist is never created implicitly.
///
/// Finding a section or an item by identifier is a hash look-up, so building a snapshot of
/// *n* sections and items and applying it costs O(*n*): indexes of both are kept as it changes.
/// Inserting, moving or deleting in the middle costs what it costs in an array.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable, Equatable {
    private var sections: [SectionID] = []
    private var items: [[ItemID]] = []
    /// Which section each item is in, by the section's identifier.
    private var sectionOfItem: [ItemID: SectionID] = [:]
    /// Each section's index in `sections`.
    private var sectionIndex: [SectionID: Int] = [:]
    /// Each item's row in its section.
    private var rowOfItem: [ItemID: Int] = [:]

    /// Items to dequeue new cells for on the next apply.
    public private(set) var reloadedItemIdentifiers: [ItemID] = []
    /// Items to configure again in the cells they have on the next apply.
    public private(set) var reconfiguredItemIdentifiers: [ItemID] = []
    /// Sections whose rows and titles are asked for again on the next apply.
    public private(set) var reloadedSectionIdentifiers: [SectionID] = []

    public init() {}

    /// Equal when they show the same and ask for the same; the indexes follow from the contents.
    public static func == (a: Self, b: Self) -> Bool {
        a.sections == b.sections && a.items == b.items
            && a.reloadedItemIdentifiers == b.reloadedItemIdentifiers
            && a.reconfiguredItemIdentifiers == b.reconfiguredItemIdentifiers
            && a.reloadedSectionIdentifiers == b.reloadedSectionIdentifiers
    }

    // MARK: Reading

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    public var sectionIdentifiers: [SectionID] { sections }
    public var itemIdentifiers: [ItemID] { items.flatMap { $0 } }

    public func numberOfItems(inSection section: SectionID) -> Int {
        indexOfSection(section).map { items[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        indexOfSection(section).map { items[$0] } ?? []
    }

    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        sectionOfItem[item]
    }

    public func indexOfSection(_ section: SectionID) -> Int? {
        sectionIndex[section]
    }

    /// The item's position in the whole snapshot, counting across sections, as UIKit's.
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let path = indexPath(of: item) else { return nil }
        return items[..<path.tableSection].reduce(0) { $0 + $1.count } + path.tableRow
    }

    func indexPath(of item: ItemID) -> IndexPath? {
        guard let section = sectionOfItem[item], let sectionIndex = indexOfSection(section),
              let row = rowOfItem[item] else { return nil }
        return IndexPath(indexes: [sectionIndex, row])
    }

    /// The number of items in the section at `index`, or 0 when there is none.
    func numberOfItems(atSectionIndex index: Int) -> Int {
        items.indices.contains(index) ? items[index].count : 0
    }

    // MARK: Indexes

    /// Records the sections' indexes from `start` on, after a change there.
    private mutating func reindexSections(from start: Int) {
        for index in start..<sections.count { sectionIndex[sections[index]] = index }
    }

    /// `array` without the elements at `offsets`, in one pass.
    private static func removing<Element>(_ offsets: IndexSet, from array: [Element]) -> [Element] {
        var kept: [Element] = []
        kept.reserveCapacity(array.count - offsets.count)
        for (offset, element) in array.enumerated() where !offsets.contains(offset) { kept.append(element) }
        return kept
    }

    /// Records the rows of a section's items from `start` on, after a change there.
    private mutating func reindexRows(inSection section: Int, from start: Int) {
        let sectionItems = items[section]
        for row in start..<sectionItems.count { rowOfItem[sectionItems[row]] = row }
    }

    func item(at indexPath: IndexPath) -> ItemID? {
        guard indexPath.count == 2, items.indices.contains(indexPath.tableSection),
              items[indexPath.tableSection].indices.contains(indexPath.tableRow) else { return nil }
        return items[indexPath.tableSection][indexPath.tableRow]
    }

    func section(at index: Int) -> SectionID? {
        sections.indices.contains(index) ? sections[index] : nil
    }

    func items(at sectionIndex: Int) -> [ItemID] { items[sectionIndex] }

    // MARK: Sections

    /// Adds sections at the end; sections already present are ignored.
    public mutating func appendSections(_ identifiers: [SectionID]) {
        for identifier in identifiers where indexOfSection(identifier) == nil {
            sectionIndex[identifier] = sections.count
            sections.append(identifier)
            items.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionID], beforeSection target: SectionID) {
        insertSections(identifiers, at: indexOfSection(target))
    }

    public mutating func insertSections(_ identifiers: [SectionID], afterSection target: SectionID) {
        insertSections(identifiers, at: indexOfSection(target).map { $0 + 1 })
    }

    private mutating func insertSections(_ identifiers: [SectionID], at index: Int?) {
        guard let start = index else { return }
        var new: [SectionID] = []
        var seen: Set<SectionID> = []
        for identifier in identifiers where indexOfSection(identifier) == nil && seen.insert(identifier).inserted {
            new.append(identifier)
        }
        sections.insert(contentsOf: new, at: start)
        items.insert(contentsOf: Array(repeating: [], count: new.count), at: start)
        reindexSections(from: start)
    }

    /// Deletes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionID]) {
        var deleted = IndexSet()
        for identifier in identifiers {
            guard let index = indexOfSection(identifier), !deleted.contains(index) else { continue }
            deleted.insert(index)
            for item in items[index] {
                sectionOfItem[item] = nil
                rowOfItem[item] = nil
            }
            sectionIndex[identifier] = nil
        }
        guard let first = deleted.first else { return }
        sections = Self.removing(deleted, from: sections)
        items = Self.removing(deleted, from: items)
        reindexSections(from: first)
    }

    public mutating func moveSection(_ identifier: SectionID, beforeSection target: SectionID) {
        moveSection(identifier, relativeTo: target, after: false)
    }

    public mutating func moveSection(_ identifier: SectionID, afterSection target: SectionID) {
        moveSection(identifier, relativeTo: target, after: true)
    }

    private mutating func moveSection(_ identifier: SectionID, relativeTo target: SectionID, after: Bool) {
        guard identifier != target, let from = indexOfSection(identifier), indexOfSection(target) != nil else { return }
        let moved = items.remove(at: from)
        sections.remove(at: from)
        let targetIndex = indexOfSection(target)!
        let to = (targetIndex > from ? targetIndex - 1 : targetIndex) + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        items.insert(moved, at: to)
        reindexSections(from: min(from, to))
    }

    public mutating func reloadSections(_ identifiers: [SectionID]) {
        reloadedSectionIdentifiers += identifiers.filter { indexOfSection($0) != nil }
    }

    // MARK: Items

    /// Adds items at the end of a section (by default the last one). Items already present, and
    /// items for a section that does not exist, are ignored.
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) {
        guard let index = section.map(indexOfSection) ?? (sections.isEmpty ? nil : sections.count - 1) else { return }
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            rowOfItem[identifier] = items[index].count
            items[index].append(identifier)
            sectionOfItem[identifier] = sections[index]
        }
    }

    public mutating func insertItems(_ identifiers: [ItemID], beforeItem target: ItemID) {
        insertItems(identifiers, relativeTo: target, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemID], afterItem target: ItemID) {
        insertItems(identifiers, relativeTo: target, after: true)
    }

    private mutating func insertItems(_ identifiers: [ItemID], relativeTo target: ItemID, after: Bool) {
        guard let path = indexPath(of: target) else { return }
        let start = path.tableRow + (after ? 1 : 0)
        var new: [ItemID] = []
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            new.append(identifier)
            sectionOfItem[identifier] = sections[path.tableSection]
        }
        items[path.tableSection].insert(contentsOf: new, at: start)
        reindexRows(inSection: path.tableSection, from: start)
    }

    public mutating func deleteItems(_ identifiers: [ItemID]) {
        var deleted: [Int: IndexSet] = [:]
        for identifier in identifiers {
            guard let path = indexPath(of: identifier) else { continue }
            deleted[path.tableSection, default: []].insert(path.tableRow)
            sectionOfItem[identifier] = nil
            rowOfItem[identifier] = nil
        }
        for (section, rows) in deleted {
            items[section] = Self.removing(rows, from: items[section])
            reindexRows(inSection: section, from: rows.first ?? 0)
        }
    }

    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    public mutating func moveItem(_ identifier: ItemID, beforeItem target: ItemID) {
        moveItem(identifier, relativeTo: target, after: false)
    }

    public mutating func moveItem(_ identifier: ItemID, afterItem target: ItemID) {
        moveItem(identifier, relativeTo: target, after: true)
    }

    private mutating func moveItem(_ identifier: ItemID, relativeTo target: ItemID, after: Bool) {
        guard identifier != target, let targetPath = indexPath(of: target), let from = indexPath(of: identifier) else { return }
        items[from.tableSection].remove(at: from.tableRow)
        reindexRows(inSection: from.tableSection, from: from.tableRow)
        let section = targetPath.tableSection
        let targetRow = targetPath.tableRow - (section == from.tableSection && targetPath.tableRow > from.tableRow ? 1 : 0)
        let row = targetRow + (after ? 1 : 0)
        items[section].insert(identifier, at: row)
        sectionOfItem[identifier] = sections[section]
        reindexRows(inSection: section, from: row)
    }

    /// Items whose cells are dequeued anew on the next apply.
    public mutating func reloadItems(_ identifiers: [ItemID]) {
        reloadedItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    /// Items configured again in the cells they already have on the next apply: nothing is
    /// dequeued, so what the cell holds (bindings, state) can stay.
    public mutating func reconfigureItems(_ identifiers: [ItemID]) {
        reconfiguredItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    // MARK: Changes

    /// The changes from `old` to this snapshot, by identifier, together with the two snapshots
    /// they lead between. A value computation: run it on any thread, then apply with
    /// ``TableViewDiffableDataSource/apply(_:changes:completion:)``, which checks that `old` is
    /// what the table shows and this snapshot is the one applied.
    public func changes(from old: Snapshot) -> Changes {
        // Identifiers are unique by construction, so the diff cannot find duplicates.
        let list = (try? entries.changes(from: old.entries, items: \.items)) ?? SectionedListChanges()
        return Changes(list: list, old: old.contents, new: contents)
    }

    /// The changes between two snapshots, by position, and which two snapshots they are.
    ///
    /// Positions alone cannot tell whether they fit what a table shows: changes that insert a
    /// row at the end fit any list of the same length. So changes carry the snapshots they were
    /// computed between (values, shared with the snapshots you hold, not copied), and
    /// ``TableViewDiffableDataSource/apply(_:changes:completion:)`` uses them only when the
    /// table shows the old one and is given the new one; otherwise it reloads everything.
    public struct Changes: Sendable, CustomStringConvertible {
        /// The changes by position, as the core's diff lists them.
        public let list: SectionedListChanges
        /// The snapshot the changes start from, and the one they lead to, without their one-shot
        /// reload and reconfigure requests.
        let old: Snapshot, new: Snapshot

        /// The sections' changes, by section index.
        public var sections: ListChanges<Int> { list.sections }
        /// The items' changes, by index path.
        public var items: ListChanges<IndexPath> { list.items }
        /// Whether the two snapshots hold the same sections and items in the same order.
        public var isEmpty: Bool { list.isEmpty }

        /// The changes in one line: `items: deletions [0.1], insertions [1.0]`.
        public var description: String { list.description }

        /// Whether these changes lead from `shown` to `applied`: the same sections and items in
        /// the same order. Arrays that share storage compare in constant time, so the usual case
        /// (the snapshots are the ones the changes were computed between) is checked at once;
        /// any other is compared element by element.
        func lead(from shown: Snapshot, to applied: Snapshot) -> Bool {
            old.hasSameContents(as: shown) && new.hasSameContents(as: applied)
        }
    }

    /// Whether the two hold the same sections and items in the same order, whatever they ask to
    /// reload or reconfigure.
    func hasSameContents(as other: Snapshot) -> Bool {
        sections == other.sections && items == other.items
    }

    private var entries: [SectionEntry] {
        zip(sections, items).map { SectionEntry(id: $0, items: $1.map(ItemEntry.init)) }
    }

    private struct ItemEntry: Identifiable, Equatable {
        let id: ItemID
    }

    /// A section compares by identifier only: its items are diffed on their own.
    private struct SectionEntry: Identifiable, Equatable {
        let id: SectionID
        let items: [ItemEntry]
        static func == (a: Self, b: Self) -> Bool { a.id == b.id }
    }

    /// The snapshot without its one-shot reload and reconfigure requests.
    var contents: Snapshot {
        var contents = self
        contents.reloadedItemIdentifiers = []
        contents.reconfiguredItemIdentifiers = []
        contents.reloadedSectionIdentifiers = []
        return contents
    }
}
