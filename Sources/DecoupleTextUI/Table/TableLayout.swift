import Foundation

// MARK: - TableLayout

/// Where each section of a table starts, counted in lines: a section's header title (if any),
/// its rows, then its footer (if any). Finding what is on a line is a binary search over the
/// sections, so a table of a million rows costs what one of twenty does to show.
struct TableLayout {
    enum Line: Equatable {
        case header(Int)
        case row(IndexPath)
        case footer(Int)
    }

    private(set) var rowCounts: [Int] = []
    private(set) var headers: [String?] = []
    private(set) var footers: [String?] = []
    /// The first line of each section, and, last, the number of lines.
    private(set) var starts: [Int] = [0]

    init() {}

    init(rowCounts: [Int], headers: [String?], footers: [String?]) {
        self.rowCounts = rowCounts
        self.headers = headers
        self.footers = footers
        starts.reserveCapacity(rowCounts.count + 1)
        var line = 0
        for section in rowCounts.indices {
            let lines = Self.adding(rowCounts[section], (headers[section] == nil ? 0 : 1) + (footers[section] == nil ? 0 : 1))
            line = Self.adding(line, lines)
            starts.append(line)
        }
    }

    var sectionCount: Int { rowCounts.count }
    var lineCount: Int { starts[starts.count - 1] }

    func rows(in section: Int) -> Int {
        rowCounts.indices.contains(section) ? rowCounts[section] : 0
    }

    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && rowCounts.indices.contains(indexPath.tableSection)
            && (0..<rowCounts[indexPath.tableSection]).contains(indexPath.tableRow)
    }

    /// What is drawn on a line, for `0 <= line < lineCount`.
    func line(_ line: Int) -> Line {
        // The last section whose first line is at or before `line`.
        var low = 0, high = rowCounts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= line { low = middle } else { high = middle - 1 }
        }
        let section = low
        var offset = line - starts[section]
        if headers[section] != nil {
            if offset == 0 { return .header(section) }
            offset -= 1
        }
        // Built without an array: `[section, offset]` would allocate one for every line drawn.
        if offset < rowCounts[section] { return .row(IndexPath(index: section).appending(offset)) }
        return .footer(section)
    }

    /// The line a row is drawn on, or `nil` when the table has no such row.
    func line(of indexPath: IndexPath) -> Int? {
        guard contains(indexPath) else { return nil }
        let section = indexPath.tableSection
        // Saturating: after a section of `Int.max` rows, every later line is `Int.max`.
        return Self.adding(Self.adding(starts[section], headers[section] == nil ? 0 : 1), indexPath.tableRow)
    }

    /// Addition that stops at `Int.max` instead of trapping: a data source may claim any count.
    static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
