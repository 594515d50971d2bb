import Decouple
import DecoupleTestSupport
import DecoupleTextUI
import Testing

/// The delivery contract (the `DeliveryContract` article) as a reference model: a list of
/// observers for each property and one queue of rounds, in a few dozen lines. Seeded random
/// sequences of set, observe with every option set, cancel, release, bind both ways, derive,
/// apply and draw, each of them also made from inside handlers, run on the implementation and on
/// the model; every handler call, read and frame must be the same.
///
/// `DECOUPLE_OBSERVATION_SEQUENCES` sets how many sequences run (500 by default; CI asks for
/// 10,000). A failure names its seed; `DECOUPLE_OBSERVATION_SEED` runs that one alone.
@MainActor
@Suite struct ObservationModelTests {
    @Test func theImplementation_makesTheCallsTheModelMakes() {
        let seeds: [UInt64]
        if let only = TestEnvironment.seed("DECOUPLE_OBSERVATION_SEED", default: nil) {
            seeds = [only]
        } else {
            seeds = (0..<UInt64(TestEnvironment.integer("DECOUPLE_OBSERVATION_SEQUENCES", default: 500))).map { $0 }
        }
        var calls = 0
        for seed in seeds {
            let script = Script(seed: seed)
            var reference = Reference(script)
            let expected = reference.run()
            let actual = Harness(script).run()
            calls += expected.count
            guard actual != expected else { continue }
            let index = zip(actual, expected).prefix { $0 == $1 }.count
            Issue.record("""
                seed \(seed): entry \(index) differs
                implementation: \(actual.dropFirst(index).prefix(3))
                model:          \(expected.dropFirst(index).prefix(3))
                operations: \(script.operations)
                implementation log: \(actual.prefix(index + 3))
                model log:          \(expected.prefix(index + 3))
                """)
            break
        }
        print("observation model: \(seeds.count) seeded sequences, \(calls) handler calls, reads and frames compared")
    }
}

// MARK: - The script

/// What a handler does each time it is called, while the sequence's budget lasts.
enum Action: CustomStringConvertible {
    /// Sets a property: to a new value, to the value it holds, or to the value the handler was told.
    case set(property: Int, value: Value)
    case read(property: Int)
    case cancel(observer: Int)
    case observe(property: Int, options: ObservationOptions, reaction: [Action])
    case release(property: Int)
    case draw
    case apply

    enum Value { case fresh, same, told }

    var description: String {
        switch self {
        case let .set(property, value): "set(p\(property), \(value))"
        case let .read(property): "read(p\(property))"
        case let .cancel(observer): "cancel(o\(observer))"
        case let .observe(property, options, reaction): "observe(p\(property), \(options.rawValue), \(reaction))"
        case let .release(property): "release(p\(property))"
        case .draw: "draw"
        case .apply: "apply"
        }
    }
}

/// A top-level operation.
enum Operation {
    case act(Action)
    /// Two properties bound both ways: each one's changes set the other.
    case bindBothWays(Int, Int)
    /// A label bound to a property, drawn by `draw`.
    case bindLabel(Int)
    /// A new property computed from another (`+ 1000`).
    case derive(Int)
    /// Releases the bag holding the tokens of observations made with `inBag`.
    case releaseBag
    case releaseToken(observer: Int)
}

/// A seeded sequence. Properties 0 and 1 hold `Equatable` values, 2 and 3 values that are not
/// compared; derived properties are numbered from 4 on.
struct Script {
    let operations: [Operation]
    /// Which observations keep their token in the bag, by observer number.
    let inBag: Set<Int>
    static let budget = 120

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var properties = 4
        var observers = 0
        var inBag: Set<Int> = []
        func property() -> Int { random.int(0...(properties - 1)) }
        func options() -> ObservationOptions { ObservationOptions(rawValue: random.int(0...15)) }
        func action(depth: Int) -> Action {
            switch random.int(0...(depth > 0 ? 5 : 6)) {
            case 0, 1: return .set(property: property(), value: [.fresh, .same, .told][random.int(0...2)])
            case 2: return .read(property: property())
            case 3: return random.chance(0.5) ? .draw : .apply
            case 4: return observers > 0 ? .cancel(observer: random.int(0...(observers - 1))) : .draw
            case 5: return random.chance(0.3) ? .release(property: property()) : .read(property: property())
            default:
                observers += 1
                if random.chance(0.3) { inBag.insert(observers - 1) }
                return .observe(property: property(), options: options(), reaction: reaction(depth: depth + 1))
            }
        }
        func reaction(depth: Int) -> [Action] {
            (0..<random.int(0...2)).map { _ in action(depth: depth) }
        }
        var operations: [Operation] = []
        for _ in 0..<random.int(5...30) {
            switch random.int(0...9) {
            case 0:
                let a = property(), b = property()
                observers += 2
                operations.append(.bindBothWays(a, b))
            case 1:
                observers += 1
                operations.append(.bindLabel(property()))
            case 2:
                operations.append(.derive(property()))
                properties += 1
            case 3:
                operations.append(random.chance(0.3) ? .releaseBag
                    : observers > 0 ? .releaseToken(observer: random.int(0...(observers - 1))) : .act(.draw))
            default:
                operations.append(.act(action(depth: 0)))
            }
        }
        self.operations = operations
        self.inBag = inBag
    }
}

/// One entry of what a run did: a handler call, a read or a frame.
typealias CallLog = [String]

func describe(_ observer: Int, _ change: ObservedChange<Int>) -> String {
    "o\(observer) old:\(change.old.map(String.init) ?? "-") new:\(change.new.map(String.init) ?? "-")"
        + (change.isPrior ? " prior" : "") + (change.isInitial ? " initial" : "")
}

// MARK: - The model

/// The contract, written as directly as it reads.
struct Reference {
    enum Kind {
        /// Runs actions on each call, logged.
        case actions([Action])
        /// Sets the property with this number to the value told, logged.
        case copy(to: Int)
        /// A label's binding: shows the value told.
        case label(Int)
    }

    struct Observer {
        let property: Int
        let options: ObservationOptions
        let kind: Kind
        var isLive: Bool
    }

    struct Round {
        let property: Int
        let old: Int, new: Int
        let observers: [Int]
        /// Set inside a handler: its prior calls come with it.
        let hasPrior: Bool
    }

    let script: Script
    /// What each property holds while it lives.
    var stored: [Int: Int] = [0: 0, 1: 0, 2: 0, 3: 0]
    /// The properties a test can still reach; one released while a call of its own runs (a set,
    /// an observe or its round) lives, unreachable, until that call returns.
    var reachable: Set<Int> = [0, 1, 2, 3]
    var busy: [Int: Int] = [:]
    var propertyCount = 4
    /// Derived values: their source, and the derived values of each property.
    var sources: [Int: Int] = [:]
    var dependents: [Int: [Int]] = [:]
    var stale: [Int] = []
    var isComputing = false
    var observers: [Observer] = []
    var queue: [Round] = []
    var depth = 0
    var budget = Script.budget
    var fresh = 0
    var isBagReleased = false
    /// The observers whose `observe` has returned its token.
    var returned: Set<Int> = []
    var labelCount = 0
    var shown: [Int: Int] = [:]
    var applied: [Int] = []
    var log: CallLog = []

    init(_ script: Script) { self.script = script }

    func value(_ property: Int) -> Int? { reachable.contains(property) ? stored[property] : nil }

    mutating func run() -> CallLog {
        for operation in script.operations {
            switch operation {
            case let .act(action): perform(action, told: nil)
            case let .bindBothWays(a, b):
                observe(a, [.initial, .new], .copy(to: b))
                observe(b, [.new], .copy(to: a))
            case let .bindLabel(property):
                labelCount += 1
                observe(property, [.initial, .new], .label(labelCount - 1))
            case let .derive(source):
                let derived = propertyCount
                propertyCount += 1
                stored[derived] = value(source).map { $0 + 1000 } ?? 0
                reachable.insert(derived)
                if value(source) != nil {
                    sources[derived] = source
                    dependents[source, default: []].append(derived)
                }
            case .releaseBag:
                isBagReleased = true
                for id in observers.indices where inBag(id) { observers[id].isLive = false }
            case let .releaseToken(observer):
                // A label's binding is kept by the label too: letting go of its token ends nothing.
                if observer < observers.count, case .label = observers[observer].kind { continue }
                end(observer)
            }
        }
        return log
    }

    /// Whether observer `id` keeps its token in the bag: made by `observe`, in the script's set.
    func inBag(_ id: Int) -> Bool {
        switch observers[id].kind {
        case .actions, .copy: script.inBag.contains(id)
        case .label: false
        }
    }

    /// Ends an observation through its token; one kept in the bag is reached only through the bag.
    mutating func end(_ id: Int) {
        // A token is in hand only once `observe` has returned.
        guard id < observers.count, !inBag(id), returned.contains(id) else { return }
        observers[id].isLive = false
    }

    mutating func handler(_ body: (inout Reference) -> Void) {
        depth += 1
        body(&self)
        leave()
    }

    mutating func leave() {
        depth -= 1
        if depth == 0, !queue.isEmpty { drain() }
    }

    mutating func drain() {
        depth += 1
        while !queue.isEmpty {
            let round = queue.removeFirst()
            guard stored[round.property] != nil else { continue }
            holding(round.property) { model in
                if round.hasPrior { model.tellPrior(round.observers, old: round.old) }
                model.tell(round)
            }
        }
        depth -= 1
    }

    mutating func tell(_ round: Round) {
        for id in round.observers where observers[id].isLive {
            call(id, ObservedChange(observers[id].options, old: round.old, new: round.new))
        }
    }

    mutating func tellPrior(_ ids: [Int], old: Int) {
        for id in ids where observers[id].options.contains(.prior) && observers[id].isLive {
            call(id, ObservedChange(observers[id].options, old: old, new: nil, isPrior: true))
        }
    }

    mutating func call(_ id: Int, _ change: ObservedChange<Int>) {
        switch observers[id].kind {
        case let .actions(actions):
            log.append(describe(id, change))
            for action in actions where budget > 0 {
                budget -= 1
                perform(action, told: change.new)
            }
        case let .copy(to):
            log.append(describe(id, change))
            if let new = change.new, budget > 0, value(to) != nil {
                budget -= 1
                if to < 4 { set(to, new) }   // a derived value cannot be set
            }
        case let .label(label):
            if let new = change.new { shown[label] = new }
        }
    }

    /// A property's own call runs while `body` does: releasing it then lets it go afterwards.
    mutating func holding(_ property: Int, _ body: (inout Reference) -> Void) {
        busy[property, default: 0] += 1
        body(&self)
        busy[property]! -= 1
        if busy[property] == 0, !reachable.contains(property), stored[property] != nil { kill(property) }
    }

    /// The property goes: its observations end, and rounds not yet told are not.
    mutating func kill(_ property: Int) {
        stored[property] = nil
        for id in observers.indices where observers[id].property == property { observers[id].isLive = false }
    }

    func livePeers(of property: Int) -> [Int] {
        observers.indices.filter { observers[$0].property == property && observers[$0].isLive }
    }

    mutating func observe(_ property: Int, _ options: ObservationOptions, _ kind: Kind) {
        let id = observers.count
        let reached = value(property) != nil
        observers.append(Observer(property: property, options: options, kind: kind, isLive: reached))
        if reached, options.contains(.initial) {
            holding(property) { model in
                let value = model.stored[property]!
                model.handler { $0.call(id, ObservedChange(options, old: nil, new: value, isInitial: true)) }
            }
        }
        if isBagReleased, inBag(id) { observers[id].isLive = false }
        returned.insert(id)
    }

    mutating func set(_ property: Int, _ value: Int) {
        holding(property) { model in model.store(property, value) }
    }

    private mutating func store(_ property: Int, _ value: Int) {
        // Outside every handler the round is told here; inside one it is queued.
        let began = depth == 0 && queue.isEmpty
        if began { depth = 1 }
        if !began, property < 2, stored[property] == value { return }
        let hasPrior = livePeers(of: property).contains { observers[$0].options.contains(.prior) }
        if began, hasPrior {
            let old = stored[property]!
            let ids = livePeers(of: property)
            handler { $0.tellPrior(ids, old: old) }
        }
        let round = Round(property: property, old: stored[property]!, new: value,
                          observers: livePeers(of: property), hasPrior: !began && hasPrior)
        stored[property] = value
        let tellsNow = began && queue.isEmpty
        if !tellsNow, !round.observers.isEmpty { queue.append(round) }
        if let derived = dependents[property] { recompute(derived) }
        if tellsNow { tell(round) }
        if began { leave() }
    }

    /// Derived values are computed again as their source is stored, one after another.
    mutating func recompute(_ derived: [Int]) {
        stale += derived
        guard !isComputing else { return }
        isComputing = true
        while !stale.isEmpty {
            let next = stale.removeFirst()
            if let source = sources[next], let value = stored[source] { set(next, value + 1000) }
        }
        isComputing = false
    }

    mutating func perform(_ action: Action, told: Int?) {
        switch action {
        case let .set(property, choice):
            guard let current = value(property) else { return }
            let new: Int
            switch choice {
            case .fresh:
                fresh += 1
                new = fresh
            case .same: new = current
            case .told: new = told ?? current
            }
            if property < 4 { set(property, new) }   // a derived value cannot be set
        case let .read(property):
            log.append("read p\(property) = \(value(property).map(String.init) ?? "gone")")
        case let .cancel(observer): end(observer)
        case let .observe(property, options, reaction):
            observe(property, options, .actions(reaction))
        case let .release(property):
            guard property < 4, reachable.remove(property) != nil else { return }
            if busy[property, default: 0] == 0 { kill(property) }
        case .draw:
            let labels = (0..<labelCount).map { shown[$0].map(String.init) ?? "" }
            log.append("draw " + (labels + applied.map(String.init)).joined(separator: ","))
        case .apply:
            applied = (0..<propertyCount).compactMap { value($0) }
        }
    }
}

// MARK: - The implementation

/// The same script on `ObservableProperty`, `Derived`, tokens, a bag, labels and a table.
@MainActor
final class Harness {
    let script: Script
    var equatable: [Int: ObservableProperty<Int>] = [:]
    var plain: [Int: ObservableProperty<Plain>] = [:]
    var derived: [Int: Derived<Int>] = [:]
    var tokens: [Int: CancellationToken] = [:]
    /// Labels' bindings, which their labels keep too.
    var labelTokens: [Int: CancellationToken] = [:]
    var bag: CancellationBag? = CancellationBag()
    var observerCount = 0
    var budget = Script.budget
    var fresh = 0
    var log: CallLog = []
    let screen = View()
    let labels = View()
    let table = TableView()
    var source: TableViewDiffableDataSource<Int, Int>!

    /// A value that is not `Equatable`: never compared.
    struct Plain { var value: Int }

    init(_ script: Script) {
        self.script = script
        for index in 0..<2 { equatable[index] = ObservableProperty(0) }
        for index in 2..<4 { plain[index] = ObservableProperty(Plain(value: 0)) }
        table.visibleRowCount = 64
        source = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = String(item & 0xFFFF_FFFF)
            return cell
        }
        screen.addSubview(labels)
        screen.addSubview(table)
    }

    var propertyCount: Int { 4 + derived.count }

    func value(_ property: Int) -> Int? {
        equatable[property]?.value ?? plain[property]?.value.value ?? derived[property]?.value
    }

    func set(_ property: Int, _ value: Int) {
        if let target = equatable[property] { target.value = value }
        if let target = plain[property] { target.value = Plain(value: value) }
    }

    /// Observes `property`; `call` is what the handler does after the call is logged.
    func observe(_ property: Int, _ options: ObservationOptions, _ call: @escaping (Harness, ObservedChange<Int>) -> Void) {
        let id = observerCount
        observerCount += 1
        let handler: (ObservedChange<Int>) -> Void = { [unowned self] change in
            log.append(describe(id, change))
            call(self, change)
        }
        let token: CancellationToken
        if let target = equatable[property] {
            token = target.observe(options: options, handler)
        } else if let target = plain[property] {
            token = target.observe(options: options) { change in
                handler(ObservedChange(old: change.old?.value, new: change.new?.value, isPrior: change.isPrior, isInitial: change.isInitial))
            }
        } else if let target = derived[property] {
            token = target.observe(options: options, handler)
        } else {
            return
        }
        if script.inBag.contains(id) {
            if let bag { token.store(in: bag) } else { token.cancel() }
        } else {
            tokens[id] = token
        }
    }

    func run() -> CallLog {
        for operation in script.operations {
            switch operation {
            case let .act(action): perform(action, told: nil)
            case let .bindBothWays(a, b):
                observe(a, [.initial, .new]) { harness, change in
                    guard let new = change.new, harness.budget > 0, harness.value(b) != nil else { return }
                    harness.budget -= 1
                    harness.set(b, new)
                }
                observe(b, [.new]) { harness, change in
                    guard let new = change.new, harness.budget > 0, harness.value(a) != nil else { return }
                    harness.budget -= 1
                    harness.set(a, new)
                }
            case let .bindLabel(property):
                let label = Label()
                labels.addSubview(label)
                let id = observerCount
                observerCount += 1
                if let target = equatable[property] {
                    labelTokens[id] = label.bind(to: target) { label, value in label.text = String(value) }
                } else if let target = plain[property] {
                    labelTokens[id] = label.bind(\.text, to: target) { String($0.value) }
                } else if let target = derived[property] {
                    labelTokens[id] = label.bind(\.text, to: target) { String($0) }
                }
            case let .derive(sourceIndex):
                let index = propertyCount
                let made: Derived<Int>?
                if let target = equatable[sourceIndex] {
                    made = target.map { $0 + 1000 }
                } else if let target = plain[sourceIndex] {
                    made = target.map { $0.value + 1000 }
                } else if let target = derived[sourceIndex] {
                    made = target.map { $0 + 1000 }
                } else {
                    made = nil
                }
                derived[index] = made ?? Derived(ObservableProperty(0)) { $0 }
            case .releaseBag:
                bag = nil
            case let .releaseToken(observer):
                tokens[observer] = nil
            }
        }
        return log
    }

    func perform(_ action: Action, told: Int?) {
        switch action {
        case let .set(property, choice):
            guard let current = value(property) else { return }
            switch choice {
            case .fresh:
                fresh += 1
                set(property, fresh)
            case .same: set(property, current)
            case .told: set(property, told ?? current)
            }
        case let .read(property):
            log.append("read p\(property) = \(value(property).map(String.init) ?? "gone")")
        case let .cancel(observer):
            (tokens[observer] ?? labelTokens[observer])?.cancel()
        case let .observe(property, options, reaction):
            observe(property, options) { harness, change in
                for action in reaction where harness.budget > 0 {
                    harness.budget -= 1
                    harness.perform(action, told: change.new)
                }
            }
        case let .release(property):
            equatable[property] = nil
            plain[property] = nil
        case .draw:
            let shown = labels.subviews.map { ($0 as! Label).text } + table.renderedText(width: 20).split(separator: "\n").map(String.init)
            log.append("draw " + shown.joined(separator: ","))
        case .apply:
            var snapshot = Snapshot<Int, Int>()
            snapshot.appendSections([0])
            // Items are told apart by their place, their values shown.
            snapshot.appendItems((0..<propertyCount).compactMap { index in value(index).map { index << 32 | $0 } })
            source.apply(snapshot)
        }
    }
}
