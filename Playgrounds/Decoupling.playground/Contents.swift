// Decoupling — seed 003: one view, two unrelated models.
//
// `TitledContentView` (the seed's `CCView`) knows only `TitledContent` (the seed's
// `CCViewModelProtocol`: `title`, `subtitle`). `CCAModel` and `CCBModel` share nothing. They reach
// the view once through the class cluster and once through the forwarding proxy.
// Run it with `bash Playgrounds/run.sh Decoupling`.
import DecoupleTextUI
import Foundation

// MARK: Models — they know nothing of the view

struct CCAModel: Decodable {
    var name: String
    var age: Int
}

struct CCBModel: Decodable {
    var story: String
    var description: String
}

// MARK: Adapters — each one maps a model to what the view needs

struct UserContent: TitledContent {
    let model: CCAModel
    var title: String { model.name }
    var subtitle: String { "\(model.age) 岁" }
}

struct StoryContent: TitledContent {
    let model: CCBModel
    var title: String { model.story }
    var subtitle: String { model.description }
}

/// A class can be injected into the proxy; its members are found by key path or by name.
final class StoryObject: TitledContent {
    let model: CCBModel
    init(model: CCBModel) { self.model = model }
    var title: String { model.story }
    var subtitle: String { model.description }
}

// MARK: 1. The class cluster: one face, concrete adapters hidden behind a factory

let view = TitledContentView()
let card = StackView(.vertical, [view], border: true)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(card.renderedText(width: 26))
}

let factory = ContentFactory<any TitledContent>()
do {
    try factory.register(CCAModel.self, tag: "user") { UserContent(model: $0) }
    try factory.register(CCBModel.self, tag: "story") { StoryContent(model: $0) }

    view.content = try factory.adapt(CCAModel(name: "小明", age: 18))
    show("class cluster, picked by model type: CCAModel")
    view.content = try factory.adapt(CCBModel(story: "狐狸的故事", description: "一只敏捷的棕色狐狸"))
    show("class cluster, picked by model type: CCBModel")

    let json = #"""
    [{"type": "story", "story": "The Fox", "description": "A quick brown tale"},
     {"type": "user", "name": "Ann", "age": 30},
     {"type": "video", "url": "…"}]
    """#
    let feed = try factory.decodeFeed(from: Data(json.utf8))
    for content in feed.items {
        view.content = content
        show("class cluster, picked by the type tag in data")
    }
    for error in feed.errors { print("skipped: \(error)") }

    _ = try factory.adapt(42)
} catch {
    print("error: \(error)")
}

// MARK: 2. The forwarding proxy: the view is handed a proxy; objects are injected per protocol

let proxy = ForwardingProxy()
view.content = proxy
show("proxy, nothing injected: members read as empty")

proxy.inject(UserContent(model: CCAModel(name: "小红", age: 20)), as: TitledContent.self)
view.update()
show("proxy forwarding to CCAModel's adapter")

var story: StoryObject? = StoryObject(model: CCBModel(story: "龟兔赛跑", description: "慢而稳者胜"))
weak let weakStory = story
proxy.inject(story!, as: TitledContent.self)
story = nil   // the proxy keeps it alive
view.update()
show("proxy forwarding to CCBModel's adapter")

print("responds to title: \(proxy.responds(to: "title")), to price: \(proxy.responds(to: "price"))")
print("title by key path: \(proxy.forward(\TitledContent.title) ?? "nil"), by name: \(proxy.value(forMember: "title").map { "\($0)" } ?? "nil")")

// Tear down: the proxy keeps what was injected strongly; removing it lets the object go.
print("injected object alive while injected: \(weakStory != nil)")
proxy.remove(TitledContent.self)
print("after removing it from the proxy: injected object \(weakStory == nil ? "gone" : "LEAKED")")
