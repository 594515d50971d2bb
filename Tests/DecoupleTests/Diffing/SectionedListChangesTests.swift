@testable import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// MARK: - Fixtures

/// A book: identity in `id`, content in `edition`.
private struct Book: Identifiable, Equatable {
    var id: String
    var edition = 1
}

/// A shelf whose `==` compares what the shelf shows itself, not its books: the section type the
/// documentation recommends, so that a book's change does not update its shelf.
private struct Shelf: Identifiable, Equatable {
    var id: String
    var title = ""
    var books: [Book]

    init(_ id: String, title: String = "", _ books: String...) {
        self.id = id
        self.title = title
        self.books = books.map { Book(id: $0) }
    }

    static func == (lhs: Shelf, rhs: Shelf) -> Bool { lhs.id == rhs.id && lhs.title == rhs.title }
}

/// A table's model of a shelf: a header and one row per book.
private struct ShelfModel: Equatable {
    var header: String
    var rows: [String]

    init(_ shelf: Shelf) {
        header = shelf.id + shelf.title
        rows = shelf.books.map { "\($0.id)·\($0.edition)" }
    }
}

// MARK: - SectionedListChangesTests

@Suite struct SectionedListChangesTests {
    typealias Pair = ListChanges<IndexPath>.Pair

    @Test func empty_toEmptyIsNoChange() throws {
        let changes = try [Shelf]().changes(from: [], items: \.books)
        #expect(changes.isEmpty)
        #expect(changes.count == 0)
        #expect(changes.description == "no changes")
    }

    @Test func empty_toSomeInsertsSectionsOnly() throws {
        try expectChanges(
            from: [], to: [Shelf("a", "x", "y"), Shelf("b")],
            are: SectionedListChanges(sections: ListChanges(insertions: [0, 1]))
        )
    }

    @Test func items_moveAcrossSections() throws {
        let changes = try expectChanges(
            from: [Shelf("a", "1", "2"), Shelf("b", "3")],
            to: [Shelf("a", "1"), Shelf("b", "2", "3")],
            are: SectionedListChanges(items: ListChanges(moves: [Pair(old: [0, 1], new: [1, 0])]))
        )
        // Index paths print as a table's update descriptions write them: `section.item`.
        #expect(changes.description == "items: moves [0.1 → 1.0]")
        #expect(changes.items.moves[0].description == "0.1 → 1.0")
    }

    @Test func description_writesIndexPathsAsSectionDotItem_inEveryKind() {
        let changes = SectionedListChanges(
            sections: ListChanges(deletions: [2], moves: [ListChanges<Int>.Pair(old: 0, new: 1)]),
            items: ListChanges(deletions: [[1, 0]], insertions: [[0, 12]], moves: [Pair(old: [0, 1], new: [1, 0])], updates: [Pair(old: [3, 4], new: [3, 4])])
        )
        #expect(changes.description == "sections: deletions [2], moves [0 → 1]; items: deletions [1.0], insertions [0.12], moves [0.1 → 1.0], updates [3.4 → 3.4]")
        #expect(changes.count == 6)   // two of the sections, four of the items, the update included
        // An index path of another length than two prints as it always did.
        #expect(ListChanges<IndexPath>(deletions: [[1, 2, 3]]).description == "deletions [[1, 2, 3]]")
    }

    @Test func items_insertedDeletedAndMovedWithinASection() throws {
        try expectChanges(
            from: [Shelf("a", "1", "2", "3", "4")],
            to: [Shelf("a", "0", "1", "3", "4", "2")],
            are: SectionedListChanges(items: ListChanges(
                insertions: [[0, 0]], moves: [Pair(old: [0, 1], new: [0, 4])]
            ))
        )
    }

    @Test func sections_movedWithTheirItems() throws {
        try expectChanges(
            from: [Shelf("a", "1", "2"), Shelf("b", "3")],
            to: [Shelf("b", "3"), Shelf("a", "1", "2")],
            are: SectionedListChanges(sections: ListChanges(moves: [ListChanges.Pair(old: 1, new: 0)]))
        )
    }

    @Test func sections_movedWithAnItemReordered() throws {
        try expectChanges(
            from: [Shelf("a", "1", "2", "3"), Shelf("b", "4")],
            to: [Shelf("b", "4"), Shelf("a", "3", "1", "2")],
            are: SectionedListChanges(
                sections: ListChanges(moves: [ListChanges.Pair(old: 1, new: 0)]),
                items: ListChanges(moves: [Pair(old: [0, 2], new: [1, 0])])
            )
        )
    }

    @Test func sections_deletedTakesItsItems() throws {
        // "1" leaves with its section; "2" moves out of it, which is an insertion.
        try expectChanges(
            from: [Shelf("a", "1", "2"), Shelf("b", "3", "4")],
            to: [Shelf("b", "3", "2")],
            are: SectionedListChanges(
                sections: ListChanges(deletions: [0]),
                items: ListChanges(deletions: [[1, 1]], insertions: [[0, 1]])
            )
        )
    }

    @Test func sections_insertedBringsItsItems() throws {
        // "2" moves into the inserted section, which is a deletion; "9" comes with it.
        try expectChanges(
            from: [Shelf("a", "1", "2")],
            to: [Shelf("c", "2", "9"), Shelf("a", "1")],
            are: SectionedListChanges(
                sections: ListChanges(insertions: [0]),
                items: ListChanges(deletions: [[0, 1]])
            )
        )
    }

    @Test func sections_updateIsTheSectionsOwnValue() throws {
        var new = [Shelf("a", title: "Novels", "1"), Shelf("b", "2")]
        new[1].books[0].edition = 2
        try expectChanges(
            from: [Shelf("a", "1"), Shelf("b", "2")], to: new,
            are: SectionedListChanges(
                sections: ListChanges(updates: [ListChanges.Pair(old: 0, new: 0)]),
                items: ListChanges(updates: [Pair(old: [1, 0], new: [1, 0])])
            )
        )
    }

    @Test func sections_withItemsInTheirEqualityAreUpdatedWithTheirItems() throws {
        let old = [DiffingGroup(id: 1, entries: .entries(1, 2)), DiffingGroup(id: 2, entries: .entries(3))]
        var new = old
        new[0].entries[1].content = 9
        let changes = try new.changes(from: old, items: \.entries)
        #expect(changes == SectionedListChanges(
            sections: ListChanges(updates: [ListChanges.Pair(old: 0, new: 0)]),
            items: ListChanges(updates: [Pair(old: [0, 1], new: [0, 1])])
        ))
    }

    @Test func items_updatedWhileChangingSection() throws {
        var new = [Shelf("a"), Shelf("b", "1")]
        new[1].books[0].edition = 3
        try expectChanges(
            from: [Shelf("a", "1"), Shelf("b")], to: new,
            are: SectionedListChanges(items: ListChanges(
                moves: [Pair(old: [0, 0], new: [1, 0])], updates: [Pair(old: [0, 0], new: [1, 0])]
            ))
        )
    }

    @Test func documentation_shelvesExampleHolds() throws {
        let old = [Shelf("novels", "dune", "emma"), Shelf("poems", "odes")]
        let new = [Shelf("poems", "emma", "odes"), Shelf("novels", "dune")]
        let changes = try expectChanges(from: old, to: new)
        #expect(changes.sections.moves == [ListChanges.Pair(old: 1, new: 0)])
        #expect(changes.items.moves == [Pair(old: [0, 1], new: [0, 0])])
    }

    // MARK: Duplicate ids

    @Test func duplicate_sectionIDInOld() {
        expectError(
            from: [Shelf("a"), Shelf("b"), Shelf("a")], to: [],
            .duplicateSectionID("a", in: .old, at: 0, and: 2),
            "duplicate section id 'a' in the old list, at sections 0 and 2"
        )
    }

    @Test func duplicate_itemIDAcrossSectionsInOld() {
        expectError(
            from: [Shelf("a", "1", "2"), Shelf("b"), Shelf("c", "2")], to: [],
            .duplicateItemID("2", in: .old, at: [0, 1], and: [2, 0]),
            "duplicate item id '2' in the old list, at [0, 1] and [2, 0]"
        )
    }

    @Test func duplicate_matchedItemIDInNew() {
        expectError(
            from: [Shelf("a", "1")], to: [Shelf("a", "1"), Shelf("b"), Shelf("c", "0", "1")],
            .duplicateItemID("1", in: .new, at: [0, 0], and: [2, 1]),
            "duplicate item id '1' in the new list, at [0, 0] and [2, 1]"
        )
    }

    @Test func duplicate_insertedItemIDInNewAfterEmptySections() {
        expectError(
            from: [Shelf("a", "1")], to: [Shelf("a"), Shelf("b"), Shelf("c", "7"), Shelf("d", "7")],
            .duplicateItemID("7", in: .new, at: [2, 0], and: [3, 0]),
            "duplicate item id '7' in the new list, at [2, 0] and [3, 0]"
        )
    }

    // MARK: Applying

    @Test func apply_toATableModel() throws {
        let old = [Shelf("a", "1", "2"), Shelf("b", "3"), Shelf("x", "4")]
        var new = [Shelf("c", "5"), Shelf("b", title: "!", "2", "3"), Shelf("a", "1", "6")]
        new[1].books[0].edition = 2
        let changes = try new.changes(from: old, items: \.books)
        let model = changes.applied(
            to: old.map(ShelfModel.init), rows: \.rows,
            insertingSection: { ShelfModel(new[$0]) },
            insertingRow: { "\(new[$0[0]].books[$0[1]].id)·new" },
            updatingSection: { section, index in section.header = ShelfModel(new[index]).header },
            updatingRow: { row, indexPath in row += "→\(new[indexPath[0]].books[indexPath[1]].edition)" }
        )
        #expect(model == [
            ShelfModel(header: "c", rows: ["5·1"]),
            ShelfModel(header: "b!", rows: ["2·1→2", "3·1"]),
            ShelfModel(header: "a", rows: ["1·1", "6·new"]),
        ])
    }
}

// MARK: - Helpers

extension ShelfModel {
    init(header: String, rows: [String]) {
        self.header = header
        self.rows = rows
    }
}

/// Diffs two sectioned lists and checks that the changes, replayed on `old`, give `new` and are
/// sound; and, if given, that they are `expected`.
@discardableResult
private func expectChanges(
    from old: [Shelf], to new: [Shelf], are expected: SectionedListChanges? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> SectionedListChanges {
    let changes = try new.changes(from: old, items: \.books)
    if let expected {
        #expect(changes == expected, sourceLocation: sourceLocation)
    }
    let applied = changes.applied(
        to: old, rows: \.books,
        insertingSection: { new[$0] },
        insertingRow: { new[$0[0]].books[$0[1]] },
        updatingSection: { $0 = new[$1] },
        updatingRow: { $0 = new[$1[0]].books[$1[1]] }
    )
    // `Shelf`'s `==` ignores books, so compare them too.
    #expect(applied == new && applied.map(\.books) == new.map(\.books), "applying \(changes)", sourceLocation: sourceLocation)
    return changes
}

/// Checks that diffing two sectioned lists throws `expected`, described as `message`.
private func expectError(
    from old: [Shelf], to new: [Shelf], _ expected: ListChangesError, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(throws: expected, sourceLocation: sourceLocation) { try new.changes(from: old, items: \.books) }
    #expect(expected.description == message, sourceLocation: sourceLocation)
}
