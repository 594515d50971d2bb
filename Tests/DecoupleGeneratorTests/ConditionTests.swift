import DecoupleGenerator
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// `#if` conditions are values from the scanner to the renderer, which alone writes them.
@Suite struct ConditionTests {
    /// The condition of the first clause of `#if TEXT`.
    private func condition(_ text: String) throws -> Condition {
        let tree = Parser.parse(source: "#if \(text)\n#endif")
        let expression = try #require(tree.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first?.condition)
        return Condition(expression)
    }

    @Test func negatingTwice_givesBackTheCondition_neverBangBang() throws {
        // Each as written, and spaced as the formatter spaces it, as generated code writes it.
        for (text, spaced) in [("DEBUG", "DEBUG"), ("os(iOS)", "os(iOS)"), ("!DEBUG", "!DEBUG"), ("!(a && b)", "!(a && b)"), ("a || b", "a || b"), ("os(Linux)||os(macOS)", "os(Linux) || os(macOS)")] {
            let written = try condition(text)
            #expect(written.text == spaced)
            #expect(written.negated.negated == written, "\(text)")
            #expect(!written.negated.text.hasPrefix("!!"), "\(text)")
        }
        #expect(try condition("!DEBUG").negated.text == "DEBUG")
        #expect(try condition("a || b").negated.text == "!(a || b)")
        #expect(try condition("!(a && b)").negated.text == "(a && b)")
    }

    /// Joined with `&&`, an operand stays as it is and anything else is parenthesized, however
    /// it is spaced; each is spaced as the formatter spaces it.
    @Test func aConjunction_parenthesizesWhatIsNotAnOperand() throws {
        let parts = try ["os(iOS)", "os(Linux)||os(macOS)", "!DEBUG", "a && b"].map(condition)
        #expect(Condition.conjunction(parts) == "os(iOS) && (os(Linux) || os(macOS)) && !DEBUG && (a && b)")
        #expect(Condition.conjunction([]) == "true")
        #expect(Condition.conjunction([parts[1]]) == "os(Linux) || os(macOS)")
    }

    /// The scan cache stores conditions; every case reads back as it was written.
    @Test func everyCase_readsBackAsWritten() throws {
        let debug = try condition("DEBUG"), linux = try condition("os(Linux)")
        let all: [Condition] = [debug, debug.negated, .all([debug, linux]), .any([[debug], [linux, debug.negated]])]
        let decoded = try JSONDecoder().decode([Condition].self, from: JSONEncoder().encode(all))
        #expect(decoded.map(\.text) == all.map(\.text))
        #expect(decoded.map(\.isOperand) == all.map(\.isOperand))
    }
}
