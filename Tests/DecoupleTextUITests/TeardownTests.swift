import DecoupleTextUI
import Testing

/// After a screen is torn down, nothing it made is left: checked with weak references.
@MainActor
@Suite struct TeardownTests {
    final class Rows: ViewController, TableViewDataSource, TableViewDelegate {
        let table = TableView()
        let values = (0..<100).map { ObservableProperty($0) }
        override func viewDidLoad() {
            table.dataSource = self
            table.delegate = self
            table.visibleRowCount = 4
            view.addSubview(table)
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { values.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let row = indexPath.row
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.bind(\.text, to: values[row], in: cell.rowBindings) { "row \($0)" }
            return cell
        }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
            let row = indexPath.row
            let alert = AlertController(title: "row \(row)", message: nil)
            alert.addAction(AlertAction(title: "OK"))
            present(alert)
        }
    }

    @Test func aNavigationStackWithATableAndAnAlert_leavesNothingBehind() {
        var rows: Rows? = Rows()
        var window: Window? = Window(rootViewController: NavigationController(rootViewController: rows!), width: 20, height: 8)
        weak let weakRows = rows
        weak let weakNavigation = window?.rootViewController
        weak let weakTable = rows?.table
        weak let weakCell = rows?.table.cellForRow(at: IndexPath(row: 0, section: 0))
        let values = rows!.values

        rows!.table.scroll(by: 50)
        rows!.table.tapRow(at: IndexPath(row: 52, section: 0))
        weak let weakAlert = window?.rootViewController?.presentedViewController
        #expect(weakAlert != nil)
        _ = window?.renderedText()
        window?.button(titled: "OK")?.tap()
        #expect(weakAlert == nil)

        weak var weakPushed: Rows?
        do {
            let pushed = Rows()
            weakPushed = pushed
            rows!.navigationController?.pushViewController(pushed)
            #expect(rows!.navigationController?.topViewController === pushed)
            rows!.navigationController?.popViewController()
        }
        #expect(weakPushed == nil)   // popped, the screen is let go while its navigation lives on

        rows = nil
        window = nil
        #expect(weakRows == nil)
        #expect(weakNavigation == nil)
        #expect(weakTable == nil)
        #expect(weakCell == nil)
        // The cells' bindings ended with the cells: no observable has an observer left.
        #expect(values.allSatisfy { $0.observerCount == 0 })
    }

    @Test func reusedCellsKeepOnlyTheirCurrentRowsBindings() {
        let rows = Rows()
        _ = Window(rootViewController: rows, width: 20, height: 8)
        _ = rows.table.renderedText(width: 20)
        for _ in 0..<10 {
            rows.table.scroll(by: 9)
            _ = rows.table.renderedText(width: 20)
        }
        let observed = rows.values.indices.filter { rows.values[$0].observerCount > 0 }
        #expect(observed == rows.table.indexPathsForVisibleRows.map(\.row))
        // An update to a row that scrolled away reaches no cell.
        rows.values[0].value = 1000
        #expect(!rows.table.renderedText(width: 20).contains("1000"))
    }
}
