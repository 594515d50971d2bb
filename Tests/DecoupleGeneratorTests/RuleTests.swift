import DecoupleGenerator
import Foundation
import Testing

/// Every diagnostic names a rule; every rule has an entry in the rule table, a test that shows
/// it by name, and a place in the reference article, which is current. (`RuleTableTests` checks
/// the table and its examples, `RuleSitesTests` the checks that name each rule.)
@Suite struct RuleTests {
    /// The reference article in the tool's documentation catalog, made by `decouple explain --reference`.
    static let referenceArticle = packageRoot.appendingPathComponent("Sources/DecoupleGenerator/DecoupleGenerator.docc/DiagnosticRules.md")

    /// Every Swift source and expected output under a folder, as one text per file.
    private static func texts(under folder: String, suffixes: [String]) throws -> [String: String] {
        let root = packageRoot.appendingPathComponent(folder).path
        let names = (FileManager.default.subpaths(atPath: root) ?? []).filter { name in suffixes.contains { name.hasSuffix($0) } }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) })
    }

    @Test func names_areUpperCamelCase_unique_andFoundInAnyCase() {
        let names = Diagnostic.Rule.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        for rule in Diagnostic.Rule.allCases {
            #expect(rule.name.first?.isUppercase == true && rule.name.allSatisfy { $0.isLetter || $0.isNumber }, "\(rule.name)")
            #expect(Diagnostic.Rule(named: rule.name) == rule)
            #expect(Diagnostic.Rule(named: "#" + rule.name.lowercased()) == rule)
        }
        #expect(Diagnostic.Rule(named: "NoSuchRule") == nil)
    }

    /// A printed diagnostic ends with its rule, as the compiler's end with their group; the
    /// heading of a group of problems names none.
    @Test func aPrintedDiagnostic_endsWithItsRule() {
        let output = generate(
            ["M.swift": "struct Post { var title: String }"],
            config: #"{ "adapters": [ { "model": "Pots", "protocol": "TitledContent" }, { "model": "Post", "protocol": "TitledContent", "map": { "title": "titel" } } ] }"#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:28: error: unknown model 'Pots': the sources declare no type of that name; did you mean 'Post'? [#UnknownModel]
            decouple.json:1:67: error: cannot adapt 'Post' to 'TitledContent': 2 problems:
            decouple.json:1:67: error: 'TitledContent.subtitle' has no mapping for 'Post', and it has no member named 'subtitle' (add "subtitle": "<member>" to the adapter's map) [#MissingMapping]
            M.swift:1:8: note: 'Post' is declared here
            decouple.json:1:133: error: 'Post' has no member 'titel'; did you mean 'title'? [#UnknownMember]
            M.swift:1:8: note: 'Post' is declared here
            """
        }
    }

    /// Output that does not parse is the generator's bug, and says so under a rule of its own.
    @Test func internalError_isTheGeneratorsOwn() {
        #expect(GenerationFailure.unparsableOutput.description
            == "decouple: error: internal error: the generated code does not parse; please report this with your input [#InternalError]")
    }

    /// Each entry says what the rule means and what to do, in a paragraph of whole sentences.
    @Test func everyEntry_isAParagraphOfSentences() {
        for rule in Diagnostic.Rule.allCases {
            let text = rule.explanation
            #expect(text.count >= 80 && text.count <= 700, "\(rule.name): \(text.count) characters")
            #expect(text.hasSuffix(".") && !text.contains("\n"), "\(rule.name)")
        }
    }

    /// Each rule is shown by at least one test: a snapshot or expectation that prints
    /// `[#Name]`, found by searching the tests for the rule's name.
    @Test func everyRule_hasATestThatShowsIt() throws {
        let tests = try Self.texts(under: "Tests", suffixes: [".swift", ".expected"]).values.joined(separator: "\n")
        let untested = Diagnostic.Rule.allCases.filter { !tests.contains("[#\($0.name)]") }
        #expect(untested.isEmpty, "no test shows \(untested.map(\.name))")
    }

    /// The documentation's reference is the table's: `decouple explain --reference` writes it.
    @Test func theReferenceArticle_isCurrent() throws {
        let committed = try String(contentsOf: Self.referenceArticle, encoding: .utf8)
        #expect(committed == Diagnostic.Rule.reference, "run: swift run decouple explain --reference > Sources/DecoupleGenerator/DecoupleGenerator.docc/DiagnosticRules.md")
        // Each rule's entry is the table's explanation, under the heading of the table's area.
        var area = ""
        var areaOfRule: [String: String] = [:]
        for line in committed.split(separator: "\n") {
            if line.hasPrefix("## ") { area = String(line.dropFirst(3)) }
            if line.hasPrefix("### ") { areaOfRule[String(line.dropFirst(4))] = area }
        }
        for description in RuleDescription.all {
            let name = description.rule.name
            #expect(committed.contains("### \(name)\n\n\(description.explanation)\n"), "\(name)")
            #expect(areaOfRule[name] == description.area.rawValue, "\(name) is under '\(areaOfRule[name] ?? "no area")'")
        }
    }
}
