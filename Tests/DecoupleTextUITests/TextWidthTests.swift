import DecoupleTestSupport
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

    /// What a terminal gives each kind of character: Unicode's East Asian Width (W and F are 2,
    /// A and N are 1), emoji presentation (2), and the emoji presentation selector U+FE0F,
    /// which makes an emoji 2 wherever its base would be 1.
    @Test(arguments: [
        ("\u{2744}\u{FE0F}", 2),                  // ❄️ with the selector: an emoji
        ("\u{2744}", 1),                           // ❄ without it: text, narrow (N)
        ("\u{00A9}\u{FE0F}", 2),                  // ©️
        ("\u{00A9}", 1),                           // ©
        ("1\u{FE0F}\u{20E3}", 2),                  // 1️⃣ a keycap
        ("#\u{FE0F}\u{20E3}", 2),                  // #️⃣
        ("\u{1F1EB}\u{1F1F7}", 2),                 // 🇫🇷 a flag: two regional indicators
        ("\u{1F469}\u{200D}\u{1F4BB}", 2),         // 👩‍💻 joined by U+200D
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 2),   // 👨‍👩‍👧‍👦
        ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 2), // 🏳️‍🌈
        ("\u{1F44D}\u{1F3FD}", 2),                 // 👍🏽 with a skin tone
        ("\u{1F680}", 2),                          // 🚀 an emoji by default (W)
        ("\u{231A}", 2),                           // ⌚ an emoji by default (W)
        ("\u{1F321}", 1),                          // 🌡 a pictograph shown as text by default (N)
        ("\u{1F321}\u{FE0F}", 2),                  // 🌡️ asked to be an emoji
        ("a\u{FE0F}", 1),                          // the selector after a letter changes nothing
        ("\u{3248}", 1),                           // ㉈ ambiguous (A): narrow outside East Asian locales
        ("\u{3250}", 2),                           // ㉐ wide (W)
        ("\u{4DC0}", 1),                           // ䷀ a hexagram (N), between two wide blocks
        ("\u{16FE0}", 2),                          // 𖿠 Tangut iteration mark (W)
        ("\u{1B000}", 2),                          // 𛀀 kana supplement (W)
        ("\u{1F210}", 2),                          // 🈐 an enclosed ideograph (W)
        ("\u{FF21}", 2),                           // Ａ full-width (F)
        ("\u{FF61}", 1),                           // ｡ half-width (H)
    ])
    func columns_matchATerminal(text: String, columns: Int) {
        #expect(TextWidth.columns(of: text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// A box around emoji lines up: every line is as wide as the box.
    @MainActor
    @Test func box_aroundEmoji_linesUp() {
        let stack = StackView(.vertical, [Label("\u{2744}\u{FE0F} 冬"), Label("1\u{FE0F}\u{20E3} \u{1F1EB}\u{1F1F7} \u{1F469}\u{200D}\u{1F4BB}")], border: true)
        assertInlineSnapshot(of: stack.renderedText(width: 12), as: .lines) {
            """
            ┌──────────┐
            │❄️ 冬     │
            ├──────────┤
            │1️⃣ 🇫🇷 👩‍💻  │
            └──────────┘
            """
        }
        for line in stack.lines(width: 12) { #expect(TextWidth.columns(of: line) == 12) }
    }
}
