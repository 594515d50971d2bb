import Decouple
import Foundation
import InlineSnapshotTesting
import Testing

// The README's example, verbatim: if this file stops compiling or its output changes, the README
// is wrong. Keep the two in step.

// README example begins
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

@MainActor
func readmeExample() throws -> String {
    // 1. A class cluster: one face, adapters chosen by model type or by a tag in the data.
    let factory = ContentFactory<any TitledContent>()
    try factory.register(User.self, tag: "user") { UserContent(user: $0) }
    try factory.register(Story.self, tag: "story") { StoryContent(story: $0) }

    let feed = try factory.decodeFeed(from: Data("""
        [{"type": "user", "name": "小明", "age": 18},
         {"type": "story", "story": "The Fox", "description": "A quick brown tale"},
         {"type": "video", "url": "…"}]
        """.utf8))

    // 2. A forwarding proxy: each protocol answered by the object injected for it.
    let proxy = ForwardingProxy()
    proxy.inject(feed.items[1], as: TitledContent.self)

    // 3. One view, any model, rendered as text.
    let view = TitledContentView()
    var screens: [String] = []
    for content in feed.items + [proxy] {
        view.content = content
        screens.append(view.renderedText(width: 16))
    }
    screens.append(contentsOf: feed.errors.map(\.description))
    return screens.joined(separator: "\n")
}
// README example ends

@MainActor
@Suite struct ReadmeExampleTests {
    @Test func printsWhatTheReadmeShows() throws {
        let output = try readmeExample()
        assertInlineSnapshot(of: output, as: .lines) {
            """
            小明
            18 years
            The Fox
            A quick brown t…
            The Fox
            A quick brown t…
            item 2 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user"
            """
        }
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(output), "the README's printed output must match the example's")
    }
}
