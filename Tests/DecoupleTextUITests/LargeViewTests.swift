import DecoupleTextUI
import Foundation
import Testing

@MainActor
@Suite struct LargeViewTests {
    @MainActor
    private final class Numbers: TableViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let row = indexPath.row
            let cell = tableView.dequeueReusableCell(withIdentifier: "n", for: indexPath)
            cell.textLabel.text = "第 \(row) 行"
            return cell
        }
    }

    @Test func tenMillionRows_scrollEndToEnd_withBoundedCells() {
        let numbers = Numbers(count: 10_000_000)
        let table = TableView()
        table.dataSource = numbers
        table.visibleRowCount = 3
        #expect(table.renderedText(width: 16) == "第 0 行\n第 1 行\n第 2 行")
        var maxLive = 0
        for jump in [9_999_999, 5_000_000, 1, 7_777_777, 9_999_997] {
            table.scrollToRow(at: IndexPath(row: jump, section: 0), at: .top, animated: false)
            _ = table.renderedText(width: 16)
            table.scroll(by: 2)
            _ = table.renderedText(width: 16)
            maxLive = max(maxLive, table.liveCellCount)
        }
        #expect(table.renderedText(width: 16) == "第 9999997 行\n第 9999998 行\n第 9999999 行")
        #expect(maxLive <= 6)
        #expect(table.createdCellCount <= 6)
    }

    @Test func aHundredThousandCharacterLabel_inMixedScripts() {
        let pieces = ["商品", "abc ", "é", "👍", "한국어 ", "e\u{301}", "小明 ", "¥19.0 "]
        var text = ""
        var index = 0
        while text.count < 100_000 {
            text += pieces[index % pieces.count]
            index += 1
        }
        let label = Label(text)
        let truncated = label.lines(width: 37)
        #expect(truncated.count == 1)
        #expect(TextWidth.columns(of: truncated[0]) == 37)
        #expect(truncated[0].hasSuffix("…"))

        label.numberOfLines = 0
        let wrapped = label.lines(width: 37)
        #expect(wrapped.allSatisfy { TextWidth.columns(of: $0) == 37 })
        // Nothing is lost in wrapping: the characters come back in order, less the break spaces.
        let rejoined = wrapped.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(rejoined.filter { $0 != " " } == text.filter { $0 != " " })
    }
}
