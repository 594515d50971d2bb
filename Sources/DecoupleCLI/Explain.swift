import ArgumentParser
import DecoupleGenerator

// MARK: - Explain

/// `decouple explain NAME`: what a diagnostic's rule means and what to do about it.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic's rule: what it means and what to do.",
        discussion: "Every diagnostic ends with the name of the rule it breaks, as in `[#UnknownModel]`. Without a name, lists every rule with the first sentence of its entry."
    )

    @Argument(help: "The rule's name, as a diagnostic prints it (`UnknownModel` or `#UnknownModel`; any letter case).")
    var name: String?

    @Flag(name: .long, help: "Print the reference article (Markdown) with every rule's entry, as the documentation holds it.")
    var reference = false

    func run() throws {
        if reference {
            print(Diagnostic.Rule.reference, terminator: "")
            return
        }
        guard let name else {
            for rule in Diagnostic.Rule.allCases {
                print("\(rule.name): \(Self.firstSentence(of: rule.explanation))")
            }
            return
        }
        guard let rule = Diagnostic.Rule(named: name) else {
            let names = Diagnostic.Rule.allCases.map(\.name)
            let hint = Suggestion.nearest(name, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw usageError("decouple: error: no rule is named '\(displayText(name))'\(hint) (`decouple explain` lists them)")
        }
        print(rule.entry)
    }

    /// The entry's first sentence: up to the first full stop followed by a space.
    static func firstSentence(of text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
