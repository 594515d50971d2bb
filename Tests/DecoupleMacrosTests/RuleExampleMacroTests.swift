import DecoupleGenerator
import DecoupleMacrosPlugin
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// The rule table's macro examples (`RuleDescription`), expanded as the compiler expands them:
/// each triggering one makes the macros report its rule, and each non-triggering one expands
/// without a diagnostic. Every diagnostic the macros make names one rule, as its diagnostic ID
/// and at the end of its message, as the tool's do. (`RuleTableTests`, in the generator's tests,
/// runs the other examples.)
@Suite struct RuleExampleMacroTests {
    typealias Rule = DecoupleGenerator.Diagnostic.Rule

    @Test(arguments: Rule.allCases)
    func theMacroExamples_breakTheRule_orKeepIt(rule: Rule) {
        let description = RuleDescription[rule]
        for (index, example) in description.triggering.enumerated() where example.front == .expandMacros {
            let diagnostics = expand(example)
            #expect(diagnostics.contains { $0.diagnosticID == Self.id(of: rule) }, "triggering example \(index + 1) of \(rule.name) does not report it:\n\(printed(diagnostics))")
            expectEachNamesARule(diagnostics)
        }
        for (index, example) in description.nonTriggering.enumerated() where example.front == .expandMacros {
            let diagnostics = expand(example)
            #expect(diagnostics.isEmpty, "non-triggering example \(index + 1) of \(rule.name) reports:\n\(printed(diagnostics))")
        }
    }

    /// The rules of the macros' own syntax are broken by the macros only.
    @Test func everyMacroRule_hasAnExampleTheMacrosExpand() {
        for description in RuleDescription.all where description.area == .macros {
            #expect(description.triggering.contains { $0.front == .expandMacros }, "\(description.rule.name)")
        }
    }

    /// The diagnostic ID of a rule's diagnostics: its name, in Decouple's domain.
    static func id(of rule: Rule) -> MessageID {
        MessageID(domain: "Decouple", id: rule.name)
    }

    /// A diagnostic's ID is its rule's name, and its message ends with it (`… [#MapsPlacement]`).
    private func expectEachNamesARule(_ diagnostics: [SwiftDiagnostics.Diagnostic]) {
        for diagnostic in diagnostics {
            let rule = Rule.allCases.first { Self.id(of: $0) == diagnostic.diagnosticID }
            #expect(rule != nil, "the ID \(diagnostic.diagnosticID) is no rule's: \(diagnostic.message)")
            if let rule {
                #expect(diagnostic.message.hasSuffix("[#\(rule.name)]"), "\(diagnostic.message)")
            }
        }
    }

    /// Expands `@Adapts` and `@Maps` in the example's one source file, each macro seeing the
    /// declarations around it, and returns what they diagnosed.
    private func expand(_ example: RuleDescription.Example) -> [SwiftDiagnostics.Diagnostic] {
        let file = Parser.parse(source: example.files.values.first ?? "")
        let context = BasicMacroExpansionContext()
        _ = file.expand(
            macroSpecs: ["Adapts": MacroSpec(type: AdaptsMacro.self), "Maps": MacroSpec(type: MapsMacro.self)],
            contextGenerator: { BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts()) })
        return context.diagnostics
    }

    private func printed(_ diagnostics: [SwiftDiagnostics.Diagnostic]) -> String {
        diagnostics.isEmpty ? "(nothing)" : diagnostics.map(\.message).joined(separator: "\n")
    }
}
