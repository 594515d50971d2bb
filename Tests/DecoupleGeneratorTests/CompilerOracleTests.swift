import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import Testing

/// The compiler as the generator's judge: random valid programs (models, protocols, annotations
/// and `decouple.json`, drawn from `ProgramGrammar`), each type-checked alone, then generated in
/// every style, and the program with its output type-checked in Swift 5, Swift 6, and Swift 6
/// with MainActor as the default isolation. A run that generates must write code that compiles;
/// otherwise it must refuse with errors that each name a file, line and column. A trap, an
/// unlocated error, or an adapter asked for that is neither made nor named in a warning fails.
///
/// The generator runs in a child process of the test binary (`ChildTest`): a trap ends that
/// child, is recorded against the program it was on, and the child is started again after it.
/// The programs are type-checked in batches (`Oracle.batchSize` programs in one `swiftc`
/// run, two runs at a time): every top-level name a program declares ends in its seed, and the
/// factory style's registration function is renamed for its program (`Oracle.batchable`).
///
///     DECOUPLE_ORACLE_SEED=17 DECOUPLE_ORACLE_PROGRAMS=1 swift test --skip-build --filter CompilerOracleTests
///
/// runs one program again; `DECOUPLE_ORACLE_REPORT=FOLDER` also writes each failure class's
/// smallest program, and the output that failed, to `FOLDER`; `DECOUPLE_ORACLE_OUTPUTS=FOLDER`
/// writes what every program, style and isolation generated (or its diagnostics), so that two
/// builds' folders compared (`diff -r`) show what a change to the generator changed.
@Suite struct CompilerOracleTests {
    static let firstSeed = TestEnvironment.seed("DECOUPLE_ORACLE_SEED", default: 1)!
    /// 30 programs in a plain `swift test` (about 10 seconds); CI runs 300 (about a minute on
    /// 2 cores: each batch is type-checked whole-module, `-wmo`, which also reports the errors
    /// of every file where the driver's batch mode stopped at the first).
    static let programCount = TestEnvironment.integer("DECOUPLE_ORACLE_PROGRAMS", default: 30)

    @Test(.timeLimit(.minutes(20))) func randomPrograms_compileInEveryStyleAndMode_orAreRefusedWithLocatedErrors() throws {
        if ChildTest.start() != nil { return try OracleGeneration.runChild() }
        guard ChildTest.isAvailable else { return }
        let programs = (0..<Self.programCount).map { ProgramGrammar.program(seed: Self.firstSeed + UInt64($0)) }
        let report = try Oracle.run(programs, childTest: "CompilerOracleTests/randomPrograms_compileInEveryStyleAndMode_orAreRefusedWithLocatedErrors")
        Self.write(report)
        print("compiler oracle: \(programs.count) programs from seed \(Self.firstSeed); \(report.generated) generated and \(report.refused) refused (programs × styles × default isolations); \(report.typechecks) swiftc runs; \(report.timing)")
        // Failures of a defect issue 29 lists and the generator still has are reported, not
        // failed on (`KnownDefects`); every other one fails.
        var unknown = report
        unknown.failures = report.failures.filter { KnownDefects.entry(for: $0, in: programs[$0.program]) == nil }
        print(Self.knownSummary(report))
        print(Self.refusalSummary(report))
        #expect(unknown.failures.isEmpty, "\(unknown.summary())")
        // Not everything refused: the oracle judges code. Many refusals are of one style only
        // (the factory cannot read a @MainActor model, the proxy cannot forward a method), so
        // at least a quarter of programs × styles must generate.
        if programs.count >= 100 {
            #expect(report.generated * 4 >= report.generated + report.refused, "\(report.generated) generated, \(report.refused) refused")
        }
    }

    /// Each failing program the oracle found, shrunk and kept in `Tests/Fixtures/Oracle`, runs
    /// every time as the oracle runs its programs.
    @Test(.timeLimit(.minutes(10))) func regressionFixtures() throws {
        if ChildTest.start() != nil { return try OracleGeneration.runChild() }
        guard ChildTest.isAvailable else { return }
        let fixtures = try OracleFixture.loadAll()
        #expect(!fixtures.isEmpty)
        let report = try Oracle.run(fixtures.map(\.program), childTest: "CompilerOracleTests/regressionFixtures")
        for (index, fixture) in fixtures.enumerated() {
            let failures = report.failures.filter { $0.program == index }
            let text = failures.map { "\($0.classKey)\n\($0.detail.split(separator: "\n").prefix(8).joined(separator: "\n"))" }.joined(separator: "\n")
            if let known = fixture.knownIssue {
                // A defect not fixed yet: the fixture fails as its `KnownDefects` entry says
                // (without the entry this test fails), and otherwise only with other known
                // defects; and it must still fail, so that its fix is noticed here (then remove
                // `knownIssue` from the fixture and the entry from `KnownDefects`).
                let entry = KnownDefects.all.first { $0.name == known }
                let itsOwn = failures.filter { entry?.matches($0, in: fixture.program) == true }.count
                #expect(entry != nil && itsOwn > 0 || failures.isEmpty, "\(fixture.name): no failure falls under a KnownDefects entry \(known): \(failures.map(\.classKey))")
                let stray = failures.filter { KnownDefects.entry(for: $0, in: fixture.program) == nil }.map { "\($0.classKey): \($0.evidence.suffix(300))" }
                #expect(stray.isEmpty, "\(fixture.name): failures of no known defect")
                withKnownIssue("\(fixture.name): \(entry?.issue ?? known)") {
                    #expect(failures.map(\.classKey) == [], "\(fixture.name)")
                }
            } else {
                #expect(failures.map(\.classKey) == [], "\(fixture.name): \(text)")
            }
        }
    }

    /// The grammar reaches every shape the oracle is meant to cover, in the programs a CI run
    /// checks.
    @Test func theGrammar_reachesEveryShape() {
        var reached: [String: Int] = [:]
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(max(Self.programCount, 300)) {
            for shape in ProgramGrammar.program(seed: seed).shapes { reached[shape, default: 0] += 1 }
        }
        let required = [
            // Access
            "protocol access public", "protocol access package", "protocol access internal", "protocol access fileprivate",
            "public model with internal members", "private extension", "private member matched by name", "fileprivate member matched by name",
            "extension public ", "extension fileprivate ",
            // Isolation
            "@MainActor model", "@MainActor member", "@MainActor protocol", "actor model", "nonisolated member", "nonisolated model", "Sendable model",
            "protocol refining Sendable", "@Observable model",
            // Effects
            "get async requirement", "get throws requirement", "method async", "method throws", "method async throws", "method rethrows",
            "method mutating", "method inout", "method variadic", "method with default argument", "method generic with where", "method overloads",
            "effectful getter read", "effectful getter by name",
            // Inheritance
            "protocol inheriting one", "protocol inheriting several", "protocol inheriting a composition", "superclass in the sources",
            "generic superclass", "member inherited from a superclass", "generic model", "protocol refining a composition typealias",
            "requirement with a default in a protocol extension", "member type through a typealias", "protocol refining CustomStringConvertible",
            "protocol refining Identifiable", "class-bound protocol", "class hierarchy adapted together", "subclass of a conforming superclass",
            "bound generic extension", "constrained generic extension",
            // Members as apps write them
            "get throws(E) requirement", "method autoclosure", "closure property for a method", "closure property for a property",
            "method mapped to its own name", "lazy var member", "actor let of a non-Sendable type", "custom global actor model", "model of another module",
            "custom global actor member", "~Copyable model", "@Dependency wrapper through DependencyValues", "wrapper declared in the sources",
            // #if
            "nested #if", "#if operators without spaces", "#elseif", "member type differs per branch", "requirement in #if branches",
            "annotation under #if", "model under #if",
            // Inference
            "inferred integer literal", "inferred string interpolation", "inferred failable Int(String)", "inferred failable URL(string:)",
            "inferred failable String(data:encoding:)", "inferred failable UIImage(systemName:)", "inferred failable UserDefaults(suiteName:)",
            "inferred init? of a source type", "inferred init! of a source type", "inferred init of a source type beside an init? of other labels",
            "inferred Double(Double)", "inferred init?(rawValue:) of a raw-value enum",
            "inferred Int(Double)", "inferred generic initializer", "inferred lower-case type", "inferred static member", "inferred enum case",
            "inferred capitalised free function", "inferred NSLocalizedString call", "inferred lower-case free function",
            "inferred static function call", "inferred Array(repeating:count:)", "inferred T?.none", "inferred Self.x", "inferred allCases",
            "inferred Optional(x)", "@State wrapper with literal", "@Environment(T.self) wrapper",
            "static member",
            // Names
            "private namesakes in several files", "module named like its type", "top-level module", "model named Type",
            "requirement named Type", "keyword requirement", "raw identifier requirement", "raw identifier model", "nested model",
            "annotation after attributes", "annotation before a typealias", "annotation on an extension", "annotation before the type",
            // Shapes of apps as written (the fixtures in Tests/Fixtures/Oracle they were found in)
            "Identifiable id with Self in its type", "optional String with a default for an ImageName", "doubly optional member with a default",
            "NSObject model for a protocol refining CustomStringConvertible", "nonisolated protocol refining a main-actor protocol, class model",
            "Identifiable id of a nested ID type", "Identifiable id of an aliased ID type", "model named by a typealias in decouple.json",
            "member from an extension of a protocol the model conforms to", "Sendable struct read through stored properties",
            "wrapper reading a key path of several properties", "inferred metatype T.self",
        ]
        let missing = required.filter { reached[$0, default: 0] == 0 }
        #expect(missing.isEmpty, "shapes no program reaches: \(missing)")
    }

    @Test func theSameSeed_makesTheSameProgram() {
        for seed: UInt64 in [1, 2, 977] {
            #expect(ProgramGrammar.program(seed: seed).listing == ProgramGrammar.program(seed: seed).listing)
        }
        #expect(ProgramGrammar.program(seed: 5).listing != ProgramGrammar.program(seed: 6).listing)
    }

    /// Each known defect's cases in a run: how many, their seeds, and its smallest program's seed;
    /// and the entries no case fell under (fixed, or not reached by these seeds).
    static func knownSummary(_ report: OracleReport) -> String {
        var text = "compiler oracle: known defects (issue 29), reported and not failed on:\n"
        for entry in KnownDefects.all {
            let cases = report.failures.filter { KnownDefects.entry(for: $0, in: report.programs[$0.program])?.name == entry.name }
            guard let smallest = cases.min(by: { report.programs[$0.program].size < report.programs[$1.program].size }) else {
                text += "  \(entry.name): no case in this run\n"
                continue
            }
            let seeds = Set(cases.map { report.programs[$0.program].seed }).sorted()
            text += "  \(entry.name): \(cases.count) cases, \(seeds.count) seeds (\(seeds.prefix(8).map(String.init).joined(separator: ", "))\(seeds.count > 8 ? ", …" : "")); smallest: seed \(report.programs[smallest.program].seed)\n"
        }
        return text
    }

    /// Why programs were refused: each first error's message, names left out, by how often.
    static func refusalSummary(_ report: OracleReport) -> String {
        var counts: [String: Int] = [:]
        for record in report.records.values where record.code == nil && record.crash == nil {
            guard let first = record.diagnostics.first else { continue }
            let message = first.range(of: "error: ").map { String(first[$0.upperBound...]) } ?? first
            counts[Oracle.normalized(message), default: 0] += 1
        }
        let lines = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(20).map { "  \($0.value) × \($0.key)" }
        return "compiler oracle: why programs × styles were refused (first error):\n" + lines.joined(separator: "\n")
    }

    /// With `DECOUPLE_ORACLE_REPORT=FOLDER`: the summary, and each class's smallest program and
    /// its failure, a file per class.
    private static func write(_ report: OracleReport) {
        guard let path = TestEnvironment.string("DECOUPLE_ORACLE_REPORT") else { return }
        let folder = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(report.summary(limit: 1_000).utf8).write(to: folder.appendingPathComponent("summary.txt"))
        for (number, (key, failures)) in report.classes.enumerated() {
            let text = "\(key)\n\(failures.count) cases\n\n" + failures[0].detail
            try? Data(text.utf8).write(to: folder.appendingPathComponent(String(format: "class-%03d.txt", number)))
        }
    }
}
