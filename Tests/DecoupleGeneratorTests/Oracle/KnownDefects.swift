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
    /// The defects of issue 29 the generator still has (branch `gen-fixes` fixes them).
    /// Messages are matched in the class key, where quoted names are `'…'` and numbers `#`.
    static let all: [KnownDefect] = [
        KnownDefect(
            name: "if-branch-requirement-trap",
            issue: "A protocol requirement declared in both branches of an `#if`, then mapped, stops the tool with \"Index out of range\" (`WitnessLedger.admit`).",
            kinds: [.trap], shapes: ["requirement in #if branches"], evidence: ["Index out of range"]),
        KnownDefect(
            name: "if-branch-requirement-twice",
            issue: "A protocol requirement declared in both branches of an `#if` (the styles that do not trap write its witness twice).",
            kinds: [.doesNotCompile], messages: ["invalid redeclaration of", "does not conform to protocol"], shapes: ["requirement in #if branches"]),
        KnownDefect(
            name: "if-type-differs-per-branch",
            issue: "A member whose type differs per branch gets one witness, with the first branch's type.",
            kinds: [.doesNotCompile], messages: ["cannot convert return expression of type", "cannot convert value of type"],
            shapes: ["member type differs per branch"]),
        KnownDefect(
            name: "access-private-witness",
            issue: "Private, fileprivate and `private extension` members are used as witnesses, mapped or matched by name, so the output references what it cannot see.",
            kinds: [.doesNotCompile], messages: ["is inaccessible due to", "does not conform to protocol"],
            shapes: ["private extension", "private member matched by name", "fileprivate member matched by name", "extension fileprivate "]),
        KnownDefect(
            name: "access-private-namesake",
            issue: "A private namesake type in another file is picked by file order, which gives a wrong type and code that does not compile.",
            kinds: [.doesNotCompile], messages: ["is inaccessible due to"], shapes: ["private namesakes in several files"]),
        KnownDefect(
            name: "access-public-conformance-internal-member",
            issue: "So are internal members of a public model's public conformance.",
            kinds: [.doesNotCompile],
            messages: ["must be declared public because it matches a requirement in public protocol", "must be as accessible as its enclosing type"]),
        KnownDefect(
            name: "isolation-main-actor-model",
            issue: "A `@MainActor` model gets a nonisolated conformance: \"crosses into main actor-isolated code\" in Swift 6. The factory and proxy styles need the same care.",
            kinds: [.doesNotCompile],
            messages: [
                "main actor-isolated", "crosses into main actor-isolated code", "can not be referenced from a Sendable closure",
                "cannot conform to global-actor-isolated protocol",
            ],
            shapes: ["@MainActor model", "@MainActor member", "@Observable model", "@MainActor protocol"]),
        KnownDefect(
            name: "isolation-default-main-actor",
            issue: "The factory and proxy styles need the same care. Under `-default-isolation MainActor`, the proxy style's member tables fail in every app tried.",
            kinds: [.doesNotCompile], messages: ["main actor-isolated", "crosses into main actor-isolated code"],
            modes: ["Swift 6, MainActor by default"]),
        KnownDefect(
            name: "isolation-sendable-protocol",
            issue: "Isolation: `Sendable` and non-`Sendable` models need the same care (an adapter of a protocol that refines `Sendable` stores a model that is not `Sendable`; a conformance to it in another file).",
            kinds: [.doesNotCompile], messages: ["-conforming struct '…' has non-Sendable type", "must occur in the same source file as", "SendableMetatype-inheriting protocol"],
            shapes: ["protocol refining Sendable"]),
        KnownDefect(
            name: "inheritance-inherited-requirements",
            issue: "Requirements a protocol inherits are ignored.",
            kinds: [.doesNotCompile], messages: ["does not conform to protocol"],
            shapes: ["protocol inheriting one", "protocol inheriting several", "protocol inheriting a composition"]),
        KnownDefect(
            name: "effects-inout",
            issue: "An `inout` argument is passed without `&`.",
            kinds: [.doesNotCompile], messages: ["to an inout parameter requires explicit"], shapes: ["method inout"]),
        KnownDefect(
            name: "effects-variadic",
            issue: "A variadic parameter is passed as an array.",
            kinds: [.doesNotCompile], messages: ["as variadic arguments of type"], shapes: ["method variadic"]),
        KnownDefect(
            name: "effects-mutating",
            issue: "A `mutating` requirement gets a non-mutating witness.",
            kinds: [.doesNotCompile], messages: ["cannot use mutating member on immutable value"], shapes: ["method mutating"]),
        KnownDefect(
            name: "effects-try",
            issue: "`rethrows` and `get throws` are called without `try`.",
            kinds: [.doesNotCompile],
            messages: ["call can throw but is not marked with", "property access can throw, but it is not marked with", "call can throw, but it is not marked with"],
            shapes: ["method rethrows", "get throws requirement", "method throws", "method async throws"]),
        KnownDefect(
            name: "effects-await",
            issue: "`get async` is read without `await`.",
            kinds: [.doesNotCompile],
            messages: ["property access in a function that does not support concurrency", "call in a function that does not support concurrency", "is '…' but is not marked with '…'"],
            shapes: ["get async requirement", "method async", "method async throws"]),
        KnownDefect(
            name: "effects-proxy-key-path",
            issue: "`get throws` and `get async` lose their effects (the proxy style reads them through key paths, which cannot reach them).",
            kinds: [.doesNotCompile], messages: ["cannot form key path to property with"], styles: ["proxy"],
            shapes: ["get async requirement", "get throws requirement"]),
        KnownDefect(
            name: "inference-failable-initializer",
            issue: "A failable initializer of a type declared in the sources is read as non-optional. So are `UserDefaults(suiteName:)`, `String(data:encoding:)` and `UIImage(systemName:)`.",
            kinds: [.doesNotCompile], messages: ["value of optional type '…' must be unwrapped"],
            shapes: [
                "inferred init? of a source type", "inferred init! of a source type", "inferred failable UserDefaults(suiteName:)",
                "inferred failable String(data:encoding:)", "inferred failable UIImage(systemName:)",
            ]),
        KnownDefect(
            name: "names-type-requirement-proxy",
            issue: "A requirement named `Type` in the proxy style writes a key path that swiftc cannot read.",
            kinds: [.doesNotCompile], messages: ["could not be inferred"], styles: ["proxy"], shapes: ["requirement named Type"]),
        KnownDefect(
            name: "names-type-model",
            issue: "Names: keywords including `Type` (a model named `Type`, nested, is written `Outer.Type`: the metatype).",
            kinds: [.doesNotCompile], messages: ["cannot convert value of type", "is not a member type of", "has no member"],
            shapes: ["model named Type"]),
        KnownDefect(
            name: "names-module-named-like-type",
            issue: "A `\"module\"` whose module is named like its type writes `Item.Item`.",
            kinds: [.doesNotCompile],
            messages: [
                "is not a member type of", "has no member", "cannot infer type of closure parameter", "does not conform to protocol", "cannot find type",
                "cannot be used on type",
            ],
            shapes: ["module named like its type"]),
        KnownDefect(
            name: "silent-drop-annotation",
            issue: "A `// decouple:` annotation placed between an attribute and its type, or before a typealias, is ignored with no word.",
            kinds: [.dropped],
            evidence: ["@MainActor\n// decouple:", "@Observable\n// decouple:", "nonisolated\n// decouple:", "\ntypealias "]),
    ]

    /// The first entry a failure falls under, if any.
    static func entry(for failure: OracleFailure, in program: OracleProgram) -> KnownDefect? {
        all.first { $0.matches(failure, in: program) }
    }
}
