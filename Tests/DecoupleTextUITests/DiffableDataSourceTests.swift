import DecoupleTestSupport
import DecoupleTextUI
import InlineSnapshotTesting
import Testing

@MainActor
@Suite struct DiffableDataSourceTests {
    private static func table(titles: Bool = true) -> (TableView, TableViewDiffableDataSource<String, Int>) {
        final class Titled: TableViewDiffableDataSource<String, Int> {
            override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
                sectionIdentifier(for: section)
            }
        }
        let table = TableView()
        table.visibleRowCount = 1_000
        let provider: TableViewDiffableDataSource<String, Int>.CellProvider = { table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel.text = "item \(id)"
            return cell
        }
        let source = titles ? Titled(tableView: table, cellProvider: provider) : TableViewDiffableDataSource(tableView: table, cellProvider: provider)
        return (table, source)
    }

    @Test func apply_performsOneBatchUpdate_andDescribesIt() {
        let (table, source) = Self.table()
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems([1, 2, 3], toSection: "A")
        snapshot.appendItems([4, 5])
        source.apply(snapshot)
        _ = table.renderedText(width: 12)

        snapshot.deleteItems([2])
        snapshot.moveItem(5, beforeItem: 1)
        snapshot.insertItems([6], afterItem: 4)
        source.apply(snapshot)
        #expect(table.lastUpdateError == nil)
        #expect(table.lastUpdateDescription == "deleted 0.1, inserted 1.1, moved 1.1 → 0.0")
        assertInlineSnapshot(of: table.renderedText(width: 12), as: .lines) {
            """
            ── A ───────
            item 5
            item 1
            item 3
            ── B ───────
            item 4
            item 6
            """
        }
        #expect(source.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 5)
        #expect(source.indexPath(for: 6) == IndexPath(row: 1, section: 1))
        #expect(source.snapshot().itemIdentifiers == [5, 1, 3, 4, 6])
    }

    @Test func reconfigure_updatesVisibleCellsInPlace() {
        let (table, source) = Self.table(titles: false)
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A"])
        snapshot.appendItems([1, 2])
        source.apply(snapshot)
        _ = table.renderedText(width: 10)
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))
        let created = table.createdCellCount
        snapshot.reconfigureItems([2])
        source.apply(snapshot)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
        #expect(table.createdCellCount == created)
        #expect(table.lastUpdateDescription == "reconfigured 0.1")
        #expect(source.snapshot().reconfiguredItemIdentifiers == [])   // a request, not state
    }

    @Test func changes_computedOffTheMainActor_applyOnIt() async {
        let (table, source) = Self.table(titles: false)
        var first = Snapshot<String, Int>()
        first.appendSections(["A"])
        first.appendItems(Array(0..<1_000))
        source.apply(first)
        _ = table.renderedText(width: 10)

        let shown = source.snapshot()
        let (next, changes) = await Task.detached {
            var next = shown
            next.deleteItems([0, 1])
            next.appendItems([1_000])
            return (next, next.changes(from: shown))
        }.value
        source.apply(next, changes: changes)
        #expect(table.lastUpdateError == nil)
        #expect(table.lastUpdateDescription == "deleted 0.0–0.1, inserted 0.998")
        #expect(table.lines(width: 10).prefix(2) == ["item 2    ", "item 3    "])
    }

    @Test func staleChanges_endInAFullReload_neverAWrongScreen() {
        let (table, source) = Self.table(titles: false)
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A"])
        snapshot.appendItems([1, 2, 3])
        source.apply(snapshot)
        _ = table.renderedText(width: 10)
        var next = snapshot
        next.deleteItems([1])
        // Changes computed against some other snapshot than the one shown.
        source.apply(next, changes: SectionedListChanges(items: ListChanges(insertions: [IndexPath(row: 0, section: 0)])))
        #expect(table.lastUpdateError != nil)
        #expect(table.renderedText(width: 10) == "item 2\nitem 3")
    }

    @Test func snapshot_ignoresDuplicatesAndMissingTargets() {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendItems([1])                       // no section yet: ignored
        snapshot.appendSections(["A", "A"])
        snapshot.appendItems([1, 1, 2])
        snapshot.insertItems([3], beforeItem: 99)       // no such item: ignored
        snapshot.moveSection("A", afterSection: "Z")
        #expect(snapshot.sectionIdentifiers == ["A"])
        #expect(snapshot.itemIdentifiers == [1, 2])
        #expect(snapshot.indexOfItem(2) == 1)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "A")
    }

    @Test func randomSnapshots_alwaysApplyCleanly_andShowExactlyTheSnapshot() {
        var random = SplitMix64(seed: 17)
        let (table, source) = Self.table()
        var snapshot = Snapshot<String, Int>()
        var nextID = 0
        for round in 0..<300 {
            // Edit the snapshot the way an app does: sections and items come and go and move.
            if random.chance(0.3) || snapshot.numberOfSections == 0 {
                let name = "S\(random.int(0...7))"
                if snapshot.indexOfSection(name) == nil { snapshot.appendSections([name]) }
                else if random.chance(0.4) { snapshot.deleteSections([name]) }
                else if let other = snapshot.sectionIdentifiers.randomElement(using: &random) {
                    snapshot.moveSection(name, beforeSection: other)
                }
            }
            for _ in 0..<random.int(0...6) {
                let ids = snapshot.itemIdentifiers
                switch random.int(0...3) {
                case 0, 1:
                    if let section = snapshot.sectionIdentifiers.randomElement(using: &random) {
                        nextID += 1
                        snapshot.appendItems([nextID], toSection: section)
                    }
                case 2:
                    if let id = ids.randomElement(using: &random) { snapshot.deleteItems([id]) }
                default:
                    if let id = ids.randomElement(using: &random), let target = ids.randomElement(using: &random) {
                        snapshot.moveItem(id, afterItem: target)
                    }
                }
            }
            source.apply(snapshot)
            #expect(table.lastUpdateError == nil, "round \(round): \(table.lastUpdateError ?? "")")
            var expected: [String] = []
            for section in snapshot.sectionIdentifiers {
                expected.append("── \(section) " + String(repeating: "─", count: 20 - 4 - section.count))
                expected += snapshot.itemIdentifiers(inSection: section).map { "item \($0)" }
            }
            let shown = table.lines(width: 20).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            #expect(shown == expected, "round \(round)")
            if shown != expected { break }
        }
    }
}
