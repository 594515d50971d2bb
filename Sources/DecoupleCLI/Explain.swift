import ArgumentParser
import DecoupleTool

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
        try Frontend().explain(name, reference: reference).exit()
    }
}
