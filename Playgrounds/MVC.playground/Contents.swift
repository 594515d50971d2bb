// MVC — seed 000 §1: a shop list.
//
// The controller creates and holds the view, the view reports events to the controller, the
// controller loads and owns the models, and a model change makes the controller refresh the
// view. Run it on Linux with `bash Playgrounds/run.sh MVC`.
import DecoupleTextUI

// MARK: Model

struct MYShopModel {
    var name: String
    var price: String
}

// MARK: Controllers

/// The list: owns the models, is the table's data source and delegate.
final class ShopListController: ViewController, TableViewDataSource, TableViewDelegate {
    let tableView = TableView()
    private(set) var models: [MYShopModel] = []

    override func viewDidLoad() {
        title = "商品"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "shop")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.visibleRowCount = 6
        view.addSubview(tableView)
        loadModels()
    }

    /// The controller loads the models…
    func loadModels() {
        models = (0..<20).map { MYShopModel(name: "商品-\($0)", price: "¥19.\($0)") }
        tableView.reloadData()
    }

    /// …and when one changes, refreshes the view.
    func changePrice(ofRow row: Int, to price: String) {
        models[row].price = price
        tableView.reloadRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { models.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "shop", for: indexPath)
        cell.textLabel.text = models[indexPath.row].name
        cell.detailTextLabel.text = models[indexPath.row].price
        cell.accessory = .disclosureIndicator
        return cell
    }

    /// The view reports the tap; the controller decides what it means.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        navigationController?.pushViewController(ShopDetailController(model: models[indexPath.row]), animated: true)
    }
}

final class ShopDetailController: ViewController {
    let model: MYShopModel

    init(model: MYShopModel) {
        self.model = model
        super.init()
        title = model.name
    }

    override func viewDidLoad() {
        let box = StackView(.vertical, [Label("名称  " + model.name), Label("价格  " + model.price)], border: true)
        view.addSubview(box)
        view.addSubview(Button("加入购物车"))
    }
}

// MARK: Run

var list: ShopListController? = ShopListController()
let window = Window(rootViewController: NavigationController(rootViewController: list!), width: 28, height: 9)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText())
}

show("20 models, the first rows")
list!.tableView.scroll(by: 12)
show("scrolled down 12 rows")
list!.tableView.tapRow(at: IndexPath(row: 15, section: 0))
show("tapped 商品-15")
(window.rootViewController as? NavigationController)?.tapBackButton()
list!.changePrice(ofRow: 15, to: "¥9.9")
show("back; the model's price changed, the row refreshed")
list!.tableView.scrollToRow(at: IndexPath(row: 19, section: 0), at: .bottom, animated: true)
show("scrolled to the end")
print("cells created for 20 rows: \(list!.tableView.createdCellCount)")

// Tear down: nothing outlives the window.
weak let weakList = list
weak let weakTable = list?.tableView
weak let weakCell = list?.tableView.cellForRow(at: list!.tableView.indexPathsForVisibleRows[0])
window.rootViewController = nil
list = nil
print("after teardown: controller \(weakList == nil ? "gone" : "LEAKED"), table \(weakTable == nil ? "gone" : "LEAKED"), cell \(weakCell == nil ? "gone" : "LEAKED")")
