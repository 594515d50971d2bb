import DecoupleTextUI
import Testing

/// Three titled sections the tests edit, then tell the table about.
@MainActor
private final class Sections: TableViewDataSource {
    var sections: [(title: String, rows: [String])] = [("A", ["a0", "a1", "a2"]), ("B", ["b0", "b1"]), ("C", ["c0"])]
    let table = TableView()

    init() {
        table.dataSource = self
        table.visibleRowCount = 20
        _ = table.renderedText(width: 8)   // laid out once: there is a "before" to check against
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = sections[indexPath.section].rows[indexPath.row]
        return cell
    }

    /// What the screen must show: the data, whatever the table was told.
    var data: String {
        sections.map { section in
            (["── \(section.title) ───"] + section.rows).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// Every row of the table in the DocC article "Batch updates, checked as UIKit checks them":
/// each batch below is accepted or refused as the article says, and either way the screen is the
/// data's afterwards.
@MainActor
@Suite struct TableBatchRulesTests {
    private static func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

    // Each case: a name, and the error (after "Invalid update: "), or nil when accepted.
    @Test(arguments: [
        ("delete a section that is not there", "attempt to delete section 5, but there are only 3 sections before the update"),
        ("reload a section that is not there", "attempt to reload section 3, but there are only 3 sections before the update"),
        ("insert a section past the end", "attempt to insert section 7, but there are only 4 sections after the update"),
        ("move a section that is not there", "attempt to move section 3 to 0, which does not exist on one side of the update"),
        ("delete and move a section", "attempt to move section 0, which is also deleted or moved"),
        ("move two sections to one", "attempt to move a section to 0, where another section is also inserted or moved"),
        ("delete and reload a section", "attempt to delete and reload the same section (0)"),
        ("move and reload a section", "attempt to move and reload the same section (0)"),
        ("miscount the sections", "invalid number of sections. The number of sections after the update (4) must be equal to the number before the update (3), plus or minus the number inserted or deleted (0 inserted, 0 deleted)"),
        ("reload a section whose row count changed", nil),
        ("delete a row of a reloaded section", "attempt to delete row 0.1 of section 0, which is reloaded"),
        ("insert a row into a reloaded section", "attempt to insert row 0.0 into section 0, which is reloaded"),
        ("move a row out of a reloaded section", "attempt to move row 0.0 to 1.0, out of or into a reloaded section"),
        ("delete a row that is not there", "attempt to delete row 2.1, which does not exist before the update or whose section is deleted"),
        ("delete a row of a deleted section", "attempt to delete row 2.0, which does not exist before the update or whose section is deleted"),
        ("insert a row past the end", "attempt to insert row 2.2, which does not exist after the update or whose section is inserted"),
        ("insert a row into an inserted section", "attempt to insert row 3.0, which does not exist after the update or whose section is inserted"),
        ("move a row into an inserted section", "attempt to move row 0.0 out of a deleted section or into an inserted one"),
        ("move a row out of a deleted section", "attempt to move row 2.0 out of a deleted section or into an inserted one"),
        ("reload a row that is not there", "attempt to reload row 1.5, which does not exist before the update"),
        ("delete and reload a row", "attempt to delete and reload the same row (0.1)"),
        ("move and reload a row", "attempt to move and reload the same row (0.0)"),
        ("reload a row of a deleted section", "attempt to reload row 2.0, whose section is deleted or reloaded"),
        ("reload a row twice", nil),
        ("reload a row of a section that moves", nil),
        ("reconfigure a row that is not there", "attempt to reconfigure row 0.9, which does not exist before the update"),
        ("reconfigure a row that moves", nil),
        ("reconfigure a row that is deleted", nil),
        ("miscount a section's rows", "invalid number of rows in section 1. The number of rows in an existing section after the update (3) must be equal to the number before the update (2), plus or minus the number inserted or deleted (0 inserted, 0 deleted) and plus or minus the number moved into or out of it (0 moved in, 0 moved out)"),
    ] as [(String, String?)])
    func eachRule_acceptsOrRefusesAsDocumented_andTheScreenIsTheData(rule name: String, error: String?) {
        let model = Sections()
        let table = model.table
        var completed: Bool?
        table.performBatchUpdates({
            switch name {
            case "delete a section that is not there":
                table.deleteSections([5], with: .automatic)
            case "reload a section that is not there":
                table.reloadSections([3], with: .automatic)
            case "insert a section past the end":
                model.sections.append(("D", []))
                table.insertSections([7], with: .automatic)
            case "move a section that is not there":
                table.moveSection(3, toSection: 0)
            case "delete and move a section":
                model.sections.remove(at: 0)
                table.deleteSections([0], with: .automatic)
                table.moveSection(0, toSection: 1)
            case "move two sections to one":
                model.sections.swapAt(0, 1)
                table.moveSection(1, toSection: 0)
                table.moveSection(2, toSection: 0)
            case "delete and reload a section":
                model.sections.remove(at: 0)
                table.deleteSections([0], with: .automatic)
                table.reloadSections([0], with: .automatic)
            case "move and reload a section":
                model.sections.swapAt(0, 1)
                table.moveSection(0, toSection: 1)
                table.reloadSections([0], with: .automatic)
            case "miscount the sections":
                model.sections.append(("D", ["d0"]))
            case "reload a section whose row count changed":
                model.sections[0].rows = ["x"]               // collapse A
                model.sections[2].rows += ["c1", "c2"]      // expand C
                model.sections[1].rows.remove(at: 0)        // and a row deleted elsewhere
                table.reloadSections([0, 2], with: .automatic)
                table.deleteRows(at: [Self.path(1, 0)], with: .automatic)
            case "delete a row of a reloaded section":
                model.sections[0].rows.remove(at: 1)
                table.reloadSections([0], with: .automatic)
                table.deleteRows(at: [Self.path(0, 1)], with: .automatic)
            case "insert a row into a reloaded section":
                model.sections[0].rows.insert("n", at: 0)
                table.reloadSections([0], with: .automatic)
                table.insertRows(at: [Self.path(0, 0)], with: .automatic)
            case "move a row out of a reloaded section":
                let a0 = model.sections[0].rows.removeFirst()
                model.sections[1].rows.insert(a0, at: 0)
                table.reloadSections([0], with: .automatic)
                table.moveRow(at: Self.path(0, 0), to: Self.path(1, 0))
            case "delete a row that is not there":
                table.deleteRows(at: [Self.path(2, 1)], with: .automatic)
            case "delete a row of a deleted section":
                model.sections.remove(at: 2)
                table.deleteSections([2], with: .automatic)
                table.deleteRows(at: [Self.path(2, 0)], with: .automatic)
            case "insert a row past the end":
                model.sections[2].rows.append("c1")
                table.insertRows(at: [Self.path(2, 2)], with: .automatic)
            case "insert a row into an inserted section":
                model.sections.append(("D", ["d0"]))
                table.insertSections([3], with: .automatic)
                table.insertRows(at: [Self.path(3, 0)], with: .automatic)
            case "move a row into an inserted section":
                let a0 = model.sections[0].rows.removeFirst()
                model.sections.append(("D", [a0]))
                table.insertSections([3], with: .automatic)
                table.moveRow(at: Self.path(0, 0), to: Self.path(3, 0))
            case "move a row out of a deleted section":
                let c = model.sections.removeLast()
                model.sections[0].rows.append(c.rows[0])
                table.deleteSections([2], with: .automatic)
                table.moveRow(at: Self.path(2, 0), to: Self.path(0, 3))
            case "reload a row that is not there":
                table.reloadRows(at: [Self.path(1, 5)], with: .automatic)
            case "delete and reload a row":
                model.sections[0].rows.remove(at: 1)
                table.deleteRows(at: [Self.path(0, 1)], with: .automatic)
                table.reloadRows(at: [Self.path(0, 1)], with: .automatic)
            case "move and reload a row":
                model.sections[0].rows.swapAt(0, 1)
                table.moveRow(at: Self.path(0, 0), to: Self.path(0, 1))
                table.reloadRows(at: [Self.path(0, 0)], with: .automatic)
            case "reload a row of a deleted section":
                model.sections.remove(at: 2)
                table.deleteSections([2], with: .automatic)
                table.reloadRows(at: [Self.path(2, 0)], with: .automatic)
            case "reload a row twice":
                model.sections[1].rows[1] = "B1"
                table.reloadRows(at: [Self.path(1, 1), Self.path(1, 1)], with: .automatic)
            case "reload a row of a section that moves":
                model.sections.swapAt(0, 1)
                model.sections[0].rows[0] = "B0"
                table.moveSection(1, toSection: 0)
                table.reloadRows(at: [Self.path(1, 0)], with: .automatic)
            case "reconfigure a row that is not there":
                table.reconfigureRows(at: [Self.path(0, 9)])
            case "reconfigure a row that moves":
                model.sections[0].rows.swapAt(0, 2)
                model.sections[0].rows[2] = "A0"
                table.moveRow(at: Self.path(0, 0), to: Self.path(0, 2))
                table.moveRow(at: Self.path(0, 2), to: Self.path(0, 0))
                table.reconfigureRows(at: [Self.path(0, 0)])
            case "reconfigure a row that is deleted":
                model.sections[0].rows.remove(at: 0)
                table.deleteRows(at: [Self.path(0, 0)], with: .automatic)
                table.reconfigureRows(at: [Self.path(0, 0)])
            default:   // "miscount a section's rows"
                model.sections[1].rows.append("b2")
            }
        }, completion: { completed = $0 })
        #expect(completed == (error == nil), "\(name)")
        #expect(table.lastUpdateError == error.map { "Invalid update: " + $0 }, "\(name)")
        #expect(table.renderedText(width: 8) == model.data, "\(name)")
    }

    /// A reloaded section's rows are new rows: the selection in it is cleared, elsewhere it
    /// follows its row; visible cells outside it are kept.
    @Test func aReloadedSection_clearsItsSelection_andKeepsTheOthersCells() {
        let model = Sections()
        let table = model.table
        table.selectRow(at: Self.path(0, 1), animated: false, scrollPosition: .none)
        let c0 = table.cellForRow(at: Self.path(2, 0))
        table.performBatchUpdates {
            model.sections[0].rows = ["x", "y"]
            table.reloadSections([0], with: .automatic)
        }
        #expect(table.lastUpdateDescription == "reloaded section 0")
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.cellForRow(at: Self.path(2, 0)) === c0)
        table.selectRow(at: Self.path(2, 0), animated: false, scrollPosition: .none)
        table.performBatchUpdates {
            model.sections[0].rows.append("z")
            table.reloadSections([0], with: .automatic)
        }
        #expect(table.indexPathForSelectedRow == Self.path(2, 0))
        #expect(table.renderedText(width: 8) == model.data.replacingOccurrences(of: "\nc0", with: "\n▶ c0"))
    }
}
