import Decouple
import DecoupleTestSupport
import Foundation
import Testing

// The Getting Started article's factory example, verbatim: if this stops compiling, prints
// something else, or differs from the article's text, the article is wrong. Keep the two in step.

// Article example begins
import Decouple   // the core: safe to import beside SwiftUI, UIKit, Observation and Combine
import Foundation

struct User: Decodable { var name: String; var age: Int }
struct Story: Decodable { var story: String; var description: String }

// Adapters stay private: views only ever see `any TitledContent`.
private struct UserContent: TitledContent {
    let user: User
    var title: String { user.name }
    var subtitle: String { "\(user.age) years" }
}

private struct StoryContent: TitledContent {
    let story: Story
    var title: String { story.story }
    var subtitle: String { story.description }
}

@MainActor func loadFeed() throws -> [any TitledContent] {
    // 1. A class cluster: one face, adapters chosen by model type or by a tag in the data.
    let factory = ContentFactory<any TitledContent>()
    try factory.register(User.self, tag: "user") { UserContent(user: $0) }
    try factory.register(Story.self, tag: "story") { StoryContent(story: $0) }

    let feed = try factory.decodeFeed(from: Data("""
        [{"type": "user", "name": "小明", "age": 18},
         {"type": "story", "story": "The Fox", "description": "A quick brown tale"},
         {"type": "video", "url": "…"}]
        """.utf8))
    for error in feed.errors { print(error) }   // the bad item did not cost the good ones

    // 2. A forwarding proxy: each protocol answered by the object injected for it.
    let proxy = ForwardingProxy()
    proxy.inject(feed.items[1], as: TitledContent.self)

    return feed.items + [proxy]
}

// 3. Any view that shows `any TitledContent` now shows every model, e.g. in SwiftUI:
//    VStack { Text(content.title); Text(content.subtitle) }
// Article example ends

private let gettingStarted = "Sources/Decouple/Decouple.docc/GettingStarted.md"

@MainActor @Suite struct ReadmeExampleTests {
    @Test func appSideExample_loadsEveryGoodItem() throws {
        let rows = try loadFeed().map { "\($0.title) — \($0.subtitle)" }
        assertInlineSnapshot(of: rows.joined(separator: "\n"), as: .lines) {
            """
            小明 — 18 years
            The Fox — A quick brown tale
            The Fox — A quick brown tale
            """
        }
    }

    /// What `loadFeed()` prints for the bad item, as the article shows it.
    @Test func appSideExample_printsTheBadItemsProblem() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.register(User.self, tag: "user") { UserContent(user: $0) }
        try factory.register(Story.self, tag: "story") { StoryContent(story: $0) }
        let feed = try factory.decodeFeed(from: Data("""
            [{"type": "user", "name": "小明", "age": 18},
             {"type": "story", "story": "The Fox", "description": "A quick brown tale"},
             {"type": "video", "url": "…"}]
            """.utf8))
        let printed = feed.errors.map { "\($0)" }
        #expect(printed == [#"item 2 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user""#])
        try expectDocument(gettingStarted, contains: "```\n\(printed.joined(separator: "\n"))\n```")
    }

    @Test func theArticleShowsThisExample_verbatim() throws {
        try expectDocument(gettingStarted, containsExampleOf: #filePath)
    }
}
