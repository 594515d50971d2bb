import Foundation

// MARK: - IndexPath, as UIKit shapes it

// UIKit adds `row` and `section` to Foundation's `IndexPath`; where there is no UIKit (Linux,
// and macOS without Catalyst), the text UI kit adds the same, so table code ports unchanged.
// The one platform fork of the text UI kit (see README, "Platforms").
#if !canImport(UIKit)
extension IndexPath {
    /// `[section, row]`, as UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The row within its section; `0` for an index path of fewer than two indexes.
    public var row: Int { tableRow }
    /// The section; `0` for an empty index path.
    public var section: Int { tableSection }
}
#endif

extension IndexPath {
    // The table reads these, not `row`/`section`, so it compiles the same with or without UIKit,
    // and a malformed index path (UIKit traps on one) reads as a position, never a trap.
    var tableSection: Int { count > 0 ? self[0] : 0 }
    var tableRow: Int { count > 1 ? self[1] : 0 }

    /// `section.row`, as the table's update descriptions write it.
    var tableDescription: String { "\(tableSection).\(tableRow)" }
}
