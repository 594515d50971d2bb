import Benchmark
import DecoupleTextUI
import Foundation
import Observation

// Each figure is a pair: a baseline and a candidate, measured in the same run. run.sh divides the
// candidate's median by the baseline's. Names are "<figure>/baseline" and "<figure>/candidate".

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )
    proxyBenchmarks()
    factoryBenchmarks()
    tableBenchmarks()
    renderBenchmarks()
    bindingBenchmarks()
    diffBenchmarks()
    generatorBenchmarks()
    macroBenchmarks()
    appTreeBenchmarks()
    realAppBenchmarks()
    largeAppBenchmarks()
    feedBenchmarks()
}

// MARK: - Models

struct Member: TitledContent {
    var name: String
    var age: Int
    var title: String { name }
    var subtitle: String { String(age) }
}

final class Story {
    let headline: String
    let blurb: String
    init(headline: String, blurb: String) {
        self.headline = headline
        self.blurb = blurb
    }
}

struct StoryAdapter: TitledContent {
    let model: Story
    var title: String { model.headline }
    var subtitle: String { model.blurb }
}

/// Keeps the optimiser from seeing through a value.
@inline(never) func opaque<T>(_ value: T) -> T { value }

// MARK: - Proxy

func proxyBenchmarks() {
    // A title long enough to live on the heap, as real titles do.
    let member = Member(name: "Ada Lovelace, Countess of Lovelace", age: 36)
    // Read only on the main actor, by the benchmarks below.
    nonisolated(unsafe) let direct: any TitledContent = opaque(member)
    let proxy = ForwardingProxy()

    // On the main actor, where views read their content and where the proxy reads what is
    // injected for a protocol that is not `Sendable`, such as `TitledContent`.
    func onMainActor(_ name: String, _ body: @escaping @MainActor @Sendable () -> Void) {
        Benchmark(name) { benchmark async in
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                proxy.inject(member as any TitledContent, as: (any TitledContent).self)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { body() }
                benchmark.stopMeasurement()
            }
        }
    }
    onMainActor("proxy.typed_vs_direct/baseline") { blackHole(direct.title) }
    // The key path written at the call site, as a user writes it.
    onMainActor("proxy.typed_vs_direct/candidate") { blackHole(proxy.forward(\TitledContent.title)) }
    onMainActor("proxy.name_vs_direct/baseline") { blackHole(direct.title) }
    onMainActor("proxy.name_vs_direct/candidate") { blackHole(proxy.value(forMember: "title")) }
}

// MARK: - Factory

func factoryBenchmarks() {
    let factory = ContentFactory<any TitledContent>()
    try! factory.register(Story.self) { StoryAdapter(model: $0) }
    try! factory.register(Member.self) { $0 }
    let story: Any = opaque(Story(headline: "Analytical engine", blurb: "Notes by the translator"))
    let typed = opaque(Story(headline: "Analytical engine", blurb: "Notes by the translator"))

    Benchmark("factory.adapt_vs_direct/baseline") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(StoryAdapter(model: typed) as any TitledContent) }
    }
    Benchmark("factory.adapt_vs_direct/candidate") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! factory.adapt(story)) }
    }
}

// MARK: - Table

@MainActor final class Rows: TableViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = indexPath.row
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = "Row \(row)"
        cell.detailTextLabel.text = "detail"
        return cell
    }
}

func tableBenchmarks() {
    for (figure, count) in [("baseline", 100), ("candidate", 1_000_000)] {
        Benchmark("table.render_1m_vs_100_rows/\(figure)", configuration: .init(scalingFactor: .one)) { benchmark async in
            // Views live on the main actor, which is free while the runner waits for this task.
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let rows = Rows(count: count)
                let table = TableView()
                table.register(TableViewCell.self, forCellReuseIdentifier: "row")
                table.visibleRowCount = 20
                table.dataSource = rows
                var position = 0
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    // A new window each time, anywhere in the table.
                    position = (position &+ 7919) % (count - 20)
                    table.scrollToRow(at: IndexPath(row: position, section: 0), at: .top, animated: false)
                    blackHole(table.render(width: 40))
                }
                benchmark.stopMeasurement()
            }
        }
    }
}

// MARK: - Rendering

/// The 20 rows the table shows, as plain strings: what a table's rendering adds to is only
/// padding and joining them.
func plainRows() -> [(String, String)] {
    (0..<20).map { ("Row \($0)", "detail") }
}

func renderBenchmarks() {
    Benchmark("table.render_vs_plain_text/baseline") { benchmark in
        let rows = plainRows()
        for _ in benchmark.scaledIterations {
            // By hand: each row's title and detail, padded to 40 columns, one line each.
            var text = ""
            for (title, detail) in rows {
                let gap = max(1, 40 - title.count - detail.count)
                text += title + String(repeating: " ", count: gap) + detail + "\n"
            }
            blackHole(text)
        }
    }
    Benchmark("table.render_vs_plain_text/candidate") { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let rows = Rows(count: 20)
            let table = TableView()
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            table.visibleRowCount = 20
            table.dataSource = rows
            blackHole(table.render(width: 40))   // cells made and laid out once, as on screen
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(table.render(width: 40))
            }
            benchmark.stopMeasurement()
        }
    }
}

// MARK: - Binding

@MainActor final class ProfileViewModel {
    @Observed var name = ""
}

func bindingBenchmarks() {
    // Both figures share their baseline: the label's property set by hand.
    for figure in ["binding.update_vs_direct_set", "binding.setter_update_vs_direct_set"] {
        bindingBenchmark("\(figure)/baseline", bind: nil)
    }
    // As users write it: a key path, applied at run time on every update.
    bindingBenchmark("binding.update_vs_direct_set/candidate") { label, viewModel in
        label.bind(\.text, to: viewModel.$name)
    }
    // Through a setter closure, compiled at the call site: no key-path application.
    bindingBenchmark("binding.setter_update_vs_direct_set/candidate") { label, viewModel in
        label.bind(to: viewModel.$name) { $0.text = $1 }
    }
    // Against Observation's own part of an update: the same change followed by
    // `withObservationTracking` registering again and the label written, with nothing around it.
    observableBindingBenchmark("binding.observable_update_vs_tracking_alone/baseline", .trackingAlone)
    observableBindingBenchmark("binding.observable_update_vs_tracking_alone/candidate", .bound)
    rebindingMemoryBenchmark()
}

@Observable final class ObservableRow {
    var title = "row"
}

/// 100,000 bindings made and cancelled on 100 `@Observable` rows that never change, as a table
/// configures its cells while it scrolls: the resident memory they leave behind, in KiB
/// (`GROWTH_KIB`). Observation keeps a registration until its property changes; bindings share
/// one per row's key path, so what is left does not grow with the binds.
func rebindingMemoryBenchmark() {
    Benchmark("binding.rebind_100k_unchanged_rows", configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 1)) { _ in
        await MainActor.run {
            let rows = (0..<100).map { _ in ObservableRow() }
            let label = Label()
            @MainActor func cycles(_ count: Int) {
                for index in 0..<count { label.bind(\.text, to: \.title, of: rows[index % rows.count]).cancel() }
            }
            cycles(10_000)   // warmed up: the allocator's arenas and the rows' registrations made
            let before = residentBytes()
            cycles(100_000)
            record("GROWTH_KIB binding.rebind_100k_unchanged_rows", max(0, residentBytes() - before) >> 10)
        }
    }
}

/// The resident memory of this process, from `/proc/self/statm` (0 where there is none).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

enum ObservableUpdate { case bound, trackingAlone }

@Observable final class ObservableProfileViewModel {
    var name = ""
}

/// `viewModel.name = …` on an `@Observable` view model reaching a label bound with
/// `bind(\.text, to: \.name, of:)`; against it, the same change, then the label written from a
/// read inside `withObservationTracking`. Observation announces the change
/// before it is made, so the binding reads the model once the main actor's turn ends, or before
/// the label is drawn: here it is pulled as drawing pulls it (`updateIfNeeded()`), once per
/// change. The one main-actor task a turn's changes share is not counted.
func observableBindingBenchmark(_ name: String, _ update: ObservableUpdate) {
    let names = ["Ada Lovelace, Countess of Lovelace", "Grace Brewster Murray Hopper"]
    Benchmark(name) { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let viewModel = ObservableProfileViewModel()
            let label = Label()
            if update == .bound { label.bind(\.text, to: \.name, of: viewModel) }
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                index ^= 1
                switch update {
                case .bound:
                    viewModel.name = names[index]
                    label.updateIfNeeded()
                case .trackingAlone:
                    viewModel.name = names[index]
                    label.text = withObservationTracking { viewModel.name } onChange: {}
                }
            }
            benchmark.stopMeasurement()
            precondition(label.text == names[index], "the update did not reach the label")
        }
    }
}

/// `viewModel.name = …` reaching a label bound by `bind`; with no `bind`, `label.text = …`.
func bindingBenchmark(_ name: String, bind: (@MainActor @Sendable (Label, ProfileViewModel) -> Void)?) {
    let names = ["Ada Lovelace, Countess of Lovelace", "Grace Brewster Murray Hopper"]
    Benchmark(name) { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let viewModel = ProfileViewModel()
            let label = Label()
            bind?(label, viewModel)
            let direct = bind == nil
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                index ^= 1
                if direct { label.text = names[index] } else { viewModel.name = names[index] }
            }
            benchmark.stopMeasurement()
            precondition(label.text == names[index], "the update did not reach the label")
        }
    }
}

// MARK: - Diff

struct DiffRow: Identifiable, Equatable { var id: Int }

/// DifferenceKit's published data set: 100,000 ids; 20,000–29,999 deleted, 10,000 new ids
/// inserted at 30,000, and the first 2,000 shuffled.
func diffData() -> (old: [DiffRow], new: [DiffRow]) {
    let old = (0..<100_000).map(DiffRow.init)
    var new = Array(old[..<20_000]) + Array(old[30_000...])
    new.insert(contentsOf: (100_000..<110_000).map(DiffRow.init), at: 30_000)
    var state: UInt64 = 42   // a fixed shuffle, the same in every run
    for i in stride(from: 1_999, to: 0, by: -1) {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        new.swapAt(i, Int(state >> 33) % (i + 1))
    }
    return (old, new)
}

func diffBenchmarks() {
    let (old, new) = diffData()
    let slow = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 50)

    // The floor for any identity diff: one table of old ids, one look-up per new id.
    Benchmark("diff.100k_vs_hash_pass/baseline", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            var table = [Int: Int](minimumCapacity: old.count)
            for (position, row) in old.enumerated() { table[row.id] = position }
            var found = 0
            for row in new { found &+= table[row.id] ?? -1 }
            blackHole(found)
        }
    }
    Benchmark("diff.100k_vs_hash_pass/candidate", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try new.changes(from: old))
        }
    }
    // Against a baseline that shares no code with the diff (neither its tables nor the ids'
    // hashing): the standard library's `difference(from:)`, on 5,000 of the same ids, the first
    // 5,000 of each side. A change that slows the diff and its hash-pass baseline alike (as a
    // slower table would) still moves this figure.
    let smallOld = Array(old.prefix(5_000)), smallNew = Array(new.prefix(5_000))
    let oldIDs = smallOld.map(\.id), newIDs = smallNew.map(\.id)
    Benchmark("diff.5k_vs_stdlib_difference/baseline", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(newIDs.difference(from: oldIDs))
        }
    }
    Benchmark("diff.5k_vs_stdlib_difference/candidate", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try smallNew.changes(from: smallOld))
        }
    }
    // For reference only: the standard library's diff with moves inferred, on the same data.
    Benchmark("diff.reference/stdlib_inferring_moves", configuration: .init(
        metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 1
    )) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(new.map(\.id).difference(from: old.map(\.id)).inferringMoves())
        }
    }
}

// MARK: - Generator

func generatorBenchmarks() {
    guard let tool = ProcessInfo.processInfo.environment["DECOUPLE_TOOL"],
          let swiftc = ProcessInfo.processInfo.environment["DECOUPLE_SWIFTC"] else {
        print("DECOUPLE_TOOL or DECOUPLE_SWIFTC is not set; skipping the generator benchmarks (run.sh sets them)")
        return
    }
    let corpus = Corpus.make(lines: 100_000)
    let process = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 5)
    let generate = ["generate", corpus.folder, "--config", corpus.configuration]

    // The compiler's own parser on the same files, in one process: what reading Swift costs.
    pairedBenchmark("generate.vs_frontend_parse", pairs: 9) {
        run(swiftc, ["-frontend", "-parse"] + corpus.files)
    } candidate: {
        record("PEAK_MIB generate.100k_lines", run(tool, generate) >> 20)
    }
    // One 10 MB source file: the largest single input the tests use.
    Benchmark("generate.peak_memory/10mb_file", configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(60), maxIterations: 1)) { benchmark in
        let big = Corpus.makeLargeFile(bytes: 10_000_000)
        var peak = 0
        for _ in benchmark.scaledIterations { peak = max(peak, run(tool, ["generate", big.folder])) }
        record("PEAK_MIB generate.10mb_file", peak >> 20)
        record("INPUT_MIB generate.10mb_file", big.bytes >> 20)
    }
    let cache = corpus.folder + "-cache"
    // Cold: a new, empty cache folder each time, which the run fills. The baseline of both
    // cached figures.
    Benchmark("generate.cold/baseline", configuration: process) { benchmark in
        var folders: [String] = []
        for _ in benchmark.scaledIterations {
            folders.append(cache + "-cold-" + UUID().uuidString)
            run(tool, generate + ["--cache", folders[folders.count - 1]])
        }
        benchmark.stopMeasurement()
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }
    Benchmark("generate.warm_vs_cold/candidate", configuration: process) { benchmark in
        run(tool, generate + ["--cache", cache])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            run(tool, generate + ["--cache", cache])
        }
    }
    /// A rerun after each change `edit` makes to one file of the corpus (the same size each
    /// time; rewriting it, well under a millisecond, is measured with the run).
    func rerun(_ name: String, after edit: @escaping @Sendable (Int) -> Void) {
        Benchmark(name, configuration: process) { benchmark in
            run(tool, generate + ["--cache", cache])
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                edit(iteration % corpus.files.count)
                run(tool, generate + ["--cache", cache])
            }
            benchmark.stopMeasurement()
            corpus.restore()
        }
    }
    // One file's content changes: its first line, a comment.
    rerun("generate.one_file_changed_vs_cold/candidate") { corpus.touch(file: $0) }
    // One file's declarations change (a member's type): the output cache cannot serve, and the
    // run parses every file (the changed one once, to digest it), resolves and emits every adapter.
    rerun("generate.one_declaration_changed_vs_cold/candidate") { corpus.changeDeclaration(file: $0) }

    // What the build plugin runs (Plugins/Shared/GenerateInvocation.swift, linked here): the
    // target's files one by one, its decouple.json, the output file and the cache in the
    // plugin's work folder. Baseline: a cold run, with an empty cache folder each time (what
    // every build after an edit cost before the plugin passed `--cache`). Candidate: the
    // rerun after one file's edit.
    let work = corpus.folder + "-plugin-work"
    try! FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    func pluginCommand(cache: String) -> [String] {
        GenerateInvocation(
            sources: corpus.files.map { URL(fileURLWithPath: $0) }, configuration: URL(fileURLWithPath: corpus.configuration),
            output: URL(fileURLWithPath: work + "/" + GenerateInvocation.outputName), cache: URL(fileURLWithPath: cache)
        ).arguments
    }
    Benchmark("plugin.one_file_edit_vs_cold/baseline", configuration: process) { benchmark in
        var folders: [String] = []
        for _ in benchmark.scaledIterations {
            folders.append(work + "/cache-cold-" + UUID().uuidString)
            run(tool, pluginCommand(cache: folders[folders.count - 1]))
        }
        benchmark.stopMeasurement()
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }
    Benchmark("plugin.one_file_edit_vs_cold/candidate", configuration: process) { benchmark in
        let command = pluginCommand(cache: work + "/cache")
        run(tool, command)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            corpus.touch(file: iteration % corpus.files.count)
            run(tool, command)
        }
        benchmark.stopMeasurement()
        corpus.restore()
    }
}

/// Runs a program to the end, its output discarded; a failure stops the benchmark. Returns the
/// child's own peak resident memory in bytes, read from `wait4` for exactly that process.
@discardableResult
func run(_ executable: String, _ arguments: [String]) -> Int {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    precondition(spawned == 0, "cannot run \(executable): error \(spawned)")
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    precondition(status == 0, "\(executable) \(arguments.prefix(2)) exited with status \(status)")
    #if os(Linux)
    return Int(usage.ru_maxrss) * 1024   // kilobytes on Linux
    #else
    return Int(usage.ru_maxrss)          // bytes on Darwin
    #endif
}

/// A figure whose baseline and candidate are programs run as processes, measured in pairs: each
/// pair runs both, one after the other in a random order, so that both see the machine in the same
/// state, and records both times for run.sh (`PAIR <figure> <baseline ns> <candidate ns>`), which
/// takes the median of the pairs' ratios.
///
/// On a shared machine of two cores, a process's speed changes by a third from one minute to the
/// next. Measured in two blocks a minute apart, one binary's `generate.vs_frontend_parse` read
/// anywhere from 2.0 to 2.8; measured in pairs, the ratio follows the work, not the minute.
func pairedBenchmark(
    _ figure: String, pairs: Int, maxDuration: Duration = .seconds(120),
    baseline: @escaping @Sendable () -> Void, candidate: @escaping @Sendable () -> Void
) {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxDuration: maxDuration, maxIterations: pairs)
    Benchmark("\(figure)/paired", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let clock = ContinuousClock()
            var (baselineTime, candidateTime) = (Duration.zero, Duration.zero)
            if Bool.random() {
                baselineTime = clock.measure(baseline)
                candidateTime = clock.measure(candidate)
            } else {
                candidateTime = clock.measure(candidate)
                baselineTime = clock.measure(baseline)
            }
            recordPair(figure, baseline: baselineTime, candidate: candidateTime)
        }
    }
}

/// One pair of ``pairedBenchmark(_:pairs:maxDuration:baseline:candidate:)``, for run.sh.
func recordPair(_ figure: String, baseline: Duration, candidate: Duration) {
    func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
    append("PAIR \(figure) \(nanoseconds(baseline)) \(nanoseconds(candidate))")
}

/// Records a figure that is not a time (peak memory) for run.sh, which prints it: a line
/// `<name> <value>` appended to the file named by `DECOUPLE_FIGURES`.
func record(_ name: String, _ value: Int) {
    append("\(name) \(value)")
}

/// Appends `line` to the file named by `DECOUPLE_FIGURES`.
private func append(_ line: String) {
    guard let path = ProcessInfo.processInfo.environment["DECOUPLE_FIGURES"],
          let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(Data("\(line)\n".utf8))
    try? handle.close()
}

/// A generated corpus of model files: structs, classes, nested types, extensions, protocols and
/// annotations, about 250 lines a file.
enum Corpus {
    struct Files: Sendable {
        var folder: String
        var files: [String]
        var configuration: String

        /// Changes one file's content, keeping its size: its first line, `// revision NNNNNN`,
        /// gets a random six-digit number, so no cache has seen the new content.
        func touch(file index: Int) {
            let path = files[index]
            let text = try! String(contentsOfFile: path, encoding: .utf8)
            let revision = "// revision " + String(Int.random(in: 100_000..<1_000_000))
            let changed = revision + text.drop { $0 != "\n" }
            precondition(changed.utf8.count == text.utf8.count)
            try! changed.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Changes what one file declares, keeping its size: the first model's `ratio` gets a
        /// new type, `T` and five random digits in place of `Double`. The output stays the same
        /// (`ratio` is mapped to nothing), but no cache has seen these declarations.
        func changeDeclaration(file index: Int) {
            let path = files[index]
            let text = try! String(contentsOfFile: path, encoding: .utf8)
            let type = "T" + String(Int.random(in: 10_000..<100_000))
            let changed = text.replacing(/ratio: (Double|T[0-9]{5})/, with: "ratio: \(type)", maxReplacements: 1)
            precondition(changed.utf8.count == text.utf8.count && changed != text)
            try! changed.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Puts every file back as made.
        func restore() {
            for path in files {
                let text = try! String(contentsOfFile: path, encoding: .utf8)
                let restored = Corpus.firstLine + text.drop { $0 != "\n" }.replacing(/ratio: T[0-9]{5}/, with: "ratio: Double")
                if restored != text {
                    try! restored.write(toFile: path, atomically: true, encoding: .utf8)
                }
            }
        }
    }

    static let firstLine = "// revision 000000"

    /// One file of `bytes` bytes, half its models annotated, in a folder of its own.
    static func makeLargeFile(bytes: Int) -> (folder: String, bytes: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-large").path
        try? FileManager.default.removeItem(atPath: folder)
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var text = "import Foundation\n\n"
        var index = 0
        while text.utf8.count < bytes {
            if index.isMultiple(of: 2) { text += "// decouple: TitledContent(title: name, subtitle: detail ?? \"-\")\n" }
            text += "public struct BigModel\(index) {\n    public var name: String\n    public var detail: String?\n    public var price: Double = 19.5\n    public var tags: [String] = [\"商品\", \"🚀\"]\n}\n\n"
            index += 1
        }
        try! text.write(toFile: folder + "/Big.swift", atomically: true, encoding: .utf8)
        return (folder, text.utf8.count)
    }

    /// Made once: every benchmark runs in its own process, and each finds the corpus the
    /// first one wrote (its file list is written last, as the mark that it is whole).
    static func make(lines: Int) -> Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-corpus-2-\(lines)").path
        let list = folder + "/files.txt"
        if let written = try? String(contentsOfFile: list, encoding: .utf8) {
            let files = written.split(separator: "\n").map(String.init)
            let made = Files(folder: folder + "/Models", files: files, configuration: folder + "/decouple.json")
            made.restore()
            return made
        }
        try? FileManager.default.removeItem(atPath: folder)
        try! FileManager.default.createDirectory(atPath: folder + "/Models", withIntermediateDirectories: true)
        var files: [String] = []
        var total = 0
        var fileIndex = 0
        var adapters: [String] = []
        while total < lines {
            var text = Corpus.firstLine + "\nimport Foundation\n\n"
            for model in 0..<10 {
                let name = "Model\(fileIndex)x\(model)"
                text += """
                    /// A model with a handful of members, as an API client would generate it.
                    // decouple: TitledContent(title: displayName, subtitle: count)
                    public struct \(name): Codable, Sendable {
                        public var id: Int
                        public var displayName: String
                        public var count: Int
                        public var note: String?
                        public var tags: [String]
                        public var ratio: Double = 0.5

                        public init(id: Int, displayName: String, count: Int, note: String?, tags: [String]) {
                            self.id = id
                            self.displayName = displayName
                            self.count = count
                            self.note = note
                            self.tags = tags
                        }

                        public func summary(prefix: String) -> String {
                            let joined = tags.joined(separator: ", ")
                            return "\\(prefix) \\(displayName) [\\(joined)] \\(count)"
                        }
                    }

                    extension \(name) {
                        public enum Kind: String, Codable { case small, large }
                        public var kind: Kind { count > 10 ? .large : .small }
                    }


                    """
                if model == 0 {
                    adapters.append(#"{ "model": "\#(name)", "protocol": "NamedImageContent", "map": { "name": "displayName", "image": "displayName" } }"#)
                }
            }
            let path = "\(folder)/Models/File\(fileIndex).swift"
            try! text.write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
            total += text.split(separator: "\n", omittingEmptySubsequences: false).count
            fileIndex += 1
        }
        let configuration = "\(folder)/decouple.json"
        try! "{ \"adapters\": [\n\(adapters.joined(separator: ",\n"))\n] }\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        try! files.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return Files(folder: folder + "/Models", files: files, configuration: configuration)
    }
}
