import DecoupleTestSupport
import DecoupleTextUI
import Testing

/// A sectioned list whose data the tests edit, then tell the table about, as UIKit code does.
@MainActor
private final class Shelves: TableViewDataSource, TableViewDelegate {
    var sections: [(title: String?, rows: [String])]
    var footer: String?
    var cellRequests = 0
    var events: [String] = []
    let table = TableView()

    init(_ sections: [(title: String?, rows: [String])]) {
        self.sections = sections
        table.dataSource = self
        table.delegate = self
        table.visibleRowCount = 12
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section == sections.count - 1 ? footer : nil
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = sections[indexPath.section].rows[indexPath.row]
        return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { events.append("select \(indexPath.section).\(indexPath.row)") }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { events.append("deselect \(indexPath.section).\(indexPath.row)") }
}

@MainActor
@Suite struct TableSectionsTests {
    @Test func indexPath_hasUIKitsShape() {
        let indexPath = IndexPath(row: 3, section: 1)
        #expect(indexPath.row == 3 && indexPath.section == 1)
        #expect(Array(indexPath) == [1, 3])
        #expect(IndexPath().row == 0 && IndexPath().section == 0)   // malformed: no trap
    }

    @Test func sections_drawHeadersAndFooters_andTheSelectedRow() {
        let shelves = Shelves([("水果", ["苹果", "香蕉"]), ("蔬菜", ["白菜"])])
        shelves.footer = "3 件"
        shelves.table.tapRow(at: IndexPath(row: 1, section: 0))
        assertInlineSnapshot(of: shelves.table.renderedText(width: 16), as: .lines) {
            """
            ── 水果 ────────
            苹果
            ▶ 香蕉
            ── 蔬菜 ────────
            白菜
              3 件
            """
        }
        #expect(shelves.table.numberOfSections == 2)
        #expect(shelves.table.numberOfRows(inSection: 1) == 1)
        for line in shelves.table.lines(width: 16) { #expect(TextWidth.columns(of: line) == 16) }
    }

    @Test func tapping_deselectsThePrevious_andSelectingFromCodeTellsNoOne() {
        let shelves = Shelves([("A", ["a0", "a1"]), ("B", ["b0"])])
        shelves.table.tapRow(at: IndexPath(row: 0, section: 0))
        shelves.table.tapRow(at: IndexPath(row: 0, section: 1))
        shelves.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        shelves.table.tapRow(at: IndexPath(row: 9, section: 9))   // no such row: ignored
        #expect(shelves.events == ["select 0.0", "deselect 0.0", "select 1.0"])
        #expect(shelves.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        shelves.table.deselectRow(at: IndexPath(row: 1, section: 0), animated: false)
        #expect(shelves.table.indexPathForSelectedRow == nil)
    }

    @Test func batchUpdate_movesCellsAndSelection_asksOnlyForNewRows_andSaysWhatItDid() {
        let shelves = Shelves([("A", ["a0", "a1", "a2", "a3"]), ("B", ["b0", "b1"])])
        _ = shelves.table.renderedText(width: 12)
        shelves.table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        let requests = shelves.cellRequests
        let a2 = shelves.table.cellForRow(at: IndexPath(row: 2, section: 0))

        var completed: Bool?
        shelves.table.performBatchUpdates({
            shelves.sections[0].rows.remove(at: 0)                         // a0 out
            let moved = shelves.sections[0].rows.remove(at: 2)            // a3 …
            shelves.sections[1].rows.insert(moved, at: 0)                 // … to the top of B
            shelves.sections[1].rows.insert("b½", at: 1)                  // b½ in
            shelves.table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            shelves.table.insertRows(at: [IndexPath(row: 1, section: 1)], with: .fade)
            shelves.table.moveRow(at: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 1))
        }, completion: { completed = $0 })

        #expect(completed == true)
        #expect(shelves.table.lastUpdateError == nil)
        #expect(shelves.table.lastUpdateDescription == "deleted 0.0, inserted 1.1, moved 0.3 → 1.0")
        assertInlineSnapshot(of: shelves.table.renderedText(width: 12), as: .lines) {
            """
            ── A ───────
            a1
            ▶ a2
            ── B ───────
            a3
            b½
            b0
            b1
            """
        }
        // The selection followed a2 to its new row, in the same cell; only b½ was asked for.
        #expect(shelves.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(shelves.table.cellForRow(at: IndexPath(row: 1, section: 0)) === a2)
        #expect(shelves.cellRequests == requests + 1)
    }

    @Test func sectionsInsertedDeletedAndMoved() {
        let shelves = Shelves([("A", ["a"]), ("B", ["b"]), ("C", ["c"])])
        _ = shelves.table.renderedText(width: 10)
        shelves.table.performBatchUpdates {
            shelves.sections.remove(at: 0)                                    // A out: [B, C]
            shelves.sections.swapAt(0, 1)                                     // [C, B]
            shelves.sections.append(("D", ["d0", "d1"]))                      // [C, B, D]
            shelves.table.deleteSections([0], with: .automatic)
            shelves.table.moveSection(2, toSection: 0)
            shelves.table.insertSections([2], with: .automatic)
        }
        #expect(shelves.table.lastUpdateError == nil)
        #expect(shelves.table.lastUpdateDescription == "deleted section 0, inserted section 2, moved section 2 → 0")
        #expect(shelves.table.renderedText(width: 10) == """
            ── C ─────
            c
            ── B ─────
            b
            ── D ─────
            d0
            d1
            """)
    }

    @Test func anInconsistentUpdate_isReported_andReloaded_neverTrapped() {
        let shelves = Shelves([("A", ["a0", "a1"])])
        _ = shelves.table.renderedText(width: 12)
        var completed: Bool?
        shelves.table.performBatchUpdates({
            shelves.sections[0].rows.append("a2")                       // the data grew by one…
            shelves.table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)   // …the table was told otherwise
        }, completion: { completed = $0 })
        #expect(completed == false)
        #expect(shelves.table.lastUpdateError == "Invalid update: invalid number of rows in section 0. The number of rows in an existing section after the update (3) must be equal to the number before the update (2), plus or minus the number inserted or deleted (0 inserted, 1 deleted) and plus or minus the number moved into or out of it (0 moved in, 0 moved out)")
        // The screen is the data's, not a guess.
        #expect(shelves.table.renderedText(width: 12) == """
            ── A ───────
            a0
            a1
            a2
            """)

        shelves.table.deleteRows(at: [IndexPath(row: 7, section: 0)], with: .automatic)   // no such row
        #expect(shelves.table.lastUpdateError == "Invalid update: attempt to delete row 0.7, which does not exist before the update or whose section is deleted")
        #expect(shelves.table.numberOfRows(inSection: 0) == 3)
    }

    /// A reloaded section is deleted and inserted, as in UIKit: its row count may change (the
    /// expand and collapse pattern), its rows are asked for again, and the other sections' rows
    /// keep their cells and the selection.
    @Test func reloadSections_withAChangedRowCount_isAccepted() {
        let shelves = Shelves([("A", ["a0"]), ("B", ["b0", "b1"])])
        _ = shelves.table.renderedText(width: 10)
        shelves.table.selectRow(at: IndexPath(row: 1, section: 1), animated: false, scrollPosition: .none)
        let b1 = shelves.table.cellForRow(at: IndexPath(row: 1, section: 1))
        var completed: Bool?
        shelves.table.performBatchUpdates({
            shelves.sections[0].rows += ["a1", "a2"]          // expand A
            shelves.table.reloadSections([0], with: .automatic)
        }, completion: { completed = $0 })
        #expect(completed == true)
        #expect(shelves.table.lastUpdateError == nil)
        #expect(shelves.table.lastUpdateDescription == "reloaded section 0")
        #expect(shelves.table.renderedText(width: 10) == """
            ── A ─────
            a0
            a1
            a2
            ── B ─────
            b0
            ▶ b1
            """)
        #expect(shelves.table.indexPathForSelectedRow == IndexPath(row: 1, section: 1))
        #expect(shelves.table.cellForRow(at: IndexPath(row: 1, section: 1)) === b1)

        shelves.sections[0].rows = []                             // collapse A, outside a batch
        shelves.table.reloadSections([0], with: .automatic)
        #expect(shelves.table.lastUpdateError == nil)
        #expect(shelves.table.renderedText(width: 10) == """
            ── A ─────
            ── B ─────
            b0
            ▶ b1
            """)
    }

    @Test func reconfigure_keepsTheCellUnprepared_whileReloadRecyclesIt() {
        final class CountingCell: TableViewCell {
            var prepared = 0
            override func prepareForReuse() {
                super.prepareForReuse()
                prepared += 1
            }
        }
        let shelves = Shelves([(nil, ["a", "b"])])
        shelves.table.register(CountingCell.self, forCellReuseIdentifier: "row")
        _ = shelves.table.renderedText(width: 8)
        let first = shelves.table.cellForRow(at: IndexPath(row: 0, section: 0)) as? CountingCell
        let requests = shelves.cellRequests
        shelves.sections[0].rows = ["A", "B"]
        shelves.table.reconfigureRows(at: [IndexPath(row: 0, section: 0)])
        #expect(shelves.table.lastUpdateDescription == "reconfigured 0.0")
        shelves.table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        #expect(shelves.table.lastUpdateDescription == "reloaded 0.1")
        #expect(shelves.table.renderedText(width: 8) == "A\nB")
        #expect(shelves.cellRequests == requests + 2)
        #expect(shelves.table.cellForRow(at: IndexPath(row: 0, section: 0)) === first)
        #expect(first?.prepared == 0)   // configured in place: nothing cleared, nothing flickers
        let second = shelves.table.cellForRow(at: IndexPath(row: 1, section: 0)) as? CountingCell
        #expect(second?.prepared == 1)  // a reloaded row gets a recycled, prepared cell
    }

    @Test func aMillionRowsInAThousandSections_updatesTouchOnlyVisibleCells() {
        @MainActor final class Big: TableViewDataSource {
            var rows = Array(repeating: 1_000, count: 1_000)
            var cellRequests = 0
            func numberOfSections(in tableView: TableView) -> Int { rows.count }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
            func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "§\(section)" }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                cellRequests += 1
                let cell = tableView.dequeueReusableCell(withIdentifier: "r", for: indexPath)
                cell.textLabel.text = "\(indexPath.section).\(indexPath.row)"
                return cell
            }
        }
        let source = Big()
        let table = TableView()
        table.dataSource = source
        table.visibleRowCount = 6
        table.scrollToRow(at: IndexPath(row: 998, section: 499), at: .top, animated: false)
        #expect(table.renderedText(width: 10) == "499.998\n499.999\n── §500 ──\n500.0\n500.1\n500.2")
        let requests = source.cellRequests

        source.rows[500] += 2
        table.insertRows(at: [IndexPath(row: 0, section: 500), IndexPath(row: 500, section: 500)], with: .automatic)
        #expect(table.lastUpdateError == nil)
        // One new visible row to ask for; the others kept their cells.
        #expect(source.cellRequests == requests + 1)
        #expect(table.liveCellCount <= 12)
        #expect(table.numberOfRows(inSection: 500) == 1_002)
    }

    @Test func hugeAndNegativeNumbers_neverTrap() {
        @MainActor final class Absurd: TableViewDataSource {
            func numberOfSections(in tableView: TableView) -> Int { 3 }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { [Int.max, -5, Int.max][section] }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "r", for: indexPath)
                cell.textLabel.text = "\(indexPath.row)"
                return cell
            }
        }
        let source = Absurd()
        let table = TableView()
        table.dataSource = source
        table.visibleRowCount = 3
        table.scroll(by: .max)
        table.scroll(by: .min)
        table.scroll(by: .max)
        _ = table.renderedText(width: 5)
        table.visibleRowCount = -1
        #expect(table.renderedText(width: -3) == "")
        table.tapRow(at: IndexPath(row: .max, section: .min))
        table.insertRows(at: [IndexPath(row: .max, section: 1)], with: .automatic)
        #expect(table.lastUpdateError != nil)
    }
}
