import Foundation

// MARK: - ListChangesError

/// Why two lists could not be compared: an id occurs twice in one of them.
///
/// Ids must be unique within a list, because a change is addressed by id: with two elements
/// called `b`, "`b` moved" means nothing. (UIKit traps on such a list; diffing reports it.) For a
/// sectioned list, section ids must be unique among sections, and item ids across *all* sections,
/// since items can move from one section to another. Each case names the id, the list it was found
/// in, and both positions, earlier first.
///
/// ```swift
/// do {
///     _ = try [Fruit(id: "fig"), Fruit(id: "fig")].changes(from: [])
/// } catch {
///     print(error)   // duplicate id 'fig' in the new list, at positions 0 and 1
/// }
/// ```
public enum ListChangesError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Two elements of a flat list share an id.
    case duplicateID(String, in: Side, at: Int, and: Int)
    /// Two sections of a sectioned list share an id.
    case duplicateSectionID(String, in: Side, at: Int, and: Int)
    /// Two items of a sectioned list share an id, in the same section or in different ones. The
    /// positions are `[section, item]` index paths.
    case duplicateItemID(String, in: Side, at: IndexPath, and: IndexPath)

    /// Which of the two lists compared.
    public enum Side: String, Hashable, Sendable {
        /// The list the changes start from: the argument of `changes(from:)`.
        case old
        /// The list the changes lead to: the receiver of `changes(from:)`.
        case new
    }

    public var description: String {
        switch self {
        case let .duplicateID(id, side, first, second):
            "duplicate id '\(id)' in the \(side) list, at positions \(first) and \(second)"
        case let .duplicateSectionID(id, side, first, second):
            "duplicate section id '\(id)' in the \(side) list, at sections \(first) and \(second)"
        case let .duplicateItemID(id, side, first, second):
            "duplicate item id '\(id)' in the \(side) list, at \(first) and \(second)"
        }
    }

    public var errorDescription: String? { description }
}
