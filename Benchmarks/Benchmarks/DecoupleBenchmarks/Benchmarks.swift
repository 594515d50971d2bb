import Benchmark
import DecoupleTextUI
import Foundation

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
    bindingBenchmarks()
    diffBenchmarks()
    generatorBenchmarks()
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
    let direct: any TitledContent = opaque(member)
    let proxy = ForwardingProxy()
    proxy.inject(member as any TitledContent, as: (any TitledContent).self)

    Benchmark("proxy.typed_vs_direct/baseline") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(direct.title) }
    }
    Benchmark("proxy.typed_vs_direct/candidate") { benchmark in
        // The key path written at the call site, as a user writes it.
        for _ in benchmark.scaledIterations { blackHole(proxy.forward(\TitledContent.title)) }
    }
    Benchmark("proxy.name_vs_direct/baseline") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(direct.title) }
    }
    Benchmark("proxy.name_vs_direct/candidate") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(proxy.value(forMember: "title")) }
    }
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

// MARK: - Binding

@MainActor final class ProfileViewModel {
    @Observed var name = ""
}

func bindingBenchmarks() {
    let names = ["Ada Lovelace, Countess of Lovelace", "Grace Brewster Murray Hopper"]
    Benchmark("binding.update_vs_direct_set/baseline") { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let label = Label()
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                index ^= 1
                label.text = names[index]
            }
            benchmark.stopMeasurement()
            blackHole(label.text)
        }
    }
    Benchmark("binding.update_vs_direct_set/candidate") { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let viewModel = ProfileViewModel()
            let label = Label()
            label.bind(\.text, to: viewModel.$name)
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                index ^= 1
                viewModel.name = names[index]
            }
            benchmark.stopMeasurement()
            precondition(label.text == names[index], "the binding did not reach the label")
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
    let process = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(60), maxIterations: 5)

    Benchmark("generate.vs_swiftc_parse/baseline", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations { run(swiftc, ["-parse"] + corpus.files) }
    }
    Benchmark("generate.vs_swiftc_parse/candidate", configuration: process) { benchmark in
        for _ in benchmark.scaledIterations { run(tool, ["generate", corpus.folder, "--config", corpus.configuration]) }
    }
    let cache = corpus.folder + "-cache"
    Benchmark("generate.warm_vs_cold/baseline", configuration: process) { benchmark in
        var folders: [String] = []
        for _ in benchmark.scaledIterations {
            // A new, empty cache folder each time: a cold run, which also fills the cache.
            folders.append(cache + "-cold-" + UUID().uuidString)
            run(tool, ["generate", corpus.folder, "--config", corpus.configuration, "--cache", folders[folders.count - 1]])
        }
        benchmark.stopMeasurement()
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }
    Benchmark("generate.warm_vs_cold/candidate", configuration: process) { benchmark in
        run(tool, ["generate", corpus.folder, "--config", corpus.configuration, "--cache", cache])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            run(tool, ["generate", corpus.folder, "--config", corpus.configuration, "--cache", cache])
        }
    }
}

/// Runs a program to the end, its output discarded; a failure stops the benchmark.
func run(_ executable: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { fatalError("cannot run \(executable): \(error)") }
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "\(executable) \(arguments.prefix(2)) exited with \(process.terminationStatus)")
}

/// A generated corpus of model files: structs, classes, nested types, extensions, protocols and
/// annotations, about 250 lines a file.
enum Corpus {
    struct Files {
        var folder: String
        var files: [String]
        var configuration: String
    }

    static func make(lines: Int) -> Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-bench-corpus").path
        try? FileManager.default.removeItem(atPath: folder)
        try! FileManager.default.createDirectory(atPath: folder + "/Models", withIntermediateDirectories: true)
        var files: [String] = []
        var total = 0
        var fileIndex = 0
        var adapters: [String] = []
        while total < lines {
            var text = "import Foundation\n\n"
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
        return Files(folder: folder + "/Models", files: files, configuration: configuration)
    }
}
