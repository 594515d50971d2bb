import DecoupleTestSupport
import DecoupleTextUI
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

    /// A table without titles showing `items` in one section, laid out once, and its snapshot.
    private static func showing(_ items: [Int]) -> (TableView, TableViewDiffableDataSource<String, Int>, Snapshot<String, Int>) {
        let (table, source) = Self.table(titles: false)
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A"])
        snapshot.appendItems(items)
        source.apply(snapshot)
        _ = table.renderedText(width: 10)
        return (table, source, snapshot)
    }

    @Test func staleChanges_endInAFullReload_neverAWrongScreen() {
        let (table, source, snapshot) = Self.showing([1, 2, 3])
        var next = snapshot
        next.deleteItems([1])
        // Changes computed from the snapshot shown, but for another one than the one applied.
        var other = snapshot
        other.appendItems([4])
        source.apply(next, changes: other.changes(from: snapshot))
        #expect(table.lastUpdateError?.hasPrefix("Stale changes") == true)
        #expect(table.lastUpdateDescription == "reloaded everything")
        #expect(table.renderedText(width: 10) == "item 2\nitem 3")
        // The right ones apply as a batch.
        var last = next
        last.appendItems([5])
        source.apply(last, changes: last.changes(from: next))
        #expect(table.lastUpdateError == nil)
        #expect(table.lastUpdateDescription == "inserted 0.2")
    }

    /// The issue's case: changes S0 → S2 whose counts add up on S1 = [3, 2, 1]. Checking counts
    /// alone showed `3 2 1 4` with no error; the changes know which snapshot they came from.
    @Test func staleChangesThatAddUp_endInAFullReload_neverAWrongScreen() {
        let (table, source, s0) = Self.showing([1, 2, 3])
        var s2 = s0
        s2.appendItems([4])
        let changes = s2.changes(from: s0)
        var s1 = s0
        s1.moveItem(3, beforeItem: 1)
        s1.moveItem(2, beforeItem: 1)
        source.apply(s1)
        #expect(table.renderedText(width: 10) == "item 3\nitem 2\nitem 1")

        source.apply(s2, changes: changes)
        #expect(table.lastUpdateError == "Stale changes: they were computed for another snapshot than the one shown and the one applied; the table reloaded everything")
        #expect(table.renderedText(width: 10) == "item 1\nitem 2\nitem 3\nitem 4")
        #expect(source.snapshot().itemIdentifiers == [1, 2, 3, 4])
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

    /// What a cell provider reads, changed by the tests to see which rows are asked for again.
    private final class Names { var byID: [Int: String] = [:] }

    /// A table whose cells show each item's name, or `item <id>` when it has none.
    private static func namedTable() -> (TableView, TableViewDiffableDataSource<String, Int>, Names) {
        let names = Names()
        let table = TableView()
        table.visibleRowCount = 100
        let source = TableViewDiffableDataSource<String, Int>(tableView: table) { table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel.text = names.byID[id] ?? "item \(id)"
            return cell
        }
        return (table, source, names)
    }

    /// Reloads and reconfigures are part of the one batch update: the description covers all
    /// of it, and a refused batch's error is not erased by what came after.
    @Test func apply_withReloadsAndReconfigures_isOneUpdate_whoseErrorAndDescriptionCoverAll() {
        let (table, source, names) = Self.namedTable()
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A"])
        snapshot.appendItems([1, 2, 3])
        source.apply(snapshot)
        _ = table.renderedText(width: 12)
        let cellOf2 = table.cellForRow(at: IndexPath(row: 1, section: 0))

        snapshot.moveItem(3, beforeItem: 1)
        snapshot.appendItems([4])
        names.byID = [1: "one", 2: "two", 3: "three"]
        snapshot.reconfigureItems([1, 2])
        snapshot.reloadItems([3])
        var completions = 0
        source.apply(snapshot) { completions += 1 }
        #expect(completions == 1)
        #expect(table.lastUpdateError == nil)
        // Reloads and reconfigures by the rows' positions before the update, as in a batch; a
        // row cannot be moved and reloaded in one, so item 3 is deleted and inserted.
        #expect(table.lastUpdateDescription == "deleted 0.2, inserted 0.0, 0.3, reconfigured 0.0–0.1")
        #expect(table.renderedText(width: 12) == "three\none\ntwo\nitem 4")
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cellOf2)   // reconfigured in place

        // Changes computed against another snapshot, with a reconfigure: a full reload, whose
        // error is not erased by the reconfigure.
        var next = source.snapshot()
        next.deleteItems([4])
        next.reconfigureItems([1])
        var earlier = Snapshot<String, Int>()
        earlier.appendSections(["A"])
        source.apply(next, changes: next.changes(from: earlier))
        #expect(table.lastUpdateError?.hasPrefix("Stale changes") == true)
        #expect(table.lastUpdateDescription == "reloaded everything")
        #expect(table.renderedText(width: 12) == "three\none\ntwo")
    }

    /// A reloaded section asks again for every item it holds now, including one moved into it.
    @Test func reloadSections_reloadsTheItemsTheSectionHoldsNow() {
        let (table, source, names) = Self.namedTable()
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["A", "B"])
        snapshot.appendItems([1, 2], toSection: "A")
        snapshot.appendItems([3], toSection: "B")
        source.apply(snapshot)
        _ = table.renderedText(width: 12)
        names.byID = [1: "one", 2: "two", 3: "three"]
        snapshot.moveItem(1, afterItem: 3)
        snapshot.reloadSections(["B"])
        source.apply(snapshot)
        #expect(table.lastUpdateError == nil)
        #expect(table.lines(width: 12).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            == ["item 2", "three", "one"])
    }

    /// The snapshot's identifier indexes agree with its contents after every kind of edit.
    @Test func snapshotIndexes_followEveryEdit() {
        var random = SplitMix64(seed: 5)
        var snapshot = Snapshot<String, Int>()
        var model: [(String, [Int])] = []
        var nextID = 0
        for round in 0..<2_000 {
            let names = model.map(\.0)
            let ids = model.flatMap(\.1)
            let name = "S\(random.int(0...9))"
            switch random.int(0...9) {
            case 0:
                snapshot.appendSections([name, name])
                if !names.contains(name) { model.append((name, [])) }
            case 1:
                if let target = names.randomElement(using: &random) {
                    let other = "S\(random.int(0...9))"
                    let after = random.chance(0.5)
                    if after { snapshot.insertSections([name, other], afterSection: target) }
                    else { snapshot.insertSections([name, other], beforeSection: target) }
                    var at = model.firstIndex { $0.0 == target }! + (after ? 1 : 0)
                    for new in [name, other] where !model.contains(where: { $0.0 == new }) {
                        model.insert((new, []), at: at)
                        at += 1
                    }
                }
            case 2:
                let other = "S\(random.int(0...9))"
                snapshot.deleteSections([name, other, name])
                model.removeAll { $0.0 == name || $0.0 == other }
            case 3:
                if let target = names.randomElement(using: &random), names.contains(name), name != target {
                    let after = random.chance(0.5)
                    if after { snapshot.moveSection(name, afterSection: target) }
                    else { snapshot.moveSection(name, beforeSection: target) }
                    let moved = model.remove(at: model.firstIndex { $0.0 == name }!)
                    model.insert(moved, at: model.firstIndex { $0.0 == target }! + (after ? 1 : 0))
                }
            case 4, 5:
                if let section = model.indices.randomElement(using: &random) {
                    // Two new items, and one already somewhere: ignored.
                    let new = [nextID + 1, nextID + 2] + (ids.randomElement(using: &random).map { [$0] } ?? [])
                    nextID += 2
                    snapshot.appendItems(new, toSection: model[section].0)
                    model[section].1 += new.filter { !ids.contains($0) }
                }
            case 6:
                if let target = ids.randomElement(using: &random) {
                    let after = random.chance(0.5)
                    let new = [nextID + 1, nextID + 2]
                    nextID += 2
                    if after { snapshot.insertItems(new, afterItem: target) }
                    else { snapshot.insertItems(new, beforeItem: target) }
                    let section = model.firstIndex { $0.1.contains(target) }!
                    model[section].1.insert(contentsOf: new, at: model[section].1.firstIndex(of: target)! + (after ? 1 : 0))
                }
            case 7:
                let doomed = (0..<random.int(1...4)).compactMap { _ in ids.randomElement(using: &random) }
                snapshot.deleteItems(doomed)
                for section in model.indices { model[section].1.removeAll { doomed.contains($0) } }
            default:
                if let id = ids.randomElement(using: &random), let target = ids.randomElement(using: &random), id != target {
                    let after = random.chance(0.5)
                    if after { snapshot.moveItem(id, afterItem: target) }
                    else { snapshot.moveItem(id, beforeItem: target) }
                    for section in model.indices { model[section].1.removeAll { $0 == id } }
                    let section = model.firstIndex { $0.1.contains(target) }!
                    model[section].1.insert(id, at: model[section].1.firstIndex(of: target)! + (after ? 1 : 0))
                }
            }
            #expect(snapshot.sectionIdentifiers == model.map(\.0), "round \(round)")
            #expect(snapshot.itemIdentifiers == model.flatMap(\.1), "round \(round)")
            for (index, (section, items)) in model.enumerated() {
                #expect(snapshot.indexOfSection(section) == index, "round \(round)")
                #expect(snapshot.numberOfItems(inSection: section) == items.count, "round \(round)")
            }
            for (index, id) in model.flatMap(\.1).enumerated() {
                #expect(snapshot.indexOfItem(id) == index, "round \(round)")
            }
            if snapshot.itemIdentifiers != model.flatMap(\.1) { break }
        }
        #expect(snapshot.numberOfSections > 0)
        #expect(snapshot.numberOfItems > 0)
    }

    /// 100,000 sections and items are built and applied in linear time: found by hash, not by
    /// scanning, which would take billions of steps here (about 5 s at 20,000 when it did).
    @Test func aHundredThousandSectionsAndItems_buildAndApply() {
        let table = TableView()
        table.visibleRowCount = 4
        let count = 100_000
        var snapshot = Snapshot<Int, Int>()
        snapshot.appendSections(Array(0..<count))
        for section in 0..<count { snapshot.appendItems([section], toSection: section) }
        #expect(snapshot.numberOfSections == count)
        #expect(snapshot.indexOfItem(count - 1) == count - 1)

        let big = TableViewDiffableDataSource<Int, Int>(tableView: table) { table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel.text = "item \(id)"
            return cell
        }
        big.apply(snapshot)
        #expect(table.renderedText(width: 10) == "item 0\nitem 1\nitem 2\nitem 3")

        var next = snapshot
        next.deleteItems([0])
        next.appendItems([count], toSection: count - 1)
        next.reconfigureItems([1, count - 1])
        big.apply(next)
        #expect(table.lastUpdateError == nil)
        #expect(table.lastUpdateDescription == "deleted 0.0, inserted 99999.1, reconfigured 1.0, 99999.0")
        #expect(table.renderedText(width: 10) == "item 1\nitem 2\nitem 3\nitem 4")
        #expect(big.indexPath(for: count) == IndexPath(row: 1, section: count - 1))
        #expect(table.numberOfRows(inSection: count - 1) == 2)
    }
}
