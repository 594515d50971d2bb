import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

/// The oracle: seeded random sequences in which, after every step, the screen — the rendered
/// table — must be exactly the data: every section's header and every item, in order, each row
/// showing its item's latest version, the selection mark on the selected item, and the window
/// scrolled within the content.
///
/// The steps interleave what an app does and what it gets wrong: applies, applies of changes
/// computed earlier (fresh and stale), applies and batches asked for from inside a cell provider,
/// a completion and a delegate callback, reloads and reconfigures, `reloadSections` that changes a
/// section's row count, `reloadData`, scrolling and selection.
///
///     DECOUPLE_TABLE_ORACLE_SEED=17 DECOUPLE_TABLE_ORACLE_SEQUENCES=1 swift test --filter TableOracleTests
///
/// replays one sequence; a failure names its seed and lists its steps.
@MainActor
@Suite struct TableOracleTests {
    static let firstSeed = TestEnvironment.seed("DECOUPLE_TABLE_ORACLE_SEED", default: 1)!
    static let sequences = TestEnvironment.integer("DECOUPLE_TABLE_ORACLE_SEQUENCES", default: 2_000)
    static let stepsPerSequence = 16
    static let width = 12

    @Test func diffableDataSource_screenEqualsTheDataAfterEveryStep() {
        guard let stats = Self.run(DiffableWorld.self, sequences: Self.sequences) else { return }
        // The sequences walk every path they are meant to, not just the easy ones.
        for path in ["staleApplies", "freshPrecomputedApplies", "fromProvider", "fromCompletion", "drawnInCompletion", "reloadedOrReconfigured", "sectionReloads"] {
            #expect(stats[path, default: 0] > 100, "\(path)")
        }
        #expect(stats["fromDelegate", default: 0] > 50)
    }

    @Test func plainDataSource_screenEqualsTheDataAfterEveryStep() {
        guard let stats = Self.run(PlainWorld.self, sequences: max(1, Self.sequences / 2)) else { return }
        for path in ["resizingSectionReloads", "batches", "fromCell", "fromCompletion"] {
            #expect(stats[path, default: 0] > 100, "\(path)")
        }
        #expect(stats["changedBeforeAsking", default: 0] > 50)
    }

    /// Runs `sequences` seeded sequences of a world, recording each failure (at most three) with
    /// its steps; what the sequences did, when there were enough of them to say.
    private static func run<World: OracleWorld>(_ world: World.Type, sequences: Int) -> [String: Int]? {
        var failures = 0
        var stats: [String: Int] = [:]
        for seed in firstSeed..<firstSeed + UInt64(sequences) {
            let sequence = World(seed: seed, logging: false)
            if sequence.run(steps: stepsPerSequence) != nil {
                failures += 1
                // Run again, the same way, writing down the steps.
                let failure = World(seed: seed, logging: true).run(steps: stepsPerSequence) ?? "(passed when run again)"
                Issue.record("\(World.self) oracle, seed \(seed): \(failure)\nreplay: DECOUPLE_TABLE_ORACLE_SEED=\(seed) DECOUPLE_TABLE_ORACLE_SEQUENCES=1")
                if failures == 3 { break }
            }
            stats.merge(sequence.stats, uniquingKeysWith: +)
        }
        return sequences >= 500 ? stats : nil
    }
}

/// A table, its data, and the steps that change them, checked after each.
@MainActor
private protocol OracleWorld: AnyObject {
    init(seed: UInt64, logging: Bool)
    /// How often each path was taken.
    var stats: [String: Int] { get }
    /// Whether to write down the steps, and the steps so far.
    var logging: Bool { get }
    var log: [String] { get set }
    /// Shows the first data.
    func start()
    /// Takes one random step.
    func step()
    /// `nil` when the screen is the data, else what is wrong.
    func verify() -> String?
}

extension OracleWorld {
    func say(_ text: @autoclosure () -> String) {
        if logging { log.append(text()) }
    }

    /// Runs the steps, checking the screen after each; the first failure, with the steps so far.
    func run(steps: Int) -> String? {
        start()
        for step in 0..<steps {
            self.step()
            if let problem = verify() {
                return "after step \(step): \(problem)\nsteps:\n" + log.joined(separator: "\n")
            }
        }
        return nil
    }
}

// MARK: - Helpers

/// The lines of a table whose headers are titled and whose rows are `text`, at the oracle's width.
@MainActor
private func expectedLines(_ sections: [(title: String, rows: [String])], selected: Int?) -> [String] {
    var lines: [String] = []
    var row = 0
    for section in sections {
        lines.append("── \(section.title) " + String(repeating: "─", count: TableOracleTests.width - 4 - section.title.count))
        for text in section.rows {
            lines.append(row == selected ? "▶ " + text : text)
            row += 1
        }
    }
    return lines
}

/// What the table draws, trailing spaces trimmed.
@MainActor
private func screen(of table: TableView) -> [String] {
    table.lines(width: TableOracleTests.width).map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

/// `nil` when `shown`, what `table` drew, is `lines` seen through a window within them, else
/// what is wrong. Drawing may run a cell provider that changes the data, so the expected lines
/// are worked out after it.
@MainActor
private func check(_ table: TableView, drew shown: [String], shows lines: [String]) -> String? {
    let height = max(0, table.visibleRowCount)
    let first = table.firstVisibleLine
    guard first >= 0, first <= max(0, lines.count - height) else {
        return "scrolled to line \(first) of \(lines.count) with \(height) visible"
    }
    let window = Array(lines[first..<min(lines.count, first + height)])
    guard shown == window else {
        return "the screen\n  \(shown)\nis not the data\n  \(window)\n(all of it: \(lines))"
    }
    return nil
}

// MARK: - A diffable data source

@MainActor
private final class DiffableWorld: OracleWorld, TableViewDelegate {
    final class Titled: TableViewDiffableDataSource<String, Int> {
        override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            sectionIdentifier(for: section)
        }
    }

    let table = TableView()
    var source: Titled!
    var random: SplitMix64
    var stats: [String: Int] = [:]
    /// Each item's version, shown in its row; raised only with a reload or reconfigure request.
    var versions: [Int: Int] = [:]
    var nextID = 0
    /// The last snapshot asked for: applies run in the order they are asked for, so after each
    /// step, when every apply has run, it is what the screen shows.
    var expected = Snapshot<String, Int>()
    /// The item selected, which the selection must follow.
    var selected: Int?
    /// Whether the last update asked for ends with an error: only stale changes may.
    var errorExpected = false
    /// Changes computed earlier, with the snapshots they lead between.
    var saved: [(base: Snapshot<String, Int>, target: Edit, changes: Snapshot<String, Int>.Changes)] = []
    /// Run once, by the cell provider, the next time it configures a row.
    var onNextCell: (() -> Void)?
    /// What a completion found wrong when it drew the table.
    var problemInCompletion: String?
    /// How many applies have been asked for.
    var requests = 0
    var onSelect: (() -> Void)?
    /// The steps so far, written only when a failing sequence is run again to report it.
    var log: [String] = []
    let logging: Bool

    init(seed: UInt64, logging: Bool) {
        self.logging = logging
        random = SplitMix64(seed: seed)
        table.visibleRowCount = random.int(2...8)
        table.delegate = self
        source = Titled(tableView: table) { [unowned self] table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel.text = "\(id)v\(self.versions[id, default: 0])"
            if let hook = self.onNextCell {
                self.onNextCell = nil
                hook()
            }
            return cell
        }
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { takeHook(&onSelect)?() }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { takeHook(&onSelect)?() }

    private func takeHook(_ hook: inout (() -> Void)?) -> (() -> Void)? {
        defer { hook = nil }
        return hook
    }

    func start() {
        request(edited(expected), note: "first apply")
    }

    func verify() -> String? {
        if let problem = problemInCompletion { return problem }
        let shown = screen(of: table)
        let lines = expectedLines(
            expected.sectionIdentifiers.map { section in
                (section, expected.itemIdentifiers(inSection: section).map { "\($0)v\(versions[$0, default: 0])" })
            },
            selected: selected.flatMap { expected.indexOfItem($0) })
        if let problem = check(table, drew: shown, shows: lines) { return problem }
        guard source.snapshot().itemIdentifiers == expected.itemIdentifiers,
              source.snapshot().sectionIdentifiers == expected.sectionIdentifiers else {
            return "the data source's snapshot \(source.snapshot().itemIdentifiers) is not the one applied last \(expected.itemIdentifiers)"
        }
        if (table.lastUpdateError != nil) != errorExpected {
            return "lastUpdateError is \(table.lastUpdateError ?? "nil"), expected \(errorExpected ? "an error" : "none")"
        }
        return nil
    }

    // MARK: Steps

    func step() {
        switch random.int(0...15) {
        case 0, 1, 2:
            request(edited(expected), note: "apply")
        case 3:
            // Changes computed now, applied later: fresh if nothing is applied in between.
            let base = plain(expected)
            let target = edited(base)
            saved.append((base, target, target.snapshot.changes(from: base)))
            if saved.count > 4 { saved.removeFirst() }
            say("compute changes to \(target.snapshot.itemIdentifiers)")
        case 4, 5:
            applySaved(note: "apply saved changes")
        case 6:
            // Changes handed with another snapshot than the one they lead to.
            guard let pick = saved.last else { return }
            requestPrecomputed(edited(expected), base: pick.base, target: pick.target.snapshot, changes: pick.changes,
                               note: "apply another snapshot with saved changes")
        case 7, 8:
            stats["fromProvider", default: 0] += 1
            onNextCell = { [unowned self] in self.reentrantApply(note: "from the cell provider") }
            say("arm the cell provider")
            if random.chance(0.5) { table.reloadData(); say("reloadData") } else { request(edited(expected), note: "apply") }
        case 9:
            stats["fromCompletion", default: 0] += 1
            let edit = edited(expected)
            note(edit, "apply with a completion")
            let asked = requests
            source.apply(edit.snapshot) { [unowned self] in
                // The completion sees its own update on screen, when nothing was asked for since
                // and the cell provider will not ask for more while it draws.
                if self.requests == asked, self.onNextCell == nil {
                    self.stats["drawnInCompletion", default: 0] += 1
                    if let problem = self.verify() {
                        self.problemInCompletion = self.problemInCompletion ?? "drawn in a completion: " + problem
                    }
                }
                self.reentrantApply(note: "from the completion")
            }
        case 10:
            table.scroll(by: random.int(-6...6))
            say("scroll to \(table.firstVisibleLine)")
        case 11:
            let items = expected.itemIdentifiers
            guard let item = items.isEmpty ? nil : items[random.int(0...items.count - 1)],
                  let indexPath = source.indexPath(for: item) else { return }
            table.scrollToRow(at: indexPath, at: [.top, .middle, .bottom, .none][random.int(0...3)], animated: false)
            say("scroll to \(item)")
        case 12:
            let items = expected.itemIdentifiers
            guard let item = items.isEmpty ? nil : items[random.int(0...items.count - 1)],
                  let indexPath = source.indexPath(for: item) else { return }
            if random.chance(0.4) {
                stats["fromDelegate", default: 0] += 1
                onSelect = { [unowned self] in self.reentrantApply(note: "from the delegate") }
            }
            selected = item
            say("tap \(item)")
            table.tapRow(at: indexPath)
        case 13:
            if random.chance(0.3) {
                selected = nil
                table.selectRow(at: nil, animated: false, scrollPosition: .none)
                say("clear the selection")
            } else {
                table.reloadData()
                say("reloadData")
            }
        case 14:
            // The table told to reload sections its data source did not change.
            let count = expected.numberOfSections
            guard count > 0 else { return }
            let sections = IndexSet((0..<random.int(1...2)).map { _ in random.int(0...count - 1) })
            if let item = selected, let section = expected.sectionIdentifier(containingItem: item),
               let index = expected.indexOfSection(section), sections.contains(index) {
                selected = nil   // a reloaded section's rows are new rows
            }
            stats["sectionReloads", default: 0] += 1
            errorExpected = false
            say("reloadSections \(Array(sections))")
            table.reloadSections(sections, with: .automatic)
        default:
            table.visibleRowCount = random.int(1...8)
            say("visibleRowCount \(table.visibleRowCount)")
        }
    }

    /// An apply asked for while the table updates: plain, or with saved changes.
    private func reentrantApply(note text: String) {
        if random.chance(0.3), !saved.isEmpty {
            applySaved(note: "apply saved changes " + text)
        } else {
            request(edited(expected), note: "apply " + text)
        }
    }

    private func applySaved(note text: String) {
        guard !saved.isEmpty else { return }
        let pick = saved.remove(at: random.int(0...saved.count - 1))
        requestPrecomputed(pick.target, base: pick.base, target: pick.target.snapshot, changes: pick.changes, note: text)
    }

    /// Records `edit` as what is asked for now: its new versions, and its snapshot as what the
    /// screen will show.
    private func note(_ edit: Edit, _ text: String) {
        let snapshot = edit.snapshot
        say("\(text): \(snapshot.sectionIdentifiers.map { "\($0)\(snapshot.itemIdentifiers(inSection: $0))" }.joined(separator: " "))"
            + (edit.bumped.isEmpty ? "" : ", new versions of \(edit.bumped)"))
        requests += 1
        for id in edit.bumped { versions[id, default: 0] += 1 }
        // The selected item's row is deleted by any apply it is not in.
        if let item = selected, snapshot.indexOfItem(item) == nil { selected = nil }
        expected = snapshot
        errorExpected = false
    }

    private func request(_ edit: Edit, note text: String) {
        note(edit, text)
        source.apply(edit.snapshot)
    }

    private func requestPrecomputed(
        _ edit: Edit, base: Snapshot<String, Int>, target: Snapshot<String, Int>,
        changes: Snapshot<String, Int>.Changes, note text: String
    ) {
        // Fresh when computed from what is shown when the apply runs (the snapshot asked for
        // last: applies run in the order they are asked for) and for the snapshot applied.
        let fresh = same(base, expected) && same(target, edit.snapshot)
        note(edit, text + (fresh ? " (fresh)" : " (stale)"))
        errorExpected = !fresh
        if fresh { stats["freshPrecomputedApplies", default: 0] += 1 } else { stats["staleApplies", default: 0] += 1 }
        source.apply(edit.snapshot, changes: changes)
    }

    private func same(_ a: Snapshot<String, Int>, _ b: Snapshot<String, Int>) -> Bool {
        a.sectionIdentifiers == b.sectionIdentifiers
            && a.sectionIdentifiers.allSatisfy { a.itemIdentifiers(inSection: $0) == b.itemIdentifiers(inSection: $0) }
    }

    // MARK: Snapshots

    /// `snapshot`'s sections and items, without its reload and reconfigure requests.
    private func plain(_ snapshot: Snapshot<String, Int>) -> Snapshot<String, Int> {
        var copy = Snapshot<String, Int>()
        copy.appendSections(snapshot.sectionIdentifiers)
        for section in snapshot.sectionIdentifiers {
            copy.appendItems(snapshot.itemIdentifiers(inSection: section), toSection: section)
        }
        return copy
    }

    /// A snapshot to apply, and the items whose version it shows anew, by reloading or
    /// reconfiguring them.
    struct Edit {
        var snapshot: Snapshot<String, Int>
        var bumped: [Int] = []
    }

    /// `base` edited the way an app edits: sections and items come, go and move, and some items
    /// are reloaded or reconfigured to show a new version.
    private func edited(_ base: Snapshot<String, Int>) -> Edit {
        var snapshot = plain(base)
        if random.chance(0.35) || snapshot.numberOfSections == 0 {
            let name = "S\(random.int(0...5))"
            if snapshot.indexOfSection(name) == nil {
                if let target = snapshot.sectionIdentifiers.randomElement(using: &random), random.chance(0.5) {
                    snapshot.insertSections([name], beforeSection: target)
                } else {
                    snapshot.appendSections([name])
                }
            } else if random.chance(0.4) {
                snapshot.deleteSections([name])
            } else if let other = snapshot.sectionIdentifiers.randomElement(using: &random) {
                snapshot.moveSection(name, afterSection: other)
            }
        }
        for _ in 0..<random.int(0...5) {
            let ids = snapshot.itemIdentifiers
            switch random.int(0...4) {
            case 0, 1:
                guard snapshot.numberOfItems < 24, let section = snapshot.sectionIdentifiers.randomElement(using: &random) else { continue }
                nextID += 1
                if let target = snapshot.itemIdentifiers(inSection: section).randomElement(using: &random), random.chance(0.5) {
                    snapshot.insertItems([nextID], beforeItem: target)
                } else {
                    snapshot.appendItems([nextID], toSection: section)
                }
            case 2:
                if let id = ids.randomElement(using: &random) { snapshot.deleteItems([id]) }
            default:
                if let id = ids.randomElement(using: &random), let target = ids.randomElement(using: &random) {
                    if random.chance(0.5) { snapshot.moveItem(id, afterItem: target) } else { snapshot.moveItem(id, beforeItem: target) }
                }
            }
        }
        var edit = Edit(snapshot: snapshot)
        let ids = snapshot.itemIdentifiers
        if !ids.isEmpty, random.chance(0.4) {
            stats["reloadedOrReconfigured", default: 0] += 1
            let picked = (0..<random.int(1...3)).map { _ in ids[random.int(0...ids.count - 1)] }
            edit.bumped += picked
            if random.chance(0.5) { edit.snapshot.reconfigureItems(picked) } else { edit.snapshot.reloadItems(picked) }
        }
        if random.chance(0.15), let section = snapshot.sectionIdentifiers.randomElement(using: &random) {
            stats["reloadedOrReconfigured", default: 0] += 1
            edit.bumped += snapshot.itemIdentifiers(inSection: section)
            edit.snapshot.reloadSections([section])
        }
        return edit
    }
}

// MARK: - A plain data source, told of each change with batch updates

@MainActor
private final class PlainWorld: OracleWorld, TableViewDataSource {
    struct Row: Identifiable, Equatable {
        let id: Int
        var version = 0
    }

    /// A section compares by name only: its rows are diffed on their own.
    struct Section: Identifiable, Equatable {
        let id: String
        var rows: [Row]
        static func == (a: Self, b: Self) -> Bool { a.id == b.id }
    }

    let table = TableView()
    var model: [Section] = []
    var random: SplitMix64
    var stats: [String: Int] = [:]
    var nextID = 0
    var selected: Int?
    var onNextCell: (() -> Void)?
    /// The steps so far, written only when a failing sequence is run again to report it.
    var log: [String] = []
    let logging: Bool

    init(seed: UInt64, logging: Bool) {
        self.logging = logging
        random = SplitMix64(seed: seed &+ 0x5EED)
        table.dataSource = self
        table.visibleRowCount = random.int(2...8)
    }

    func numberOfSections(in tableView: TableView) -> Int { model.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        model.indices.contains(section) ? model[section].rows.count : 0
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        model.indices.contains(section) ? model[section].id : "?"
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        // Read while the model may be changing under the table (the misuse the table survives).
        let rows = model.indices.contains(indexPath.section) ? model[indexPath.section].rows : []
        cell.textLabel.text = rows.indices.contains(indexPath.row) ? "\(rows[indexPath.row].id)v\(rows[indexPath.row].version)" : "?"
        if let hook = onNextCell {
            onNextCell = nil
            hook()
        }
        return cell
    }

    func start() {
        model = [Section(id: "S0", rows: [])]
        table.reloadData()
    }

    func verify() -> String? {
        let shown = screen(of: table)
        let rows = model.flatMap(\.rows)
        let lines = expectedLines(
            model.map { ($0.id, $0.rows.map { "\($0.id)v\($0.version)" }) },
            selected: selected.flatMap { id in rows.firstIndex { $0.id == id } })
        if let problem = check(table, drew: shown, shows: lines) { return problem }
        if let error = table.lastUpdateError { return "refused: \(error)" }
        return nil
    }

    func step() {
        switch random.int(0...11) {
        case 0, 1, 2:
            diffBatch(note: "batch")
        case 3, 4:
            resizeSections(note: "reloadSections")
        case 5:
            reloadOrReconfigureRows(note: "rows")
        case 6, 7:
            stats["fromCell", default: 0] += 1
            onNextCell = { [unowned self] in self.reentrant(note: "from cellForRowAt") }
            say("arm cellForRowAt")
            if random.chance(0.5) { table.reloadData() } else { diffBatch(note: "batch") }
        case 8:
            stats["fromCompletion", default: 0] += 1
            diffBatch(note: "batch with a completion") { [unowned self] in self.reentrant(note: "from the completion") }
        case 9:
            table.scroll(by: random.int(-6...6))
            say("scroll to \(table.firstVisibleLine)")
        case 10:
            let paths = model.indices.flatMap { section in model[section].rows.indices.map { IndexPath(row: $0, section: section) } }
            guard !paths.isEmpty else { return }
            let path = paths[random.int(0...paths.count - 1)]
            selected = model[path.section].rows[path.row].id
            say("tap \(path.section).\(path.row)")
            table.tapRow(at: path)
        default:
            table.reloadData()
            say("reloadData")
        }
    }

    /// A change asked for while the table reads its cells or completes a batch.
    private func reentrant(note text: String) {
        switch random.int(0...3) {
        case 0: diffBatch(note: "batch " + text)
        case 1: resizeSections(note: "reloadSections " + text)
        case 2: reloadOrReconfigureRows(note: "rows " + text)
        default:
            // The model changed first, then the table told in a batch: the rows it read in
            // between may be from either side of the change.
            stats["changedBeforeAsking", default: 0] += 1
            let (new, changes) = edited()
            let old = model
            model = new
            say("changed first, then batch \(text)")
            table.performBatchUpdates { self.tell(changes, from: old, to: new) }
        }
    }

    /// Edits the model and tells the table in one batch, inside its `updates` (as UIKit asks).
    private func diffBatch(note text: String, completion: (() -> Void)? = nil) {
        stats["batches", default: 0] += 1
        table.performBatchUpdates({ [unowned self] in
            let (new, changes) = self.edited()
            let old = self.model
            self.model = new
            self.say("\(text): \(new.map { "\($0.id)\($0.rows.map(\.id))" }.joined(separator: " "))")
            self.tell(changes, from: old, to: new)
        }, completion: { _ in completion?() })
    }

    /// The table methods for `changes`, as an app makes the calls: deletions, insertions and moves,
    /// then each updated row reloaded in the batch where it may be, or reconfigured.
    private func tell(_ changes: SectionedListChanges, from old: [Section], to new: [Section]) {
        // The table follows rows by position: a row it is told is deleted (with its section, or
        // as it moves into an inserted section) loses the selection, even if the model has it.
        if let item = selected {
            let section = old.firstIndex { $0.rows.contains { $0.id == item } }
            let path = section.flatMap { section in old[section].rows.firstIndex { $0.id == item }.map { IndexPath(row: $0, section: section) } }
            if let path, changes.items.deletions.contains(path) || changes.sections.deletions.contains(path.section)
                || !new.contains(where: { $0.rows.contains { $0.id == item } }) {
                selected = nil
            }
        }
        table.deleteSections(IndexSet(changes.sections.deletions), with: .automatic)
        table.insertSections(IndexSet(changes.sections.insertions), with: .automatic)
        for move in changes.sections.moves { table.moveSection(move.old, toSection: move.new) }
        table.deleteRows(at: changes.items.deletions, with: .automatic)
        table.insertRows(at: changes.items.insertions, with: .automatic)
        for move in changes.items.moves { table.moveRow(at: move.old, to: move.new) }
        let removed = Set(changes.items.deletions + changes.items.moves.map(\.old))
        let deletedSections = Set(changes.sections.deletions)
        for update in changes.items.updates {
            if !removed.contains(update.old), !deletedSections.contains(update.old.section), random.chance(0.5) {
                table.reloadRows(at: [update.old], with: .automatic)
            } else {
                // By its row before the update: followed to where it goes, ignored where it is gone.
                table.reconfigureRows(at: [update.old])
            }
        }
    }

    /// Sections expanded or collapsed: their rows replaced by new ones, of another number, then
    /// reloaded, with row changes in other sections in the same batch, or alone outside one.
    private func resizeSections(note text: String) {
        guard !model.isEmpty else { return }
        stats["resizingSectionReloads", default: 0] += 1
        let alone = random.chance(0.3)
        let change = { [unowned self] in
            let reloaded = IndexSet((0..<self.random.int(1...2)).map { _ in self.random.int(0...self.model.count - 1) })
            var new = self.model
            for section in reloaded {
                new[section].rows = (0..<self.random.int(0...6)).map { _ in
                    self.nextID += 1
                    return Row(id: self.nextID)
                }
            }
            if !alone { self.editRows(of: &new, sparing: reloaded) }
            let changes = try! new.changes(from: self.model, items: \.rows)
            let old = self.model
            self.model = new
            if let item = self.selected, !new.contains(where: { $0.rows.contains { $0.id == item } }) { self.selected = nil }
            self.say("\(text) \(Array(reloaded)): \(new.map { "\($0.id)\($0.rows.map(\.id))" }.joined(separator: " "))")
            self.table.reloadSections(reloaded, with: .automatic)
            guard !alone else { return }
            // The reloaded sections' own rows are new rows: only the other sections' changes.
            let items = changes.items
            self.tell(SectionedListChanges(items: ListChanges(
                deletions: items.deletions.filter { !reloaded.contains($0.section) },
                insertions: items.insertions.filter { !reloaded.contains($0.section) },
                moves: items.moves,
                updates: items.updates.filter { !reloaded.contains($0.old.section) }
            )), from: old, to: new)
        }
        if alone { change() } else { table.performBatchUpdates(change) }
    }

    /// Rows shown anew with a new version: reloaded or reconfigured, outside a batch.
    private func reloadOrReconfigureRows(note text: String) {
        let paths = model.indices.flatMap { section in model[section].rows.indices.map { IndexPath(row: $0, section: section) } }
        guard !paths.isEmpty else { return }
        let picked = (0..<random.int(1...3)).map { _ in paths[random.int(0...paths.count - 1)] }
        for path in Set(picked) { model[path.section].rows[path.row].version += 1 }
        let reload = random.chance(0.5)
        say("\(text): \(reload ? "reload" : "reconfigure") \(picked.map { "\($0.section).\($0.row)" })")
        if reload { table.reloadRows(at: picked, with: .automatic) } else { table.reconfigureRows(at: picked) }
    }

    /// The model edited: sections come, go and move; rows come, go, move and change version.
    private func edited() -> ([Section], SectionedListChanges) {
        var new = model
        if random.chance(0.3) || new.isEmpty {
            let name = "S\(random.int(0...5))"
            if let index = new.firstIndex(where: { $0.id == name }) {
                if random.chance(0.5) { new.remove(at: index) } else { new.swapAt(index, random.int(0...new.count - 1)) }
            } else {
                new.insert(Section(id: name, rows: []), at: random.int(0...new.count))
            }
        }
        editRows(of: &new, sparing: [])
        return (new, try! new.changes(from: model, items: \.rows))
    }

    /// Rows inserted, deleted, moved (across sections too) and given new versions, in the
    /// sections not in `spared`.
    private func editRows(of sections: inout [Section], sparing spared: IndexSet) {
        let editable = sections.indices.filter { !spared.contains($0) }
        guard !editable.isEmpty else { return }
        func pick() -> Int { editable[random.int(0...editable.count - 1)] }
        for _ in 0..<random.int(0...5) {
            let section = pick()
            switch random.int(0...4) {
            case 0, 1:
                guard sections.reduce(0, { $0 + $1.rows.count }) < 24 else { continue }
                nextID += 1
                sections[section].rows.insert(Row(id: nextID), at: random.int(0...sections[section].rows.count))
            case 2:
                guard !sections[section].rows.isEmpty else { continue }
                sections[section].rows.remove(at: random.int(0...sections[section].rows.count - 1))
            case 3:
                guard !sections[section].rows.isEmpty else { continue }
                let row = sections[section].rows.remove(at: random.int(0...sections[section].rows.count - 1))
                let target = pick()
                sections[target].rows.insert(row, at: random.int(0...sections[target].rows.count))
            default:
                guard !sections[section].rows.isEmpty else { continue }
                sections[section].rows[random.int(0...sections[section].rows.count - 1)].version += 1
            }
        }
    }
}
