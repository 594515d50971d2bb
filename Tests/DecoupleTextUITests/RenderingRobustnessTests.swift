import DecoupleTestSupport
import DecoupleTextUI
import Foundation
import Testing

/// Text a model could hold that a terminal would act on, or that is easy to mis-measure:
/// escape sequences (CSI, OSC ended by BEL), NUL, DEL, C1 controls, tabs, every kind of line
/// break, zero-width characters, wide CJK and emoji, combining marks.
private let hostile = [
    "\u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}",
    "bell\u{07} nul\u{0} del\u{7F} c1\u{85}\u{9B}2J",
    "tab\tstop\t\there",
    "line\nfeed\r\ncrlf\rcr\u{0B}vt\u{0C}ff\u{2028}ls\u{2029}ps",
    "零宽\u{200B}连接\u{200D}👨‍👩‍👧 商品名称 👍🏽 ￥",
    "e\u{301}\u{302}\u{303} a\u{20DD} \u{301}lead",
]
/// Every width from -3 to 12, some wide ones, and the extremes (`Int.max` draws
/// ``TextWidth/maximumColumns`` wide, so it is tried with one text only, to keep the test quick).
private let widths = Array(-3...12) + [40, 200, Int.min]

/// The rendering rule, for every view and every width: at most `max(width, 0)` columns, no
/// control character, a window never taller than its height, and no trap for any integer.
@MainActor
@Suite struct RenderingRobustnessTests {
    struct Content: TitledContent {
        var title: String
        var subtitle: String
    }

    final class Screen: ViewController {
        let text: String
        init(title: String, text: String) {
            self.text = text
            super.init()
            self.title = title
        }
        override func viewDidLoad() {
            let label = Label(text)
            label.numberOfLines = 0
            view.addSubview(label)
            view.addSubview(TextField(text: text, placeholder: text))
        }
    }

    @MainActor
    final class Rows: TableViewDataSource {
        let counts: [Int]
        let sections: Int
        let header: String?
        let footer: String?
        var cellRequests = 0
        init(counts: [Int], sections: Int? = nil, header: String? = nil, footer: String? = nil) {
            self.counts = counts
            self.sections = sections ?? counts.count
            self.header = header
            self.footer = footer
        }
        func numberOfSections(in tableView: TableView) -> Int { sections }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section % counts.count] }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { header }
        func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { footer }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            cellRequests += 1
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "\(indexPath.row)"
            cell.detailTextLabel.text = header.map { _ in hostile[indexPath.row % hostile.count] } ?? ""
            cell.accessory = indexPath.row.isMultiple(of: 2) ? .checkmark : .disclosureIndicator
            return cell
        }
    }

    /// One of every view the module has, each showing hostile text; with, for windows, the
    /// height they must keep to. Built fresh so nothing one render does affects another.
    static func everyView(_ text: String, keeping rows: inout [AnyObject]) -> [(name: String, view: View, height: Int?)] {
        var views: [(name: String, view: View, height: Int?)] = []
        for lines in [1, 0, 2, -1] {
            for alignment in [TextAlignment.leading, .center, .trailing] {
                let label = Label(text)
                label.numberOfLines = lines
                label.alignment = alignment
                views.append(("Label(lines: \(lines), \(alignment))", label, nil))
            }
        }
        let disabled = Button(text)
        disabled.isEnabled = false
        views += [("Button", Button(text), nil), ("disabled Button", disabled, nil)]

        let editing = TextField(text: text)
        _ = editing.becomeFirstResponder()
        let secure = TextField(text: text)
        secure.isSecureTextEntry = true
        views += [
            ("TextField", TextField(text: text), nil), ("editing TextField", editing, nil),
            ("secure TextField", secure, nil), ("placeholder TextField", TextField(placeholder: text), nil),
        ]
        views += [("ImageView", ImageView(image: ImageName(text)), nil), ("empty ImageView", ImageView(), nil)]

        let titled = TitledContentView()
        titled.content = Content(title: text, subtitle: text)
        views.append(("TitledContentView", titled, nil))

        for axis in [StackView.Axis.vertical, .horizontal] {
            for border in [false, true] {
                for count in [0, 1, 3] {
                    let all: [View] = [Label(text), TextField(text: text), Button(text)]
                    let children = Array(all.prefix(count))
                    views.append(("StackView(\(axis), border: \(border), \(count) views)", StackView(axis, children, border: border), nil))
                }
            }
        }
        let nested = StackView(.horizontal, [StackView(.vertical, [Label(text), Label(text)], border: true), Label(text)], border: true)
        views.append(("nested StackView", nested, nil))

        let source = Rows(counts: [3, 0, 7], header: text, footer: text)
        rows.append(source)
        let table = TableView()
        table.dataSource = source
        table.visibleRowCount = 9
        table.tapRow(at: IndexPath(row: 1, section: 0))
        views.append(("TableView with sections", table, nil))
        let cell = TableViewCell(reuseIdentifier: "cell")
        cell.textLabel.text = text
        cell.detailTextLabel.text = text
        cell.accessory = .checkmark
        views.append(("TableViewCell", cell, nil))

        let navigation = NavigationController(rootViewController: Screen(title: text, text: text))
        navigation.pushViewController(Screen(title: text, text: text))
        views.append(("NavigationController", navigation.view, nil))

        let alert = AlertController(title: text, message: text)
        alert.addAction(AlertAction(title: text))
        alert.addAction(AlertAction(title: text, style: .cancel))
        views.append(("AlertController", alert.view, nil))

        for height in [nil, 0, 1, 2, 4, 5, 12] as [Int?] {
            let window = Window(rootViewController: NavigationController(rootViewController: Screen(title: text, text: text)), width: 20, height: height)
            let alert = AlertController(title: text, message: text)
            alert.addAction(AlertAction(title: text))
            window.rootViewController?.present(alert)
            views.append(("Window(height: \(height.map(String.init) ?? "nil")) with alert", window, height))
        }
        views.append(("Window(height: .min)", Window(rootViewController: Screen(title: text, text: text), width: .min, height: .min), 0))
        return views
    }

    /// Checks one rendering against the rule; returns how many lines broke it.
    static func violations(_ lines: [String], width: Int, height: Int?) -> [String] {
        var problems: [String] = []
        for (number, line) in lines.enumerated() {
            let columns = TextWidth.columns(of: line)
            if columns > max(width, 0) { problems.append("line \(number) is \(columns) columns: \(line.debugDescription)") }
            if line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problems.append("line \(number) holds a control character: \(line.debugDescription)")
            }
        }
        if let height, lines.count > height { problems.append("\(lines.count) lines, taller than \(height)") }
        return problems
    }

    @Test(arguments: hostile + [hostile.joined(separator: " ")])
    func everyView_atEveryWidth_keepsTheRule(text: String) {
        var sources: [AnyObject] = []
        for (name, view, height) in Self.everyView(text, keeping: &sources) {
            for width in widths + (text == hostile.joined(separator: " ") ? [Int.max] : []) {
                // `render(width:)` directly (what a subclass's parent or a caller may call) and
                // `lines(width:)`, the way parents draw their children.
                for (entry, lines) in [("render", view.render(width: width)), ("lines", view.lines(width: width))] {
                    let problems = Self.violations(lines, width: width, height: height)
                    #expect(problems.isEmpty, "\(name).\(entry)(width: \(width)) with \(text.debugDescription): \(problems)")
                }
            }
        }
    }

    @Test func aSubclassThatDrawsRawText_isHeldToTheRuleByItsParent() {
        final class Careless: View {
            override func render(width: Int) -> [String] { ["\u{1B}[2J\u{07}\tcareless\nline wider than any width", "商品名称商品名称"] }
        }
        let stack = StackView(.vertical, [Careless()], border: true)
        for width in widths {
            #expect(Self.violations(Careless().lines(width: width), width: width, height: nil).isEmpty)
            #expect(Self.violations(stack.lines(width: width), width: width, height: nil).isEmpty)
        }
        assertInlineSnapshot(of: stack.renderedText(width: 24), as: .lines) {
            """
            ┌──────────────────────┐
            │␛[2J␇   careless␤line…│
            │商品名称商品名称      │
            └──────────────────────┘
            """
        }
    }

    // MARK: What a reader sees

    @Test func controlCharacters_showAsControlPictures_andC1AsReplacementCharacter() {
        assertInlineSnapshot(of: Label("\u{1B}[31mred\u{1B}[0m bel\u{07} nul\u{0} del\u{7F} csi\u{9B} nel\u{85}").renderedText(width: 40), as: .lines) {
            """
            ␛[31mred␛[0m bel␇ nul␀ del␡ csi� nel␤
            """
        }
        #expect(TextWidth.displayable("\u{0}\u{1}\u{1F}\u{7F}\u{80}\u{9F}") == "␀␁␟␡\u{FFFD}\u{FFFD}")
        #expect(TextWidth.displayable("plain 商品 e\u{301}") == "plain 商品 e\u{301}")
    }

    @Test func tabs_expandToStopsEveryFourColumns() {
        assertInlineSnapshot(of: Label("a\tbc\tdef\tghij\tk\t\tl").renderedText(width: 40), as: .lines) {
            """
            a   bc  def ghij    k       l
            """
        }
        // Stops count from the start of each line, and wide characters count two columns.
        #expect(TextWidth.displayable("商\tx") == "商  x")
        #expect(TextWidth.displayableLines("ab\tc\n\td") == ["ab  c", "    d"])
        #expect(TextWidth.tabWidth == 4)
    }

    @Test func lineBreaks_inOneLine_showAsSymbol_andKeepTheBoxWhole() {
        let text = "one\ntwo\r\nthree\rfour\u{2028}five"
        let oneLine = StackView(.vertical, [Label(text), TextField(text: text), Button(text)], border: true)
        assertInlineSnapshot(of: oneLine.renderedText(width: 34), as: .lines) {
            """
            ┌────────────────────────────────┐
            │one␤two␤three␤four␤five         │
            ├────────────────────────────────┤
            │[one␤two␤three␤four␤five       ]│
            ├────────────────────────────────┤
            │[ one␤two␤three␤four␤five ]     │
            └────────────────────────────────┘
            """
        }
        let wrapped = Label(text)
        wrapped.numberOfLines = 0
        assertInlineSnapshot(of: StackView(.horizontal, [wrapped, Label("|")], border: true).renderedText(width: 16), as: .lines) {
            """
            ┌───────┬──────┐
            │one    │|     │
            │two    │      │
            │three  │      │
            │four   │      │
            │five   │      │
            └───────┴──────┘
            """
        }
    }

    @Test func horizontalBorderedStack_neverWiderThanItsWidth() {
        for views in 1...3 {
            let stack = StackView(.horizontal, (0..<views).map { _ in Label("ab") }, border: true)
            for width in -2...8 {
                #expect(stack.lines(width: width).allSatisfy { TextWidth.columns(of: $0) <= max(0, width) }, "\(views) views at \(width)")
            }
        }
        let two = StackView(.horizontal, [Label("ab"), Label("cd")], border: true)
        // Below 3 columns two views and three borders do not fit: nothing is drawn.
        #expect(two.renderedText(width: 2) == "")
        assertInlineSnapshot(of: (3...6).map { two.renderedText(width: $0) }.joined(separator: "\n"), as: .lines) {
            """
            ┌┬┐
            └┴┘
            ┌─┬┐
            │…││
            └─┴┘
            ┌─┬─┐
            │…│…│
            └─┴─┘
            ┌──┬─┐
            │ab│…│
            └──┴─┘
            """
        }
    }

    @Test func windowWithAlert_keepsItsHeight() {
        let alert = AlertController(title: "登录失败\n请重试", message: "用户名或密码错误")
        alert.addAction(AlertAction(title: "确定"))
        let window = Window(rootViewController: Screen(title: "登录", text: "请登录"), width: 24, height: 4)
        window.rootViewController?.present(alert)
        #expect(window.lines(width: 24).count == 4)
        assertInlineSnapshot(of: window.renderedText(), as: .lines) {
            """
            请┌──────────────────┐
            [ │     登录失败     │ ]
              │      请重试      │
              │ 用户名或密码错误 │
            """
        }
        // Sized to its content, the window grows to show the whole box. (A controller is
        // presented in one place at a time: dismissed here first, it can be presented there.)
        alert.dismiss()
        let sized = Window(rootViewController: Screen(title: "登录", text: "请登录"), width: 24)
        sized.rootViewController?.present(alert)
        #expect(sized.lines(width: 24).count == 6)
    }

    @Test func negativeWidths_drawNothingWide_andNeverTrap() {
        let window = Window(rootViewController: NavigationController(rootViewController: Screen(title: "t", text: "x")), width: -1, height: 2)
        #expect(window.width == 0)
        for view in [TextField(text: "x"), NavigationController(rootViewController: Screen(title: "t", text: "x")).view, window] as [View] {
            for width in [-1, -2, Int.min] {
                let lines = view.render(width: width)
                #expect(lines.allSatisfy { $0.isEmpty })
            }
        }
        #expect(AlertController(title: "a", message: nil).preferredWidth(in: .min) == 4)
        // Huge sizes draw at the limit instead of allocating without bound.
        let tall = Window(rootViewController: Screen(title: "t", text: "x"), width: 3, height: .max)
        #expect(tall.lines(width: 3).count == TextWidth.maximumColumns)
        #expect(Label("x").lines(width: .max) == [TextWidth.pad("x", to: TextWidth.maximumColumns)])
        #expect(TextWidth.pad("abc", to: .min) == "")
        #expect(TextWidth.columns(of: TextWidth.pad("abc", to: .max)) == TextWidth.maximumColumns)
        #expect(TextWidth.columns(of: TextWidth.center("abc", in: .max)) == TextWidth.maximumColumns)
    }

    // MARK: Tables at the extremes

    @Test func table_extremeCounts_neverTrapNorMaterialiseEveryRow() {
        let source = Rows(counts: [Int.max])
        let table = TableView()
        table.dataSource = source
        for count in [-1, Int.min, 0] {
            table.visibleRowCount = count
            #expect(table.renderedText(width: 12) == "")
            #expect(table.indexPathsForVisibleRows.isEmpty)
        }
        table.visibleRowCount = 3
        table.scroll(by: .max)
        func row(_ number: Int) -> String { TextWidth.pad("\(number)", to: 22) + (number.isMultiple(of: 2) ? " ✓" : " ›") }
        #expect(table.lines(width: 24) == [row(Int.max - 3), row(Int.max - 2), row(Int.max - 1)])
        table.scroll(by: .max)
        table.scroll(by: .min)
        #expect(table.indexPathsForVisibleRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
        table.scroll(by: .min)
        #expect(table.firstVisibleLine == 0)

        // As many lines as a caller asks for, up to the limit: never one per row.
        table.visibleRowCount = .max
        let lines = table.lines(width: 8)
        #expect(lines.count == TextWidth.maximumColumns)
        #expect(table.createdCellCount <= TextWidth.maximumColumns + 3)
        #expect(source.cellRequests <= 2 * TextWidth.maximumColumns + 6)
    }

    @Test func table_rowsAfterAnIntMaxSection_andBatchUpdatesOnIt_neverTrap() {
        let source = Rows(counts: [Int.max, Int.max, 5], header: "§", footer: "end")
        let table = TableView()
        table.dataSource = source
        table.visibleRowCount = 4
        // Lines past `Int.max` saturate: these rows cannot be reached, and asking is no trap.
        table.tapRow(at: IndexPath(row: 4, section: 2))
        table.scrollToRow(at: IndexPath(row: .max, section: 1), at: .bottom, animated: false)
        table.selectRow(at: IndexPath(row: 3, section: 2), animated: false, scrollPosition: .middle)
        #expect(table.lines(width: 10).count == 4)
        // A count that cannot add up, on a section of `Int.max` rows, is reported, not trapped on.
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        #expect(table.lastUpdateError?.contains("invalid number of rows in section 0") == true)
        #expect(table.lines(width: 10).count == 4)   // reloaded, so the next update is checked
        table.deleteRows(at: [IndexPath(row: .max - 1, section: 0)], with: .automatic)
        #expect(table.lastUpdateError != nil)
        #expect(table.createdCellCount <= 12)
    }

    @Test func table_intMaxSections_readsAtMostTheSectionLimit() {
        let source = Rows(counts: [1], sections: .max)
        let table = TableView()
        table.dataSource = source
        table.visibleRowCount = 2
        #expect(table.numberOfSections == TableView.maximumSectionCount)
        table.scroll(by: .max)
        #expect(table.indexPathsForVisibleRows == [IndexPath(row: 0, section: TableView.maximumSectionCount - 2), IndexPath(row: 0, section: TableView.maximumSectionCount - 1)])
        #expect(source.cellRequests <= 4)
    }
}
