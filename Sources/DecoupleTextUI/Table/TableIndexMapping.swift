import Foundation

// MARK: - TableIndexMapping

/// Where each row of the table before a batch update is after it, once the update is checked
/// the way UIKit checks it. Built from the batch alone (plus the section counts), so applying an
/// update to a table of a million rows costs what the update and the visible rows cost.
struct TableIndexMapping {
    struct Problem: Error {
        let message: String
    }

    private let sections: IndexMap
    /// Per old section: its row changes.
    private let rows: [Int: IndexMap]
    private let movedRows: [IndexPath: IndexPath]
    private let reloadedRows: Set<IndexPath>
    private let reloadedSections: IndexSet

    /// The new position of an old row, or `nil` when it was deleted.
    func newIndexPath(for indexPath: IndexPath) -> IndexPath? {
        if let target = movedRows[indexPath] { return target }
        let section = indexPath.tableSection
        // A reloaded section's rows are deleted and its new rows inserted, as in UIKit.
        guard !reloadedSections.contains(section), let newSection = sections.map(section) else { return nil }
        let map = rows[section] ?? IndexMap()
        guard let newRow = map.map(indexPath.tableRow, into: rowsAdded(in: newSection)) else { return nil }
        return IndexPath(indexes: [newSection, newRow])
    }

    /// Whether the row's cell must be asked for again.
    func isReloaded(_ indexPath: IndexPath) -> Bool {
        reloadedRows.contains(indexPath) || reloadedSections.contains(indexPath.tableSection)
    }

    private let added: [Int: [Int]]
    private func rowsAdded(in newSection: Int) -> [Int] { added[newSection] ?? [] }

    // MARK: Checking

    static func make(_ batch: TableBatch, old: TableLayout, new: TableLayout) -> Result<TableIndexMapping, Problem> {
        func fail(_ message: String) -> Result<TableIndexMapping, Problem> {
            .failure(Problem(message: "Invalid update: " + message))
        }
        let oldSections = 0..<old.sectionCount, newSections = 0..<new.sectionCount

        // Sections.
        if let bad = batch.deletedSections.first(where: { !oldSections.contains($0) }) {
            return fail("attempt to delete section \(bad), but there are only \(old.sectionCount) sections before the update")
        }
        if let bad = batch.insertedSections.first(where: { !newSections.contains($0) }) {
            return fail("attempt to insert section \(bad), but there are only \(new.sectionCount) sections after the update")
        }
        if let bad = batch.reloadedSections.first(where: { !oldSections.contains($0) }) {
            return fail("attempt to reload section \(bad), but there are only \(old.sectionCount) sections before the update")
        }
        // A reload is a deletion and an insertion in place: it cannot also be deleted or moved.
        if let bad = batch.reloadedSections.intersection(batch.deletedSections).first {
            return fail("attempt to delete and reload the same section (\(bad))")
        }
        if let bad = batch.movedSections.first(where: { batch.reloadedSections.contains($0.from) }) {
            return fail("attempt to move and reload the same section (\(bad.from))")
        }
        var sectionSources = IndexSet(), sectionTargets = IndexSet()
        for move in batch.movedSections {
            guard oldSections.contains(move.from), newSections.contains(move.to) else {
                return fail("attempt to move section \(move.from) to \(move.to), which does not exist on one side of the update")
            }
            guard !batch.deletedSections.contains(move.from), !sectionSources.contains(move.from) else {
                return fail("attempt to move section \(move.from), which is also deleted or moved")
            }
            guard !batch.insertedSections.contains(move.to), !sectionTargets.contains(move.to) else {
                return fail("attempt to move a section to \(move.to), where another section is also inserted or moved")
            }
            sectionSources.insert(move.from)
            sectionTargets.insert(move.to)
        }
        let expectedSections = old.sectionCount - batch.deletedSections.count + batch.insertedSections.count
        guard expectedSections == new.sectionCount else {
            return fail("invalid number of sections. The number of sections after the update (\(new.sectionCount)) must be equal to the number before the update (\(old.sectionCount)), plus or minus the number inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)")
        }
        let sectionMap = IndexMap(
            removed: batch.deletedSections.union(sectionSources),
            moved: Dictionary(batch.movedSections.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first }),
            added: batch.insertedSections.union(sectionTargets).sorted())

        // Where reloaded sections are after the update: their rows are all new, so no other row
        // change may name them, on either side.
        let reloadedAfter = IndexSet(batch.reloadedSections.compactMap { sectionMap.map($0) })
        func inReloaded(old indexPath: IndexPath) -> Bool { batch.reloadedSections.contains(indexPath.tableSection) }
        func inReloaded(new indexPath: IndexPath) -> Bool { reloadedAfter.contains(indexPath.tableSection) }

        // Rows.
        func exists(_ indexPath: IndexPath, in layout: TableLayout) -> Bool { layout.contains(indexPath) }
        var removedRows: [Int: IndexSet] = [:], addedRows: [Int: IndexSet] = [:]
        /// Adds the row to its section's set, or says it was there already. Not by
        /// `IndexSet.insert(_:).inserted`: Linux Foundation reports `true` for an index the set
        /// already holds, which let a row be deleted, moved or inserted twice.
        func claim(_ row: Int, inSection section: Int, of sets: inout [Int: IndexSet]) -> Bool {
            guard sets[section]?.contains(row) != true else { return false }
            sets[section, default: []].insert(row)
            return true
        }
        // Per section, for the count check and its message: deleted and moved out by old section,
        // inserted and moved in by new section.
        var deletedCount: [Int: Int] = [:], insertedCount: [Int: Int] = [:]
        var movedOutCount: [Int: Int] = [:], movedInCount: [Int: Int] = [:]
        for indexPath in batch.deletedRows {
            guard exists(indexPath, in: old), !batch.deletedSections.contains(indexPath.tableSection) else {
                return fail("attempt to delete row \(indexPath.tableDescription), which does not exist before the update or whose section is deleted")
            }
            guard !inReloaded(old: indexPath) else {
                return fail("attempt to delete row \(indexPath.tableDescription) of section \(indexPath.tableSection), which is reloaded")
            }
            guard claim(indexPath.tableRow, inSection: indexPath.tableSection, of: &removedRows) else {
                return fail("attempt to delete row \(indexPath.tableDescription) twice")
            }
            deletedCount[indexPath.tableSection, default: 0] += 1
        }
        for indexPath in batch.insertedRows {
            guard exists(indexPath, in: new), !batch.insertedSections.contains(indexPath.tableSection) else {
                return fail("attempt to insert row \(indexPath.tableDescription), which does not exist after the update or whose section is inserted")
            }
            guard !inReloaded(new: indexPath) else {
                return fail("attempt to insert row \(indexPath.tableDescription) into section \(indexPath.tableSection), which is reloaded")
            }
            guard claim(indexPath.tableRow, inSection: indexPath.tableSection, of: &addedRows) else {
                return fail("attempt to insert row \(indexPath.tableDescription) twice")
            }
            insertedCount[indexPath.tableSection, default: 0] += 1
        }
        var movedRows: [IndexPath: IndexPath] = [:]
        for move in batch.movedRows {
            guard exists(move.from, in: old), exists(move.to, in: new) else {
                return fail("attempt to move row \(move.from.tableDescription) to \(move.to.tableDescription), which does not exist on one side of the update")
            }
            guard !batch.deletedSections.contains(move.from.tableSection), !batch.insertedSections.contains(move.to.tableSection) else {
                return fail("attempt to move row \(move.from.tableDescription) out of a deleted section or into an inserted one")
            }
            guard !inReloaded(old: move.from), !inReloaded(new: move.to) else {
                return fail("attempt to move row \(move.from.tableDescription) to \(move.to.tableDescription), out of or into a reloaded section")
            }
            guard claim(move.from.tableRow, inSection: move.from.tableSection, of: &removedRows) else {
                return fail("attempt to move row \(move.from.tableDescription), which is also deleted or moved")
            }
            guard claim(move.to.tableRow, inSection: move.to.tableSection, of: &addedRows) else {
                return fail("attempt to move a row to \(move.to.tableDescription), where another row is also inserted or moved")
            }
            movedRows[move.from] = move.to
            movedOutCount[move.from.tableSection, default: 0] += 1
            movedInCount[move.to.tableSection, default: 0] += 1
        }
        for indexPath in batch.reloadedRows where !exists(indexPath, in: old) {
            return fail("attempt to reload row \(indexPath.tableDescription), which does not exist before the update")
        }
        for indexPath in batch.reconfiguredRows where !exists(indexPath, in: old) {
            return fail("attempt to reconfigure row \(indexPath.tableDescription), which does not exist before the update")
        }
        // A reloaded row is deleted and inserted in place, as UIKit treats it in a batch: it
        // cannot also be deleted or moved, nor be in a section that is deleted or reloaded.
        for indexPath in batch.reloadedRows {
            if batch.deletedSections.contains(indexPath.tableSection) || inReloaded(old: indexPath) {
                return fail("attempt to reload row \(indexPath.tableDescription), whose section is deleted or reloaded")
            }
            if removedRows[indexPath.tableSection]?.contains(indexPath.tableRow) == true {
                return fail(movedRows[indexPath] == nil
                    ? "attempt to delete and reload the same row (\(indexPath.tableDescription))"
                    : "attempt to move and reload the same row (\(indexPath.tableDescription))")
            }
        }

        // Counts: each surviving section's rows before, minus what left, plus what arrived. A
        // reloaded section may have any number of rows.
        for section in oldSections where !batch.deletedSections.contains(section) && !batch.reloadedSections.contains(section) {
            guard let newSection = sectionMap.map(section) else { continue }
            let before = old.rows(in: section), after = new.rows(in: newSection)
            let deleted = deletedCount[section] ?? 0, inserted = insertedCount[newSection] ?? 0
            let movedOut = movedOutCount[section] ?? 0, movedIn = movedInCount[newSection] ?? 0
            // Each side is a count less changes it contains, so neither can overflow, even for a
            // section of `Int.max` rows.
            guard after - inserted - movedIn == before - deleted - movedOut else {
                return fail("invalid number of rows in section \(newSection). The number of rows in an existing section after the update (\(after)) must be equal to the number before the update (\(before)), plus or minus the number inserted or deleted (\(inserted) inserted, \(deleted) deleted) and plus or minus the number moved into or out of it (\(movedIn) moved in, \(movedOut) moved out)")
            }
        }

        var rowMaps: [Int: IndexMap] = [:]
        for (section, removed) in removedRows {
            rowMaps[section] = IndexMap(removed: removed, moved: [:])
        }
        return .success(TableIndexMapping(
            sections: sectionMap,
            rows: rowMaps,
            movedRows: movedRows,
            reloadedRows: Set(batch.reloadedRows),
            reloadedSections: batch.reloadedSections,
            added: addedRows.mapValues { $0.sorted() }))
    }
}

// MARK: - IndexMap

/// Maps positions across one update of a list: those removed (deleted or moved away) close up,
/// then those added (inserted or moved in) open gaps.
struct IndexMap {
    var removed = IndexSet()
    var moved: [Int: Int] = [:]
    /// Added positions, in the new index space, sorted; used when no other list is given.
    var added: [Int] = []

    func map(_ index: Int) -> Int? { map(index, into: added) }

    func map(_ index: Int, into added: [Int]) -> Int? {
        if let target = moved[index] { return target }
        guard !removed.contains(index) else { return nil }
        var position = index - removed.count(in: 0..<index)
        for slot in added {
            guard slot <= position else { break }
            position += 1
        }
        return position
    }
}
