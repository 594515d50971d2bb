import DecoupleTextUI
import Testing

/// One section of rows the tests edit, then tell the table about, as UIKit code does.
@MainActor
private final class Rows: TableViewDataSource {
    var rows = (0..<6).map { "r\($0)" }
    let table = TableView()

    init() {
        table.dataSource = self
        table.visibleRowCount = 12
        _ = table.renderedText(width: 8)   // laid out once: there is a "before" to check against
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = rows[indexPath.row]
        return cell
    }

    /// Runs a batch, returning what its completion was called with.
    func batch(_ updates: @escaping (Rows) -> Void) -> Bool? {
        var completed: Bool?
        table.performBatchUpdates({ updates(self) }, completion: { completed = $0 })
        return completed
    }
}

@MainActor
@Suite struct TableBatchCheckTests {
    private static func path(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    /// A row used twice in one batch is refused as UIKit refuses it, whatever
    /// `IndexSet.insert(_:).inserted` says on this platform: the completion gets `false`, the
    /// error says why, and the screen is the data's.
    @Test(arguments: [
        ("a row moved twice", "attempt to move row 0.0, which is also deleted or moved"),
        ("a row deleted and moved", "attempt to move row 0.0, which is also deleted or moved"),
        ("a row inserted twice", "attempt to insert row 0.0 twice"),
        ("a row deleted twice", "attempt to delete row 0.0 twice"),
        ("two rows moved to one place", "attempt to move a row to 0.1, where another row is also inserted or moved"),
    ])
    func aRowUsedTwiceInABatch_isRefused_neverDrawnWrong(case name: String, error: String) {
        let rows = Rows()
        let completed = rows.batch { rows in
            let table = rows.table
            switch name {
            case "a row moved twice":
                rows.rows.swapAt(0, 1)
                table.moveRow(at: Self.path(0), to: Self.path(1))
                table.moveRow(at: Self.path(0), to: Self.path(2))
            case "a row deleted and moved":
                rows.rows.remove(at: 0)
                table.deleteRows(at: [Self.path(0)], with: .automatic)
                table.moveRow(at: Self.path(0), to: Self.path(0))
            case "a row inserted twice":
                rows.rows.insert(contentsOf: ["n0", "n1"], at: 0)
                table.insertRows(at: [Self.path(0), Self.path(0)], with: .automatic)
            case "a row deleted twice":
                rows.rows.removeFirst(2)
                table.deleteRows(at: [Self.path(0), Self.path(0)], with: .automatic)
            default:
                rows.rows.swapAt(0, 1)
                table.moveRow(at: Self.path(0), to: Self.path(1))
                table.moveRow(at: Self.path(2), to: Self.path(1))
            }
        }
        #expect(completed == false, "\(name)")
        #expect(rows.table.lastUpdateError == "Invalid update: " + error, "\(name)")
        #expect(rows.table.renderedText(width: 8) == rows.rows.joined(separator: "\n"), "\(name)")
    }

    @Test func aNestedBatch_joinsTheOuterOne_andBothCompletionsAreCalled() {
        let rows = Rows()
        var events: [String] = []
        rows.table.performBatchUpdates({
            rows.rows.remove(at: 0)
            rows.table.deleteRows(at: [Self.path(0)], with: .automatic)
            rows.table.performBatchUpdates({
                rows.rows.append("r6")
                rows.table.insertRows(at: [Self.path(5)], with: .automatic)
                rows.table.performBatchUpdates(nil, completion: { events.append("innermost \($0)") })
            }, completion: { events.append("inner \($0)") })
            rows.table.performBatchUpdates(nil, completion: { events.append("second inner \($0)") })
        }, completion: { events.append("outer \($0)") })
        // One update, checked as a whole; the outer completion first, then the nested ones in
        // the order their batches were opened.
        #expect(rows.table.lastUpdateDescription == "deleted 0.0, inserted 0.5")
        #expect(events == ["outer true", "inner true", "innermost true", "second inner true"])
        #expect(rows.table.renderedText(width: 8) == "r1\nr2\nr3\nr4\nr5\nr6")

        // A refused batch: every completion hears `false`, and none is called twice.
        events = []
        rows.table.performBatchUpdates({
            rows.table.performBatchUpdates({
                rows.rows.append("r7")   // the table is told nothing
            }, completion: { events.append("inner \($0)") })
        }, completion: { events.append("outer \($0)") })
        #expect(rows.table.lastUpdateError != nil)
        #expect(events == ["outer false", "inner false"])

        // A completion may open a batch of its own.
        events = []
        rows.table.performBatchUpdates(nil, completion: { _ in
            rows.table.performBatchUpdates(nil, completion: { events.append("from completion \($0)") })
        })
        #expect(events == ["from completion true"])
    }
}
