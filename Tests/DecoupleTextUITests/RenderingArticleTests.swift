import DecoupleTestSupport
import DecoupleTextUI
import Testing

// The rendering article's example, verbatim: a subclass draws by overriding `render(width:)`, and
// `lines(width:)` holds what it returns to the rendering rule.

// Article example begins
import DecoupleTextUI

/// A bar that fills with progress: `[██████······] 50%`.
final class ProgressBar: View {
    var progress = 0.0

    override func render(width: Int) -> [String] {
        let percent = "\(Int((progress * 100).rounded()))%"
        let inside = max(0, width - 3 - TextWidth.columns(of: percent))   // "[", "] " and the percentage
        let filled = Int((Double(inside) * min(max(progress, 0), 1)).rounded())
        return ["[" + String(repeating: "█", count: filled) + String(repeating: "·", count: inside - filled) + "] " + percent]
    }
}

/// A title over another view, indented by two columns.
final class TitledSection: View {
    let title: String
    let content: View

    init(title: String, content: View) {
        self.title = title
        self.content = content
        super.init()
        addSubview(content)
    }

    override func render(width: Int) -> [String] {
        [title] + content.lines(width: width - 2).map { "  " + $0 }
    }
}

@MainActor func downloadScreen(progress: Double) -> String {
    let bar = ProgressBar()
    bar.progress = progress
    return TitledSection(title: "Downloading 商品目录.zip", content: bar).renderedText(width: 20)
}
// Article example ends

/// Records the widths `render(width:)` is given.
private final class WidthRecorder: View {
    var widths: [Int] = []
    override func render(width: Int) -> [String] {
        widths.append(width)
        return []
    }
}

private let article = "Sources/DecoupleTextUI/DecoupleTextUI.docc/RenderingAndSubclassing.md"

@MainActor @Suite struct RenderingArticleTests {
    /// The title, too wide as `render(width:)` returns it, is cut by `lines(width:)`; the bar is
    /// drawn in the columns its parent gave it.
    @Test func theArticlesScreen_isCutToItsWidth() throws {
        let screen = downloadScreen(progress: 0.5)
        assertInlineSnapshot(of: screen, as: .lines) {
            """
            Downloading 商品目…
              [██████······] 50%
            """
        }
        try expectDocument(article, contains: "```\n\(screen)\n```")
        assertInlineSnapshot(of: downloadScreen(progress: 1), as: .lines) {
            """
            Downloading 商品目…
              [███████████] 100%
            """
        }
    }

    /// A child drawn through `lines(width:)` draws nothing when hidden.
    @Test func aHiddenChild_drawsNoLines() {
        let bar = ProgressBar()
        let section = TitledSection(title: "Paused", content: bar)
        bar.isHidden = true
        #expect(section.lines(width: 20) == ["Paused"])
    }

    /// `render(width:)` is given a width in `0...TextWidth.maximumColumns`, whatever was asked.
    @Test func renderIsGivenAClampedWidth() {
        let view = WidthRecorder()
        _ = view.lines(width: -5)
        _ = view.lines(width: .max)
        _ = view.renderedText(width: 12)
        #expect(view.widths == [0, TextWidth.maximumColumns, 12])
    }

    @Test func theArticleShowsThisExample_verbatim() throws {
        try expectDocument(article, containsExampleOf: #filePath)
    }
}
