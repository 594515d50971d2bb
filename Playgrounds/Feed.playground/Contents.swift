// Feed — lists as UIKit developers know them: a feed edited while it shows.
//
// Posts arrive, are deleted, move to the top when pinned, and change when liked. Each edit is a
// new snapshot; the diffable data source works out the batch update with the core's linear diff,
// and the table says in words what it did (text has no animation). A liked post is reconfigured
// in the cell it has. Run it with `bash Playgrounds/run.sh Feed`.
import DecoupleTextUI

// MARK: Model

struct Post: Identifiable, Equatable {
    let id: Int
    var author: String
    var likes = 0
}

// MARK: Controller

@MainActor
final class FeedController: ViewController {
    let tableView = TableView()
    private(set) var posts: [Int: Post] = [:]
    private var order: [Int] = []
    private var dataSource: TableViewDiffableDataSource<String, Int>?

    override func viewDidLoad() {
        title = "动态"
        tableView.visibleRowCount = 6
        view.addSubview(tableView)
        dataSource = TableViewDiffableDataSource(tableView: tableView) { [unowned self] table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "post", for: indexPath)
            guard let post = posts[id] else { return cell }
            cell.textLabel.text = "#\(post.id) \(post.author)"
            cell.detailTextLabel.text = post.likes > 0 ? "♥ \(post.likes)" : ""
            return cell
        }
    }

    /// Shows the posts as they are now; `changed` are posts whose content changed in place.
    private func show(changed: [Int] = []) {
        var snapshot = Snapshot<String, Int>()
        snapshot.appendSections(["feed"])
        snapshot.appendItems(order)
        snapshot.reconfigureItems(changed)
        dataSource?.apply(snapshot)
    }

    func arrive(_ new: [Post]) {
        for post in new { posts[post.id] = post }
        order.insert(contentsOf: new.map(\.id), at: 0)
        show()
    }

    func delete(_ id: Int) {
        posts[id] = nil
        order.removeAll { $0 == id }
        show()
    }

    func pin(_ id: Int) {
        order.removeAll { $0 == id }
        order.insert(id, at: 0)
        show()
    }

    func like(_ id: Int) {
        posts[id]?.likes += 1
        show(changed: [id])
    }
}

// MARK: Run

var feed: FeedController? = FeedController()
let window = Window(rootViewController: NavigationController(rootViewController: feed!), width: 26, height: 8)

@MainActor func step(_ caption: String) {
    print("── \(caption): \(feed!.tableView.lastUpdateDescription ?? "-") ──")
    print(window.renderedText())
}

feed!.arrive((1...4).map { Post(id: $0, author: ["小明", "小红", "阿强", "Ada"][$0 - 1]) })
step("four posts arrive")
feed!.arrive([Post(id: 5, author: "新人"), Post(id: 6, author: "Grace")])
step("two more at the top")
feed!.delete(2)
step("#2 deleted")
feed!.pin(4)
step("#4 pinned")
weak let likedCell = feed!.tableView.cellForRow(at: IndexPath(row: 2, section: 0))   // #6
feed!.like(6)
feed!.like(6)
step("#6 liked twice")
print("the liked post kept its cell: \(feed!.tableView.cellForRow(at: IndexPath(row: 2, section: 0)) === likedCell)")
print("errors: \(feed!.tableView.lastUpdateError ?? "none"), cells created: \(feed!.tableView.createdCellCount)")

// Tear down: nothing outlives the window.
weak let weakFeed = feed
weak let weakTable = feed?.tableView
window.rootViewController = nil
feed = nil
print("after teardown: controller \(weakFeed == nil ? "gone" : "LEAKED"), table \(weakTable == nil ? "gone" : "LEAKED"), cell \(likedCell == nil ? "gone" : "LEAKED")")
