import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

// The text UI landing page's example, verbatim, rendering what the README's `loadFeed()` returns.

// Article example begins
import DecoupleTextUI   // the text UI kit, for tests and Linux tools; it re-exports Decouple

@MainActor
func renderFeed(_ items: [any TitledContent]) -> String {
    let view = TitledContentView()   // title over subtitle, for any TitledContent
    return items.map { content in
        view.content = content
        return view.renderedText(width: 16)
    }.joined(separator: "\n")
}
// Article example ends

private struct Row: TitledContent {
    var title: String
    var subtitle: String
}

private let landingPage = "Sources/DecoupleTextUI/DecoupleTextUI.docc/DecoupleTextUI.md"

@MainActor
@Suite struct ReadmeRenderingTests {
    @Test func rendersWhatTheReadmeShows() throws {
        // What the app-side example's `loadFeed()` returns: a user, a story, and the proxy
        // standing in for the story.
        let story = Row(title: "The Fox", subtitle: "A quick brown tale")
        let proxy = ForwardingProxy()
        proxy.inject(story, as: TitledContent.self)
        let output = renderFeed([Row(title: "小明", subtitle: "18 years"), story, proxy])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            小明
            18 years
            The Fox
            A quick brown t…
            The Fox
            A quick brown t…
            """
        }
        try expectDocument(landingPage, contains: output)
    }

    @Test func theLandingPageShowsThisExample_verbatim() throws {
        try expectDocument(landingPage, containsExampleOf: #filePath)
    }
}
