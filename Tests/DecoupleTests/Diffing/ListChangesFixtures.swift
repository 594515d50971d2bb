@testable import Decouple
import DecoupleTestSupport
import Foundation

// MARK: - Fixtures

/// An element of a diffed list: identity in `id`, content in `content`.
struct DiffingEntry: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content = 0

    var description: String { content == 0 ? "\(id)" : "\(id)·\(content)" }
}

/// A section of a diffed list, with a title of its own and entries.
struct DiffingGroup: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var title = 0
    var entries: [DiffingEntry] = []

    var description: String { "\(id)·\(title)\(entries)" }
}

extension Array where Element == DiffingEntry {
    /// Entries with these ids and no content: `.entries(1, 2, 3)`.
    static func entries(_ ids: Int...) -> [DiffingEntry] { ids.map { DiffingEntry(id: $0) } }
}

// MARK: - Random pairs of lists

/// Random old and new lists, the new one made from the old by random deletions, content changes,
/// moves, shuffled or reversed stretches and insertions.
enum DiffingScenario {
    /// A flat pair, each list of 0–500 entries with unique ids.
    static func flatPair(_ random: inout SplitMix64) -> (old: [DiffingEntry], new: [DiffingEntry]) {
        let idPool = random.chance(0.2) ? 600 : 2_000
        var seen = Set<Int>()
        let old = (0..<random.int(0...500))
            .map { _ in DiffingEntry(id: random.int(0...(idPool - 1))) }
            .filter { seen.insert($0.id).inserted }
        return (old, edited(old, ids: &seen, idPool: idPool, limit: 500, &random))
    }

    /// A sectioned pair: up to 8 sections with up to 30 entries each, entries moving between
    /// sections, sections deleted, inserted, moved and retitled.
    static func sectionedPair(_ random: inout SplitMix64) -> (old: [DiffingGroup], new: [DiffingGroup]) {
        var sectionIDs = Set<Int>()
        var entryIDs = Set<Int>()
        let old = (0..<random.int(0...8)).compactMap { _ -> DiffingGroup? in
            let id = random.int(0...15)
            guard sectionIDs.insert(id).inserted else { return nil }
            let entries = (0..<random.int(0...30))
                .map { _ in DiffingEntry(id: random.int(0...399)) }
                .filter { entryIDs.insert($0.id).inserted }
            return DiffingGroup(id: id, entries: entries)
        }

        var new = old
        let deleteSection = random.chance(0.5) ? 0.25 : 0
        new.removeAll { _ in random.chance(deleteSection) }
        for index in new.indices where random.chance(0.2) { new[index].title = random.int(1...9) }
        for _ in 0..<random.int(0...3) where !new.isEmpty {
            let section = new.remove(at: random.int(0...(new.count - 1)))
            new.insert(section, at: random.int(0...new.count))
        }
        for _ in 0..<random.int(0...3) {
            let id = random.int(0...31)
            guard sectionIDs.insert(id).inserted else { continue }
            new.insert(DiffingGroup(id: id, title: random.int(0...9)), at: random.int(0...new.count))
        }
        // Entries of all new sections, pooled with the ones of deleted sections, then dealt out again.
        var pool = old.filter { section in !new.contains { $0.id == section.id } }.flatMap(\.entries)
        if !new.isEmpty {
            for index in new.indices {
                new[index].entries = edited(new[index].entries, ids: &entryIDs, idPool: 500, limit: 40, &random)
            }
            for _ in 0..<random.int(0...6) {
                let from = random.int(0...(new.count - 1))
                guard !new[from].entries.isEmpty else { continue }
                let entry = new[from].entries.remove(at: random.int(0...(new[from].entries.count - 1)))
                let to = random.int(0...(new.count - 1))
                new[to].entries.insert(entry, at: random.int(0...new[to].entries.count))
            }
            pool.shuffle(using: &random)
            for entry in pool.prefix(random.int(0...pool.count)) {
                let to = random.int(0...(new.count - 1))
                var entry = entry
                if random.chance(0.3) { entry.content += 1 }
                new[to].entries.insert(entry, at: random.int(0...new[to].entries.count))
            }
        }
        return (old, new)
    }

    /// `list` with random edits; new ids are drawn from `idPool` and recorded in `ids`.
    private static func edited(
        _ list: [DiffingEntry], ids: inout Set<Int>, idPool: Int, limit: Int, _ random: inout SplitMix64
    ) -> [DiffingEntry] {
        var new = list
        let listIDs = Set(list.map(\.id))
        let deletion = [0, 0.05, 0.3, 0.9][random.int(0...3)]
        new.removeAll { _ in random.chance(deletion) }
        let update = [0, 0.05, 0.5, 1][random.int(0...3)]
        for index in new.indices where random.chance(update) { new[index].content += 1 }
        if !new.isEmpty {
            for _ in 0..<[0, 1, 3, 20][random.int(0...3)] {
                let entry = new.remove(at: random.int(0...(new.count - 1)))
                new.insert(entry, at: random.int(0...new.count))
            }
            let start = random.int(0...(new.count - 1))
            let end = random.int(start...(new.count - 1)) + 1
            switch random.int(0...5) {
            case 0: new[start..<end].shuffle(using: &random)
            case 1: new[start..<end].reverse()
            default: break
            }
        }
        var newIDs = Set(new.map(\.id))
        for _ in 0..<[0, 1, 10, 200][random.int(0...3)] {
            let id = random.int(0...(2 * idPool - 1))
            // A fresh id, or the id of an entry just deleted: then it is kept, not inserted.
            guard ids.insert(id).inserted || (listIDs.contains(id) && !newIDs.contains(id)) else { continue }
            newIDs.insert(id)
            new.insert(DiffingEntry(id: id, content: random.int(0...2)), at: random.int(0...new.count))
        }
        return Array(new.prefix(limit))
    }
}

// MARK: - References

enum DiffingReference {
    /// Applies flat changes one step at a time, in the order ``ListChanges`` documents: deletions
    /// and move sources from the highest old position down, insertions and move destinations from
    /// the lowest new position up, then updates. Quadratic; for checking only.
    static func replayStepwise(_ changes: ListChanges<Int>, on old: [DiffingEntry], new: [DiffingEntry]) -> [DiffingEntry] {
        var rows = old
        var carried: [Int: DiffingEntry] = [:]
        let destinations = Dictionary(uniqueKeysWithValues: changes.moves.map { ($0.old, $0.new) })
        for position in (changes.deletions + changes.moves.map(\.old)).sorted(by: >) {
            let row = rows.remove(at: position)
            if let destination = destinations[position] { carried[destination] = row }
        }
        for position in (changes.insertions + changes.moves.map(\.new)).sorted() {
            rows.insert(carried[position] ?? new[position], at: position)
        }
        for update in changes.updates { rows[update.new] = new[update.new] }
        return rows
    }

    /// Applies sectioned changes one step at a time, in the order ``SectionedListChanges``
    /// documents. Quadratic; for checking only.
    static func replayStepwise(_ changes: SectionedListChanges, on old: [DiffingGroup], new: [DiffingGroup]) -> [DiffingGroup] {
        var sections = old
        var carriedRows: [IndexPath: DiffingEntry] = [:]
        let rowDestinations = Dictionary(uniqueKeysWithValues: changes.items.moves.map { ($0.old, $0.new) })
        for indexPath in (changes.items.deletions + changes.items.moves.map(\.old)).sorted(by: >) {
            let row = sections[indexPath[0]].entries.remove(at: indexPath[1])
            if let destination = rowDestinations[indexPath] { carriedRows[destination] = row }
        }
        var carriedSections: [Int: DiffingGroup] = [:]
        let sectionDestinations = Dictionary(uniqueKeysWithValues: changes.sections.moves.map { ($0.old, $0.new) })
        for index in (changes.sections.deletions + changes.sections.moves.map(\.old)).sorted(by: >) {
            let section = sections.remove(at: index)
            if let destination = sectionDestinations[index] { carriedSections[destination] = section }
        }
        for index in (changes.sections.insertions + changes.sections.moves.map(\.new)).sorted() {
            sections.insert(carriedSections[index] ?? new[index], at: index)
        }
        for indexPath in (changes.items.insertions + changes.items.moves.map(\.new)).sorted() {
            let row = carriedRows[indexPath] ?? new[indexPath[0]].entries[indexPath[1]]
            sections[indexPath[0]].entries.insert(row, at: indexPath[1])
        }
        for update in changes.sections.updates { sections[update.new].title = new[update.new].title }
        for update in changes.items.updates {
            sections[update.new[0]].entries[update.new[1]] = new[update.new[0]].entries[update.new[1]]
        }
        return sections
    }

    /// The fewest moves that can turn the surviving old entries' order into the new one: all of
    /// them but a longest run that kept its order.
    static func fewestMoves(from old: [DiffingEntry], to new: [DiffingEntry]) -> Int {
        let oldPositions = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        let sequence = new.compactMap { oldPositions[$0.id] }
        return sequence.count - longestIncreasingRun(sequence)
    }

    /// The length of a longest strictly increasing subsequence, by patience sorting.
    static func longestIncreasingRun(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// Whether each value is above the one before.
    static func isAscending<Value: Comparable>(_ values: [Value]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// Everything a table would check before applying flat changes, as messages; empty if sound.
    static func problems(with changes: ListChanges<Int>, old: [DiffingEntry], new: [DiffingEntry]) -> [String] {
        var problems: [String] = []
        var oldPositions: [Int: Int] = [:]
        for (position, entry) in old.enumerated() { oldPositions[entry.id] = position }
        var newPositions: [Int: Int] = [:]
        for (position, entry) in new.enumerated() { newPositions[entry.id] = position }
        if old.count - changes.deletions.count + changes.insertions.count != new.count {
            problems.append("counts do not add up")
        }
        if !isAscending(changes.deletions) { problems.append("deletions not ascending") }
        if !isAscending(changes.insertions) { problems.append("insertions not ascending") }
        if !isAscending(changes.moves.map(\.old)) { problems.append("moves not by old position") }
        if !isAscending(changes.updates.map(\.new)) { problems.append("updates not by new position") }
        if changes.deletions.contains(where: { newPositions[old[$0].id] != nil }) { problems.append("a deleted id survives") }
        if changes.insertions.contains(where: { oldPositions[new[$0].id] != nil }) { problems.append("an inserted id was there") }
        if changes.moves.contains(where: { old[$0.old].id != new[$0.new].id }) { problems.append("a move pairs two ids") }
        if changes.updates.contains(where: { old[$0.old].id != new[$0.new].id || old[$0.old] == new[$0.new] }) {
            problems.append("an update is not one")
        }
        // In new order, the old positions of the surviving entries, and how many changed.
        var survivors: [Int] = []
        var changed = 0
        for entry in new {
            guard let position = oldPositions[entry.id] else { continue }
            survivors.append(position)
            if old[position] != entry { changed += 1 }
        }
        if changes.updates.count != changed { problems.append("\(changed) changed, \(changes.updates.count) updates") }
        let fewest = survivors.count - longestIncreasingRun(survivors)
        if changes.moves.count != fewest { problems.append("\(changes.moves.count) moves where \(fewest) do") }
        return problems
    }

    /// Everything a table would check before applying sectioned changes, as messages; empty if
    /// sound.
    static func problems(with changes: SectionedListChanges, old: [DiffingGroup], new: [DiffingGroup]) -> [String] {
        var problems: [String] = []
        let deletedSections = Set(changes.sections.deletions)
        let insertedSections = Set(changes.sections.insertions)
        let oldTotal = old.reduce(0) { $0 + $1.entries.count }
        let newTotal = new.reduce(0) { $0 + $1.entries.count }
        let itemsGone = deletedSections.reduce(0) { $0 + old[$1].entries.count }
        let itemsCome = insertedSections.reduce(0) { $0 + new[$1].entries.count }
        if old.count - changes.sections.deletions.count + changes.sections.insertions.count != new.count {
            problems.append("section counts do not add up")
        }
        if oldTotal - itemsGone - changes.items.deletions.count + itemsCome + changes.items.insertions.count != newTotal {
            problems.append("item counts do not add up")
        }
        if (changes.items.deletions + changes.items.moves.map(\.old)).contains(where: { deletedSections.contains($0[0]) }) {
            problems.append("an item change in a deleted section")
        }
        if (changes.items.insertions + changes.items.moves.map(\.new)).contains(where: { insertedSections.contains($0[0]) }) {
            problems.append("an item change in an inserted section")
        }
        if !isAscending(changes.items.deletions) { problems.append("item deletions not ascending") }
        if !isAscending(changes.items.insertions) { problems.append("item insertions not ascending") }
        if (changes.items.deletions + changes.items.insertions + changes.items.moves.flatMap { [$0.old, $0.new] })
            .contains(where: { $0.count != 2 }) {
            problems.append("an index path that is not [section, item]")
        }
        let entry = { (sections: [DiffingGroup], indexPath: IndexPath) in sections[indexPath[0]].entries[indexPath[1]] }
        if changes.items.moves.contains(where: { entry(old, $0.old).id != entry(new, $0.new).id }) {
            problems.append("an item move pairs two ids")
        }
        if changes.items.updates.contains(where: { entry(old, $0.old).id != entry(new, $0.new).id || entry(old, $0.old) == entry(new, $0.new) }) {
            problems.append("an item update is not one")
        }
        // Fewest moves: every entry that changed section, plus per section all that stayed but a
        // longest run that kept its order.
        var fewest = 0
        let oldSectionOf = Dictionary(uniqueKeysWithValues: old.flatMap { section in section.entries.map { ($0.id, section.id) } })
        let survivingSections = Set(old.map(\.id)).intersection(new.map(\.id))
        for section in new where survivingSections.contains(section.id) {
            let oldSection = old.first { $0.id == section.id }!
            let arrived = section.entries.filter { oldSectionOf[$0.id].map { $0 != section.id && survivingSections.contains($0) } ?? false }
            let stayed = section.entries.filter { oldSectionOf[$0.id] == section.id }
            fewest += arrived.count + fewestMoves(from: oldSection.entries, to: stayed)
        }
        if changes.items.moves.count != fewest { problems.append("\(changes.items.moves.count) item moves where \(fewest) do") }
        return problems
    }
}
