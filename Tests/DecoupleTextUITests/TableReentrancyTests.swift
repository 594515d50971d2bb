import DecoupleTestSupport
import DecoupleTextUI
import Testing

/// A diffable table of single-section snapshots whose cell provider runs `onCell` for each item it
/// configures, to call back into the table from there.
@MainActor
private final class Reentrant {
    let table = TableView()
    var onCell: (String) -> Void = { _ in }
    private(set) var source: TableViewDiffableDataSource<Int, String>!

    init(_ items: [String], visibleRowCount: Int = 10) {
        table.visibleRowCount = visibleRowCount
        source = TableViewDiffableDataSource(tableView: table) { [unowned self] table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel.text = item
            self.onCell(item)
            return cell
        }
        source.apply(Self.snapshot(items))
    }

    static func snapshot(_ items: [String]) -> Snapshot<Int, String> {
        var snapshot = Snapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        return snapshot
    }

    /// The rows on screen, trailing spaces trimmed.
    var screen: [String] {
        table.lines(width: 10).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
}

/// A plain data source over one array, for `reloadData` and `performBatchUpdates` from a cell.
@MainActor
private final class PlainRows: TableViewDataSource {
    var rows: [String]
    var onCell: (IndexPath) -> Void = { _ in }
    let table = TableView()

    init(_ rows: [String]) {
        self.rows = rows
        table.dataSource = self
        table.visibleRowCount = 10
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = rows.indices.contains(indexPath.row) ? rows[indexPath.row] : "?"
        onCell(indexPath)
        return cell
    }
}

/// What the table does when it is called back into while it updates: from a cell provider, a
/// completion or a delegate callback, `apply`, `reloadData`, `performBatchUpdates` and the row and
/// section methods wait until the update in progress ends, then run in the order they were made,
/// before the call that started the update returns. The screen is the data's after each.
@MainActor
@Suite struct TableReentrancyTests {
    /// The layout loop kept the old range of lines while the apply emptied the table: it trapped.
    @Test func applyFromACellProvider_ofAnEmptySnapshot_neverTraps() {
        let list = Reentrant(["a", "b", "c"])
        var applied = false
        list.onCell = { [unowned list] item in
            guard item == "b", !applied else { return }
            applied = true
            list.source.apply(Snapshot())   // no sections at all
        }
        list.table.reloadData()   // every visible row is asked for again
        #expect(list.screen == [])
        #expect(applied)
        #expect(list.source.snapshot().itemIdentifiers == [])
        #expect(list.table.numberOfSections == 0)
    }

    /// The apply configured every row, then the outer loop put "x"'s cell over "q"'s: `x x y z`.
    @Test func applyFromACellProvider_showsTheNewSnapshot_eachRowOnce() {
        let list = Reentrant(["x", "y", "z"])
        var applied = false
        list.onCell = { [unowned list] item in
            guard item == "x", !applied else { return }
            applied = true
            list.source.apply(Reentrant.snapshot(["q", "x", "y", "z"]))
        }
        list.table.reloadData()
        #expect(list.screen == ["q", "x", "y", "z"])
        #expect(list.table.lastUpdateError == nil)
        #expect(list.table.lastUpdateDescription == "inserted 0.0")
    }

    /// An apply inside a reconfigure (a cell provider called by the batch itself) waits for the
    /// batch to end.
    @Test func applyFromAProviderCalledByABatch_waitsForTheBatch() {
        let list = Reentrant(["a", "b", "c"])
        _ = list.screen
        var applied = false
        list.onCell = { [unowned list] item in
            guard item == "b", !applied else { return }
            applied = true
            list.source.apply(Reentrant.snapshot(["c", "b"]))
        }
        var snapshot = list.source.snapshot()
        snapshot.reconfigureItems(["a", "b", "c"])
        var completions: [[String]] = []
        list.source.apply(snapshot) { completions.append(list.source.snapshot().itemIdentifiers) }
        // The completion saw its own snapshot; the provider's apply ran after it, before this returned.
        #expect(completions == [["a", "b", "c"]])
        #expect(list.source.snapshot().itemIdentifiers == ["c", "b"])
        #expect(list.screen == ["c", "b"])
    }

    /// Applies from completions run in the order they were made, each after the update that called it.
    @Test func applyFromACompletion_runsAfterTheUpdate_inOrder() {
        let list = Reentrant(["a"])
        _ = list.screen
        var events: [String] = []
        list.source.apply(Reentrant.snapshot(["a", "b"])) {
            events.append("first done")
            list.source.apply(Reentrant.snapshot(["b"])) { events.append("third done") }
            events.append("first asked for third")
        }
        list.source.apply(Reentrant.snapshot(["b", "c"])) { events.append("second done") }
        #expect(events == ["first done", "first asked for third", "third done", "second done"])
        #expect(list.source.snapshot().itemIdentifiers == ["b", "c"])
        #expect(list.screen == ["b", "c"])
    }

    /// A delegate that changes the data when a row is deselected: the tap still selects the row
    /// that was tapped, and the selection follows it through the update.
    @Test func applyFromADelegateCallback_keepsTheTappedRowSelected() {
        @MainActor final class Listener: TableViewDelegate {
            var onDeselect: () -> Void = {}
            var selected: [IndexPath] = []
            func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
            func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { onDeselect() }
        }
        let list = Reentrant(["a", "b", "c", "d"])
        let listener = Listener()
        list.table.delegate = listener
        list.table.tapRow(at: IndexPath(row: 1, section: 0))
        listener.onDeselect = { list.source.apply(Reentrant.snapshot(["b", "c", "d"])) }
        list.table.tapRow(at: IndexPath(row: 3, section: 0))   // "d"
        #expect(listener.selected == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
        #expect(list.table.indexPathForSelectedRow.flatMap { list.source.itemIdentifier(for: $0) } == "d")
        #expect(list.screen == ["b", "c", "▶ d"])
    }

    /// A completion or a delegate callback may draw the table: it is laid out as usual there,
    /// showing the update just applied, with every visible row.
    @Test func aCompletionOrADelegate_drawsTheTableAsItIsNow() {
        @MainActor final class Drawing: TableViewDelegate {
            var drawn: [[String]] = []
            var draw: () -> [String] = { [] }
            func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { drawn.append(draw()) }
        }
        let list = Reentrant(["a", "b"])
        _ = list.screen
        var drawnInCompletion: [String] = []
        list.source.apply(Reentrant.snapshot(["z", "a", "y", "b"])) { drawnInCompletion = list.screen }
        #expect(drawnInCompletion == ["z", "a", "y", "b"])

        let rows = PlainRows(["a", "b"])
        _ = rows.table.renderedText(width: 4)
        var drawnInBatchCompletion = ""
        rows.table.performBatchUpdates({
            rows.rows = ["n", "a", "m", "b"]
            rows.table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)], with: .automatic)
        }, completion: { _ in drawnInBatchCompletion = rows.table.renderedText(width: 4) })
        #expect(drawnInBatchCompletion == "n\na\nm\nb")

        let delegate = Drawing()
        delegate.draw = { list.screen }
        list.table.delegate = delegate
        list.table.tapRow(at: IndexPath(row: 2, section: 0))
        #expect(delegate.drawn == [["z", "a", "▶ y", "b"]])
    }

    /// `performBatchUpdates`, a single-change method and `reloadData` from a plain data source's
    /// `cellForRowAt`, each run once when the table next asks for row 0.
    @Test func reloadAndBatchFromCellForRowAt_showTheData() {
        let rows = PlainRows(["a", "b", "c"])
        var pending: [() -> Void] = []
        rows.onCell = { indexPath in
            guard indexPath.row == 0, !pending.isEmpty else { return }
            pending.removeFirst()()
        }
        #expect(rows.table.renderedText(width: 4) == "a\nb\nc")

        pending = [{
            rows.table.performBatchUpdates({
                rows.rows.insert("n", at: 0)
                rows.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            })
        }]
        rows.table.reloadData()
        #expect(rows.table.renderedText(width: 4) == "n\na\nb\nc")
        #expect(rows.table.lastUpdateDescription == "inserted 0.0")

        // Changed outside a batch, while the table reads: the rows it read meanwhile are read again.
        pending = [{
            rows.rows.removeFirst()
            rows.table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }]
        rows.table.reloadData()
        #expect(rows.table.renderedText(width: 4) == "a\nb\nc")
        #expect(rows.table.lastUpdateDescription == "deleted 0.0")

        pending = [{
            rows.rows.insert("r", at: 0)
            rows.table.reloadData()
        }]
        rows.table.reloadData()
        #expect(rows.table.renderedText(width: 4) == "r\na\nb\nc")
        #expect(rows.table.lastUpdateError == nil)
        #expect(pending.isEmpty)
    }

    /// Updates still waiting when the table and its data source go away keep neither: a provider
    /// that always applies leaves its last apply waiting for a layout that never comes.
    @Test func updatesStillWaiting_keepNeitherTheTableNorItsDataSource() {
        weak var table: TableView?
        weak var source: TableViewDiffableDataSource<Int, String>?
        weak var plainTable: TableView?
        do {
            let list = Reentrant(["0"], visibleRowCount: 3)
            list.onCell = { [unowned list] _ in
                list.source.apply(Reentrant.snapshot(["x\(list.source.snapshot().numberOfItems)"] + list.source.snapshot().itemIdentifiers))
            }
            list.table.reloadData()
            _ = list.screen   // lays out: the provider applies until the table stops
            table = list.table
            source = list.source

            let rows = PlainRows(["a"])
            var batches = 0
            rows.onCell = { [unowned rows] _ in
                batches += 1
                rows.table.performBatchUpdates({ rows.table.reloadData() })
            }
            _ = rows.table.renderedText(width: 4)
            plainTable = rows.table
            #expect(batches > 1)
        }
        #expect(table == nil)
        #expect(source == nil)
        #expect(plainTable == nil)
    }

    /// A provider that applies a new snapshot every time it is called never ends in UIKit; here
    /// the table stops after a bounded number of queued updates, and shows its data source's
    /// snapshot, never another. (The time limit counts the wait for the main actor, which the
    /// oracle holds for a minute or more under ThreadSanitizer.)
    @Test(.timeLimit(.minutes(10))) func aProviderThatAlwaysApplies_endsWithTheScreenEqualToTheSnapshot() {
        let list = Reentrant(["0"], visibleRowCount: 3)
        var next = 1
        list.onCell = { [unowned list] _ in
            next += 1
            list.source.apply(Reentrant.snapshot([String(next)] + list.source.snapshot().itemIdentifiers))
        }
        list.table.reloadData()
        let shown = list.screen
        #expect(shown == Array(list.source.snapshot().itemIdentifiers.prefix(3)))
        // It ran many rounds, and stopped: at most 100 rounds of laying out, three rows each.
        #expect(next > 10 && next < 1_000)
        // What it asked for last runs at the next layout, and the screen is still the data.
        #expect(list.screen == Array(list.source.snapshot().itemIdentifiers.prefix(3)))
    }
}
