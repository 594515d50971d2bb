import DecoupleTextUI
import InlineSnapshotTesting
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

    func numberOfRows(in tableView: TableView) -> Int { models.count }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "shop", for: row)
        cell.textLabel.text = models[row].name
        cell.detailTextLabel.text = models[row].price
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt row: Int) {
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

    func numberOfRows(in tableView: TableView) -> Int { contacts.count }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: row)
        cell.textLabel.text = contacts[row].name
        if !marksCellsInstead {
            cell.accessory = contacts[row].isSelected ? .checkmark : .none
        }
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt row: Int) {
        if marksCellsInstead {
            let cell = tableView.cellForRow(at: row)
            cell?.accessory = cell?.accessory == .checkmark ? .none : .checkmark
        } else {
            contacts[row].isSelected.toggle()
            tableView.reloadRows(at: [row])
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
    func numberOfRows(in tableView: TableView) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "sparse", for: row)
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

        controller.tableView.scrollToRow(100)   // clamped to the last page
        assertInlineSnapshot(of: controller.tableView.renderedText(width: 20), as: .lines) {
            """
            商品-15       ¥19.15
            商品-16       ¥19.16
            商品-17       ¥19.17
            商品-18       ¥19.18
            商品-19       ¥19.19
            """
        }
        #expect(controller.tableView.visibleRows == 15..<20)

        controller.tableView.selectRow(at: 17)
        controller.tableView.selectRow(at: 99)  // out of range: ignored
        #expect(controller.selected == [17])
        #expect(controller.tableView.selectedRow == 17)
    }

    @Test func reloadData_asksForVisibleRowsOnly_andReloadRowsOnlyThatRow() {
        let controller = ShopListController()
        controller.loadModels()
        _ = controller.tableView.renderedText(width: 20)
        #expect(controller.cellRequests == 5)

        controller.models[1].price = "¥0.99"
        controller.tableView.reloadRows(at: [1, 15])   // 15 is off screen: nothing to do
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
            for (offset, line) in zip(table.visibleRows, lines) {
                let expected = "row \(offset)"
                let hasDetail = line.contains("÷3")
                if !line.hasPrefix(expected + " ") || hasDetail != offset.isMultiple(of: 3) { stale.append(line) }
            }
            #expect(table.liveCellCount <= 16)
        }
        #expect(stale.count == 0, "rows showing another row's content, first ones: \(stale.prefix(3))")
        #expect(table.createdCellCount <= 16)

        table.scrollToRow(999_999)
        #expect(table.visibleRows == 999_992..<1_000_000)
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
        table.selectRow(at: 1)
        table.selectRow(at: 2)
        table.selectRow(at: 2)   // toggled off again
        table.selectRow(at: 3)
        assertInlineSnapshot(of: table.renderedText(width: 16), as: .lines) {
            """
            联系人-0
            联系人-1       ✓
            联系人-2
            联系人-3       ✓
            """
        }

        table.scrollToRow(8)     // every cell is reused for other rows
        assertInlineSnapshot(of: table.renderedText(width: 16), as: .lines) {
            """
            联系人-8
            联系人-9
            联系人-10
            联系人-11
            """
        }

        table.scrollToRow(0)
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
        table.selectRow(at: 1)
        #expect(table.lines(width: 16)[1].contains("✓"))

        table.scrollToRow(4)     // the marked cell is reused for another row…
        table.scrollToRow(0)     // …and row 1 comes back in a recycled cell
        // The mark lived in a cell, so it is gone: this is why the selection belongs in the model.
        #expect(!table.renderedText(width: 16).contains("✓"))
    }
}
