// MVVMObservable — seed 000 §4 again, with the view model written as Swift `@Observable`, as
// apps write view models today.
//
// As in MVVM: the view holds its view model weakly and follows its `name` and `image`; the view
// model holds the controller weakly, creates the view, copies the model's values into its own
// properties and handles the view's taps. No property is wrapped: the views bind to the
// `@Observable` class itself — a label's text follows `name`, a search field edits `query` both
// ways, and the table's data source follows `items` through a snapshot. A change is announced
// before it is made, so each binding reads the view model again on the main actor once the
// current turn ends: the changes of one turn reach it as one update.
// Run it with `bash Playgrounds/run.sh MVVMObservable`.
import DecoupleTextUI
import Observation

// MARK: Model

struct MYAppModel: Hashable {
    var name: String
    var image: ImageName
}

// MARK: View model

@Observable
@MainActor
final class AppViewModel {
    private(set) var name = ""
    private(set) var image: ImageName = .empty
    /// What the search field shows, edited both ways.
    var query = ""
    private(set) var apps: [MYAppModel] = []
    /// The apps whose name contains the query: a computed property, followed through what it reads.
    var items: [MYAppModel] { query.isEmpty ? apps : apps.filter { $0.name.contains(query) } }

    @ObservationIgnored private(set) weak var controller: ViewController?
    @ObservationIgnored private(set) var appView: AppView?
    @ObservationIgnored private var model = MYAppModel(name: "", image: .empty)

    init(controller: ViewController) {
        self.controller = controller
    }

    /// Creates the view, loads the models and copies the shown one's values into its properties.
    func start() {
        let view = AppView(viewModel: self)
        controller?.view.addSubview(view)
        appView = view
        apps = [
            MYAppModel(name: "QQ", image: "QQ"), MYAppModel(name: "微信", image: "WeChat"),
            MYAppModel(name: "企业微信", image: "WeCom"), MYAppModel(name: "微博", image: "Weibo"),
            MYAppModel(name: "支付宝", image: "Alipay"),
        ]
        show(apps[0])
    }

    /// The seed's tap: the next model.
    func didTap() {
        show(MYAppModel(name: "微信", image: "WeChat"))
    }

    func didSelect(_ app: MYAppModel) {
        show(app)
        query = ""
    }

    private func show(_ app: MYAppModel) {
        model = app
        name = model.name
        image = model.image
    }
}

// MARK: View

final class AppView: View, TableViewDelegate {
    private(set) weak var viewModel: AppViewModel?
    private let iconView = ImageView()
    private let nameLabel = Label()
    let searchField = TextField(placeholder: "搜索")
    let tableView = TableView()
    private var dataSource: TableViewDiffableDataSource<Int, MYAppModel>?

    init(viewModel: AppViewModel) {
        self.viewModel = viewModel
        super.init()
        addSubview(StackView(.horizontal, [iconView, nameLabel], border: true))
        addSubview(searchField)
        addSubview(tableView)
        tableView.visibleRowCount = 4
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "app")
        tableView.delegate = self
        dataSource = TableViewDiffableDataSource(tableView: tableView) { table, indexPath, app in
            let cell = table.dequeueReusableCell(withIdentifier: "app", for: indexPath)
            cell.textLabel.text = app.name
            cell.detailTextLabel.text = app.image.rawValue
            return cell
        }
        // The view follows the view model; every binding ends with the view.
        iconView.bind(\.image, to: \.image, of: viewModel) { $0 }
        nameLabel.bind(\.text, to: \.name, of: viewModel)
        searchField.bind(text: \.query, of: viewModel)
        dataSource?.bind(to: \.items, of: viewModel) { items in
            var snapshot = Snapshot<Int, MYAppModel>()
            snapshot.appendSections([0])
            snapshot.appendItems(items)
            return snapshot
        }
    }

    func tap() { viewModel?.didTap() }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        guard let app = dataSource?.itemIdentifier(for: indexPath) else { return }
        viewModel?.didSelect(app)
    }
}

final class AppController: ViewController {
    private(set) var viewModel: AppViewModel?
    override func viewDidLoad() {
        title = "MVVM @Observable"
        viewModel = AppViewModel(controller: self)
        viewModel?.start()
    }
}

// MARK: Run

var controller: AppController? = AppController()
let window = Window(rootViewController: NavigationController(rootViewController: controller!), width: 24)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText(width: 24))
}

/// Lets the main actor run what waits for it: the bindings' updates.
@MainActor func endTurn() async {
    for _ in 0..<5 { await Task.yield() }
}

/// The screen's view, reached through the controller (a top-level constant would keep it alive).
var appView: AppView { controller!.viewModel!.appView! }
var nameShown: String { appView.firstDescendant(Label.self)!.text }

show("the view shows the view model's values")

appView.tap()
print("tapped; until the turn ends the label reads \(nameShown)")
await endTurn()
print("after the turn it reads \(nameShown)")
show("tapped: the view model changed, the view followed")

appView.searchField.type("微")
print("typed 微: query = \(controller!.viewModel!.query)")
await endTurn()
show("the table follows the filtered items")
print("applied: \(appView.tableView.lastUpdateDescription ?? "-")")

appView.tableView.tapRow(at: IndexPath(row: 2, section: 0))
await endTurn()
show("selected 微博; the view model cleared the query")
print("applied: \(appView.tableView.lastUpdateDescription ?? "-")")

// Tear down: the view model holds the controller weakly and the view holds the view model weakly.
weak let weakController = controller
weak let weakViewModel = controller?.viewModel
weak let weakView = controller?.viewModel?.appView
weak let weakCell = appView.tableView.cellForRow(at: IndexPath(row: 0, section: 0))
window.rootViewController = nil
controller = nil
await endTurn()
print("after teardown: controller \(weakController == nil ? "gone" : "LEAKED"), view model \(weakViewModel == nil ? "gone" : "LEAKED"), view \(weakView == nil ? "gone" : "LEAKED"), cell \(weakCell == nil ? "gone" : "LEAKED")")
