// MARK: - ListChanges

/// What changed between two versions of a list of identified elements, by position, ready to
/// animate a table or to replay on a row model.
///
/// Compute one with `new.changes(from: old)` on a `RandomAccessCollection`: elements are
/// matched by their `id`, and an element whose id is in both lists but which is no longer `==`
/// is an *update*. Every kind of change is listed by position:
///
/// - ``deletions``: positions in the **old** list, ascending.
/// - ``insertions``: positions in the **new** list, ascending.
/// - ``moves``: elements whose order relative to the others really changed, from their old to
///   their new position, ordered by old position. The set is as small as it can be: inserting
///   one element at the front is one insertion and no moves; reversing *n* elements is *n − 1*
///   moves.
/// - ``updates``: elements whose content changed, with both positions, ordered by new position.
///   An updated element may also have moved.
///
/// The positions follow the rules of a table's batch update (UIKit's `performBatchUpdates`):
/// deletions and move sources count in the old list, insertions and move destinations in the new
/// one. Applied one at a time, that means: remove the deleted and the moved elements from the
/// highest old position down, then insert the inserted and the moved ones from the lowest new
/// position up, then refresh the updated ones at their new positions. No step ever refers to a
/// position that is not there. ``applied(to:inserting:updating:)`` does exactly that, in linear
/// time, for any row model.
///
/// ```swift
/// struct Fruit: Identifiable, Equatable { var id: String; var stock: Int }
///
/// let old = [Fruit(id: "apple", stock: 3), Fruit(id: "pear", stock: 1), Fruit(id: "fig", stock: 5)]
/// let new = [Fruit(id: "kiwi", stock: 2), Fruit(id: "fig", stock: 5), Fruit(id: "apple", stock: 4)]
///
/// let changes = try new.changes(from: old)
/// changes.deletions     // [1]            pear
/// changes.insertions    // [0]            kiwi
/// changes.moves         // [2 → 1]        fig now comes before apple
/// changes.updates       // [0 → 2]        apple's stock changed
/// ```
///
/// With UIKit, hand the positions to the table view in one batch, and refresh the updated rows
/// afterwards at their new positions (a row may not be reloaded and moved in the same batch):
///
/// ```swift
/// fruits = new
/// tableView.performBatchUpdates {
///     tableView.deleteRows(at: changes.deletions.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     tableView.insertRows(at: changes.insertions.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     for move in changes.moves {
///         tableView.moveRow(at: IndexPath(row: move.old, section: 0), to: IndexPath(row: move.new, section: 0))
///     }
/// }
/// tableView.reconfigureRows(at: changes.updates.map { IndexPath(row: $0.new, section: 0) })
/// ```
///
/// The same type describes the items of a sectioned list, with `IndexPath` positions: see
/// ``SectionedListChanges``.
public struct ListChanges<Position: Hashable>: Hashable {
    /// Positions in the old list of the elements that are gone, ascending.
    public var deletions: [Position]
    /// Positions in the new list of the elements that were not in the old one, ascending.
    public var insertions: [Position]
    /// Elements whose order relative to the others changed, from old to new position, ordered by
    /// old position.
    public var moves: [Pair]
    /// Elements in both lists that are no longer equal, with both positions, ordered by new
    /// position.
    ///
    /// UIKit's `reloadRows(at:)` inside a batch takes the old positions (`updates.map(\.old)`),
    /// and refuses a row that also moves; `reconfigureRows(at:)` after the batch takes the new
    /// ones (`updates.map(\.new)`) and has no such limit.
    public var updates: [Pair]

    /// Creates changes from their parts, for instance to drive a table in a test.
    ///
    /// ```swift
    /// let changes = ListChanges<Int>(deletions: [0], insertions: [2])
    /// changes.applied(to: ["a", "b", "c"], inserting: { _ in "z" }, updating: { _, _ in })
    /// // ["b", "c", "z"]
    /// ```
    ///
    /// - Parameters:
    ///   - deletions: Old positions of the removed elements.
    ///   - insertions: New positions of the added elements.
    ///   - moves: Old and new positions of the moved elements.
    ///   - updates: Old and new positions of the changed elements.
    public init(deletions: [Position] = [], insertions: [Position] = [], moves: [Pair] = [], updates: [Pair] = []) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
    }

    /// Whether the two lists hold equal elements in the same order.
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
    }

    /// The number of changes of all kinds: deletions, insertions, moves and updates.
    ///
    /// Counts per kind are the lists' own: `changes.deletions.count`, … The lists' lengths
    /// always satisfy `old.count - deletions.count + insertions.count == new.count`.
    public var count: Int {
        deletions.count + insertions.count + moves.count + updates.count
    }
}

// MARK: - ListChanges.Pair

extension ListChanges {
    /// The position of one element in the old list and its position in the new one.
    ///
    /// ```swift
    /// for move in changes.moves { rows.move(from: move.old, to: move.new) }
    /// ```
    public struct Pair: Hashable {
        /// The element's position in the old list.
        public var old: Position
        /// The element's position in the new list.
        public var new: Position

        /// Pairs an old position with a new one.
        ///
        /// - Parameters:
        ///   - old: The element's position in the old list.
        ///   - new: The element's position in the new list.
        @inlinable
        public init(old: Position, new: Position) {
            self.old = old
            self.new = new
        }
    }
}

// MARK: - Conformances

extension ListChanges: Sendable where Position: Sendable {}

extension ListChanges.Pair: Sendable where Position: Sendable {}

extension ListChanges: CustomStringConvertible {
    /// The changes in one line, for logs and test failures:
    /// `deletions [1], insertions [0], moves [2 → 1], updates [0 → 2]`. An index path of a section
    /// and an item prints as a table's update description writes it, `section.item`:
    /// `moves [0.1 → 1.0]`.
    public var description: String {
        if isEmpty { return "no changes" }
        var parts: [String] = []
        if !deletions.isEmpty { parts.append("deletions " + Self.list(deletions)) }
        if !insertions.isEmpty { parts.append("insertions " + Self.list(insertions)) }
        if !moves.isEmpty { parts.append("moves " + Self.list(moves)) }
        if !updates.isEmpty { parts.append("updates " + Self.list(updates)) }
        return parts.joined(separator: ", ")
    }

    private static func list(_ values: [some Any]) -> String {
        "[" + values.map { describePosition($0) }.joined(separator: ", ") + "]"
    }
}

extension ListChanges.Pair: CustomStringConvertible {
    /// `old → new`, for instance `2 → 1`, or `0.2 → 1.0` for index paths.
    public var description: String { describePosition(old) + " → " + describePosition(new) }
}
