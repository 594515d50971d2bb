import Decouple

// MARK: - TextWidth

/// Measures and fits text in terminal columns.
///
/// A terminal gives East Asian wide and full-width characters (`商品`, `小明`, `￥`) and emoji
/// (`🚀`, `❄️`, `🇫🇷`, `👩‍💻`) two columns, combining marks and zero-width joiners none, and
/// everything else one (`¥` is narrow). Borders
/// line up only when widths are counted this way, so every view measures with `TextWidth`.
///
/// ```swift
/// TextWidth.columns(of: "商品-0")                 // 6
/// TextWidth.truncate("商品名称很长", to: 7)         // "商品名…" (6 + 1 columns)
/// TextWidth.pad("小明", to: 6)                     // "小明  "
/// ```
///
/// ## What reaches the screen
///
/// Text from models may hold anything, so every function here that fits text to a width first
/// makes it *displayable* (``displayable(_:)``), and ``View/lines(width:)`` holds every line a
/// view draws to the same rule. No control character reaches the output:
///
/// | In the text | Shown as |
/// | --- | --- |
/// | tab | spaces to the next tab stop, every ``tabWidth`` columns from the start of the text |
/// | line break (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029) in one line | `␤` (U+2424) |
/// | line break in wrapped text (``wrap(_:to:)``, a ``Label`` of several lines) | a new line |
/// | any other C0 control, U+0000–U+001F (ESC, BEL, NUL…) | its Control Picture, U+2400–U+241F: `␛`, `␇`, `␀` |
/// | DEL, U+007F | `␡` (U+2421) |
/// | a C1 control, U+0080–U+009F | `�` (U+FFFD) |
///
/// Widths are clamped too: a negative width draws nothing, and no view draws more than
/// ``maximumColumns`` columns, so no integer a caller passes traps or allocates without bound.
public enum TextWidth {
    /// Tab stops are this many columns apart.
    public static let tabWidth = 4

    /// The widest any view draws, and the most lines a ``Window`` or a ``TableView`` shows: a
    /// larger width or height is drawn this large.
    public static let maximumColumns = 4_096

    /// `width` as views draw it: at least 0 and at most ``maximumColumns``.
    public static func clampedWidth(_ width: Int) -> Int {
        min(max(0, width), maximumColumns)
    }

    /// The text as one line that is safe to show: tabs expanded, line breaks shown as `␤` and
    /// other control characters as visible stand-ins (see the table above).
    public static func displayable(_ text: some StringProtocol) -> String {
        let text = String(text)
        return needsCleaning(text) ? clean(text, splittingLines: false)[0] : text
    }

    /// The text as lines that are safe to show: split at every line break, then each made
    /// ``displayable(_:)``.
    public static func displayableLines(_ text: some StringProtocol) -> [String] {
        let text = String(text)
        return needsCleaning(text) ? clean(text, splittingLines: true) : [text]
    }

    /// Whether the text holds anything ``displayable(_:)`` would change: a control character
    /// (tabs and most line breaks are) or a line or paragraph separator.
    private static func needsCleaning(_ text: String) -> Bool {
        if isPrintableASCII(text) { return false }
        return text.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value)
        }
    }

    private static func clean(_ text: String, splittingLines: Bool) -> [String] {
        var lines: [String] = []
        var line = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                line += String(repeating: " ", count: spaces)
                column += spaces
            } else if character.isNewline {
                if splittingLines {
                    lines.append(line)
                    line = ""
                    column = 0
                } else {
                    line += "␤"
                    column += 1
                }
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                for scalar in character.unicodeScalars {
                    let shown = controlPicture(for: scalar)
                    line.unicodeScalars.append(shown)
                    column += columns(of: shown)
                }
            } else {
                line.append(character)
                column += columns(of: character)
            }
        }
        lines.append(line)
        return lines
    }

    /// The visible stand-in for a scalar: a Control Picture for C0 and DEL, U+FFFD for C1.
    private static func controlPicture(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0: "\u{FFFD}"
        default: scalar
        }
    }

    /// The number of columns a string takes in a terminal.
    public static func columns(of text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Whether the text is all printable ASCII (U+0020–U+007E): then every character is one
    /// byte and one column, and nothing in it needs cleaning. Read byte by byte, which is much
    /// quicker than walking characters.
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 &- 0x20 < 0x5F }
    }

    /// Appends `count` spaces (none for a count below 1) to `line`, in runs of small strings,
    /// so that nothing is allocated beyond the line's own storage.
    static func appendSpaces(_ count: Int, to line: inout String) {
        var left = count
        while left > 0 {
            let run = min(left, spaceRuns.count - 1)
            line.append(spaceRuns[run])
            left -= run
        }
    }

    /// `spaceRuns[n]` is `n` spaces, each short enough to be stored inline in the string.
    private static let spaceRuns: [String] = (0...15).map { String(repeating: " ", count: $0) }

    /// The number of columns one character (grapheme cluster) takes: 0, 1 or 2.
    ///
    /// The widest of its scalars, as a terminal lays out a base and its marks, except that an
    /// emoji followed by U+FE0F, the emoji presentation selector, takes 2: `❄️`, `©️` and the
    /// keycap `1️⃣` are as wide as `🚀`. Flags (`🇫🇷`), skin tones (`👍🏽`) and sequences joined by
    /// U+200D (`👩‍💻`) take 2: their parts are wide, the joiner takes none.
    public static func columns(of character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar == "\u{FE0F}", character.unicodeScalars.first!.properties.isEmoji { return 2 }
            width = max(width, columns(of: scalar))
        }
        return width
    }

    /// The number of columns one scalar takes on its own: 2 for what Unicode's East Asian Width
    /// calls wide or full-width (W, F), which includes every emoji shown as an emoji by default;
    /// 0 for controls, combining marks and format characters; 1 for everything else, the
    /// ambiguous (A) among them, as terminals outside East Asian locales show them.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) { return 0 }   // variation selectors
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// The wide (W) and full-width (F) ranges of East Asian Width that are not emoji: Hangul
    /// leading consonants, CJK, kana, Hangul syllables, full-width forms, the Tangut, Khitan and
    /// kana supplements, and enclosed ideographs. Pictographs that are not shown as emoji by
    /// default (`🌡`, U+1F321) are narrow, as in the table; the wide ones are emoji presentation.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF,
        0x4E00...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The text made ``displayable(_:)`` and cut to at most `width` columns, ending with
    /// `ellipsis` when anything was cut.
    ///
    /// A wide character that would straddle the limit is dropped whole, never split.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let text = displayable(text), ellipsis = displayable(ellipsis)
        guard columns(of: text) > width else { return text }
        let budget = width - columns(of: ellipsis)
        guard budget >= 0 else { return prefix(ellipsis, fitting: width) }
        return prefix(text, fitting: budget) + ellipsis
    }

    /// Pads text with spaces on the right (or cuts it) to exactly `width` columns (0 for a
    /// negative width, at most ``maximumColumns``).
    public static func pad(_ text: String, to width: Int) -> String {
        let width = clampedWidth(width)
        var fitted = truncate(text, to: width)
        let spaces = width - columns(of: fitted)
        guard spaces > 0 else { return fitted }
        fitted.reserveCapacity(fitted.utf8.count + spaces)
        appendSpaces(spaces, to: &fitted)
        return fitted
    }

    /// Centres text in exactly `width` columns (0 for a negative width, at most
    /// ``maximumColumns``).
    public static func center(_ text: String, in width: Int) -> String {
        let width = clampedWidth(width)
        let fitted = truncate(text, to: width)
        let spare = max(0, width - columns(of: fitted))
        return String(repeating: " ", count: spare / 2) + fitted + String(repeating: " ", count: spare - spare / 2)
    }

    /// Breaks text into lines of at most `width` columns, at spaces where it can and between
    /// characters where a word is too long. Every line break in the text starts a new line, and
    /// each line is made ``displayable(_:)`` first.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in displayableLines(text) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = columns(of: word)
                let gap = line.isEmpty ? 0 : 1
                if lineWidth + gap + wordWidth <= width {
                    if gap == 1 { line += " " }
                    line += word
                    lineWidth += gap + wordWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                lineWidth = 0
                for character in word {
                    let characterWidth = columns(of: character)
                    if lineWidth + characterWidth > width, !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// Draws `top` over `base` starting at `column`, as a window draws over what is behind it.
    ///
    /// The result is as wide as the wider of `base` and the overlay's end. A wide character of
    /// `base` cut by either edge of the overlay becomes spaces, so nothing is split or shifted.
    public static func overlay(_ top: String, on base: String, at column: Int) -> String {
        let top = displayable(top), base = displayable(base)
        let column = clampedWidth(column)
        let topEnd = column + columns(of: top)
        var left = ""
        var right = ""
        var position = 0
        for character in base {
            let characterWidth = columns(of: character)
            let end = position + characterWidth
            if end <= column {
                left.append(character)
            } else if position >= topEnd {
                right.append(character)
            } else if position < column {
                left += String(repeating: " ", count: column - position)
                if end > topEnd { right += String(repeating: " ", count: end - topEnd) }
            } else if end > topEnd {
                right += String(repeating: " ", count: end - topEnd)
            }
            position = end
        }
        left += String(repeating: " ", count: max(0, column - columns(of: left)))
        return left + top + right
    }

    private static func prefix(_ text: String, fitting width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = columns(of: character)
            if used + characterWidth > width { break }
            result.append(character)
            used += characterWidth
        }
        return result
    }
}
