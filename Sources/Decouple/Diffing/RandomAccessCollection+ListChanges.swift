// MARK: - RandomAccessCollection.changes(from:)

extension RandomAccessCollection where Element: Identifiable & Equatable {
    /// The changes that turn `old` into this collection, matching elements by `id`.
    ///
    /// An element whose id is only in `old` is a deletion, one whose id is only here an insertion.
    /// An element in both is an update when it is no longer `==`, and a move when its order
    /// relative to the other surviving elements changed; of the elements that changed order, as
    /// few as possible are reported (those off one longest run that kept its order), so inserting
    /// at the front moves nothing. See ``ListChanges`` for the positions' meaning and for applying
    /// them to a table.
    ///
    /// ```swift
    /// struct Tag: Identifiable, Equatable { var id: String }
    ///
    /// let changes = try ["b", "c", "a", "d"].map(Tag.init).changes(from: ["a", "b", "c"].map(Tag.init))
    /// changes.insertions   // [3]       d
    /// changes.moves        // [0 → 2]   a, the one element that changed order
    /// ```
    ///
    /// Complexity: O(*n* + *m*) expected time and memory for *n* old and *m* new elements. One
    /// hash table holds the ids of both lists, each hashed once; the rest is passes over flat
    /// arrays. Moves are all the
    /// surviving elements but one longest increasing subsequence of their old positions, found by
    /// patience sorting: an element that keeps its order costs O(1), one that does not a binary
    /// search, so the worst case (most elements reordered) is O(*m* log *m*).
    ///
    /// - Parameter old: The earlier version of the list.
    /// - Returns: The deletions, insertions, moves and updates, by position.
    /// - Throws: ``ListChangesError/duplicateID(_:in:at:and:)`` when an id occurs twice in either
    ///   list; the lists cannot be compared then.
    @inlinable
    public func changes<Old: RandomAccessCollection<Element>>(from old: Old) throws(ListChangesError) -> ListChanges<Int> {
        let oldCount = old.count
        let newCount = count
        // Old ids map to their position (≥ 0). Each new id then takes the complement of its new
        // position (< 0) in the same look-up that reads what was there, so a second occurrence of
        // an id in the new list finds the first one. The table ends up holding between max(n, m)
        // and n + m ids; reserving n + m would double its size, and its cache misses, when little
        // changed.
        var table = [Element.ID: Int](minimumCapacity: Swift.max(oldCount, newCount))
        var position = 0
        for element in old {
            if let first = table.updateValue(position, forKey: element.id) {
                throw .duplicateID(String(describing: element.id), in: .old, at: first, and: position)
            }
            position &+= 1
        }

        // For each new position: the old position of its id, `unmatched` for a new id, or the
        // complement of the earlier new position of the same id. Only look-ups here, so that the
        // processor overlaps their cache misses; the work that depends on them comes after, in a
        // pass over this flat array.
        let sources = PositionBuffer(uninitializedCount: newCount)
        var insertionCount = 0
        position = 0
        for element in self {
            if let found = table.updateValue(~position, forKey: element.id) {
                sources[position] = found
            } else {
                sources[position] = PositionBuffer.unmatched
                insertionCount &+= 1
            }
            position &+= 1
        }

        // For each old position: where the element went, `unmatched` if nowhere.
        let targets = PositionBuffer(count: oldCount, repeating: PositionBuffer.unmatched)
        var kept = IncreasingSubsequence(valueBound: oldCount, capacity: Swift.min(oldCount, newCount))
        var insertions: [Int] = []
        insertions.reserveCapacity(insertionCount)
        var updates: [ListChanges<Int>.Pair] = []
        position = 0
        for element in self {
            let found = sources[position]
            if found >= 0 {
                targets[found] = position
                kept.append(found)
                if old[old.index(old.startIndex, offsetBy: found)] != element {
                    updates.append(ListChanges.Pair(old: found, new: position))
                }
            } else if found == PositionBuffer.unmatched {
                insertions.append(position)
            } else {
                throw .duplicateID(String(describing: element.id), in: .new, at: ~found, and: position)
            }
            position &+= 1
        }

        var deletions: [Int] = []
        var moves: [ListChanges<Int>.Pair] = []
        let deletionCount = oldCount &- kept.count
        if kept.isIncreasing {
            deletions.reserveCapacity(deletionCount)
            for old in 0..<oldCount where targets[old] == PositionBuffer.unmatched {
                deletions.append(old)
            }
        } else {
            // Every surviving element off the kept run moved. The run lists itself from its end,
            // so walk the old positions down beside it and fill both lists from the back.
            deletions = Array(repeating: 0, count: deletionCount)
            moves = Array(repeating: ListChanges.Pair(old: 0, new: 0), count: kept.count &- kept.length)
            var nextDeletion = deletionCount
            var nextMove = moves.count
            var nextKept = kept.last
            var old = oldCount
            while old > 0 {
                old &-= 1
                let new = targets[old]
                if new == PositionBuffer.unmatched {
                    nextDeletion &-= 1
                    deletions[nextDeletion] = old
                } else if old == nextKept {
                    nextKept = kept.kept(before: old)
                } else {
                    nextMove &-= 1
                    moves[nextMove] = ListChanges.Pair(old: old, new: new)
                }
            }
        }
        return ListChanges(deletions: deletions, insertions: insertions, moves: moves, updates: updates)
    }
}
