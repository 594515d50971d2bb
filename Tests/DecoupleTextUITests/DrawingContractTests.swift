import Decouple
import DecoupleTextUI
import Foundation
import DecoupleTestSupport
import Observation
import Testing

@Observable
@MainActor
private final class Flag {
    var removesB = false
}

@Observable
@MainActor
private final class Row {
    var name: String
    init(_ name: String) { self.name = name }
}

/// Changed on another thread in one test, while the main actor waits for that thread: the
/// thread's change happens before the main actor reads again, so nothing is read and written at
/// once.
@Observable
private final class Inbox: @unchecked Sendable {
    var count = 0
}

/// The drawing half of the delivery contract (the `DeliveryContract` article): a frame is
/// drawn from one state, brought up to date before it is drawn, and an update that arrives while
/// a frame is drawn waits for it.
@MainActor
@Suite struct DrawingContractTests {
    /// Sets the inbox's count on another thread, and waits for it there.
    nonisolated fileprivate static func set(_ inbox: Inbox, to count: Int) {
        let changed = DispatchSemaphore(value: 0)
        Thread { inbox.count = count; changed.signal() }.start()
        #expect(changed.wait(timeout: .now() + 10) == .success)
    }

    static func snapshot(_ items: [String]) -> Snapshot<Int, String> {
        var snapshot = Snapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        return snapshot
    }

    @Test func aCellsBindingThatApplies_runsBeforeTheFrame_notInTheMiddleOfIt() {
        // Row b's label is bound to a model; when the model says so, the binding's setter applies
        // a snapshot without b. The model changes, and the table is drawn before the binding's
        // own delivery: the frame must show the rows before or the data after, never a mix.
        final class LabelCell: TableViewCell {
            // Draws its label through the label's own `lines(width:)`, as a custom cell does.
            override func render(width: Int) -> [String] { textLabel.lines(width: width) }
        }
        let flag = Flag()
        let table = TableView()
        table.visibleRowCount = 10
        table.register(LabelCell.self, forCellReuseIdentifier: "row")
        // The provider reaches its data source weakly: the data source holds the provider.
        final class Weakly { weak var source: TableViewDiffableDataSource<Int, String>? }
        let weakly = Weakly()
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = item
            if item == "b" {
                cell.textLabel.bind(to: \.removesB, of: flag) { _, removes in
                    if removes { weakly.source?.apply(Self.snapshot(["a", "c", "d", "e"])) }
                }
            }
            return cell
        }
        weakly.source = source
        source.apply(Self.snapshot(["a", "b", "c", "d", "e"]))
        #expect(table.renderedText(width: 4) == "a\nb\nc\nd\ne")
        flag.removesB = true
        #expect(table.renderedText(width: 4) == "a\nc\nd\ne")
        #expect(table.renderedText(width: 4) == "a\nc\nd\ne")
    }

    @Test func aFrame_showsWhatTheModelsHoldNow() {
        // Two names and a derived line, the second name mirroring the first from inside a
        // handler: once the set returns, every round has been told, and the frame is the models.
        let first = ObservableProperty("a"), second = ObservableProperty("b")
        let screen = StackView(.horizontal, [Label(), Label(), Label()], border: true)
        let labels = screen.arrangedSubviews.compactMap { $0 as? Label }
        labels[0].bind(\.text, to: first)
        labels[1].bind(\.text, to: second)
        labels[2].bind(\.text, to: Derived(first, second) { "\($0)\($1)" })
        first.observe { second.value = $0.new!.uppercased() }.store(in: screen.bindings)
        first.value = "x"
        assertInlineSnapshot(of: screen.renderedText(width: 12), as: .lines) {
            """
            ┌───┬───┬──┐
            │x  │X  │xX│
            └───┴───┴──┘
            """
        }
        second.value = "y"
        #expect(screen.renderedText(width: 12) == "┌───┬───┬──┐\n│x  │y  │xy│\n└───┴───┴──┘")
    }

    @Test func trackChangesOnALabelInsideACell_isRunBeforeTheRowIsDrawn() {
        let row = Row("old")
        let table = TableView()
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, _ in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            let label = cell.textLabel
            label.trackChanges { [unowned label] in label.text = row.name }
            return cell
        }
        source.apply(Self.snapshot(["x"]))
        #expect(table.renderedText(width: 6) == "old")
        row.name = "new"
        #expect(table.needsUpdate)
        #expect(table.renderedText(width: 6) == "new")
        #expect(!table.needsUpdate)
    }

    @Test func aCellsBinding_andALabelBoundToTheSameModel_showTheSameValueInOneFrame() {
        let row = Row("old")
        let screen = View()
        let table = TableView()
        let outside = Label()
        screen.addSubview(outside)
        screen.addSubview(table)
        outside.bind(\.text, to: \.name, of: row)
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, _ in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.bind(\.text, to: \.name, of: row)
            return cell
        }
        source.apply(Self.snapshot(["x"]))
        #expect(screen.renderedText(width: 6) == "old\nold")
        row.name = "new"   // drawn in the same turn, before the bindings' own delivery
        #expect(screen.renderedText(width: 6) == "new\nnew")
    }

    @Test func anObservableBinding_keepsAChangeMadeOnAnotherThreadWhileItsTransformRuns() async {
        // The transform's first run lets another thread change the model after the transform has
        // read it and before the binding has registered for changes: the binding must still end
        // on the model's value.
        let inbox = Inbox()
        let label = Label()
        var runs = 0
        label.bind(\.text, to: \.count, of: inbox) { count in
            runs += 1
            if runs == 1 { Self.set(inbox, to: 7) }
            return "\(count) unread"
        }
        // Main-actor turns, not wall-clock time: the change's hop to the main actor runs in one of
        // them however loaded the machine is.
        for _ in 0..<10_000 where label.text != "7 unread" { await Task.yield() }
        #expect(inbox.count == 7)
        #expect(label.text == "7 unread")
        #expect(label.renderedText(width: 12) == "7 unread")
    }

    @Test func anObservableBinding_keepsAChangeMadeOnAnotherThread_afterAChangeOnTheMainActor() async {
        // The first change is made on the main actor; while the binding reads the model again,
        // another thread changes it, before the binding has registered for changes.
        let inbox = Inbox()
        let label = Label()
        var runs = 0
        label.bind(\.text, to: \.count, of: inbox) { count in
            runs += 1
            if count == 1, inbox.count == 1 { Self.set(inbox, to: 7) }
            return "\(count) unread"
        }
        inbox.count = 1
        label.updateIfNeeded()
        // Main-actor turns, not wall-clock time: the change's hop to the main actor runs in one of
        // them however loaded the machine is.
        for _ in 0..<10_000 where label.text != "7 unread" { await Task.yield() }
        #expect(inbox.count == 7)
        #expect(label.text == "7 unread")
    }

    @Test func anApplyHeldWhileRowsAreDrawn_runsBeforeALaterOne() {
        // A cell that applies while it is drawn: that apply waits for the table's next update,
        // and must run before an apply made after it, so the table ends on the later snapshot.
        final class ApplyingCell: TableViewCell {
            var onDraw: (() -> Void)?
            override func render(width: Int) -> [String] {
                onDraw?()
                onDraw = nil
                return super.render(width: width)
            }
        }
        let table = TableView()
        table.register(ApplyingCell.self, forCellReuseIdentifier: "row")
        final class Weakly { weak var source: TableViewDiffableDataSource<Int, String>? }
        let weakly = Weakly()
        var armed = true
        let source = TableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! ApplyingCell
            cell.textLabel.text = item
            if armed, item == "a" {
                armed = false
                cell.onDraw = { weakly.source?.apply(Self.snapshot(["early"])) }
            }
            return cell
        }
        weakly.source = source
        source.apply(Self.snapshot(["a"]))
        _ = table.renderedText(width: 6)            // the cell applies "early" while drawn
        source.apply(Self.snapshot(["late"]))       // made after it
        #expect(source.snapshot().itemIdentifiers == ["late"])
        #expect(table.renderedText(width: 6) == "late")
    }

    @Test func aTrackedLabelBehindAnAlert_isBroughtUpToDateBeforeTheFrame() {
        // An alert lists only its own view as the window's subviews; the window still draws the
        // screen behind it, so the frame must bring that screen up to date too.
        let row = Row("old")
        let screen = ViewController()
        let label = Label()
        screen.view.addSubview(label)
        label.trackChanges { [unowned label] in label.text = row.name }
        let window = Window(rootViewController: screen, width: 20, height: 4)
        let alert = AlertController(title: "!", message: nil)
        screen.present(alert)
        #expect(window.renderedText().hasPrefix("old"))
        row.name = "new"
        #expect(window.renderedText().hasPrefix("new"))
    }

    @Test func aRefusedBatch_isDescribedAsTheReloadItBecame() {
        final class Rows: TableViewDataSource {
            var rows = ["r1", "r2"]
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
            func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel.text = rows[indexPath.row]
                return cell
            }
        }
        let rows = Rows()
        let table = TableView()
        table.dataSource = rows
        #expect(table.renderedText(width: 4) == "r1\nr2")
        table.performBatchUpdates({
            rows.rows.append("r3")   // the table is told nothing: refused
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        })
        #expect(table.lastUpdateError != nil)
        #expect(table.lastUpdateDescription == "reloaded everything")
        #expect(table.renderedText(width: 4) == "r1\nr2\nr3")
    }
}
