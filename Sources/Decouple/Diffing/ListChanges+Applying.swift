// MARK: - ListChanges.applied(to:inserting:updating:)

extension ListChanges where Position == Int {
    /// Replays the changes on a model of the old list — the list itself, or a table's rows —
    /// and returns the model of the new list.
    ///
    /// Rows of deleted elements are dropped, rows of moved and untouched elements are carried
    /// over (so whatever state a row holds, such as a selection, goes with its element),
    /// `inserting` makes the rows of inserted elements, and `updating` refreshes the rows of
    /// updated ones at their new positions. The result is what applying the changes one at a time
    /// in batch-update order gives — deletions and move sources removed from the highest old
    /// position down, insertions and move destinations inserted from the lowest new position up,
    /// then updates — computed in one linear pass instead.
    ///
    /// ```swift
    /// let changes = try newContacts.changes(from: oldContacts)
    /// rows = changes.applied(to: rows) { newPosition in
    ///     ContactRow(contact: newContacts[newPosition])
    /// } updating: { row, newPosition in
    ///     row.contact = newContacts[newPosition]
    /// }
    /// ```
    ///
    /// Applied to the old list with `inserting: { new[$0] }` and `updating: { $0 = new[$1] }`, it
    /// returns a list equal to the new one.
    ///
    /// Complexity: O(*n* + *m*) for *n* old and *m* new rows.
    ///
    /// - Parameters:
    ///   - old: One row for each element of the old list, in its order. A model of another length
    ///     than the changes were computed for stops the program.
    ///   - inserting: Makes the row for the inserted element at a new position.
    ///   - updating: Refreshes a row for the updated element at a new position.
    /// - Returns: One row for each element of the new list, in its order.
    public func applied<Row>(
        to old: some Collection<Row>,
        inserting: (_ newPosition: Int) throws -> Row,
        updating: (_ row: inout Row, _ newPosition: Int) throws -> Void
    ) rethrows -> [Row] {
        let oldRows = Array(old)
        let sources = sourcePositions(oldCount: oldRows.count)
        var rows: [Row] = []
        rows.reserveCapacity(sources.count)
        for (new, source) in sources.enumerated() {
            rows.append(source >= 0 ? oldRows[source] : try inserting(new))
        }
        for update in updates {
            precondition(rows.indices.contains(update.new), "update to \(update.new) is outside the new list of \(rows.count)")
            try updating(&rows[update.new], update.new)
        }
        return rows
    }

    /// For each position in the new list, the old position its element comes from, or -1 where
    /// an element is inserted: the batch-update rules, where elements neither deleted nor moved
    /// keep their order and fill the new positions that insertions and moves leave free.
    ///
    /// Stops the program when the changes cannot belong to a list of `oldCount` elements, the way
    /// a table view does.
    func sourcePositions(oldCount: Int) -> [Int] {
        let newCount = oldCount - deletions.count + insertions.count
        precondition(newCount >= 0, "\(deletions.count) deletions from a list of \(oldCount)")
        var removed = [Bool](repeating: false, count: oldCount)
        func remove(_ old: Int) {
            precondition(old >= 0 && old < oldCount, "old position \(old) is outside the old list of \(oldCount)")
            precondition(!removed[old], "old position \(old) is deleted or moved twice")
            removed[old] = true
        }
        let free = -2
        var sources = [Int](repeating: free, count: newCount)
        func fill(_ new: Int, with source: Int) {
            precondition(new >= 0 && new < newCount, "new position \(new) is outside the new list of \(newCount)")
            precondition(sources[new] == free, "new position \(new) is inserted or moved to twice")
            sources[new] = source
        }
        for old in deletions { remove(old) }
        for new in insertions { fill(new, with: -1) }
        for move in moves {
            remove(move.old)
            fill(move.new, with: move.old)
        }
        var new = 0
        for old in 0..<oldCount where !removed[old] {
            while sources[new] != free { new += 1 }
            sources[new] = old
        }
        return sources
    }
}
