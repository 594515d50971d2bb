// Layered — seed 000 §5: UI → service → local data first, then the network.
//
// The controller (UI layer) asks the news service for news. The service (`loadNews`) returns
// what the local store has and goes to the network only when there is none, saving what it
// fetched. The local store is real files on disk; the network is a transport the app injects —
// here a fake one that counts its requests. Run it with `bash Playgrounds/run.sh Layered`.
import DecoupleTextUI
import Foundation

// MARK: Model

struct News: Codable, Equatable {
    var title: String
    var source: String
}

// MARK: Network layer

protocol NetworkTransport {
    /// The seed's `GET`: the body at a path, or an error.
    func get(_ path: String) throws -> Data
}

final class FakeServer: NetworkTransport {
    private(set) var requests: [String] = []
    var isDown = false

    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "网络不可用" }
    }

    func get(_ path: String) throws -> Data {
        requests.append(path)
        if isDown { throw Unreachable() }
        let news = [News(title: "装修指南", source: "网络"), News(title: "小明考了 92 分", source: "网络")]
        return try JSONEncoder().encode(news)
    }
}

// MARK: Local data layer

/// Keeps news as a JSON file in a folder.
struct LocalStore {
    let folder: URL

    func loadLocalData() -> [News]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode([News].self, from: data)
    }

    func save(_ news: [News]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(news).write(to: file, options: .atomic)
    }

    private var file: URL { folder.appendingPathComponent("news.json") }
}

// MARK: Service layer

struct NewsService {
    let store: LocalStore
    let network: any NetworkTransport

    enum Origin: String { case local = "本地", network = "网络" }

    /// Local data first; the network only when there is none.
    func loadNews() throws -> (news: [News], origin: Origin) {
        if let local = store.loadLocalData() {
            return (local.map { News(title: $0.title, source: "本地") }, .local)
        }
        let news = try JSONDecoder().decode([News].self, from: network.get("/news"))
        try store.save(news)
        return (news, .network)
    }
}

// MARK: UI layer

final class NewsController: ViewController {
    let service: NewsService
    private let status = Label()
    private let list = StackView(.vertical, [], border: true)

    init(service: NewsService) {
        self.service = service
        super.init()
        title = "新闻"
    }

    override func viewDidLoad() {
        view.addSubview(list)
        view.addSubview(status)
        reload()
    }

    func reload() {
        do {
            let (news, origin) = try service.loadNews()
            list.arrangedSubviews = news.map { Label("\($0.title)（\($0.source)）") }
            status.text = "来自\(origin.rawValue)，\(news.count) 条"
        } catch {
            list.arrangedSubviews = []
            status.text = "加载失败：\(error)"
        }
    }
}

// MARK: Run

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-layered-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }
let server = FakeServer()
let service = NewsService(store: LocalStore(folder: folder), network: server)

@MainActor func open(_ caption: String) {
    let window = Window(rootViewController: NavigationController(rootViewController: NewsController(service: service)), width: 28)
    print("── \(caption) ──")
    print(window.renderedText())
}

server.isDown = true
open("first launch, network down: nothing local either")
server.isDown = false
open("first launch: nothing on disk, so the network")
print("saved on disk: \(FileManager.default.fileExists(atPath: folder.appendingPathComponent("news.json").path))")
open("second launch: from the local store")
print("network requests: \(server.requests.count)")
