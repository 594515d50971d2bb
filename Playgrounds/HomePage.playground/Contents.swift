// HomePage — seed 002 §4: a list whose rows update while you scroll.
//
// The view model makes 40 rows (`小明`, `10`, `92`). The list arrives after 0.5 s, each row's
// `totalNumber` after 1 s (`i + 10`), and a timer adds 1 to every total every 2 s until the view
// model goes away. Each cell binds to its row's `totalNumber` only while it shows that row, so a
// reused cell never shows another row's total. Time is a `SteppedScheduler` here, so the run is
// instant and always prints the same; an app passes `MainActorScheduler()`.
// Run it with `bash Playgrounds/run.sh HomePage`.
import DecoupleTextUI

// MARK: Model and view model

@MainActor
final class HomePageModel {
    let number: String
    let name: String
    let score: String
    @Observed var totalNumber = ""

    init(number: String, name: String, score: String) {
        self.number = number
        self.name = name
        self.score = score
    }
}

@MainActor
final class HomePageViewModel {
    @Observed private(set) var dataArray: [HomePageModel] = []
    private let scheduler: any Scheduling
    private let work = CancellationBag()

    init(scheduler: any Scheduling) {
        self.scheduler = scheduler
    }

    /// Loads the rows as the seed's network would: late, and a little at a time.
    func getDatas() {
        let array = (0..<40).map { _ in HomePageModel(number: "10", name: "小明", score: "92") }
        for (i, model) in array.enumerated() {
            scheduler.schedule(after: .seconds(1)) { [weak model] in model?.totalNumber = "\(i + 10)" }.store(in: work)
        }
        scheduler.schedule(after: .milliseconds(500)) { [weak self] in self?.dataArray = array }.store(in: work)
        // The timer lives in `work`: it stops when the view model goes away.
        scheduler.schedule(every: .seconds(2)) { [weak self] in self?.timerAction() }.store(in: work)
    }

    private func timerAction() {
        for model in dataArray {
            model.totalNumber = String((Int(model.totalNumber) ?? 0) + 1)
        }
    }
}

// MARK: Screen

final class HomePageCell: TableViewCell {
    /// Giving the cell another model ends the bindings to the previous one (the seed's
    /// `takeUntil:`); the table also ends them when the cell is reused.
    var model: HomePageModel? {
        didSet {
            rowBindings.cancelAll()
            guard let model else { return }
            textLabel.text = "\(model.number)  \(model.name)  \(model.score)"
            detailTextLabel.bind(\.text, to: model.$totalNumber, in: rowBindings)
        }
    }
}

final class HomePageViewController: ViewController {
    let viewModel: HomePageViewModel
    let tableView = TableView()
    /// Rows by identity: the model object. When the list changes, a snapshot says what is shown
    /// now and the table works out the batch update.
    private var dataSource: TableViewDiffableDataSource<Int, ObjectIdentifier>?

    init(viewModel: HomePageViewModel) {
        self.viewModel = viewModel
        super.init()
        title = "首页"
    }

    override func viewDidLoad() {
        tableView.register(HomePageCell.self, forCellReuseIdentifier: "cellId")
        tableView.visibleRowCount = 5
        view.addSubview(tableView)
        dataSource = TableViewDiffableDataSource(tableView: tableView) { [unowned self] table, indexPath, _ in
            let cell = table.dequeueReusableCell(withIdentifier: "cellId", for: indexPath)
            (cell as? HomePageCell)?.model = viewModel.dataArray[indexPath.row]
            return cell
        }
        viewModel.$dataArray.observe(self) { controller, _ in controller.applyList() }.store(in: view.bindings)
        viewModel.getDatas()
    }

    /// The list arrived or changed: show it, as one batch update instead of `reloadData`.
    private func applyList() {
        var snapshot = Snapshot<Int, ObjectIdentifier>()
        snapshot.appendSections([0])
        snapshot.appendItems(viewModel.dataArray.map(ObjectIdentifier.init))
        dataSource?.apply(snapshot)
    }
}

// MARK: Time

/// Time that moves only when the run below moves it (`advance(by:)`): any `Scheduling` can be
/// passed to the view model. Tests use the `TestScheduler` of `DecoupleTesting` the same way.
final class SteppedScheduler: Scheduling {
    @MainActor private struct Item {
        var due: Duration
        let interval: Duration?
        let action: @MainActor () -> Void
        /// The work is due only while its token exists and is not cancelled.
        weak var token: CancellationToken?
        var isLive: Bool { token.map { !$0.isCancelled } ?? false }
    }

    private(set) var now: Duration = .zero
    private var items: [Item] = []

    /// How many pieces of work are waiting (a timer counts once).
    var pendingCount: Int {
        items.removeAll { !$0.isLive }
        return items.count
    }

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        add(Item(due: now + delay, interval: nil, action: action))
    }

    func schedule(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> CancellationToken {
        add(Item(due: now + interval, interval: interval, action: action))
    }

    private func add(_ item: Item) -> CancellationToken {
        let token = CancellationToken {}
        var item = item
        item.token = token
        items.append(item)
        return token
    }

    /// Moves the clock forward, running what falls due in time order (in the order scheduled
    /// at the same time).
    func advance(by duration: Duration) {
        let end = now + duration
        while true {
            items.removeAll { !$0.isLive }
            guard let index = items.indices.filter({ items[$0].due <= end }).min(by: { items[$0].due < items[$1].due }) else { break }
            let item = items[index]
            now = item.due
            if let interval = item.interval { items[index].due += interval } else { items.remove(at: index) }
            item.action()
        }
        now = end
    }
}

// MARK: Run

let scheduler = SteppedScheduler()
var home: HomePageViewController? = HomePageViewController(viewModel: HomePageViewModel(scheduler: scheduler))
let window = Window(rootViewController: NavigationController(rootViewController: home!), width: 24, height: 7)

@MainActor func show(_ caption: String) {
    print("── t=\(scheduler.now) \(caption) ──")
    print(window.renderedText())
}

show("nothing yet")
scheduler.advance(by: .milliseconds(500))
show("the list arrives")
print("applied: \(home!.tableView.lastUpdateDescription ?? "-")")
scheduler.advance(by: .milliseconds(500))
show("the totals arrive")
scheduler.advance(by: .seconds(1))
show("the timer ticks")

// Scroll up and down while the timer ticks, and check every visible row after every step.
var checks = 0
var mismatches = 0
for step in 0..<30 {
    home!.tableView.scroll(by: [7, -3, 11, -13, 5][step % 5])
    scheduler.advance(by: .milliseconds(700))
    _ = window.renderedText()
    for indexPath in home!.tableView.indexPathsForVisibleRows {
        checks += 1
        let shown = home!.tableView.cellForRow(at: indexPath)?.detailTextLabel.text
        if shown != home!.viewModel.dataArray[indexPath.row].totalNumber { mismatches += 1 }
    }
}
let visible = home!.tableView.indexPathsForVisibleRows.map(\.row)
show("after 30 scrolls while ticking, rows \(visible.first!)..<\(visible.last! + 1)")
print("rows checked: \(checks), showing another row's total: \(mismatches), cells created: \(home!.tableView.createdCellCount)")

// Tear down: the timer stops with its view model, and nothing is left.
weak let weakHome = home
weak let weakViewModel = home?.viewModel
weak let weakCell = home?.tableView.cellForRow(at: home!.tableView.indexPathsForVisibleRows[0])
weak let weakModel = home?.viewModel.dataArray.first
window.rootViewController = nil
home = nil
print("after teardown: controller \(weakHome == nil ? "gone" : "LEAKED"), view model \(weakViewModel == nil ? "gone" : "LEAKED"), cell \(weakCell == nil ? "gone" : "LEAKED"), models \(weakModel == nil ? "gone" : "LEAKED"), timers waiting: \(scheduler.pendingCount)")
