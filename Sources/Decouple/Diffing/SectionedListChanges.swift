import Foundation

// MARK: - SectionedListChanges

/// What changed between two versions of a list of sections, each holding a list of items: the
/// sections' changes by section index and the items' changes by index path.
///
/// Compute one with `new.changes(from: old, items: \.rows)` on a `RandomAccessCollection` of
/// sections. Sections are matched by their `id`, items by theirs across all sections, so an item
/// can move from one section to another. Item positions are `IndexPath`s of two indexes,
/// `[section, item]` — the layout of UIKit's `IndexPath(row:section:)` and
/// `IndexPath(item:section:)`.
///
/// The two parts follow the rules of a table's batch update, so they can be handed to a table
/// view in one batch:
///
/// - ``sections``: deleted, inserted, moved and updated sections, by section index, as in
///   ``ListChanges``. A section's update means the section's own value changed (say its title);
///   refresh what the section shows itself, since its items' changes are listed in ``items``.
/// - ``items``: item changes inside sections that are in both lists. Old index paths count in the
///   old sections, new ones in the new sections. A deleted section takes its items with it and an
///   inserted one brings its own, so their items are not listed; an item that moves out of a
///   deleted section is an insertion, one that moves into an inserted section a deletion. An item
///   in a moved section moves with it; it is listed as a move only if it changed section or its
///   order within the section changed.
///
/// Applied one at a time, that means: remove the deleted and moved items from the highest old
/// index path down, then the deleted and moved sections from the highest old index down; insert
/// the inserted and moved sections from the lowest new index up, then the inserted and moved items
/// from the lowest new index path up; then refresh the updated sections and items at their new
/// positions. ``applied(to:rows:insertingSection:insertingRow:updatingSection:updatingRow:)`` does
/// that for any sectioned row model.
///
/// ```swift
/// let changes = try newGroups.changes(from: oldGroups, items: \.contacts)
/// tableView.performBatchUpdates {
///     tableView.deleteSections(IndexSet(changes.sections.deletions), with: .fade)
///     tableView.insertSections(IndexSet(changes.sections.insertions), with: .fade)
///     for move in changes.sections.moves { tableView.moveSection(move.old, toSection: move.new) }
///     tableView.deleteRows(at: changes.items.deletions, with: .fade)
///     tableView.insertRows(at: changes.items.insertions, with: .fade)
///     for move in changes.items.moves { tableView.moveRow(at: move.old, to: move.new) }
/// }
/// tableView.reconfigureRows(at: changes.items.updates.map(\.new))
/// ```
public struct SectionedListChanges: Hashable, Sendable {
    /// The sections' changes, by section index.
    public var sections: ListChanges<Int>
    /// The items' changes, by `[section, item]` index path, in sections that are in both lists.
    public var items: ListChanges<IndexPath>

    /// Creates changes from their parts, for instance to drive a table in a test.
    ///
    /// ```swift
    /// let changes = SectionedListChanges(items: ListChanges(deletions: [[0, 1]]))
    /// ```
    ///
    /// - Parameters:
    ///   - sections: The sections' changes.
    ///   - items: The items' changes.
    public init(sections: ListChanges<Int> = ListChanges(), items: ListChanges<IndexPath> = ListChanges()) {
        self.sections = sections
        self.items = items
    }

    /// Whether the two lists hold equal sections with equal items, all in the same order.
    public var isEmpty: Bool { sections.isEmpty && items.isEmpty }

    /// The number of changes of all kinds, to sections and to items.
    public var count: Int { sections.count + items.count }
}

// MARK: - Conformances

extension SectionedListChanges: CustomStringConvertible {
    /// The changes in two parts, for logs and test failures, with index paths written
    /// `section.item`: `sections: moves [0 → 1]; items: deletions [1.0], moves [0.1 → 1.0]`.
    public var description: String {
        if isEmpty { return "no changes" }
        var parts: [String] = []
        if !sections.isEmpty { parts.append("sections: \(sections)") }
        if !items.isEmpty { parts.append("items: \(items)") }
        return parts.joined(separator: "; ")
    }
}

// MARK: - Describing positions

/// A position as change descriptions write it: an index path of a section and an item as
/// `section.item` (`0.1`, as a table's update description does), anything else as itself.
func describePosition(_ position: Any) -> String {
    if let indexPath = position as? IndexPath, indexPath.count == 2 {
        return "\(indexPath[0]).\(indexPath[1])"
    }
    return "\(position)"
}
