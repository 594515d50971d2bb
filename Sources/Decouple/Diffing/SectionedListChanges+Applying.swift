import Foundation

// MARK: - SectionedListChanges.applied(to:rows:…)

extension SectionedListChanges {
    /// Replays the changes on a model of the old sections — the sections themselves, or a
    /// table's section and row models — and returns the model of the new sections.
    ///
    /// Deleted sections are dropped with their rows, and `insertingSection` makes each inserted
    /// section complete with its rows. Every other section is carried over, and refreshed with
    /// `updatingSection` if it was updated; its rows become the ones the item changes give:
    /// rows of deleted items dropped, rows of moved and untouched items carried over (within the
    /// section or from another), rows of inserted items made by `insertingRow`, rows of updated
    /// items refreshed by `updatingRow`. The result is what applying the changes one at a time in
    /// batch-update order gives (see ``SectionedListChanges``), computed in one linear pass.
    ///
    /// ```swift
    /// let changes = try newShelves.changes(from: oldShelves, items: \.books)
    /// model = changes.applied(
    ///     to: model, rows: \.rows,
    ///     insertingSection: { ShelfModel(newShelves[$0]) },
    ///     insertingRow: { BookRow(newShelves[$0[0]].books[$0[1]]) },
    ///     updatingSection: { section, new in section.title = newShelves[new].title },
    ///     updatingRow: { row, new in row.book = newShelves[new[0]].books[new[1]] }
    /// )
    /// ```
    ///
    /// Applied to the old sections themselves, with closures that read the new ones (`{ $0 =
    /// new[$1] }` for a section: the rows are set after it), it returns sections equal to the
    /// new ones.
    ///
    /// Complexity: O(*S* + *n* + *m*) for *S* sections and *n* old and *m* new rows.
    ///
    /// - Parameters:
    ///   - old: One model for each old section, in order. A model of another shape than the
    ///     changes were computed for stops the program.
    ///   - rows: Where a section model keeps its rows, one for each item.
    ///   - insertingSection: Makes the model, rows included, of the section inserted at a new index.
    ///   - insertingRow: Makes the row for the item inserted at a new index path.
    ///   - updatingSection: Refreshes the model of the section updated at a new index; the
    ///     section's rows are replaced afterwards.
    ///   - updatingRow: Refreshes the row of the item updated at a new index path.
    /// - Returns: One model for each new section, in order.
    public func applied<SectionModel, Row>(
        to old: some Collection<SectionModel>,
        rows: WritableKeyPath<SectionModel, [Row]>,
        insertingSection: (_ newSection: Int) throws -> SectionModel,
        insertingRow: (_ newIndexPath: IndexPath) throws -> Row,
        updatingSection: (_ section: inout SectionModel, _ newSection: Int) throws -> Void,
        updatingRow: (_ row: inout Row, _ newIndexPath: IndexPath) throws -> Void
    ) rethrows -> [SectionModel] {
        let oldSections = Array(old)
        let sectionSources = sections.sourcePositions(oldCount: oldSections.count)
        var sectionTargets = [Int](repeating: -1, count: oldSections.count)
        for (new, source) in sectionSources.enumerated() where source >= 0 {
            sectionTargets[source] = new
        }

        // Rows leaving each old section: deleted, or moved away.
        let oldRows = oldSections.map { $0[keyPath: rows] }
        var removed = oldRows.map { [Bool](repeating: false, count: $0.count) }
        func remove(_ indexPath: IndexPath) {
            let (section, item) = Self.split(indexPath, in: oldRows.count, "old")
            precondition(sectionTargets[section] >= 0, "item change at \(indexPath) in section \(section), which is deleted")
            precondition(item < oldRows[section].count, "old index path \(indexPath) is outside section \(section) of \(oldRows[section].count) items")
            precondition(!removed[section][item], "old index path \(indexPath) is deleted or moved twice")
            removed[section][item] = true
        }
        for indexPath in items.deletions { remove(indexPath) }
        for move in items.moves { remove(move.old) }

        // Rows arriving in each new section: inserted, or moved in.
        var arriving = [Int](repeating: 0, count: sectionSources.count)
        func arrive(_ indexPath: IndexPath) {
            let (section, _) = Self.split(indexPath, in: sectionSources.count, "new")
            precondition(sectionSources[section] >= 0, "item change at \(indexPath) in section \(section), which is inserted")
            arriving[section] += 1
        }
        for indexPath in items.insertions { arrive(indexPath) }
        for move in items.moves { arrive(move.new) }

        var slots = sectionSources.enumerated().map { new, source -> [Row?] in
            guard source >= 0 else { return [] }
            let staying = removed[source].count { !$0 }
            return [Row?](repeating: nil, count: staying + arriving[new])
        }
        func place(_ row: Row, at indexPath: IndexPath) {
            let (section, item) = (indexPath[0], indexPath[1])
            precondition(item < slots[section].count, "new index path \(indexPath) is outside section \(section) of \(slots[section].count) items")
            precondition(slots[section][item] == nil, "new index path \(indexPath) is inserted or moved to twice")
            slots[section][item] = row
        }
        for indexPath in items.insertions { place(try insertingRow(indexPath), at: indexPath) }
        for move in items.moves { place(oldRows[move.old[0]][move.old[1]], at: move.new) }

        var updatedSections = [Bool](repeating: false, count: sectionSources.count)
        for update in sections.updates {
            precondition(sectionSources.indices.contains(update.new), "section update to \(update.new) is outside the new sections of \(sectionSources.count)")
            updatedSections[update.new] = true
        }

        var result: [SectionModel] = []
        result.reserveCapacity(sectionSources.count)
        for (new, source) in sectionSources.enumerated() {
            guard source >= 0 else {
                result.append(try insertingSection(new))
                continue
            }
            // Rows that neither left nor arrived keep their order and fill the free slots.
            var free = slots[new].startIndex
            for (item, row) in oldRows[source].enumerated() where !removed[source][item] {
                while slots[new][free] != nil { free += 1 }
                slots[new][free] = row
            }
            var section = oldSections[source]
            if updatedSections[new] { try updatingSection(&section, new) }
            section[keyPath: rows] = slots[new].map { $0! }
            result.append(section)
        }
        for update in items.updates {
            let (section, item) = Self.split(update.new, in: result.count, "new")
            precondition(sectionSources[section] >= 0, "item update at \(update.new) in section \(section), which is inserted")
            precondition(item < result[section][keyPath: rows].count, "new index path \(update.new) is outside section \(section)")
            try updatingRow(&result[section][keyPath: rows][item], update.new)
        }
        return result
    }

    /// The section and item of a `[section, item]` index path, checked against a section count.
    private static func split(_ indexPath: IndexPath, in sectionCount: Int, _ side: String) -> (Int, Int) {
        precondition(indexPath.count == 2, "\(side) index path \(indexPath) is not [section, item]")
        let (section, item) = (indexPath[0], indexPath[1])
        precondition(section >= 0 && section < sectionCount && item >= 0, "\(side) index path \(indexPath) is outside the \(sectionCount) sections")
        return (section, item)
    }
}
