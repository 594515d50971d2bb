import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

/// Seed 003, "decoupling views from models", walked through as a user would: one title/subtitle
/// view shows `CCAModel` and `CCBModel`, first through the class cluster, then through the proxy.
@MainActor
@Suite struct Seed003WalkthroughTests {
    @Test func classCluster_oneViewShowsBothModels() throws {
        let factory = try seedFactory()
        let view = TitledContentView()

        view.content = try factory.adapt(CCAModel(name: "小明", age: "18"))
        assertInlineSnapshot(of: view.renderedText(width: 20), as: .lines) {
            """
            小明
            18
            """
        }

        view.content = try factory.adapt(CCBModel(story: "The Fox", description: "A quick brown tale"))
        assertInlineSnapshot(of: view.renderedText(width: 20), as: .lines) {
            """
            The Fox
            A quick brown tale
            """
        }
    }

    @Test func classCluster_fromATaggedFeed() throws {
        let json = #"""
        [{"type": "user", "name": "小明", "age": "18"},
         {"type": "story", "story": "The Fox", "description": "A quick brown tale"}]
        """#
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        let screens = feed.items.map { content in
            let view = TitledContentView()
            view.content = content
            return view.renderedText(width: 12)
        }
        assertInlineSnapshot(of: screens.joined(separator: "\n---\n"), as: .lines) {
            """
            小明
            18
            ---
            The Fox
            A quick bro…
            """
        }
    }

    @Test func proxy_oneViewShowsBothModels() {
        let view = TitledContentView()
        let proxy = ForwardingProxy()
        view.content = proxy

        proxy.inject(CCAContent(model: CCAModel(name: "小明", age: "18")), as: TitledContent.self)
        view.update()
        assertInlineSnapshot(of: view.renderedText(width: 20), as: .lines) {
            """
            小明
            18
            """
        }

        proxy.inject(CCBContent(model: CCBModel(story: "The Fox", description: "A quick brown tale")), as: TitledContent.self)
        view.update()
        assertInlineSnapshot(of: view.renderedText(width: 20), as: .lines) {
            """
            The Fox
            A quick brown tale
            """
        }
    }

    @Test func proxy_nothingInjectedShowsAnEmptyView() {
        let view = TitledContentView()
        view.content = ForwardingProxy()
        #expect(view.renderedText(width: 20) == "\n")
    }
}
