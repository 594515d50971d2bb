import DecoupleGenerator
import Testing

/// The rule table (`RuleDescription`) holds one description per rule, in the names' order, and
/// its examples are true: each triggering example makes the generator (or `decouple init`)
/// report its rule, and each non-triggering one is accepted without it. The macros' examples
/// are expanded by `RuleExampleMacroTests`, in the macros' tests.
@Suite struct RuleTableTests {
    /// The rules that no example in the table shows, and why: no input of the generator breaks
    /// them. Every other rule has at least one triggering example.
    static let rulesWithoutExamples: [Diagnostic.Rule: String] = [
        .unreadableInput: "a path the tool cannot read is a file system's state: FileReadingTests and HostileInputTests show it",
        .outputOverwritesInput: "the tool's output path among its input paths: FileReadingTests shows it",
        .unwritableOutput: "a path the tool cannot write is a file system's state: GenerateCommandTests and HostileInputTests show it",
        .unusableCache: "the tool's cache folder, which the generator has none of: HostileInputTests shows it",
        .nothingToGenerate: "the tool's warning for a run without a configuration or an annotation: ConfigurationDiscoveryTests shows it",
        .configurationExists: "`decouple init` over a file that exists: InitCommandTests shows it",
        .internalError: "the generator's own bug, which no input should cause: RuleTests shows its message",
    ]

    @Test func everyRule_hasOneDescription_inTheNamesOrder_areaByArea() {
        #expect(RuleDescription.all.map(\.rule) == Diagnostic.Rule.allCases)
        for rule in Diagnostic.Rule.allCases {
            #expect(RuleDescription[rule].rule == rule)
        }
        let order = Dictionary(uniqueKeysWithValues: Diagnostic.Rule.Area.allCases.enumerated().map { ($1, $0) })
        let areas = RuleDescription.all.map { order[$0.area] ?? -1 }
        #expect(areas == areas.sorted(), "the table lists its rules area by area, in the reference's order")
    }

    @Test func everyRuleThatInputCanBreak_hasATriggeringExample() {
        for description in RuleDescription.all {
            let name = description.rule.name
            if let reason = Self.rulesWithoutExamples[description.rule] {
                #expect(description.triggering.isEmpty && description.nonTriggering.isEmpty, "\(name) is listed without examples (\(reason)), but has some")
            } else {
                #expect(!description.triggering.isEmpty, "\(name) has no triggering example: add one to its entry in the rule table, or list it here with why")
            }
        }
    }

    /// Each triggering example reports its rule; each non-triggering one is accepted (no error, no
    /// warning), and so does not.
    @Test(arguments: Diagnostic.Rule.allCases)
    func theExamples_breakTheRule_orKeepIt(rule: Diagnostic.Rule) {
        let description = RuleDescription[rule]
        for (index, example) in description.triggering.enumerated() where example.front != .expandMacros {
            let reported = Self.report(example)
            #expect(reported.contains { $0.rule == rule }, "triggering example \(index + 1) of \(rule.name) does not report it:\n\(Self.printed(reported))")
        }
        for (index, example) in description.nonTriggering.enumerated() where example.front != .expandMacros {
            let reported = Self.report(example)
            #expect(reported.isEmpty, "non-triggering example \(index + 1) of \(rule.name) reports:\n\(Self.printed(reported))")
        }
    }

    /// What the generator reports for the example's input (its errors, then its warnings), or
    /// what `decouple init` warns of.
    static func report(_ example: RuleDescription.Example) -> [Diagnostic] {
        let sources = example.files.keys.sorted().map { SourceFile(path: $0, text: example.files[$0] ?? "") }
        switch example.front {
        case .generate:
            var configuration = Configuration()
            if let config = example.config {
                do {
                    configuration = try Configuration.parse(config, path: "decouple.json")
                } catch {
                    return error.diagnostics
                }
            }
            let result = Generator.generate(sources: sources, configuration: configuration)
            return result.diagnostics + result.warnings
        case .propose:
            return ConfigurationProposal.propose(for: sources).warnings
        case .expandMacros:
            return []
        }
    }

    private static func printed(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.isEmpty ? "(nothing)" : diagnostics.map(\.description).joined(separator: "\n")
    }
}
