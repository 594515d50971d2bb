import DecoupleTestSupport
import DecoupleTextUI
import Testing

// MARK: - Fixtures

/// Seed 000's shop model.
private struct MYShopModel {
    var name: String
    var price: String
}

/// Seed 000's MVC controller: owns the models, is the table's data source and delegate.
@MainActor
private final class ShopListController: TableViewDataSource, TableViewDelegate {
    let tableView = TableView()
    var models: [MYShopModel] = []
    var selected: [Int] = []
    var cellRequests = 0

    init() {
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "shop")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.visibleRowCount = 5
    }

    func loadModels() {
        models = (0..<20).map { MYShopModel(name: "商品-\($0)", price: "¥19.\($0)") }
        tableView.reloadData()
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { models.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = indexPath.row
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "shop", for: indexPath)
        cell.textLabel.text = models[row].name
        cell.detailTextLabel.text = models[row].price
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        let row = indexPath.row
        selected.append(row)
    }
}

/// Seed 001's contact, with its selection mark kept in the model.
private final class Contact {
    let name: String
    var isSelected = false
    init(name: String) { self.name = name }
}

@MainActor
private final class ContactsController: TableViewDataSource, TableViewDelegate {
    let tableView = TableView()
    let contacts = (0..<30).map { Contact(name: "联系人-\($0)") }
    /// The seed's pitfall: mark the cell instead of the model.
    let marksCellsInstead: Bool

    init(marksCellsInstead: Bool = false) {
        self.marksCellsInstead = marksCellsInstead
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "contact")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.visibleRowCount = 4
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { contacts.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = indexPath.row
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        cell.textLabel.text = contacts[row].name
        if !marksCellsInstead {
            cell.accessory = contacts[row].isSelected ? .checkmark : .none
        }
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        let row = indexPath.row
        if marksCellsInstead {
            let cell = tableView.cellForRow(at: indexPath)
            cell?.accessory = cell?.accessory == .checkmark ? .none : .checkmark
        } else {
            tableView.deselectRow(at: indexPath, animated: true)
            contacts[row].isSelected.toggle()
            tableView.reloadRows(at: [indexPath], with: .automatic)
        }
    }
}

/// A cell that only writes its detail when the row has one, so stale text would survive if
/// `prepareForReuse` did not clear it.
private final class SparseCell: TableViewCell {
    private(set) var reuseCount = 0
    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
    }
}

@MainActor
private final class HugeList: TableViewDataSource {
    let count: Int
    var cellRequests = 0
    init(count: Int) { self.count = count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = indexPath.row
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "sparse", for: indexPath)
        cell.textLabel.text = "row \(row)"
        if row.isMultiple(of: 3) { cell.detailTextLabel.text = "÷3" }
        return cell
    }
}

// MARK: - Tests

@MainActor
@Suite struct TableViewTests {
    @Test func mvcShopList_showsTwentyModelsAndReportsSelection() {
        let controller = ShopListController()
        controller.loadModels()
        assertInlineSnapshot(of: controller.tableView.renderedText(width: 20), as: .lines) {
            """
            商品-0         ¥19.0
            商品-1         ¥19.1
            商品-2         ¥19.2
            商品-3         ¥19.3
            商品-4         ¥19.4
            """
        }

        controller.tableView.scrollToRow(at: IndexPath(row: 19, section: 0), at: .top, animated: false)   // clamped to the last page
        controller.tableView.scrollToRow(at: IndexPath(row: 100, section: 0), at: .top, animated: false)   // no such row: ignored
        assertInlineSnapshot(of: controller.tableView.renderedText(width: 20), as: .lines) {
            """
            商品-15       ¥19.15
            商品-16       ¥19.16
            商品-17       ¥19.17
            商品-18       ¥19.18
            商品-19       ¥19.19
            """
        }
        #expect(controller.tableView.indexPathsForVisibleRows.map(\.row) == Array(15..<20))

        controller.tableView.tapRow(at: IndexPath(row: 17, section: 0))
        controller.tableView.tapRow(at: IndexPath(row: 99, section: 0))  // out of range: ignored
        #expect(controller.selected == [17])
        #expect(controller.tableView.indexPathForSelectedRow == IndexPath(row: 17, section: 0))
    }

    @Test func reloadData_asksForVisibleRowsOnly_andReloadRowsOnlyThatRow() {
        let controller = ShopListController()
        controller.loadModels()
        _ = controller.tableView.renderedText(width: 20)
        #expect(controller.cellRequests == 5)

        controller.models[1].price = "¥0.99"
        controller.tableView.reloadRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 15, section: 0)], with: .automatic)   // 15 is off screen: nothing to do
        #expect(controller.tableView.renderedText(width: 20).split(separator: "\n")[1] == "商品-1         ¥0.99")
        #expect(controller.cellRequests == 6)

        controller.models.removeLast(17)
        controller.tableView.reloadData()
        #expect(controller.tableView.renderedText(width: 20).split(separator: "\n").count == 3)
    }

    @Test func millionRows_renderTheVisibleWindow_withBoundedLiveCells() {
        let source = HugeList(count: 1_000_000)
        let table = TableView()
        table.register(SparseCell.self, forCellReuseIdentifier: "sparse")
        table.dataSource = source
        table.visibleRowCount = 8
        _ = table.renderedText(width: 20)

        var stale: [String] = []
        for step in 0..<300 {
            table.scroll(by: step.isMultiple(of: 7) ? -3 : 5)
            let lines = table.lines(width: 20)
            #expect(lines.count == 8)
            for (offset, line) in zip(table.indexPathsForVisibleRows.map(\.row), lines) {
                let expected = "row \(offset)"
                let hasDetail = line.contains("÷3")
                if !line.hasPrefix(expected + " ") || hasDetail != offset.isMultiple(of: 3) { stale.append(line) }
            }
            #expect(table.liveCellCount <= 16)
        }
        #expect(stale.count == 0, "rows showing another row's content, first ones: \(stale.prefix(3))")
        #expect(table.createdCellCount <= 16)

        table.scrollToRow(at: IndexPath(row: 999_999, section: 0), at: .top, animated: false)
        #expect(table.indexPathsForVisibleRows.map(\.row) == Array(999_992..<1_000_000))
        assertInlineSnapshot(of: table.renderedText(width: 20), as: .lines) {
            """
            row 999992
            row 999993        ÷3
            row 999994
            row 999995
            row 999996        ÷3
            row 999997
            row 999998
            row 999999        ÷3
            """
        }
        #expect(table.liveCellCount <= 16)
    }

    @Test func contacts_selectionInTheModel_survivesReuse() {
        let controller = ContactsController()
        let table = controller.tableView
        table.tapRow(at: IndexPath(row: 1, section: 0))
        table.tapRow(at: IndexPath(row: 2, section: 0))
        table.tapRow(at: IndexPath(row: 2, section: 0))   // toggled off again
        table.tapRow(at: IndexPath(row: 3, section: 0))
        assertInlineSnapshot(of: table.renderedText(width: 16), as: .lines) {
            """
            联系人-0
            联系人-1       ✓
            联系人-2
            联系人-3       ✓
            """
        }

        table.scrollToRow(at: IndexPath(row: 8, section: 0), at: .top, animated: false)     // every cell is reused for other rows
        assertInlineSnapshot(of: table.renderedText(width: 16), as: .lines) {
            """
            联系人-8
            联系人-9
            联系人-10
            联系人-11
            """
        }

        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
        #expect(table.renderedText(width: 16) == """
            联系人-0
            联系人-1       ✓
            联系人-2
            联系人-3       ✓
            """)
    }

    @Test func contacts_theSeedsPitfall_losesTheMarkAfterReuse() {
        let controller = ContactsController(marksCellsInstead: true)
        let table = controller.tableView
        table.tapRow(at: IndexPath(row: 1, section: 0))
        #expect(table.lines(width: 16)[1].contains("✓"))

        table.scrollToRow(at: IndexPath(row: 4, section: 0), at: .top, animated: false)     // the marked cell is reused for another row…
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)     // …and row 1 comes back in a recycled cell
        // The mark lived in a cell, so it is gone: this is why the selection belongs in the model.
        #expect(!table.renderedText(width: 16).contains("✓"))
    }

    @Test func plainCellRows_drawExactlyAsTheGeneralPath() {
        // A plain cell's row is built in one buffer; a subclass's goes through `render(width:)`
        // and `lines(width:)`. For any text, accessory, selection and width they draw the same.
        let rows: [(String, String, TableViewCell.Accessory)] = [
            ("Row 1", "detail", .none), ("商品名称很长的商品", "¥19.0", .checkmark),
            ("tab\there\r\n", "a\u{1B}b", .disclosureIndicator), ("", "only detail", .none),
            ("e\u{301}👍🏽", "", .checkmark), ("a very long title that never fits", "and a long detail too", .none),
        ]
        func table(_ cellClass: TableViewCell.Type) -> (TableView, RowList) {
            let list = RowList(rows)
            let table = TableView()
            table.register(cellClass, forCellReuseIdentifier: "row")
            table.visibleRowCount = rows.count
            table.dataSource = list
            return (table, list)
        }
        let (plain, plainRows) = table(TableViewCell.self)
        let (subclassed, subclassedRows) = table(Subclassed.self)
        for width in [-3, 0, 1, 2, 3, 4, 5, 8, 13, 21, 40] {
            #expect(plain.render(width: width) == subclassed.render(width: width), "width \(width)")
        }
        plain.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        subclassed.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        #expect(plain.render(width: 30) == subclassed.render(width: 30))
        #expect(plain.render(width: 30).allSatisfy { TextWidth.columns(of: $0) == 30 })
        assertInlineSnapshot(of: plain.renderedText(width: 24), as: .lines) {
            """
            Row 1             detail
            ▶ 商品名称很长…  ¥19.0 ✓
            tab here␤          a␛b ›
                         only detail
            é👍🏽                    ✓
            a very lon… and a long …
            """
        }
        _ = (plainRows, subclassedRows)
    }
}

/// A cell class that draws as its superclass does, but through `render(width:)`.
private final class Subclassed: TableViewCell {}

@MainActor
private final class RowList: TableViewDataSource {
    let rows: [(String, String, TableViewCell.Accessory)]
    init(_ rows: [(String, String, TableViewCell.Accessory)]) { self.rows = rows }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        (cell.textLabel.text, cell.detailTextLabel.text, cell.accessory) = rows[indexPath.row]
        return cell
    }
}
