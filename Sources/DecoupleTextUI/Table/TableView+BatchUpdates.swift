import Decouple
import Foundation

// MARK: - Batch updates

/// The changes of one batch update, in UIKit's index spaces: deletions, reloads and the sources
/// of moves in the table as it was; insertions and the destinations of moves in the table as it
/// will be.
struct TableBatch {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var reloadedSections = IndexSet()
    var deletedRows: [IndexPath] = []
    var insertedRows: [IndexPath] = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var reloadedRows: [IndexPath] = []
    var reconfiguredRows: [IndexPath] = []
}

extension TableView {
    /// Runs `updates`, in which the data source changes and the table is told how with the
    /// methods below, then applies them all at once, as UIKit does.
    ///
    /// The update is checked as UIKit checks it: every index must exist on its side of the
    /// update, and each section's row count after it must be the count before, minus deletions
    /// and moves out, plus insertions and moves in. UIKit throws an exception when that fails;
    /// here the table records why in ``lastUpdateError``, reloads everything, and calls
    /// `completion` with `false`. Text has no animation, so `completion` runs as soon as the
    /// update is applied.
    ///
    /// Called inside another batch's `updates`, its updates join that batch, as in UIKit, and
    /// its `completion` is called with that batch's result, after the outer batch's completion
    /// (nested completions in the order their batches were opened).
    ///
    /// Called while the table updates otherwise — from a cell provider, a completion or a
    /// delegate callback — the whole call, `updates` included, waits until the update in
    /// progress ends, then runs, in the order such calls were made, before the call that started
    /// the update returns. So change your data source inside `updates`: if you change it before,
    /// while the table is reading it, the rows the table read meanwhile are read again.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        guard pendingBatch == nil else {
            if let completion { nestedCompletions.append(completion) }
            updates?()
            return
        }
        whenIdle(changesData: true) { [unowned self] in self.performBatch(updates, completion: completion) }
    }

    /// Collects and applies one batch, now: the table is not in the middle of another update.
    func performBatch(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        pendingBatch = TableBatch()
        // The data source is changing: no layout reads it before the batch is applied.
        readingDepth += 1
        updates?()
        readingDepth -= 1
        let batch = pendingBatch ?? TableBatch()
        let nested = nestedCompletions
        pendingBatch = nil
        nestedCompletions = []
        let applied = apply(batch)
        completion?(applied)
        for completion in nested { completion(applied) }
    }

    /// Inserts rows; `indexPaths` are where they will be.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.insertedRows += indexPaths }
    }

    /// Deletes rows; `indexPaths` are where they were.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.deletedRows += indexPaths }
    }

    /// Moves a row, within or across sections, keeping its cell.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Asks the data source for these rows' cells again, dequeuing new ones.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.reloadedRows += indexPaths }
    }

    /// Asks the data source to configure these rows again in the cells they have: dequeuing for
    /// them returns the row's own cell, unprepared, so nothing flickers and bindings can stay.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        record { $0.reconfiguredRows += indexPaths }
    }

    /// Inserts sections, with their rows; `sections` are where they will be.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.insertedSections.formUnion(sections) }
    }

    /// Deletes sections, with their rows; `sections` are where they were.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.deletedSections.formUnion(sections) }
    }

    /// Moves a section with its rows.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append((section, newSection)) }
    }

    /// Asks the data source for these sections again, rows and titles. A reloaded section is
    /// deleted and inserted in place, as in UIKit: its number of rows may change (the expand and
    /// collapse pattern), its rows are all new (their selection is cleared), and no other change
    /// in the batch may name it or its rows.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.reloadedSections.formUnion(sections) }
    }

    /// Adds to the open batch, or applies at once, as UIKit does outside `performBatchUpdates`
    /// (while the table updates, when the update ends).
    private func record(_ change: (inout TableBatch) -> Void) {
        if pendingBatch != nil {
            change(&pendingBatch!)
        } else {
            var batch = TableBatch()
            change(&batch)
            whenIdle(changesData: true) { [unowned self] in self.apply(batch) }
        }
    }

    // MARK: Applying

    /// Shows the data source as it is now, whatever the update was: records why in
    /// ``lastUpdateError`` and reloads everything.
    func reloadEverything(because problem: String) {
        lastUpdateDescription = "reloaded everything"
        lastUpdateError = problem
        needsReload = true
    }

    /// Applies a batch: checks it, moves the visible cells and the selection to their new rows,
    /// and marks the rest for layout. Touches only visible cells. Returns whether it applied.
    @discardableResult
    func apply(_ batch: TableBatch) -> Bool {
        readingDepth += 1
        defer { readingDepth -= 1 }
        lastUpdateDescription = Self.describe(batch)
        lastUpdateError = nil
        // Never laid out: there is no "before" to check against, so this is the first load.
        guard !needsReload else { return true }
        let old = layout
        let new = readLayout()
        let mapping: TableIndexMapping
        switch TableIndexMapping.make(batch, old: old, new: new) {
        case let .success(made):
            mapping = made
        case let .failure(problem):
            reloadEverything(because: problem.message)
            return false
        }

        // Each visible cell moves to its row's new position, or goes back to reuse.
        var moved: [IndexPath: TableViewCell] = [:]
        for indexPath in Array(visibleCells.keys) {
            if let target = mapping.newIndexPath(for: indexPath), !mapping.isReloaded(indexPath) {
                moved[target] = visibleCells.removeValue(forKey: indexPath)
            } else {
                enqueue(indexPath)
            }
        }
        visibleCells = moved
        indexPathForSelectedRow = indexPathForSelectedRow.flatMap { mapping.newIndexPath(for: $0) }
        layout = new
        needsLayout = true
        scroll(by: 0)
        for indexPath in batch.reconfiguredRows {
            if let target = mapping.newIndexPath(for: indexPath) { reconfigure(target) }
        }
        return true
    }

    /// `deleted 0.3, inserted 0.5–0.7, moved 1.2 → 0.0, reloaded 0.9`.
    static func describe(_ batch: TableBatch) -> String {
        var parts: [String] = []
        func sections(_ verb: String, _ set: IndexSet) {
            guard !set.isEmpty else { return }
            let ranges = set.rangeView.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound - 1)" }
            parts.append("\(verb) section\(set.count == 1 ? "" : "s") " + ranges.joined(separator: ", "))
        }
        func rows(_ verb: String, _ indexPaths: [IndexPath]) {
            guard !indexPaths.isEmpty else { return }
            var runs: [(IndexPath, IndexPath)] = []
            for indexPath in indexPaths.sorted() {
                if let last = runs.last, last.1.tableSection == indexPath.tableSection, last.1.tableRow + 1 == indexPath.tableRow {
                    runs[runs.count - 1].1 = indexPath
                } else {
                    runs.append((indexPath, indexPath))
                }
            }
            parts.append(verb + " " + runs.map { $0 == $1 ? $0.tableDescription : "\($0.tableDescription)–\($1.tableDescription)" }.joined(separator: ", "))
        }
        sections("deleted", batch.deletedSections)
        sections("inserted", batch.insertedSections)
        for move in batch.movedSections { parts.append("moved section \(move.from) → \(move.to)") }
        sections("reloaded", batch.reloadedSections)
        rows("deleted", batch.deletedRows)
        rows("inserted", batch.insertedRows)
        if !batch.movedRows.isEmpty {
            parts.append("moved " + batch.movedRows.map { "\($0.from.tableDescription) → \($0.to.tableDescription)" }.joined(separator: ", "))
        }
        rows("reloaded", batch.reloadedRows)
        rows("reconfigured", batch.reconfiguredRows)
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }
}
