import Decouple
import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

// The README's quick start (and the Getting Started article), verbatim: the app's sources and
// the test that draws its list. If this stops compiling, draws something else, or differs from
// the documents, they are wrong. Keep them in step.

// Guide sources begins
// Three models, none of which knows a view: a struct decoded from JSON, a class, an enum.
public struct Product: Decodable { public var name: String; public var price: Int }

public final class Shopper {
    public let name: String
    public init(name: String) { self.name = name }
}

public enum Notice { case sale(percent: Int), closed }

/// What every row of the list shows, whatever the model.
struct ShopRow: TitledContent { var title: String; var subtitle: String }

/// The screen's state: one list of content. The factory picks each model's adapter.
@MainActor public final class ShopViewModel {
    @Observed public private(set) var rows: [any TitledContent] = []
    private let factory = ContentFactory<any TitledContent>()

    public init() throws {
        try factory.register(Product.self, tag: "product") { ShopRow(title: $0.name, subtitle: "¥\($0.price)") }
        try factory.register(Shopper.self) { ShopRow(title: $0.name, subtitle: "shopper") }
        try factory.register(Notice.self) { notice in
            switch notice {
            case .sale(let percent): ShopRow(title: "Sale", subtitle: "\(percent)% off")
            case .closed: ShopRow(title: "Closed", subtitle: "back tomorrow")
            }
        }
    }

    public func load(products json: Data, shopper: Shopper, notice: Notice) throws {
        rows = try [factory.adapt(notice), factory.adapt(shopper)] + factory.decodeFeed(from: json).items
    }
}
// Guide sources ends

// Guide test begins
/// The list as the app's table shows it, drawn by the text kit: one row per content, its title
/// and subtitle. The app's own cell does the same two assignments and nothing else.
@MainActor final class ShopScreen: TableViewDataSource {
    let table = TableView()
    let viewModel: ShopViewModel

    init(_ viewModel: ShopViewModel) {
        self.viewModel = viewModel
        table.dataSource = self
        viewModel.$rows.observe(table) { table, _ in table.reloadData() }.store(in: table.bindings)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { viewModel.rows.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel.text = viewModel.rows[indexPath.row].title
        cell.detailTextLabel.text = viewModel.rows[indexPath.row].subtitle
        return cell
    }
}

@MainActor @Test func theShop_listsEveryKindOfModel() throws {
    let screen = ShopScreen(try ShopViewModel())
    let products = Data(#"[{"type": "product", "name": "Tea", "price": 12}, {"type": "product", "name": "Cake", "price": 30}]"#.utf8)
    try screen.viewModel.load(products: products, shopper: Shopper(name: "小明"), notice: .sale(percent: 20))
    #expect(screen.table.renderedText(width: 20) == """
        Sale         20% off
        小明         shopper
        Tea              ¥12
        Cake             ¥30
        """)
}
// Guide test ends

@Suite struct ConsumerGuideTests {
    @Test func theReadmeAndTheArticle_showTheGuideVerbatim() throws {
        for document in ["README.md", "Sources/Decouple/Decouple.docc/GettingStarted.md"] {
            try expectDocument(document, containsExampleOf: #filePath, marker: "Guide sources")
            try expectDocument(document, containsExampleOf: #filePath, marker: "Guide test")
        }
    }
}
