@testable import Decouple
import DecoupleTestSupport
import Testing

// MARK: - ListChangesPropertyTests

/// Random pairs of lists, from fixed seeds: whatever the edits, the changes replay exactly, in one
/// pass and step by step in batch-update order, and are sound and as few as can be.
///
/// The cases are split into chunks so that Swift Testing runs them in parallel; a failure names
/// its chunk and case, and stops its chunk.
@Suite struct ListChangesPropertyTests {
    /// 10 × 1,000 flat cases.
    @Test(arguments: 0..<10)
    func flat_randomPairsReplayExactly(chunk: Int) throws {
        var random = SplitMix64(seed: 0xD1FF_0000 &+ UInt64(chunk))
        for index in 0..<1_000 {
            let (old, new) = DiffingScenario.flatPair(&random)
            guard try expectSound(from: old, to: new, case: "\(chunk).\(index)") else { return }
        }
    }

    /// 6 × 500 sectioned cases.
    @Test(arguments: 0..<6)
    func sectioned_randomPairsReplayExactly(chunk: Int) throws {
        var random = SplitMix64(seed: 0x5EC7_0000 &+ UInt64(chunk))
        for index in 0..<500 {
            let (old, new) = DiffingScenario.sectionedPair(&random)
            guard try expectSound(from: old, to: new, case: "\(chunk).\(index)") else { return }
        }
    }
}

// MARK: - Helpers

/// Diffs a flat pair and checks everything; false, with an issue recorded, at the first problem.
private func expectSound(
    from old: [DiffingEntry], to new: [DiffingEntry], case name: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
    let changes = try new.changes(from: old)
    // Checked first: changes that do not fit the lists would stop `applied` with a precondition.
    var problems = DiffingReference.problems(with: changes, old: old, new: new)
    if problems.isEmpty, changes.applied(to: old, inserting: { new[$0] }, updating: { $0 = new[$1] }) != new {
        problems.append("applied, the changes do not give the new list")
    }
    if problems.isEmpty, DiffingReference.replayStepwise(changes, on: old, new: new) != new {
        problems.append("replayed step by step, the changes do not give the new list")
    }
    guard problems.isEmpty else {
        Issue.record("case \(name): \(problems)\nold: \(old)\nnew: \(new)\nchanges: \(changes)", sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Diffs a sectioned pair and checks everything; false, with an issue recorded, at the first
/// problem.
private func expectSound(
    from old: [DiffingGroup], to new: [DiffingGroup], case name: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
    let changes = try new.changes(from: old, items: \.entries)
    // Checked first: changes that do not fit the lists would stop `applied` with a precondition.
    var problems = DiffingReference.problems(with: changes, old: old, new: new)
    guard problems.isEmpty else {
        Issue.record("case \(name): \(problems)\nold: \(old)\nnew: \(new)\nchanges: \(changes)", sourceLocation: sourceLocation)
        return false
    }
    let applied = changes.applied(
        to: old, rows: \.entries,
        insertingSection: { new[$0] },
        insertingRow: { new[$0[0]].entries[$0[1]] },
        updatingSection: { $0 = new[$1] },
        updatingRow: { $0 = new[$1[0]].entries[$1[1]] }
    )
    if applied != new {
        problems.append("applied, the changes do not give the new sections")
    }
    if DiffingReference.replayStepwise(changes, on: old, new: new) != new {
        problems.append("replayed step by step, the changes do not give the new sections")
    }
    guard problems.isEmpty else {
        Issue.record("case \(name): \(problems)\nold: \(old)\nnew: \(new)\nchanges: \(changes)", sourceLocation: sourceLocation)
        return false
    }
    return true
}
