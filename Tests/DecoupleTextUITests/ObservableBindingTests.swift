import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Observation
import Testing

@Observable
private final class Profile {
    var name = "小明"
    var score = 92
    /// Both, read through one key path.
    var line: String { "\(name)：\(score)" }
}

/// Cleans what it is given: lower case, as a view model that normalises a search does.
@Observable
private final class Search {
    @ObservationIgnored private var stored = ""
    /// How many times `query` was set.
    @ObservationIgnored private(set) var sets = 0

    var query: String {
        get {
            access(keyPath: \.query)
            return stored
        }
        set {
            sets += 1
            withMutation(keyPath: \.query) { stored = newValue.lowercased() }
        }
    }
}

/// Counts the reads of `name`: each binding run reads it once, and a registration once more.
@Observable
private final class CountedReads {
    @ObservationIgnored private var stored = "小明"
    @ObservationIgnored private(set) var reads = 0

    var name: String {
        get {
            reads += 1
            access(keyPath: \.name)
            return stored
        }
        set { withMutation(keyPath: \.name) { stored = newValue } }
    }
}

/// A model changed on other threads: one lock around each whole change (Observation's willSet,
/// then the store) and around each read, so a read on the main actor waits for a change that
/// was announced to be made.
@Observable
private final class Inbox: @unchecked Sendable {
    @ObservationIgnored private let lock = NSLock()
    @ObservationIgnored private var stored = 0

    var unread: Int {
        get {
            access(keyPath: \.unread)
            return lock.withLock { stored }
        }
        set {
            lock.withLock { withMutation(keyPath: \.unread) { stored = newValue } }
        }
    }
}

@Observable
@MainActor
private final class Row {
    let id: Int
    var name: String
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

@Observable
@MainActor
private final class Rows {
    var rows: [Row]
    init(count: Int) { rows = (0..<count).map { Row(id: $0, name: "row\($0)") } }
}

/// A table whose data source follows `Rows.rows` and whose cells follow each row's name.
@MainActor
private final class RowsScreen {
    let model: Rows
    let table = TableView()
    let dataSource: TableViewDiffableDataSource<Int, Int>
    /// How many snapshots the table's binding made.
    private(set) var snapshots = 0

    init(count: Int, visible: Int = 3) {
        let model = Rows(count: count)
        self.model = model
        table.register(TableViewCell.self, forCellReuseIdentifier: "row")
        table.visibleRowCount = visible
        dataSource = TableViewDiffableDataSource(tableView: table) { [unowned model] table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            guard let row = model.rows.first(where: { $0.id == id }) else { return cell }
            // Inside the cell provider: the binding belongs to the row the cell shows now.
            cell.textLabel.bind(\.text, to: \.name, of: row)
            return cell
        }
        dataSource.bind(to: \.rows, of: model) { [unowned self] rows in
            snapshots += 1
            var snapshot = Snapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(rows.map(\.id))
            return snapshot
        }
    }
}

/// A label bound to a profile's name through the setter form, and every name it was given.
@MainActor
private final class NamedLabel {
    let label = Label()
    private(set) var written: [String] = []

    init(_ model: Profile) {
        label.bind(to: \.name, of: model) { [unowned self] label, name in
            written.append(name)
            label.text = name
        }
    }
}

/// Lets the main actor run what was queued to it, until `done` holds (a bounded wait).
@MainActor
private func turns(until done: () -> Bool = { false }) async {
    for _ in 0..<200 where !done() { await Task.yield() }
}

/// Lets the main actor run what was queued to it, a few turns.
@MainActor
private func someTurns() async {
    for _ in 0..<20 { await Task.yield() }
}

@MainActor
@Suite struct ObservableBindingTests {
    // MARK: One way

    @Test func label_followsTheModel_onTheMainActor_afterTheTurn() async {
        let model = Profile()
        let label = Label()
        label.bind(\.text, to: \.name, of: model)
        #expect(label.text == "小明")          // the current value at once

        model.name = "小红"
        #expect(label.text == "小明")          // announced before it is made: not read yet
        #expect(label.needsUpdate)
        await turns { label.text == "小红" }
        #expect(label.text == "小红")
        #expect(!label.needsUpdate)

        model.name = "小刚"                    // registered again: every change is followed
        await turns { label.text == "小刚" }
        #expect(label.text == "小刚")
    }

    @Test func transformAndSetterForms_followTheModel() async {
        let model = Profile()
        let score = Label(), name = Label()
        score.bind(\.text, to: \.score, of: model) { "\($0) 分" }
        name.bind(to: \.name, of: model) { $0.text = "[\($1)]" }
        #expect(score.text == "92 分" && name.text == "[小明]")
        model.score = 95
        model.name = "小红"
        await turns { score.text == "95 分" && name.text == "[小红]" }
        assertInlineSnapshot(of: StackView(.horizontal, [name, score], border: true).renderedText(width: 16), as: .lines) {
            """
            ┌───────┬──────┐
            │[小红] │95 分 │
            └───────┴──────┘
            """
        }
    }

    @Test func aComputedProperty_isFollowedThroughEverythingItReads() async {
        let model = Profile()
        let label = Label()
        label.bind(\.text, to: \.line, of: model)
        #expect(label.text == "小明：92")
        model.score = 60
        await turns { label.text == "小明：60" }
        #expect(label.text == "小明：60")
    }

    @Test func manyChangesInOneTurn_coalesceIntoOneUpdate() async {
        let model = Profile()
        let named = NamedLabel(model)
        for name in ["a", "b", "c", "d", "e"] { model.name = name }
        model.score = 1                        // not read by the binding: no update
        #expect(named.written == ["小明"])
        await turns { named.written.count > 1 }
        await someTurns()
        #expect(named.written == ["小明", "e"])
        #expect(named.label.text == "e")
    }

    @Test func drawingBeforeTheTurnEnds_readsTheModelFirst_once() async {
        let model = Profile()
        let named = NamedLabel(model)
        model.name = "小红"
        #expect(named.label.renderedText(width: 8) == "小红")    // pulled before drawing
        await someTurns()
        #expect(named.written == ["小明", "小红"])               // the turn's delivery found it fresh
    }

    @Test func aChangeMadeOnAnotherThread_reachesTheViewOnTheMainActor() async {
        let onMainQueue = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: onMainQueue, value: true)
        let inbox = Inbox()
        let label = Label()
        var seen: [(value: Int, onMainQueue: Bool)] = []
        label.bind(to: \.unread, of: inbox) { label, unread in
            seen.append((unread, DispatchQueue.getSpecific(key: onMainQueue) == true))
            label.text = "\(unread) unread"
        }
        // Set on another thread while the main actor is free to deliver as it goes.
        await Task.detached {
            for count in 1...1_000 { inbox.unread = count }
        }.value
        await turns { label.text == "1000 unread" }
        #expect(label.text == "1000 unread")
        #expect(seen.allSatisfy { $0.onMainQueue })
        #expect(seen.map(\.value) == seen.map(\.value).sorted())   // never an older value after a newer
    }

    // MARK: Lifetimes

    @Test func aBindingNeverOutlivesItsView_andHoldsNeitherEnd() async {
        var model: Profile? = Profile()
        var label: Label? = Label()
        weak let weakModel = model
        weak let weakLabel = label
        var written = 0
        label!.bind(to: \.name, of: model!) { _, _ in written += 1 }
        label = nil
        #expect(weakLabel == nil)              // the binding does not hold its view
        model!.name = "小红"
        await someTurns()
        #expect(written == 1)                  // never called after its view went
        model = nil
        #expect(weakModel == nil)              // nor the model
    }

    @Test func aBindingKeptInABagThatOutlivesItsView_endsAtTheNextChange() async {
        let model = Profile()
        let bag = CancellationBag()
        var label: Label? = Label()
        weak let weakLabel = label
        let tokens = [
            label!.bind(\.text, to: \.name, of: model, in: bag),
            label!.bind(\.numberOfLines, to: \.name, of: model, in: bag) { $0.count },
            label!.bind(to: \.name, of: model, in: bag) { $0.text = $1 },
        ]
        label = nil
        #expect(weakLabel == nil)
        #expect(tokens.allSatisfy { !$0.isCancelled })
        model.name = "小红"
        await turns { tokens.allSatisfy(\.isCancelled) }
        #expect(tokens.allSatisfy { $0.isCancelled })
        #expect(bag.count == 3)
    }

    @Test func bindingsToOneKeyPath_shareOneRegistration() {
        let model = CountedReads()
        let label = Label()
        for _ in 0..<1_000 {
            label.bind(\.text, to: \.name, of: model).cancel()
        }
        // 1,000 reads by the bindings, and one by the one registration they shared.
        #expect(model.reads == 1_001)
        model.name = "小红"
        label.bind(\.text, to: \.name, of: model)
        #expect(label.text == "小红")
        #expect(model.reads == 1_003)   // the change ended that registration: a new one, and the read
    }

    /// A binding whose bag is released on another thread ends at once: a frame drawn before the
    /// main actor's next turn does not run it.
    @Test func aBagReleasedOnAnotherThread_endsItsBindingAtOnce() {
        final class Held: @unchecked Sendable { var bag: CancellationBag? }
        let model = Profile()
        let label = Label()
        let held = Held()
        held.bag = CancellationBag()
        label.bind(\.text, to: \.name, of: model, in: held.bag)
        DispatchQueue.global().sync { held.bag = nil }
        model.name = "小红"
        #expect(label.renderedText(width: 8) == "小明")
    }

    /// `trackChanges` is pulled when the view is drawn, not pushed on the next turn.
    @Test func trackChanges_runsWhenDrawn_notOnTheNextTurn() async {
        let model = Profile()
        let label = Label()
        var runs = 0
        label.trackChanges { [unowned label] in
            runs += 1
            label.text = model.name
        }
        model.name = "小红"
        await someTurns()
        #expect(runs == 1)
        #expect(label.needsUpdate)
        #expect(label.renderedText(width: 8) == "小红")
        #expect(runs == 2)
    }

    @Test func aCancelledBinding_isNeverCalledAgain_evenWithAChangePending() async {
        let model = Profile()
        let label = Label()
        var written: [String] = []
        let token = label.bind(to: \.name, of: model) { label, name in
            written.append(name)
            label.text = name
        }
        model.name = "小红"                    // queued for the end of the turn…
        #expect(label.needsUpdate)
        token.cancel()                         // …and cancelled before it
        #expect(!label.needsUpdate)            // nothing left to run
        await someTurns()
        #expect(written == ["小明"])
        #expect(label.renderedText() == "小明")
        #expect(!label.needsUpdate)
    }

    @Test func anObjectThatIsNotAView_isBoundAsLongAsItsBag() async {
        final class Header: BindingTarget {
            let bindings = CancellationBag()
            var title = ""
        }
        let model = Profile()
        var header: Header? = Header()
        weak let weakHeader = header
        var written: [String] = []
        header!.bind(\.title, to: \.name, of: model)
        header!.bind(to: \.name, of: model) { _, name in written.append(name) }
        #expect(header!.title == "小明")
        model.name = "小红"
        await turns { header!.title == "小红" }
        #expect(header!.title == "小红")
        header = nil
        #expect(weakHeader == nil)
        model.name = "小刚"
        await someTurns()
        #expect(written == ["小明", "小红"])
    }

    // MARK: Cells

    @Test func aRecycledCell_neverShowsAnotherRowsModel() async {
        let screen = RowsScreen(count: 20)
        assertInlineSnapshot(of: screen.table.renderedText(width: 10), as: .lines) {
            """
            row0
            row1
            row2
            """
        }
        let shownFirst = screen.model.rows[0]
        screen.table.scroll(by: 3)
        #expect(screen.table.renderedText(width: 10) == "row3\nrow4\nrow5")
        #expect(screen.table.createdCellCount == 3)

        // Row 0 left the screen; its cell shows row 3 now and must not follow row 0.
        shownFirst.name = "STALE!"
        // Row 4 is on screen: its change is queued, but its cell is reused before the turn ends.
        screen.model.rows[4].name = "STALE TOO"
        screen.table.scroll(by: 3)
        await someTurns()
        assertInlineSnapshot(of: screen.table.renderedText(width: 10), as: .lines) {
            """
            row6
            row7
            row8
            """
        }
        // The rows on screen still follow their own models.
        screen.model.rows[7].name = "seven"
        await turns { screen.table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel.text == "seven" }
        #expect(screen.table.renderedText(width: 10) == "row6\nseven\nrow8")
        #expect(screen.table.createdCellCount == 3)
    }

    @Test func reusedCells_letGoOfTheRowsTheyLeft() {
        let screen = RowsScreen(count: 20)
        _ = screen.table.renderedText(width: 10)
        weak let first = screen.model.rows[0]
        screen.model.rows[0] = Row(id: 100, name: "replacement")
        for _ in 0..<6 {
            screen.table.scroll(by: 3)
            _ = screen.table.renderedText(width: 10)
        }
        #expect(first == nil)
        #expect(screen.table.liveCellCount <= 6)
    }

    // MARK: Tables

    @Test func aTable_followsTheModelsItems_throughASnapshot_oneUpdateATurn() async {
        let screen = RowsScreen(count: 3, visible: 10)
        #expect(screen.snapshots == 1)
        #expect(screen.table.renderedText(width: 10) == "row0\nrow1\nrow2")

        screen.model.rows.remove(at: 1)
        screen.model.rows.append(Row(id: 7, name: "row7"))
        screen.model.rows.swapAt(0, 1)
        await turns { screen.snapshots == 2 }
        await someTurns()
        #expect(screen.snapshots == 2)         // three changes, one run
        #expect(screen.table.lastUpdateError == nil)
        #expect(screen.table.lastUpdateDescription == "deleted 0.1, inserted 0.2, moved 0.2 → 0.0")
        assertInlineSnapshot(of: screen.table.renderedText(width: 10), as: .lines) {
            """
            row2
            row0
            row7
            """
        }
    }

    @Test func cellsConfiguredWhileTheTableApplies_areNotFollowedByTheTablesBinding() async {
        let screen = RowsScreen(count: 3, visible: 10)
        _ = screen.table.renderedText(width: 10)
        screen.model.rows.append(Row(id: 3, name: "row3"))   // applied: row 3's cell is made
        await turns { screen.snapshots == 2 }
        #expect(screen.table.renderedText(width: 10) == "row0\nrow1\nrow2\nrow3")

        // The cell follows its row; the table's binding, which only read `rows`, does not.
        screen.model.rows[3].name = "three"
        screen.model.rows[0].name = "zero"
        await turns { screen.table.renderedText(width: 10) == "zero\nrow1\nrow2\nthree" }
        await someTurns()
        #expect(screen.table.renderedText(width: 10) == "zero\nrow1\nrow2\nthree")
        #expect(screen.snapshots == 2)
    }

    @Test func aTablesBinding_endsWithTheTable() async {
        var screen: RowsScreen? = RowsScreen(count: 3)
        let model = screen!.model
        weak let weakTable = screen!.table
        let bag = CancellationBag()
        var snapshots = 0
        let token = screen!.dataSource.bind(to: \.rows, of: model, in: bag) { rows in
            snapshots += 1
            return Snapshot<Int, Int>()
        }
        #expect(snapshots == 1)
        screen = nil
        #expect(weakTable == nil)
        model.rows.removeAll()
        await turns { token.isCancelled }
        #expect(token.isCancelled)
        #expect(snapshots == 1)

        // A data source whose table has gone binds nothing.
        var table: TableView? = TableView()
        let source = TableViewDiffableDataSource<Int, Int>(tableView: table!) { _, _, _ in nil }
        table = nil
        #expect(source.bind(to: \.rows, of: model) { _ in Snapshot() }.isCancelled)
    }

    // MARK: Text fields

    @Test func aField_editsTheModel_bothWays_cleanedAsTyped_noLoop() async {
        let model = Search()
        let field = TextField(placeholder: "搜索")
        field.bind(text: \.query, of: model)
        #expect(field.renderedText(width: 10) == "[(搜索)  ]")

        field.type("Ab")
        #expect(model.query == "ab")
        #expect(field.text == "ab")            // read back at once, cleaned
        field.paste("C")
        #expect(field.text == "abc")
        #expect(model.sets == 3)               // one set per keystroke or paste

        model.query = "XYZ"                    // the model writes: the field follows
        await turns { field.text == "xyz" }
        await someTurns()
        #expect(field.text == "xyz")
        #expect(model.sets == 4)               // and writes nothing back
        assertInlineSnapshot(of: field.renderedText(width: 10), as: .lines) {
            """
            [xyz▏    ]
            """
        }
    }

    @Test func aFieldsBinding_cancelled_stopsBothWays() async {
        let model = Search()
        let field = TextField()
        let token = field.bind(text: \.query, of: model)
        field.type("a")
        token.cancel()
        field.type("b")
        #expect(model.query == "a")
        model.query = "z"
        await someTurns()
        #expect(field.text == "ab")
    }
}
