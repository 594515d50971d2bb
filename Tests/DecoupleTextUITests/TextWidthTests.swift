import DecoupleTextUI
import Testing

@Suite struct TextWidthTests {
    @Test func columns_countWideCharactersAsTwo() {
        #expect(TextWidth.columns(of: "商品-0") == 6)
        #expect(TextWidth.columns(of: "小明") == 4)
        #expect(TextWidth.columns(of: "¥19.0") == 5)      // the yen sign is narrow
        #expect(TextWidth.columns(of: "￥") == 2)          // the full-width one is not
        #expect(TextWidth.columns(of: "e\u{301}") == 1)    // a combining accent adds nothing
        #expect(TextWidth.columns(of: "한국어") == 6)
        #expect(TextWidth.columns(of: "👍") == 2)
        #expect(TextWidth.columns(of: "") == 0)
    }

    @Test func truncate_neverSplitsAWideCharacter() {
        #expect(TextWidth.truncate("商品名称", to: 8) == "商品名称")
        #expect(TextWidth.truncate("商品名称", to: 7) == "商品名…")
        #expect(TextWidth.truncate("商品名称", to: 6) == "商品…")    // 商品 + … is 5; a third 名 would be 7
        #expect(TextWidth.truncate("abc", to: 0) == "")
        #expect(TextWidth.columns(of: TextWidth.pad("商品名称", to: 6)) == 6)
    }

    @Test func wrap_breaksAtSpacesThenCharacters() {
        #expect(TextWidth.wrap("a quick brown fox", to: 7) == ["a quick", "brown", "fox"])
        #expect(TextWidth.wrap("小明小明小明", to: 5) == ["小明", "小明", "小明"])
        #expect(TextWidth.wrap("one\ntwo", to: 10) == ["one", "two"])
    }

    @Test func overlay_replacesColumnsWithoutSplittingWideCharacters() {
        #expect(TextWidth.overlay("XY", on: "abcdef", at: 2) == "abXYef")
        // 品 spans columns 2-3 and 名 4-5: an overlay cutting either keeps the rest as spaces.
        #expect(TextWidth.overlay("X", on: "商品名称", at: 3) == "商 X名称")
        #expect(TextWidth.overlay("XY", on: "商品名称", at: 3) == "商 XY 称")
        #expect(TextWidth.overlay("X", on: "ab", at: 4) == "ab  X")
        #expect(TextWidth.overlay("小明", on: "abcdef", at: 0) == "小明ef")
        for column in 0...9 {
            #expect(TextWidth.columns(of: TextWidth.overlay("商", on: "商品名称", at: column)) == max(8, column + 2))
        }
    }
}
