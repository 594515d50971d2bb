import DecoupleGenerator
import DecoupleTestSupport
import DecoupleTool
import Foundation
import Testing

/// `decouple explain`: a diagnostic's rule, by the name the diagnostic prints.
@Suite struct ExplainCommandTests {
    @Test func aRuleByName_printsItsEntry_inAnyCase_withOrWithoutItsHash() throws {
        let run = try runTool(["explain", "FactoryMainActorModel"], in: packageRoot)
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.stdout, as: .lines) {
            """
            FactoryMainActorModel

            The factory makes its adapter in a `Sendable` closure, off the main actor, so a `@MainActor` model cannot be read by an adapter to a protocol that is not `@MainActor`; a `Sendable` struct isolated by the module's default alone is read through its stored `Sendable` properties, which need no isolation (a computed one is refused as `FactoryMainActorMember`). Use the conformance style, which makes an isolated conformance, or declare the protocol `@MainActor`.

            """
        }
        for spelling in ["#FactoryMainActorModel", "factorymainactormodel"] {
            #expect(try runTool(["explain", spelling], in: packageRoot).stdout == run.stdout, "\(spelling)")
        }
    }

    /// Each rule's entry is its entry in the rule table: its name, then its explanation.
    @Test func everyRule_printsItsEntryInTheRuleTable() {
        for description in RuleDescription.all {
            let printed = FrontendTests.Printed()
            let status = Frontend(console: printed.console).explain(description.rule.name, reference: false)
            #expect(status == .success)
            #expect(printed.output.value == "\(description.rule.name)\n\n\(description.explanation)\n")
        }
    }

    /// A name that is no rule's is a usage error, with the nearest name.
    @Test func anUnknownName_exitsTwo_andSuggestsTheNearest() throws {
        let run = try runTool(["explain", "FactoryMainActorModle"], in: packageRoot)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        assertInlineSnapshot(of: run.stderr, as: .lines) {
            """
            decouple: error: no rule is named 'FactoryMainActorModle'; did you mean 'FactoryMainActorModel'? (`decouple explain` lists them)

            """
        }
    }

    /// Without a name: every rule, one line each, in the reference's order.
    @Test func noName_listsEveryRule() throws {
        let run = try runTool(["explain"], in: packageRoot)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == Diagnostic.Rule.allCases.count)
        #expect(lines.map { String($0.prefix { $0 != ":" }) } == RuleDescription.all.map(\.rule.name))
        for (line, description) in zip(lines, RuleDescription.all) {
            #expect(description.explanation.hasPrefix(line.dropFirst(description.rule.name.count + 2).dropLast()), "\(line)")
        }
        #expect(lines.first == "UnreadableInput: A path given to the tool cannot be read: a source that does not exist, is not a regular file or folder, is not a `.swift` file or is not UTF-8 text, or a configuration file that is missing, a folder or a symbolic link loop.")
    }

    /// `--reference` prints the article the documentation holds.
    @Test func reference_isTheDocumentationsArticle() throws {
        let run = try runTool(["explain", "--reference"], in: packageRoot)
        let article = try String(contentsOf: packageRoot.appendingPathComponent("Sources/DecoupleGenerator/DecoupleGenerator.docc/DiagnosticRules.md"), encoding: .utf8)
        #expect(run.status == 0)
        #expect(run.stdout == article)
    }
}
