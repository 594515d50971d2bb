import Decouple
import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

/// The screen oracle of the delivery contract (the `DeliveryContract` article): random screens of
/// labels bound to observable names and a table whose rows are bound to the same names, its
/// items applied from an observable list; values set on the main actor and on other threads,
/// with and without main-actor turns between. After every turn, the drawn text must be a render
/// of the models' state at one moment of their history, never an earlier one than the last frame
/// showed; once the main actor has drained, it must be a render of the latest state.
///
/// `DECOUPLE_SCREEN_ORACLE_RUNS` sets the number of seeded runs (50 by default; CI asks for
/// 1,000). A failure names its seed; `DECOUPLE_SCREEN_ORACLE_SEED` runs that one alone.
@MainActor
@Suite struct ScreenOracleTests {
    /// The models' values at one moment.
    struct State: Equatable {
        var names: [String]
        var items: [Int]
    }

    /// One random screen and its models.
    @MainActor final class Screen {
        let names: [ObservableProperty<String>]
        let items: ObservableProperty<[Int]>
        let root = View()
        let table = TableView()
        var source: TableViewDiffableDataSource<Int, Int>!
        let bag = CancellationBag()

        init(state: State) {
            names = state.names.map { ObservableProperty($0) }
            items = ObservableProperty(state.items)
            for name in names {
                let label = Label()
                label.bind(\.text, to: name)
                root.addSubview(label)
            }
            table.visibleRowCount = state.names.count
            root.addSubview(table)
            let names = names
            source = TableViewDiffableDataSource(tableView: table) { table, indexPath, id in
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel.bind(\.text, to: names[id], in: cell.rowBindings)
                return cell
            }
            items.observe(table, options: [.initial, .new]) { [source] _, change in
                source!.apply(ScreenOracleTests.snapshot(change.new!))
            }.store(in: bag)
        }

        var state: State { State(names: names.map(\.value), items: items.value) }
    }

    static func snapshot(_ ids: [Int]) -> Snapshot<Int, Int> {
        var snapshot = Snapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(ids)
        return snapshot
    }

    /// What a screen of `state` shows, drawn from fixed texts with no binding.
    static func render(_ state: State) -> String {
        let lines = state.names + state.items.map { state.names[$0] }
        return lines.map { TextWidth.truncate($0, to: width).trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    static let width = 12

    static var runs: Int {
        TestEnvironment.integer("DECOUPLE_SCREEN_ORACLE_RUNS", default: 50)
    }

    @Test func everyFrame_isTheModelsAtOneMoment_andTheLastIsTheLatest() async {
        let seeds: [UInt64]
        if let only = TestEnvironment.seed("DECOUPLE_SCREEN_ORACLE_SEED", default: nil) {
            seeds = [only]
        } else {
            seeds = (0..<UInt64(Self.runs)).map { $0 }
        }
        print("screen oracle: \(seeds.count) seeded runs")
        for seed in seeds {
            let problem = await Self.run(seed: seed)
            #expect(problem == nil, "seed \(seed): \(problem ?? "")")
            if problem != nil { break }
        }
    }

    /// One seeded run; returns what went wrong, if anything.
    static func run(seed: UInt64) async -> String? {
        var random = SplitMix64(seed: seed)
        let count = random.int(2...5)
        func token() -> String { ["a", "b", "c", "dd", "eee", "名字", ""][random.int(0...6)] + String(random.int(0...9)) }
        func items() -> [Int] { Array((0..<count).shuffled(using: &random).prefix(random.int(0...count))) }
        var history = [State(names: (0..<count).map { _ in token() }, items: items())]
        let screen = Screen(state: history[0])
        var shown = 0   // the index in `history` of the last frame's state
        var renders: [Int: String] = [:]
        func rendered(_ index: Int) -> String {
            if let text = renders[index] { return text }
            let text = render(history[index])
            renders[index] = text
            return text
        }
        /// Checks a frame: some state at or after the last frame's.
        func check(_ when: String) -> String? {
            let frame = screen.root.renderedText(width: width)
            guard let index = (shown..<history.count).last(where: { rendered($0) == frame }) else {
                return "\(when): the frame\n\(frame)\nis no state since step \(shown); the latest is\n\(rendered(history.count - 1))"
            }
            shown = index
            return nil
        }
        let steps = random.int(10...40)
        for step in 0..<steps {
            var next = history.last!
            let offMain = random.chance(0.5)
            let set: @Sendable () -> Void
            if random.chance(0.7) {
                let index = random.int(0...(count - 1))
                let value = token()
                next.names[index] = value
                let property = screen.names[index]
                set = { property.value = value }
            } else {
                let value = items()
                next.items = value
                let property = screen.items
                set = { property.value = value }
            }
            history.append(next)
            if !offMain {
                set()
            } else if random.chance(0.5) {
                // Joined while the main actor waits: no turn runs in between.
                let done = DispatchSemaphore(value: 0)
                Thread { set(); done.signal() }.start()
                guard done.wait(timeout: .now() + 30) == .success else { return "step \(step): the setter did not finish" }
            } else {
                // Awaited: the main actor may take turns meanwhile.
                await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                    Thread { set(); finished.resume() }.start()
                }
            }
            if random.chance(0.5) { await Task.yield() }
            if random.chance(0.6), let problem = check("step \(step)") { return problem }
        }
        // Drained: the latest state.
        let deadline = ContinuousClock.now + .seconds(30)
        while screen.root.renderedText(width: width) != rendered(history.count - 1), ContinuousClock.now < deadline {
            await Task.yield()
        }
        if let problem = check("drained") { return problem }
        guard shown == history.count - 1 || rendered(shown) == rendered(history.count - 1) else {
            return "drained: the screen ended on step \(shown), not the latest"
        }
        guard screen.state == history.last! else { return "the models hold \(screen.state), not \(history.last!)" }
        screen.bag.cancelAll()
        return nil
    }
}
