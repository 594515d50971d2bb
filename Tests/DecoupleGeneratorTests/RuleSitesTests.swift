import DecoupleGenerator
import Foundation
import Testing

/// The pipeline article's "where each rule lives" table (GeneratorPipeline.md) against the rule
/// table and the sources: it lists every rule once, and each row the files whose code names its
/// rules (`rule: .name`), no more and no fewer, so it cannot drift from the code.
@Suite struct RuleSitesTests {
    static let article = packageRoot.appendingPathComponent("Sources/DecoupleGenerator/DecoupleGenerator.docc/GeneratorPipeline.md")

    /// The modules whose checks report rules.
    static let modules = ["DecoupleGenerator", "DecoupleTool", "DecoupleMacrosPlugin"]

    /// Each Swift file of the modules outside the rule table, by its module and path without
    /// `.swift` (`DecoupleGenerator/Plan/Resolver+Lookup`), with its text.
    static func sourceFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for module in modules {
            let root = packageRoot.appendingPathComponent("Sources/\(module)").path
            for path in FileManager.default.subpaths(atPath: root) ?? [] where path.hasSuffix(".swift") && !path.hasPrefix("Rules/") {
                files["\(module)/\(path.dropLast(".swift".count))"] = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            }
        }
        return files
    }

    /// Where each rule is reported: the files whose code names it as `rule: .name`.
    static func sites() throws -> [Diagnostic.Rule: Set<String>] {
        var sites: [Diagnostic.Rule: Set<String>] = [:]
        let pattern = /rule: \.(\w+)/
        for (file, text) in try sourceFiles() {
            for match in text.matches(of: pattern) {
                guard let rule = Diagnostic.Rule(rawValue: String(match.output.1)) else { continue }
                sites[rule, default: []].insert(file)
            }
        }
        return sites
    }

    /// One row of the article's table: the rules it names and the files it lists.
    struct Row {
        var line: Int
        var rules: [String]
        var files: [String]
    }

    /// The rows of the table under "## Where each rule lives", past its header.
    static func rows() throws -> [Row] {
        let lines = try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n")
        guard let heading = lines.firstIndex(of: "## Where each rule lives") else { return [] }
        let table = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        return zip(table.indices, table).map { index, line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let rules = cells.count > 1 ? cells[1].matches(of: /``Diagnostic\/Rule\/(\w+)``/).map { String($0.output.1) } : []
            let files = cells.count > 2 ? cells[2].matches(of: /`([^`]+)`/).map { String($0.output.1) } : []
            return Row(line: index + 1, rules: rules, files: files)
        }
    }

    @Test func theTable_listsEveryRuleOnce() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 10, "the table under '## Where each rule lives' was not found")
        let named = rows.flatMap(\.rules)
        for name in named {
            #expect(Diagnostic.Rule(rawValue: name) != nil, "the table names '\(name)', which is no rule")
        }
        for rule in Diagnostic.Rule.allCases {
            #expect(named.count { $0 == rule.rawValue } == 1, "the table lists \(rule.rawValue) \(named.count { $0 == rule.rawValue }) times; list it once")
        }
    }

    @Test func eachRow_listsTheFilesThatNameItsRules() throws {
        let sources = try Self.sourceFiles()
        let sites = try Self.sites()
        for row in try Self.rows() {
            var listed: Set<String> = []
            for entry in row.files {
                let matching = sources.keys.filter { $0 == entry || $0.hasSuffix("/" + entry) }
                #expect(matching.count == 1, "GeneratorPipeline.md:\(row.line): '\(entry)' names \(matching.count) source files: \(matching.sorted())")
                listed.formUnion(matching)
            }
            let rules = row.rules.compactMap(Diagnostic.Rule.init(rawValue:))
            let naming = rules.reduce(into: Set<String>()) { $0.formUnion(sites[$1] ?? []) }
            #expect(listed == naming, """
                GeneratorPipeline.md:\(row.line): the row of \(row.rules.joined(separator: ", ")) lists \(listed.sorted()), \
                and the files that name its rules are \(naming.sorted())
                """)
        }
    }

    /// No rule is dead: some check in the generator, the tool or the macros names it.
    @Test func everyRule_isNamedBySomeCheck() throws {
        let sites = try Self.sites()
        let unused = Diagnostic.Rule.allCases.filter { sites[$0, default: []].isEmpty }
        #expect(unused.isEmpty, "no check names \(unused.map(\.name))")
    }
}
