import DecoupleGenerator
import DecoupleTestSupport
import Foundation

// MARK: - The oracle

/// One way a program failed the oracle.
struct OracleFailure: Sendable {
    enum Kind: String, Sendable {
        /// The program alone is not valid Swift: the grammar's fault, not the generator's.
        case invalidProgram = "invalid program"
        case trap
        case unlocatedError = "error without a location"
        case dropped = "adapter dropped without a diagnostic"
        case doesNotCompile = "exit 0, output does not compile"
        case wrongImport = "names Decouple without importing it"
    }

    var program: Int
    var kind: Kind
    var style: OutputStyle?
    var mode: LanguageMode?
    /// The class it falls in: what the failure says with names and numbers left out.
    var classKey: String
    var detail: String
    /// What the failure is: the compiler's errors of its class, each with the line it points
    /// at; the trap's message; the request dropped. What `KnownDefects` matches.
    var evidence: String = ""
}

/// What a run of the oracle found.
struct OracleReport: Sendable {
    var programs: [OracleProgram]
    var records: [String: GenerationRecord]
    var failures: [OracleFailure]
    /// Programs × styles that generated code, and that were refused with located errors.
    var generated = 0
    var refused = 0
    var typechecks = 0
    /// Where the time went.
    var timing = ""

    /// The failures by class, each class's programs smallest first.
    var classes: [(key: String, failures: [OracleFailure])] {
        let grouped = Dictionary(grouping: failures, by: \.classKey)
        return grouped.keys.sorted().map { key in
            (key, grouped[key]!.sorted { programs[$0.program].size < programs[$1.program].size })
        }
    }

    /// The report a person reads: each class once, with its smallest program, its seeds and
    /// how to run one again.
    func summary(limit: Int = 30) -> String {
        var text = "\(failures.count) failures in \(classes.count) classes\n"
        for (key, failures) in classes.prefix(limit) {
            let example = failures[0]
            let program = programs[example.program]
            let seeds = Array(Set(failures.map { programs[$0.program].seed })).sorted()
            let where_ = Set(failures.map { "\($0.style?.rawValue ?? "-")/\($0.mode?.rawValue ?? "-")" }).sorted().joined(separator: ", ")
            text += "\n== \(key)\n   \(failures.count) cases; seeds \(seeds.prefix(12).map(String.init).joined(separator: ", "))\(seeds.count > 12 ? ", …" : ""); in \(where_)\n"
            text += "   replay: DECOUPLE_ORACLE_SEED=\(program.seed) DECOUPLE_ORACLE_PROGRAMS=1\n"
            text += example.detail.split(separator: "\n").prefix(12).map { "   | \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }
}

extension OracleProgram {
    var size: Int { files.reduce(0) { $0 + $1.text.utf8.count } }

    /// The request's line with the one before and the two after (an annotation's attribute,
    /// its declaration), or the configuration's entry.
    func lines(around request: Request) -> String {
        let text = request.file == "decouple.json"
            ? configuration(style: .conformance) : files.first { path(of: $0.name) == request.file }?.text ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let range = max(0, request.line - 2)..<min(lines.count, request.line + 2)
        return range.map { lines[$0].trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }
}

enum Oracle {
    /// Programs type-checked together in one compiler run: measured on the 2-core machine,
    /// where one run costs about a second before it reads any file.
    static let batchSize = TestEnvironment.integer("DECOUPLE_ORACLE_BATCH", default: 40)

    /// Generates every program in every style (in child processes), type-checks each program
    /// alone and with each output in every language mode, and sorts what failed into classes.
    static func run(_ programs: [OracleProgram], childTest: String) throws -> OracleReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let styles = OutputStyle.allCases
        var jobs: [GenerationJob] = []
        // Generated twice: for the modules that isolate nothing by default, and for those that
        // isolate to the main actor (`"defaultIsolation": "MainActor"`).
        let isolations = [false, true]
        for (index, program) in programs.enumerated() {
            for style in styles {
                for isolation in isolations {
                    jobs.append(OracleGeneration.job(for: program, key: key(index, style, mainActorByDefault: isolation), style: style, mainActorByDefault: isolation))
                }
            }
        }
        let started = Date()
        let generated = try OracleGeneration.generate(jobs, childTest: childTest, in: folder)
        let generationTime = Date().timeIntervalSince(started)
        var records: [String: GenerationRecord] = [:]
        for (job, record) in zip(jobs, generated) { records[job.key] = record }
        // `DECOUPLE_ORACLE_OUTPUTS=FOLDER` keeps what each job wrote, or its diagnostics, one file
        // a job: two builds' folders compared show what a change to the generator changed.
        if let outputs = ProcessInfo.processInfo.environment["DECOUPLE_ORACLE_OUTPUTS"] {
            try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
            for (key, record) in records {
                let text = record.code ?? (record.diagnostics + record.unlocated + record.warnings).joined(separator: "\n")
                try text.write(toFile: "\(outputs)/\(key.replacingOccurrences(of: "/", with: "-")).txt", atomically: false, encoding: .utf8)
            }
        }

        var report = OracleReport(programs: programs, records: records, failures: [])
        // What the generator said, judged without the compiler.
        for (index, program) in programs.enumerated() {
            for style in styles {
                for isolation in isolations {
                    let record = records[key(index, style, mainActorByDefault: isolation)]!
                    let mode: LanguageMode? = isolation ? .swift6MainActor : nil
                    if let crash = record.crash {
                        let first = crash.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error:") } ?? Substring(crash.split(separator: "\n").first ?? "")
                        report.failures.append(OracleFailure(
                            program: index, kind: .trap, style: style, mode: mode, classKey: "trap: " + normalized(String(first)), detail: crash + "\n" + program.listing,
                            evidence: crash))
                        continue
                    }
                    for unlocated in record.unlocated {
                        report.failures.append(OracleFailure(
                            program: index, kind: .unlocatedError, style: style, mode: mode, classKey: "unlocated: " + normalized(unlocated), detail: unlocated + "\n" + program.listing, evidence: unlocated))
                    }
                    guard let code = record.code else { report.refused += 1; continue }
                    report.generated += 1
                    if let mismatch = DecoupleImport.mismatch(in: code) {
                        report.failures.append(OracleFailure(
                            program: index, kind: .wrongImport, style: style, mode: mode, classKey: "import: " + mismatch, detail: mismatch + "\n" + code,
                            evidence: mismatch))
                    }
                    for request in program.requests {
                        let made = request.models.contains { model in
                            record.adapters.contains { $0 == "\(model): \(request.protocolName)" || $0.hasPrefix("\(model): ") && $0.hasSuffix(".\(request.protocolName)") }
                        }
                        let warned = record.warnings.contains { $0.hasPrefix("\(request.file):") }
                        if !made && !warned {
                            report.failures.append(OracleFailure(
                                program: index, kind: .dropped, style: style, mode: mode,
                                classKey: "dropped: \(request.file == "decouple.json" ? "configured" : "annotated") adapter" + (program.shapes.contains("annotation before a typealias") ? " (shapes include an annotated typealias)" : ""),
                                detail: "\(request.models.joined(separator: " or ")): \(request.protocolName), asked for at \(request.file):\(request.line), is not among the adapters made (\(record.adapters.joined(separator: ", "))) and no warning names it\n" + program.listing,
                                evidence: program.lines(around: request)))
                        }
                    }
                }
            }
        }

        // The compiler's judgement, in batches of programs of one module.
        var work: [(programs: [Int], style: OutputStyle?, mode: LanguageMode)] = []
        for batch in batches(programs, exclusive: { _ in [] }) {
            for mode in LanguageMode.allCases { work.append((batch, nil, mode)) }
        }
        for style in styles {
            for isolation in isolations {
                let modes = LanguageMode.allCases.filter { $0.isMainActorByDefault == isolation }
                let generating = programs.indices.filter { records[key($0, style, mainActorByDefault: isolation)]!.code != nil }
                let shared: (Int) -> Set<String> = { index in
                    switch style {
                    case .proxy: Self.forwardingProxyNames(in: records[key(index, style, mainActorByDefault: isolation)]!.code!)
                    default: []
                    }
                }
                for batch in batches(programs, among: generating, exclusive: shared) {
                    for mode in modes { work.append((batch, style, mode)) }
                }
            }
        }
        // A batch with errors is not the last word on its other programs: errors in one file
        // can keep swiftc from checking function bodies in the others. Its programs without
        // errors are checked again, together, until a batch has none.
        let results = Shared([Int: [CompilerError]]())
        let checks = Shared(work)
        let made = records
        let problems = Shared([String]())
        // The work not taken yet, and how many checks are running (which may add more).
        let queue = Shared((pending: Array(work.indices), running: 0))
        let workers = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let next: Int?? = queue.mutate { state in
                    if state.pending.isEmpty { return state.running == 0 ? .some(nil) : nil }
                    state.running += 1
                    return .some(state.pending.removeFirst())
                }
                guard let taken = next else {
                    // Running checks may add work: wait for one to add some or for all to end (a
                    // deadline far off, not `distantFuture`, which NSCondition on Linux traps on).
                    queue.wait(until: { !$0.pending.isEmpty || $0.running == 0 }, deadline: Date(timeIntervalSinceNow: 60))
                    continue
                }
                guard let item = taken else { return }
                let (members, style, mode) = checks.value[item]
                let entries = members.map { index in
                    (index, programs[index], style.map { Self.batchable(made[Self.key(index, $0, mainActorByDefault: mode.isMainActorByDefault)]!.code!, program: index) })
                }
                do {
                    let (errors, _) = try OracleTypecheck.check(
                        entries, module: programs[members[0]].module, mode: mode, in: folder.appendingPathComponent("check-\(item)"))
                    results.mutate { $0[item] = errors }
                    let failing = Set(errors.compactMap(\.program))
                    let clean = members.filter { !failing.contains($0) }
                    if !errors.isEmpty && !clean.isEmpty && clean.count < members.count {
                        let again = checks.mutate { $0.append((clean, style, mode)); return $0.count - 1 }
                        queue.mutate { $0.pending.append(again) }
                    }
                } catch {
                    problems.mutate { $0.append("\(error)") }
                }
                queue.mutate { $0.running -= 1 }
            }
        }
        if let problem = problems.value.first { throw OracleError("swiftc could not be run: \(problem)") }
        let firstChecks = work.count
        let byStyle = Dictionary(grouping: work, by: { $0.style?.rawValue ?? "alone" }).mapValues(\.count).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        work = checks.value
        report.typechecks = work.count
        let checking = Date().timeIntervalSince(started) - generationTime
        report.timing = "generation \(Int(generationTime.rounded())) s, type-checking \(Int(checking.rounded())) s"
            + " (\(firstChecks) batches: \(byStyle); \(work.count - firstChecks) checked again)"

        // Programs that are not valid alone in a mode are the grammar's failures there.
        var invalid: Set<String> = []
        var unowned: [(item: Int, errors: [CompilerError])] = []
        for (item, entry) in work.enumerated() where entry.style == nil {
            let errors = results.value[item] ?? []
            for (program, errors) in Dictionary(grouping: errors.filter { $0.program != nil }, by: { $0.program! }) {
                invalid.insert("\(program) \(entry.mode.rawValue)")
                report.failures.append(OracleFailure(
                    program: program, kind: .invalidProgram, mode: entry.mode, classKey: "invalid program: " + normalized(errors[0].message),
                    detail: errors.prefix(5).map { "\($0.file):\($0.line): error: \($0.message)\n    \($0.sourceLine)" }.joined(separator: "\n") + "\n" + programs[program].listing))
            }
            if errors.contains(where: { $0.program == nil }) { unowned.append((item, errors)) }
        }
        for (item, entry) in work.enumerated() {
            guard let style = entry.style else { continue }
            let errors = results.value[item] ?? []
            if errors.contains(where: { $0.program == nil }) { unowned.append((item, errors)) }
            for (program, errors) in Dictionary(grouping: errors.filter { $0.program != nil }, by: { $0.program! }) {
                if invalid.contains("\(program) \(entry.mode.rawValue)") { continue }
                let code = records[key(program, style, mainActorByDefault: entry.mode.isMainActorByDefault)]!.code!
                // A failure per kind of error: each is judged apart (one known, one not).
                let byClass = Dictionary(grouping: errors) { normalized($0.message) }
                for key in byClass.keys.sorted() {
                    let mine = byClass[key]!
                    let shown = mine.prefix(6).map { "\($0.file):\($0.line): error: \($0.message)\n    \($0.sourceLine)" }.joined(separator: "\n")
                    report.failures.append(OracleFailure(
                        program: program, kind: .doesNotCompile, style: style, mode: entry.mode,
                        classKey: "does not compile (\(style.rawValue)): " + key,
                        detail: shown + "\n// ===== generated (\(style.rawValue))\n" + code + "\n" + programs[program].listing,
                        evidence: shown))
                }
            }
        }
        for (item, errors) in unowned {
            let entry = work[item]
            report.failures.append(OracleFailure(
                program: entry.programs[0], kind: entry.style == nil ? .invalidProgram : .doesNotCompile, style: entry.style, mode: entry.mode,
                classKey: "an error in no program's file: " + normalized(errors.first { $0.program == nil }!.message),
                detail: errors.filter { $0.program == nil }.prefix(5).map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n")))
        }
        return report
    }

    /// The output as type-checked beside other programs' in one module: the factory style's
    /// registration function, which every program adapting to one of the library's protocols
    /// declares on the same `ContentFactory` extension, is named for its program. (Apart, such
    /// programs took 88 of 167 compiler runs.) A second declaration in one program's output
    /// still clashes.
    static func batchable(_ code: String, program: Int) -> String {
        code.replacingOccurrences(of: " func registerGeneratedAdapters()", with: " func registerGeneratedAdapters_p\(program)()")
    }

    /// A generation record's key: the program, the style, and whether the module isolates to
    /// the main actor by default.
    static func key(_ index: Int, _ style: OutputStyle, mainActorByDefault: Bool) -> String {
        "\(index)/\(style.rawValue)" + (mainActorByDefault ? "/MainActor" : "")
    }

    /// What a program's proxy-style output declares on the one `ForwardingProxy` type: its
    /// conformances and members, which two programs' outputs cannot both declare in one module.
    static func forwardingProxyNames(in code: String) -> Set<String> {
        var names: Set<String> = []
        var inProxy = false
        for line in code.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("extension ") { inProxy = line.hasPrefix("extension Decouple.ForwardingProxy") }
            if text.hasPrefix("extension Decouple.ForwardingProxy:") { names.insert(text) }
            guard inProxy else { continue }
            // Whatever the access (`public`, `package`, `internal`) and attributes before it.
            for keyword in [" var ", " func ", " let "] {
                guard let range = (" " + text).range(of: keyword) else { continue }
                names.insert(String((" " + text)[range.upperBound...].prefix { !":(<{ ".contains($0) }))
            }
        }
        return names
    }

    /// Programs in groups of at most ``batchSize`` that can be type-checked together: of one
    /// module, and sharing none of the names `exclusive` gives (in the proxy style, what each
    /// declares on `ForwardingProxy`).
    static func batches(_ programs: [OracleProgram], among indices: [Int]? = nil, exclusive names: (Int) -> Set<String>) -> [[Int]] {
        var result: [[Int]] = []
        var open: [String: [(members: [Int], builtIns: Set<String>)]] = [:]
        for index in indices ?? Array(programs.indices) {
            let program = programs[index]
            let exclusive = names(index)
            var placed = false
            for slot in (open[program.module] ?? []).indices {
                let batch = open[program.module]![slot]
                if batch.members.count < batchSize, batch.builtIns.isDisjoint(with: exclusive) {
                    open[program.module]![slot].members.append(index)
                    open[program.module]![slot].builtIns.formUnion(exclusive)
                    placed = true
                    break
                }
            }
            if !placed { open[program.module, default: []].append(([index], exclusive)) }
        }
        for module in open.keys.sorted() { result += open[module]!.map(\.members) }
        return result
    }

    /// A message with what varies from program to program left out: quoted names, numbers.
    static func normalized(_ message: String) -> String {
        var text = ""
        var quoted = false
        for character in message {
            if character == "'" {
                quoted.toggle()
                text.append(quoted ? "'…" : "'")
                continue
            }
            if quoted { continue }
            text.append(character.isNumber ? "#" : character)
        }
        while text.contains("##") { text = text.replacingOccurrences(of: "##", with: "#") }
        return String(text.prefix(160))
    }
}
