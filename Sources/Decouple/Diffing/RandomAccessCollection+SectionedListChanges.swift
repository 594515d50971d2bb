import Foundation

// MARK: - RandomAccessCollection.changes(from:items:)

extension RandomAccessCollection where Element: Identifiable & Equatable {
    /// The changes that turn the sections in `old` into these sections, matching sections by
    /// `id` and items by `id` across all sections.
    ///
    /// Sections are compared like the elements of a flat list (see ``changes(from:)``): a section
    /// is updated when its id is in both lists and its value is no longer `==`. Items are matched
    /// across sections, so an item can move from one section to another; an item is updated when
    /// it is no longer `==`, and moved when it changed section or changed order among the items
    /// that stayed in its section. See ``SectionedListChanges`` for which item changes are listed
    /// when their section is deleted, inserted or moved, and for applying them to a table.
    ///
    /// ```swift
    /// struct Shelf: Identifiable, Equatable { var id: String; var books: [Book] }
    ///
    /// let old = [Shelf(id: "novels", books: [dune, emma]), Shelf(id: "poems", books: [odes])]
    /// let new = [Shelf(id: "poems", books: [emma, odes]), Shelf(id: "novels", books: [dune])]
    ///
    /// let changes = try new.changes(from: old, items: \.books)
    /// changes.sections.moves    // [1 → 0]         poems now comes first
    /// changes.items.moves       // [0.1 → 0.0]     emma went from novels to poems
    /// ```
    ///
    /// A section value whose `==` compares its items is updated whenever an item changes. That is
    /// harmless — refreshing a header twice shows the same header — but a section type whose `==`
    /// compares only what the section shows itself reports fewer updates.
    ///
    /// Complexity: O(*S* + *n* + *m*) expected time and memory for *S* sections and *n* old and
    /// *m* new items, with one hash table for the section ids and one for the item ids; as for a
    /// flat list, an item that changed order within its section costs O(log *m*) more.
    ///
    /// - Parameters:
    ///   - old: The earlier version of the sections.
    ///   - items: The items of a section, for instance a key path such as `\.books`.
    /// - Returns: The sections' changes by section index and the items' changes by index path.
    /// - Throws: ``ListChangesError/duplicateSectionID(_:in:at:and:)`` when a section id occurs
    ///   twice in either list, ``ListChangesError/duplicateItemID(_:in:at:and:)`` when an item id
    ///   does, in one section or in two.
    public func changes<Old: RandomAccessCollection<Element>, Items: RandomAccessCollection>(
        from old: Old,
        items: (Element) -> Items
    ) throws(ListChangesError) -> SectionedListChanges where Items.Element: Identifiable & Equatable {
        let sections: ListChanges<Int>
        do {
            sections = try changes(from: old)
        } catch {
            if case let .duplicateID(id, side, first, second) = error {
                throw .duplicateSectionID(id, in: side, at: first, and: second)
            }
            throw error
        }
        let oldLists = old.map(items)
        let newLists = map(items)
        // New section → old section (-1 if inserted), and old section → new section (-1 if deleted).
        let sectionSources = sections.sourcePositions(oldCount: oldLists.count)
        var sectionTargets = [Int](repeating: -1, count: oldLists.count)
        for (new, source) in sectionSources.enumerated() where source >= 0 {
            sectionTargets[source] = new
        }
        // Items are numbered across sections, in order: `starts[s]` is the number of section `s`'s
        // first item.
        let oldStarts = SectionedListChanges.starts(of: oldLists)
        let newStarts = SectionedListChanges.starts(of: newLists)
        let oldItemCount = oldStarts[oldLists.count]
        let newItemCount = newStarts[newLists.count]

        // As for a flat list: old item numbers, and the complements of new-only item numbers.
        var table = [Items.Element.ID: Int](minimumCapacity: Swift.max(oldItemCount, newItemCount))
        let oldSections = PositionBuffer(uninitializedCount: oldItemCount)
        var number = 0
        for (section, list) in oldLists.enumerated() {
            for item in list {
                if let first = table.updateValue(number, forKey: item.id) {
                    throw .duplicateItemID(
                        String(describing: item.id), in: .old,
                        at: SectionedListChanges.indexPath(ofItem: first, starts: oldStarts),
                        and: SectionedListChanges.indexPath(ofItem: number, starts: oldStarts)
                    )
                }
                oldSections[number] = section
                number &+= 1
            }
        }

        // For each old item: the number of its new counterpart, that one's section, and whether
        // it leaves its section (deleted, or gone to an inserted section), stays or moves.
        let targets = PositionBuffer(count: oldItemCount, repeating: PositionBuffer.unmatched)
        let targetSections = PositionBuffer(uninitializedCount: oldItemCount)
        let fates = PositionBuffer(count: oldItemCount, repeating: SectionedListChanges.leaves)
        var kept = IncreasingSubsequence(valueBound: oldItemCount, capacity: Swift.min(oldItemCount, newItemCount))
        var insertions: [IndexPath] = []
        var updates: [ListChanges<IndexPath>.Pair] = []
        number = 0
        for (section, list) in newLists.enumerated() {
            let sourceSection = sectionSources[section]
            var position = 0
            for item in list {
                let found = table[item.id] ?? ~number
                if found == ~number {
                    table[item.id] = found
                    if sourceSection >= 0 {
                        insertions.append(IndexPath(indexes: [section, position]))
                    }
                } else if found >= 0 {
                    let earlier = targets[found]
                    if earlier != PositionBuffer.unmatched {
                        throw .duplicateItemID(
                            String(describing: item.id), in: .new,
                            at: SectionedListChanges.indexPath(ofItem: earlier, starts: newStarts),
                            and: IndexPath(indexes: [section, position])
                        )
                    }
                    targets[found] = number
                    let oldSection = oldSections[found]
                    if sourceSection >= 0 {
                        if sectionTargets[oldSection] < 0 {
                            // Out of a deleted section: new here.
                            insertions.append(IndexPath(indexes: [section, position]))
                        } else {
                            targetSections[found] = section
                            if oldSection == sourceSection {
                                fates[found] = SectionedListChanges.stays
                                kept.append(found)
                            } else {
                                fates[found] = SectionedListChanges.moves
                            }
                            let oldList = oldLists[oldSection]
                            let oldPosition = found &- oldStarts[oldSection]
                            if oldList[oldList.index(oldList.startIndex, offsetBy: oldPosition)] != item {
                                updates.append(ListChanges.Pair(
                                    old: IndexPath(indexes: [oldSection, oldPosition]),
                                    new: IndexPath(indexes: [section, position])
                                ))
                            }
                        }
                    }
                } else {
                    throw .duplicateItemID(
                        String(describing: item.id), in: .new,
                        at: SectionedListChanges.indexPath(ofItem: ~found, starts: newStarts),
                        and: IndexPath(indexes: [section, position])
                    )
                }
                number &+= 1
                position &+= 1
            }
            if sourceSection >= 0 && !kept.isIncreasing {
                // Of the items that stayed in this section, those off one longest run that kept
                // its order moved.
                for item in oldStarts[sourceSection]..<oldStarts[sourceSection + 1]
                where fates[item] == SectionedListChanges.stays {
                    fates[item] = SectionedListChanges.moves
                }
                kept.forEachKept { fates[$0] = SectionedListChanges.stays }
            }
            kept.reset()
        }

        var deletions: [IndexPath] = []
        var moves: [ListChanges<IndexPath>.Pair] = []
        for (section, target) in sectionTargets.enumerated() where target >= 0 {
            for item in oldStarts[section]..<oldStarts[section + 1] {
                let fate = fates[item]
                if fate == SectionedListChanges.leaves {
                    deletions.append(IndexPath(indexes: [section, item &- oldStarts[section]]))
                } else if fate == SectionedListChanges.moves {
                    let newSection = targetSections[item]
                    moves.append(ListChanges.Pair(
                        old: IndexPath(indexes: [section, item &- oldStarts[section]]),
                        new: IndexPath(indexes: [newSection, targets[item] &- newStarts[newSection]])
                    ))
                }
            }
        }
        return SectionedListChanges(
            sections: sections,
            items: ListChanges(deletions: deletions, insertions: insertions, moves: moves, updates: updates)
        )
    }
}

// MARK: - Numbering items across sections

extension SectionedListChanges {
    /// An old item whose section is in both lists but which is not in it any more: deleted, or
    /// gone to an inserted section. The default.
    static var leaves: Int { 0 }
    /// An old item in the same section of both lists, in an order-keeping run.
    static var stays: Int { 1 }
    /// An old item that changed section, or order within its section.
    static var moves: Int { 2 }

    /// The number of each list's first item when items are numbered across the lists, followed by
    /// the total.
    static func starts<List: Collection>(of lists: [List]) -> [Int] {
        var starts = [Int]()
        starts.reserveCapacity(lists.count + 1)
        var total = 0
        starts.append(total)
        for list in lists {
            total += list.count
            starts.append(total)
        }
        return starts
    }

    /// The index path of the item with a number, given each section's first number.
    static func indexPath(ofItem number: Int, starts: [Int]) -> IndexPath {
        // The last section starting at or before `number`; empty sections start where the next does.
        var low = 0
        var high = starts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= number { low = middle } else { high = middle - 1 }
        }
        return IndexPath(indexes: [low, number - starts[low]])
    }
}
