import Decouple
import DecoupleTextUI
import Observation
import Testing

@Observable
@MainActor
private final class RowModel {
    var name: String
    init(name: String) { self.name = name }
}

/// A data source whose cells follow their `@Observable` models with `trackChanges`.
@MainActor
private final class TrackingRows: TableViewDataSource {
    let table = TableView()
    var models: [RowModel]
    /// The tokens `trackChanges` returned, by row, for the rows configured last.
    var tokens: [Int: CancellationToken] = [:]

    init(count: Int) {
        models = (0..<count).map { RowModel(name: "row\($0)") }
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.visibleRowCount = 3
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { models.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let model = models[indexPath.row]
        tokens[indexPath.row] = cell.trackChanges { [unowned cell] in cell.textLabel.text = model.name }
        return cell
    }
}

@MainActor
struct TrackChangesReuseTests {
    @Test func recycledCell_neverShowsAnotherRowsTrackedUpdates() {
        let rows = TrackingRows(count: 20)
        #expect(rows.table.renderedText(width: 10) == "row0\nrow1\nrow2")
        rows.table.scroll(by: 3)
        #expect(rows.table.renderedText(width: 10) == "row3\nrow4\nrow5")
        #expect(rows.table.createdCellCount == 3)

        // Row 0 is off screen: its cell now shows row 3 and must not hear row 0's model.
        rows.models[0].name = "STALE!"
        #expect(!rows.table.needsUpdate)
        #expect(rows.table.renderedText(width: 10) == "row3\nrow4\nrow5")
        #expect(rows.tokens[0]?.isCancelled == true)

        // The rows on screen still follow their own models.
        rows.models[4].name = "four"
        #expect(rows.table.needsUpdate)
        #expect(rows.table.renderedText(width: 10) == "row3\nfour\nrow5")
        #expect(rows.tokens[4]?.isCancelled == false)
    }

    @Test func reusedCells_letGoOfTheModelsOfRowsTheyLeft() {
        let rows = TrackingRows(count: 20)
        _ = rows.table.renderedText(width: 10)
        weak let first = rows.models[0]
        rows.models[0] = RowModel(name: "replacement")
        #expect(first != nil)  // still tracked by the cell showing row 0
        for _ in 0..<6 {
            rows.table.scroll(by: 3)
            _ = rows.table.renderedText(width: 10)
        }
        #expect(first == nil)
        #expect(rows.table.liveCellCount <= 6)
    }

    @Test func reconfiguringARow_replacesWhatItsLastConfigurationTracked() {
        let rows = TrackingRows(count: 5)
        _ = rows.table.renderedText(width: 10)
        let old = rows.models[1]
        rows.models[1] = RowModel(name: "new")
        rows.table.reconfigureRows(at: [IndexPath(row: 1, section: 0)])
        #expect(rows.table.renderedText(width: 10) == "row0\nnew\nrow2")
        old.name = "old model"
        #expect(!rows.table.needsUpdate)
        #expect(rows.table.renderedText(width: 10) == "row0\nnew\nrow2")
    }

    @Test func trackingOutsideARowConfiguration_lastsAsLongAsTheView_untilCancelled() {
        let model = RowModel(name: "a")
        let cell = TableViewCell(reuseIdentifier: "free")
        let token = cell.trackChanges { [unowned cell] in cell.textLabel.text = model.name }
        model.name = "b"
        #expect(cell.needsUpdate)
        #expect(cell.renderedText(width: 4) == "b")

        token.cancel()
        model.name = "c"
        #expect(!cell.needsUpdate)
        #expect(cell.renderedText(width: 4) == "b")
    }

    @Test func trackChanges_inABag_endsWithTheBag() {
        let model = RowModel(name: "a")
        let label = Label()
        var bag: CancellationBag? = CancellationBag()
        label.trackChanges(in: bag) { [unowned label] in label.text = model.name }
        bag = nil
        model.name = "b"
        #expect(!label.needsUpdate)
        #expect(label.renderedText(width: 4) == "a")
    }
}
