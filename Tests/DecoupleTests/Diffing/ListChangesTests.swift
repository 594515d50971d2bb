@testable import Decouple
import DecoupleTestSupport
import Testing

// MARK: - ListChangesTests

@Suite struct ListChangesTests {
    typealias Pair = ListChanges<Int>.Pair

    // MARK: Edges

    @Test func empty_toEmptyIsNoChange() throws {
        let changes = try [DiffingEntry]().changes(from: [])
        #expect(changes.isEmpty)
        #expect(changes.count == 0)
        #expect(changes.description == "no changes")
    }

    @Test func empty_toSomeInsertsAll() throws {
        let changes = try [DiffingEntry].entries(1, 2, 3).changes(from: [])
        #expect(changes == ListChanges(insertions: [0, 1, 2]))
        #expect(changes.count == 3)
    }

    @Test func some_toEmptyDeletesAll() throws {
        let changes = try [DiffingEntry]().changes(from: [DiffingEntry].entries(1, 2, 3))
        #expect(changes == ListChanges(deletions: [0, 1, 2]))
    }

    @Test func unchanged_isEmpty() throws {
        let list = [DiffingEntry].entries(4, 2, 9)
        #expect(try list.changes(from: list).isEmpty)
    }

    // MARK: Moves

    @Test func move_oneElementIsOneMove() throws {
        try expectChanges(
            from: .entries(1, 2, 3, 4), to: .entries(2, 3, 4, 1),
            are: ListChanges(moves: [Pair(old: 0, new: 3)])
        )
    }

    @Test func move_swapIsOneMove() throws {
        try expectChanges(from: .entries(1, 2), to: .entries(2, 1), are: ListChanges(moves: [Pair(old: 1, new: 0)]))
    }

    @Test func move_reverseKeepsOneElement() throws {
        let old = [DiffingEntry].entries(1, 2, 3, 4, 5)
        let changes = try expectChanges(from: old, to: old.reversed())
        #expect(changes.moves.count == 4)
        #expect(changes.count == 4)
    }

    @Test func move_insertionAtFrontMovesNothing() throws {
        let old = DiffingEntry.range(0..<1_000)
        try expectChanges(from: old, to: [DiffingEntry(id: -1)] + old, are: ListChanges(insertions: [0]))
    }

    @Test func move_deletionAtFrontMovesNothing() throws {
        let old = DiffingEntry.range(0..<1_000)
        try expectChanges(from: old, to: Array(old.dropFirst()), are: ListChanges(deletions: [0]))
    }

    @Test func move_shuffledFrontIsTheFewestMoves() throws {
        // The performance target's shape, smaller: a deleted run, an inserted run, a shuffled front.
        let old = DiffingEntry.range(0..<10_000)
        var new = old.filter { !(2_000..<3_000).contains($0.id) }
        new.insert(contentsOf: DiffingEntry.range(10_000..<11_000), at: 3_000)
        var random = SplitMix64(seed: 1)
        new[0..<200].shuffle(using: &random)
        let changes = try expectChanges(from: old, to: new)
        #expect(changes.deletions == Array(2_000..<3_000))
        #expect(changes.insertions == Array(3_000..<4_000))
        #expect(changes.moves.count == DiffingReference.fewestMoves(from: old, to: new))
        #expect(changes.moves.allSatisfy { $0.old < 200 && $0.new < 200 })
    }

    // MARK: Updates

    @Test func update_allChangedInPlace() throws {
        let old = [DiffingEntry].entries(1, 2, 3)
        let new = old.map { DiffingEntry(id: $0.id, content: 7) }
        try expectChanges(from: old, to: new, are: ListChanges(updates: [Pair(old: 0, new: 0), Pair(old: 1, new: 1), Pair(old: 2, new: 2)]))
    }

    @Test func update_ofAMovedElementHasBothPositions() throws {
        let old = [DiffingEntry].entries(1, 2, 3)
        let new = [DiffingEntry(id: 2), DiffingEntry(id: 3), DiffingEntry(id: 1, content: 5)]
        try expectChanges(
            from: old, to: new,
            are: ListChanges(moves: [Pair(old: 0, new: 2)], updates: [Pair(old: 0, new: 2)])
        )
    }

    @Test func documentation_fruitExampleHolds() throws {
        struct Fruit: Identifiable, Equatable {
            var id: String
            var stock: Int
        }
        let old = [Fruit(id: "apple", stock: 3), Fruit(id: "pear", stock: 1), Fruit(id: "fig", stock: 5)]
        let new = [Fruit(id: "kiwi", stock: 2), Fruit(id: "fig", stock: 5), Fruit(id: "apple", stock: 4)]
        let changes = try new.changes(from: old)
        #expect(changes == ListChanges(
            deletions: [1], insertions: [0], moves: [Pair(old: 2, new: 1)], updates: [Pair(old: 0, new: 2)]
        ))
        #expect(changes.description == "deletions [1], insertions [0], moves [2 → 1], updates [0 → 2]")
        #expect(changes.count == 4)   // one of each kind, the update included
    }

    @Test func count_addsEveryKind_updatesIncluded() throws {
        // Only updates: a count that left them out would say nothing changed.
        let updated = try [DiffingEntry(id: 1, content: 1), DiffingEntry(id: 2, content: 1)]
            .changes(from: [DiffingEntry].entries(1, 2))
        #expect(updated.count == 2)
        #expect(!updated.isEmpty)
        let every = ListChanges<Int>(
            deletions: [0, 3], insertions: [1], moves: [Pair(old: 1, new: 2)], updates: [Pair(old: 2, new: 0), Pair(old: 4, new: 3)])
        #expect(every.count == 6)
    }

    // MARK: Other collections

    @Test func documentation_tagExampleHolds() throws {
        struct Tag: Identifiable, Equatable { var id: String }
        let changes = try ["b", "c", "a", "d"].map(Tag.init).changes(from: ["a", "b", "c"].map(Tag.init))
        #expect(changes == ListChanges(insertions: [3], moves: [Pair(old: 0, new: 2)]))
    }

    @Test func collections_sliceAgainstArrayWithStringIDs() throws {
        struct Tag: Identifiable, Equatable { var id: String }
        let old = ["a", "b", "c", "d"].map(Tag.init)
        let new = ["b", "c", "a", "e"].map(Tag.init)
        let changes = try new[...].changes(from: old)
        #expect(changes == ListChanges(deletions: [3], insertions: [3], moves: [Pair(old: 0, new: 2)]))
    }

    // MARK: Duplicate ids

    @Test func duplicate_inOldIsNamedWithBothPositions() {
        expectError(
            from: .entries(1, 2, 3, 2), to: .entries(1),
            .duplicateID("2", in: .old, at: 1, and: 3),
            "duplicate id '2' in the old list, at positions 1 and 3"
        )
    }

    @Test func duplicate_inNewOfAMatchedID() {
        expectError(
            from: .entries(1, 2), to: .entries(2, 1, 2),
            .duplicateID("2", in: .new, at: 0, and: 2),
            "duplicate id '2' in the new list, at positions 0 and 2"
        )
    }

    @Test func duplicate_inNewOfAnInsertedID() {
        expectError(
            from: .entries(1), to: .entries(5, 1, 6, 5),
            .duplicateID("5", in: .new, at: 0, and: 3),
            "duplicate id '5' in the new list, at positions 0 and 3"
        )
    }

    @Test func duplicate_inOldIsReportedBeforeNew() {
        expectError(
            from: .entries(8, 8), to: .entries(9, 9),
            .duplicateID("8", in: .old, at: 0, and: 1),
            "duplicate id '8' in the old list, at positions 0 and 1"
        )
    }

    // MARK: Applying

    @Test func apply_carriesRowStateWithMovedElements() throws {
        struct Row: Equatable {
            var title: String
            var isSelected = false
        }
        let old = [DiffingEntry].entries(1, 2, 3)
        let new = [DiffingEntry(id: 3), DiffingEntry(id: 4), DiffingEntry(id: 1, content: 1)]
        var rows = old.map { Row(title: "\($0)") }
        rows[2].isSelected = true
        let changes = try new.changes(from: old)
        rows = changes.applied(to: rows) { Row(title: "\(new[$0])") } updating: { row, position in
            row.title = "\(new[position])"
        }
        #expect(rows == [Row(title: "3", isSelected: true), Row(title: "4"), Row(title: "1·1")])
    }

    @Test func apply_handMadeChanges() {
        let changes = ListChanges<Int>(deletions: [0], insertions: [2])
        #expect(changes.applied(to: ["a", "b", "c"], inserting: { _ in "z" }, updating: { _, _ in }) == ["b", "c", "z"])
    }

    @Test func apply_movesFollowBatchUpdateRules() {
        // Old positions for the move's source, new ones for its destination: "a" goes last, and
        // "b", "c" close up in front of it.
        let changes = ListChanges<Int>(moves: [Pair(old: 0, new: 2)], updates: [Pair(old: 1, new: 0)])
        let rows = changes.applied(to: ["a", "b", "c"], inserting: { _ in "?" }, updating: { row, _ in row += "!" })
        #expect(rows == ["b!", "c", "a"])
    }
}

// MARK: - Helpers

extension DiffingEntry {
    /// Entries with ids in a range and no content.
    static func range(_ ids: Range<Int>) -> [DiffingEntry] { ids.map { DiffingEntry(id: $0) } }
}

/// Diffs two lists and checks that the changes, replayed on `old`, give `new` and are sound; and,
/// if given, that they are `expected`.
@discardableResult
private func expectChanges(
    from old: [DiffingEntry], to new: [DiffingEntry], are expected: ListChanges<Int>? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ListChanges<Int> {
    let changes = try new.changes(from: old)
    if let expected {
        #expect(changes == expected, sourceLocation: sourceLocation)
    }
    let applied = changes.applied(to: old, inserting: { new[$0] }, updating: { $0 = new[$1] })
    #expect(applied == new, "applying \(changes)", sourceLocation: sourceLocation)
    #expect(DiffingReference.problems(with: changes, old: old, new: new) == [], sourceLocation: sourceLocation)
    return changes
}

/// Checks that diffing two lists throws `expected`, described as `message`.
private func expectError(
    from old: [DiffingEntry], to new: [DiffingEntry], _ expected: ListChangesError, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(throws: expected, sourceLocation: sourceLocation) { try new.changes(from: old) }
    #expect(expected.description == message, sourceLocation: sourceLocation)
    #expect(expected.errorDescription == message, sourceLocation: sourceLocation)
}
