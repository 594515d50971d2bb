import Decouple
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
}
