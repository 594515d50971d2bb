import Decouple

// MARK: - Data source and delegate

/// Supplies a ``TableView``'s rows, as `UITableViewDataSource` does.
@MainActor
public protocol TableViewDataSource: AnyObject {
    func numberOfRows(in tableView: TableView) -> Int
    /// The cell for a row; get it from ``TableView/dequeueReusableCell(withIdentifier:for:)``.
    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell
}

/// Hears what happens to a ``TableView``'s rows, as `UITableViewDelegate` does.
@MainActor
public protocol TableViewDelegate: AnyObject {
    func tableView(_ tableView: TableView, didSelectRowAt row: Int)
}

// MARK: - TableView

/// A scrolling list of rows with real cell reuse, drawn as text.
///
/// Only the rows that fit in ``visibleRowCount`` are materialised: a table of 1,000,000 rows asks
/// its data source for as many cells as one of 20 rows, and keeps alive only the visible cells
/// plus those waiting in the reuse queue (``liveCellCount``).
///
/// ```swift
/// table.register(TableViewCell.self, forCellReuseIdentifier: "shop")
/// table.dataSource = controller
/// table.delegate = controller
/// table.visibleRowCount = 5
/// print(table.renderedText(width: 24))
/// table.selectRow(at: 2)          // a tap: the delegate hears didSelectRowAt 2
/// table.scrollToRow(10)
/// ```
///
/// Keep selection state in your models, not in cells: a reused cell shows whatever its new row's
/// model says, so a mark can never appear on the wrong row.
@MainActor
open class TableView: View {
    open weak var dataSource: (any TableViewDataSource)?
    open weak var delegate: (any TableViewDelegate)?

    /// How many rows fit on screen.
    open var visibleRowCount = 10 {
        didSet { needsLayout = true }
    }

    /// The first visible row.
    public private(set) var firstVisibleRow = 0
    /// The most recently selected row, if any.
    public private(set) var selectedRow: Int?

    private var registrations: [String: TableViewCell.Type] = [:]
    private var visibleCells: [Int: TableViewCell] = [:]
    private var reuseQueue: [String: [TableViewCell]] = [:]
    private var rowCount = 0
    private var needsReload = true
    private var needsLayout = true
    private var rowsToReload: Set<Int> = []

    /// How many cells the table has created so far.
    public private(set) var createdCellCount = 0

    public override init() {
        super.init()
    }

    // MARK: Cells

    /// Registers the cell class to create for a reuse identifier.
    open func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registrations[identifier] = cellClass
    }

    /// A cell for a row: a queued one after ``TableViewCell/prepareForReuse()``, or a new one of
    /// the registered class. An unregistered identifier gets a plain ``TableViewCell`` rather
    /// than a crash.
    open func dequeueReusableCell(withIdentifier identifier: String, for row: Int) -> TableViewCell {
        if let cell = reuseQueue[identifier]?.popLast() {
            cell.rowBindings.cancelAll()
            cell.prepareForReuse()
            return cell
        }
        createdCellCount += 1
        return (registrations[identifier] ?? TableViewCell.self).init(reuseIdentifier: identifier)
    }

    /// The cell showing a row, if the row is visible.
    open func cellForRow(at row: Int) -> TableViewCell? {
        layoutIfNeeded()
        return visibleCells[row]
    }

    /// The rows on screen.
    open var visibleRows: Range<Int> {
        layoutIfNeeded()
        return firstVisibleRow..<min(rowCount, firstVisibleRow + visibleRowCount)
    }

    /// The visible cells, top to bottom.
    open override var subviews: [View] {
        visibleRows.compactMap { visibleCells[$0] }
    }

    /// Cells alive in the table: the visible ones and those waiting for reuse.
    public var liveCellCount: Int {
        visibleCells.count + reuseQueue.values.reduce(0) { $0 + $1.count }
    }

    // MARK: Reloading and scrolling

    /// Asks the data source again for the number of rows and every visible cell.
    open func reloadData() {
        needsReload = true
    }

    /// Asks the data source again for these rows' cells, if they are visible.
    open func reloadRows(at rows: [Int]) {
        rowsToReload.formUnion(rows)
    }

    /// Scrolls so that `row` is visible, as close to the top as the row count allows.
    open func scrollToRow(_ row: Int) {
        layoutIfNeeded()
        firstVisibleRow = max(0, min(row, rowCount - visibleRowCount))
        needsLayout = true
    }

    /// Scrolls by a number of rows (negative scrolls up), as a swipe would.
    open func scroll(by rows: Int) {
        layoutIfNeeded()
        scrollToRow(firstVisibleRow + rows)
    }

    // MARK: Selection

    /// Selects a row as a tap does, and tells the delegate. A row out of range is ignored.
    open func selectRow(at row: Int) {
        layoutIfNeeded()
        guard (0..<rowCount).contains(row) else { return }
        selectedRow = row
        delegate?.tableView(self, didSelectRowAt: row)
    }

    // MARK: Layout

    /// Brings the visible cells up to date with the data source and the scroll position.
    open func layoutIfNeeded() {
        if needsReload {
            rowCount = max(0, dataSource?.numberOfRows(in: self) ?? 0)
            firstVisibleRow = max(0, min(firstVisibleRow, rowCount - visibleRowCount))
            for row in visibleCells.keys.sorted() { enqueue(row) }
            needsReload = false
            needsLayout = true
            rowsToReload.removeAll()
        }
        for row in rowsToReload.sorted() where visibleCells[row] != nil {
            enqueue(row)
            needsLayout = true
        }
        rowsToReload.removeAll()
        guard needsLayout else { return }
        needsLayout = false
        let visible = firstVisibleRow..<min(rowCount, firstVisibleRow + max(0, visibleRowCount))
        for row in visibleCells.keys.sorted() where !visible.contains(row) { enqueue(row) }
        for row in visible where visibleCells[row] == nil {
            guard let dataSource else { break }
            visibleCells[row] = dataSource.tableView(self, cellForRowAt: row)
        }
    }

    private func enqueue(_ row: Int) {
        guard let cell = visibleCells.removeValue(forKey: row) else { return }
        cell.rowBindings.cancelAll()
        reuseQueue[cell.reuseIdentifier, default: []].append(cell)
    }

    open override func render(width: Int) -> [String] {
        layoutIfNeeded()
        return visibleRows.flatMap { row in visibleCells[row]?.lines(width: width) ?? [] }
    }
}
