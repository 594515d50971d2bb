// MARK: - Known defects

/// A class of oracle failures the generator is known to have, each one of the defects issue 29
/// lists, not fixed yet: the oracle reports its cases but does not fail on them. Every other
/// failure fails the test (exit 0 with code that does not compile, a trap, an unlocated error, an
/// adapter dropped without a word, an invalid program).
///
/// The list is exact in one direction: an entry matches only its defect's symptom (the kind of
/// failure, the compiler's message, and where asked the shape that causes it), so removing an
/// entry while its defect is there makes the oracle fail on its cases. When the generator
/// handles a defect, remove its entry (the run prints entries that matched nothing), and its
/// fixture's `knownIssue` (`Tests/Fixtures/Oracle`), whose test fails until it is removed.
struct KnownDefect: Sendable {
    /// A short name, used in reports and fixtures.
    var name: String
    /// Issue 29's words for the defect.
    var issue: String
    var kinds: Set<OracleFailure.Kind>
    /// Any of these in the failure's class key (the compiler's message, names left out); empty:
    /// any message.
    var messages: [String] = []
    /// Only in these styles; empty: any.
    var styles: Set<String> = []
    /// Only in these modes; empty: any.
    var modes: Set<String> = []
    /// The program holds at least one of these shapes (`ProgramGrammar`'s names); empty: any.
    var shapes: [String] = []
    /// The failure's evidence (the compiler's errors with the line each points at, the trap's
    /// message, the lines around a dropped request) holds one of these; empty: any.
    var evidence: [String] = []

    func matches(_ failure: OracleFailure, in program: OracleProgram) -> Bool {
        guard kinds.contains(failure.kind) else { return false }
        if !messages.isEmpty && !messages.contains(where: { failure.classKey.contains($0) }) { return false }
        if !styles.isEmpty && !styles.contains(failure.style?.rawValue ?? "-") { return false }
        if !modes.isEmpty && !modes.contains(failure.mode?.rawValue ?? "-") { return false }
        // Fixtures carry no shapes: there the other conditions decide.
        if !shapes.isEmpty && !program.shapes.isEmpty && program.shapes.isDisjoint(with: shapes) { return false }
        if !evidence.isEmpty && !evidence.contains(where: { failure.evidence.contains($0) }) { return false }
        return true
    }
}

enum KnownDefects {
    /// The defects the generator still has (issue 29's, and those the oracle found since).
    /// Messages are matched in the class key, where quoted names are `'…'` and numbers `#`.
    static let all: [KnownDefect] = []

    /// The first entry a failure falls under, if any.
    static func entry(for failure: OracleFailure, in program: OracleProgram) -> KnownDefect? {
        all.first { $0.matches(failure, in: program) }
    }
}
