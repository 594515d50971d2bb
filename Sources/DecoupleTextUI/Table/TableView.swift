import Decouple
import Foundation

// MARK: - TableView

/// A scrolling list of sections and rows with real cell reuse, drawn as text, in UIKit's shapes:
/// index paths, section headers and footers, selection, and batch updates.
///
/// Only the lines that fit in ``visibleRowCount`` are materialised: a table of 1,000,000 rows in
/// 1,000 sections asks its data source for as many cells as one of 20 rows, and keeps alive only
/// the visible cells plus those waiting in the reuse queue (``liveCellCount``).
///
/// ```swift
/// table.register(TableViewCell.self, forCellReuseIdentifier: "contact")
/// table.dataSource = controller
/// table.delegate = controller
/// table.visibleRowCount = 6
/// print(table.renderedText(width: 24))
/// table.tapRow(at: IndexPath(row: 2, section: 0))    // the delegate hears didSelectRowAt
/// table.performBatchUpdates {
///     table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
///     table.insertRows(at: [IndexPath(row: 3, section: 1)], with: .automatic)
/// }
/// print(table.lastUpdateDescription ?? "")          // deleted 0.0, inserted 1.3
/// ```
///
/// Keep selection state in your models, not in cells: a reused cell shows whatever its new row's
/// model says, so a mark can never appear on the wrong row.
///
/// A batch update is checked as UIKit checks it, and `reloadData`, `performBatchUpdates` and a
/// diffable data source's `apply` called while the table updates — from a cell provider, a
/// completion or a delegate callback — wait until the update ends: see <doc:BatchUpdates>.
@MainActor
open class TableView: View {
    /// How a row change is animated in UIKit. Text has no animation; the value is accepted so
    /// that UIKit code compiles unchanged, and ignored.
    public enum RowAnimation: Sendable {
        case fade, right, left, top, bottom, none, middle, automatic
    }

    /// Where a row scrolled to, or selected, ends up on screen.
    public enum ScrollPosition: Sendable {
        /// As little scrolling as shows the row (for a selection: none).
        case none
        case top, middle, bottom
    }

    open weak var dataSource: (any TableViewDataSource)?
    open weak var delegate: (any TableViewDelegate)?

    /// How many lines fit on screen: rows, and section headers and footers, one line each. A
    /// negative count shows nothing, and at most ``TextWidth/maximumColumns`` lines show.
    open var visibleRowCount = 10 {
        didSet { needsLayout = true }
    }

    /// ``visibleRowCount`` as drawn: within `0...TextWidth.maximumColumns`.
    private var screenHeight: Int { TextWidth.clampedWidth(visibleRowCount) }

    /// The first line on screen.
    public private(set) var firstVisibleLine = 0

    /// The selected row, if any. Selection is the table's, not the cells': it follows its row
    /// through batch updates and survives cell reuse.
    public internal(set) var indexPathForSelectedRow: IndexPath?

    /// What the last batch update did, in words, e.g. `deleted 0.3, inserted 0.5–0.7, moved
    /// 1.2 → 0.0, reloaded 0.9` — text has no animation, so tests and playgrounds print this.
    public internal(set) var lastUpdateDescription: String?

    /// Why the last batch update was refused, if it was: it broke one of the rules UIKit checks
    /// (the data source's counts did not add up, a row was deleted, moved or inserted twice, …;
    /// see <doc:BatchUpdates>), or a diffable data source was given stale changes. The table then
    /// reloaded everything instead of trapping or drawing a wrong screen.
    public internal(set) var lastUpdateError: String?

    private var registrations: [String: TableViewCell.Type] = [:]
    var visibleCells: [IndexPath: TableViewCell] = [:]
    private var reuseQueue: [String: [TableViewCell]] = [:]
    var layout = TableLayout()
    var needsReload = true
    var needsLayout = true
    var rowsToReload: Set<IndexPath> = []
    /// The cells being reconfigured: dequeuing for their rows returns them as they are.
    private var reconfiguring: [IndexPath: TableViewCell] = [:]
    /// Whether the data source is configuring cells now, and the cells it has dequeued meanwhile:
    /// tracking they register then belongs to their rows (``View/trackChanges(in:_:)``).
    private var isConfiguring = false
    private var configuredCells: [TableViewCell] = []
    /// The updates of the batch being collected, if one is open.
    var pendingBatch: TableBatch?
    /// The completions of batches nested in the open one, called after its own.
    var nestedCompletions: [(Bool) -> Void] = []
    /// How deep the table is in an update of its own: reading its data source, applying a batch,
    /// calling a completion or its delegate. Updates asked for meanwhile wait in `queuedUpdates`.
    var updateDepth = 0
    /// How deep the table is in reading its data source or applying a batch, when laying out
    /// again would read a data source or a layout half changed: a layout asked for then (from a
    /// cell provider, or inside a batch's `updates`) waits. From a completion or a delegate
    /// callback, the table lays out and draws as usual.
    var readingDepth = 0
    private var queuedUpdates: [() -> Void] = []
    /// Whether the data source asked for an update while the table read its counts or its cells:
    /// what it read meanwhile may be from either side of the change, so it is read again.
    private var readDuringChange = (counts: false, cells: false)
    /// Whether the table is reading its data source's counts and titles now.
    private var isReadingCounts = false

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
    /// than a crash. While a row is reconfigured (``reconfigureRows(at:)``), its own cell comes
    /// back as it is.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = reconfiguring.removeValue(forKey: indexPath), cell.reuseIdentifier == identifier {
            // Configured again: what the last configuration tracked is replaced.
            cell.rowTracking.cancelAll()
            return configuring(cell)
        }
        if let cell = reuseQueue[identifier]?.popLast() {
            cell.rowBindings.cancelAll()
            cell.rowTracking.cancelAll()
            cell.prepareForReuse()
            return configuring(cell)
        }
        createdCellCount += 1
        return configuring((registrations[identifier] ?? TableViewCell.self).init(reuseIdentifier: identifier))
    }

    /// Marks a dequeued cell as being configured for its row, while the data source configures.
    private func configuring(_ cell: TableViewCell) -> TableViewCell {
        guard isConfiguring else { return cell }
        cell.isBeingConfigured = true
        configuredCells.append(cell)
        return cell
    }

    /// The data source's cell for a row; tracking the cells register meanwhile belongs to the row.
    private func configuredCell(_ dataSource: any TableViewDataSource, at indexPath: IndexPath) -> TableViewCell {
        let outer = isConfiguring
        isConfiguring = true
        defer {
            isConfiguring = outer
            if !outer {
                for cell in configuredCells { cell.isBeingConfigured = false }
                configuredCells.removeAll()
            }
        }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    /// The cell showing a row, if the row is on screen.
    open func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        layoutIfNeeded()
        return visibleCells[indexPath]
    }

    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath] {
        layoutIfNeeded()
        return visibleLines.compactMap { line in
            if line < layout.lineCount, case let .row(indexPath) = layout.line(line) { indexPath } else { nil }
        }
    }

    /// The visible cells, top to bottom.
    open override var subviews: [View] {
        indexPathsForVisibleRows.compactMap { visibleCells[$0] }
    }

    /// Cells alive in the table: the visible ones and those waiting for reuse.
    public var liveCellCount: Int {
        visibleCells.count + reuseQueue.values.reduce(0) { $0 + $1.count }
    }

    // MARK: Counts

    /// How many sections the table shows.
    public var numberOfSections: Int {
        layoutIfNeeded()
        return layout.sectionCount
    }

    /// How many rows a section shows.
    public func numberOfRows(inSection section: Int) -> Int {
        layoutIfNeeded()
        return layout.rows(in: section)
    }

    // MARK: Reloading and scrolling

    /// Asks the data source again for everything. Called while the table updates (from a cell
    /// provider, a completion or a delegate callback), it waits until the update ends.
    open func reloadData() {
        whenIdle(changesData: true, laysOut: false) { [unowned self] in self.needsReload = true }
    }

    /// Scrolls so that a row shows at `position`, as far as the content allows.
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        layoutIfNeeded()
        guard var line = layout.line(of: indexPath) else { return }
        // A section's first row brought to the top brings its header with it, as UIKit's
        // floating headers show it.
        if position == .top, indexPath.tableRow == 0, layout.headers[indexPath.tableSection] != nil { line -= 1 }
        scroll(toShow: line, at: position)
    }

    /// Scrolls by a number of lines (negative scrolls up), as a swipe would.
    open func scroll(by lines: Int) {
        layoutIfNeeded()
        setFirstVisibleLine(firstVisibleLine.addingReportingOverflow(lines).overflow
            ? (lines < 0 ? 0 : Int.max) : firstVisibleLine + lines)
    }

    private func scroll(toShow line: Int, at position: ScrollPosition) {
        let height = screenHeight
        switch position {
        case .top: setFirstVisibleLine(line)
        case .middle: setFirstVisibleLine(line - height / 2)
        case .bottom: setFirstVisibleLine(line - height + 1)
        case .none:
            if line < firstVisibleLine { setFirstVisibleLine(line) }
            else if line >= firstVisibleLine + height { setFirstVisibleLine(line - height + 1) }
        }
    }

    private func setFirstVisibleLine(_ line: Int) {
        let last = max(0, layout.lineCount - screenHeight)
        let clamped = max(0, min(line, last))
        if clamped != firstVisibleLine {
            firstVisibleLine = clamped
            needsLayout = true
        }
    }

    var visibleLines: Range<Int> {
        let end = TableLayout.adding(firstVisibleLine, screenHeight)
        return firstVisibleLine..<max(firstVisibleLine, min(layout.lineCount, end))
    }

    // MARK: Selection

    /// Selects a row from code, as UIKit's method does: the delegate hears nothing, and `nil`
    /// clears the selection. A row the table does not have is ignored.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        layoutIfNeeded()
        guard let indexPath else { return indexPathForSelectedRow = nil }
        guard let line = layout.line(of: indexPath) else { return }
        indexPathForSelectedRow = indexPath
        if scrollPosition != .none { scroll(toShow: line, at: scrollPosition) }
    }

    /// Clears the selection of a row from code; the delegate hears nothing.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil }
    }

    /// Taps a row, as a person does: the row scrolls into view if needed, the previously selected
    /// row is deselected (the delegate hears `didDeselectRowAt`), and the row is selected (the
    /// delegate hears `didSelectRowAt`). A row the table does not have is ignored.
    ///
    /// Updates the delegate asks for from its callbacks wait until both have been called, so the
    /// row tapped is the row selected.
    open func tapRow(at indexPath: IndexPath) {
        layoutIfNeeded()
        guard let line = layout.line(of: indexPath) else { return }
        updating {
            scroll(toShow: line, at: .none)
            if let previous = indexPathForSelectedRow, previous != indexPath {
                indexPathForSelectedRow = nil
                delegate?.tableView(self, didDeselectRowAt: previous)
            }
            indexPathForSelectedRow = indexPath
            delegate?.tableView(self, didSelectRowAt: indexPath)
        }
    }

    // MARK: Layout

    /// The most rounds of laying out, then running the updates asked for meanwhile, that one
    /// call runs. A cell provider that applies a change every time it is called would otherwise
    /// never let the table finish; after these rounds, what it asked for waits for the next call.
    static let maximumLayoutRounds = 100

    /// The most updates asked for during an update that run when it ends; more wait for the
    /// table's next update or layout.
    static let maximumQueuedUpdates = 1_000

    /// Brings the visible cells up to date with the data source and the scroll position.
    ///
    /// Called back from a cell provider, or inside a batch's `updates`, it returns at once: the
    /// table is laid out as it stands, and finishes when what it was doing ends.
    open func layoutIfNeeded() {
        guard readingDepth == 0 else { return }
        for _ in 0..<Self.maximumLayoutRounds {
            // Updates asked for while laying out run when the outermost update ends, and may
            // need another pass.
            guard needsLayoutPass || (updateDepth == 0 && !queuedUpdates.isEmpty) else { return }
            updating { layOut() }
        }
        guard needsLayoutPass else { return }
        updateDepth += 1
        layOut()
        updateDepth -= 1
    }

    private var needsLayoutPass: Bool { needsReload || needsLayout || !rowsToReload.isEmpty }

    private func layOut() {
        readingDepth += 1
        defer { readingDepth -= 1 }
        if needsReload {
            needsReload = false
            layout = readLayout()
            for indexPath in Array(visibleCells.keys) { enqueue(indexPath) }
            rowsToReload.removeAll()
            if let selected = indexPathForSelectedRow, !layout.contains(selected) { indexPathForSelectedRow = nil }
            needsLayout = true
        }
        // Within the content, whatever changed its size or the screen's since.
        setFirstVisibleLine(firstVisibleLine)
        if !rowsToReload.isEmpty {
            for indexPath in rowsToReload where visibleCells[indexPath] != nil {
                enqueue(indexPath)
                needsLayout = true
            }
            rowsToReload.removeAll()
        }
        guard needsLayout else { return }
        needsLayout = false
        var shown: Set<IndexPath> = []
        for line in visibleLines {
            if case let .row(indexPath) = layout.line(line) { shown.insert(indexPath) }
        }
        for indexPath in Array(visibleCells.keys) where !shown.contains(indexPath) { enqueue(indexPath) }
        guard let dataSource else { return }
        for line in visibleLines where line < layout.lineCount {
            guard case let .row(indexPath) = layout.line(line), visibleCells[indexPath] == nil else { continue }
            visibleCells[indexPath] = configuredCell(dataSource, at: indexPath)
        }
    }

    // MARK: Updates that arrive during an update

    /// Runs `body` as part of one of the table's own updates: the updates asked for meanwhile
    /// wait, and run in order when the outermost one ends, before it returns.
    @discardableResult
    func updating<Result>(_ body: () -> Result) -> Result {
        updateDepth += 1
        let result = body()
        updateDepth -= 1
        if updateDepth == 0 { runQueuedUpdates() }
        return result
    }

    /// Runs `work` now, or, while the table updates, when the update ends.
    ///
    /// - Parameters:
    ///   - changesData: Whether the caller may have changed its data source before asking:
    ///     if the table was reading it then, what it read is read again afterwards. A diffable
    ///     data source changes its data only inside `work`.
    ///   - laysOut: Whether the table asks for its visible cells at once after `work`, as UIKit
    ///     does after a batch update.
    ///
    /// Work waiting here is the table's alone, and is dropped with it: it captures the table
    /// `unowned`, so that a table released with updates still waiting is not kept by them.
    func whenIdle(changesData: Bool = false, laysOut: Bool = true, _ work: @escaping () -> Void) {
        guard updateDepth > 0 else {
            if queuedUpdates.isEmpty {
                updating(work)
            } else {
                // Updates held while rows were drawn run first, in the order they were asked for.
                queuedUpdates.append(work)
                updating {}
            }
            if laysOut { layoutIfNeeded() }
            return
        }
        if changesData {
            if isReadingCounts { readDuringChange.counts = true }
            if isConfiguring { readDuringChange.cells = true }
        }
        queuedUpdates.append(work)
    }

    private func runQueuedUpdates() {
        var budget = Self.maximumQueuedUpdates
        while !queuedUpdates.isEmpty, budget > 0 {
            budget -= 1
            let work = queuedUpdates.removeFirst()
            updateDepth += 1
            work()
            updateDepth -= 1
        }
        if readDuringChange.counts { needsReload = true }
        if readDuringChange.cells { rowsToReload.formUnion(visibleCells.keys) }
        readDuringChange = (false, false)
    }

    /// The most sections a table reads from its data source: the layout keeps a few numbers per
    /// section, so a data source claiming `Int.max` sections shows its first million instead of
    /// exhausting memory. Rows per section are not limited: they cost nothing until shown.
    public static let maximumSectionCount = 1_000_000

    /// Asks the data source for the sections, their row counts and their titles.
    func readLayout() -> TableLayout {
        guard let dataSource else { return TableLayout() }
        isReadingCounts = true
        defer { isReadingCounts = false }
        let sections = min(max(0, dataSource.numberOfSections(in: self)), Self.maximumSectionCount)
        var rowCounts: [Int] = [], headers: [String?] = [], footers: [String?] = []
        rowCounts.reserveCapacity(sections)
        for section in 0..<sections {
            rowCounts.append(max(0, dataSource.tableView(self, numberOfRowsInSection: section)))
            headers.append(dataSource.tableView(self, titleForHeaderInSection: section))
            footers.append(dataSource.tableView(self, titleForFooterInSection: section))
        }
        return TableLayout(rowCounts: rowCounts, headers: headers, footers: footers)
    }

    func enqueue(_ indexPath: IndexPath) {
        guard let cell = visibleCells.removeValue(forKey: indexPath) else { return }
        cell.rowBindings.cancelAll()
        cell.rowTracking.cancelAll()
        reuseQueue[cell.reuseIdentifier, default: []].append(cell)
    }

    /// Asks the data source for a visible row's cell again, handing back the same cell.
    func reconfigure(_ indexPath: IndexPath) {
        guard let cell = visibleCells[indexPath], let dataSource else { return }
        reconfiguring[indexPath] = cell
        let configured = configuredCell(dataSource, at: indexPath)
        if configured !== cell {
            // The data source dequeued with another identifier: the old cell goes back to reuse.
            reconfiguring[indexPath] = nil
            enqueue(indexPath)
            visibleCells[indexPath] = configured
        }
    }

    // MARK: Drawing

    open override func render(width: Int) -> [String] {
        drawing(width) { width in draw(width: width) }
    }

    private func draw(width: Int) -> [String] {
        layoutIfNeeded()
        // An update asked for while the rows are drawn (from a cell's own drawing) waits for the
        // table's next update or layout: the rows all come from the layout just made.
        updateDepth += 1
        defer { updateDepth -= 1 }
        return drawRows(width: width)
    }

    private func drawRows(width: Int) -> [String] {
        let lines = visibleLines
        var output: [String] = []
        output.reserveCapacity(lines.count)
        for line in lines where line < layout.lineCount {
            switch layout.line(line) {
            case let .header(section):
                // `── A ─────────`: the title in a rule as wide as the table.
                let title = TextWidth.truncate(layout.headers[section] ?? "", to: max(0, width - 4))
                let head = width >= 4 ? "── " + title + " " : ""
                let rule = String(repeating: "─", count: max(0, width - TextWidth.columns(of: head)))
                output.append(TextWidth.pad(head + rule, to: width))
            case let .footer(section):
                let text = "  " + (layout.footers[section] ?? "")
                output.append(TextWidth.pad(TextWidth.truncate(text, to: max(0, width)), to: width))
            case let .row(indexPath):
                guard let cell = visibleCells[indexPath] else { continue }
                guard indexPath == indexPathForSelectedRow else {
                    // A plain cell's row is built straight into its line.
                    if let row = cell.plainRow(width: width) {
                        output.append(row)
                    } else {
                        output.append(contentsOf: cell.lines(width: width))
                    }
                    continue
                }
                // The selected row: a mark in front, the row drawn two columns narrower.
                output.append(contentsOf: width >= 2
                    ? cell.lines(width: max(0, width - 2)).map { "▶ " + $0 }
                    : cell.lines(width: width))
            }
        }
        return output
    }
}
