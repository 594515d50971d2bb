import DecoupleGenerator
import Foundation

// MARK: - Frontend

/// What the `decouple` command does, as a library: the executable parses its arguments and calls
/// one of these; each reads and writes files, prints to its ``Console``, and returns how the
/// run ended. Nothing here exits the process or reads the command line.
package struct Frontend: Sendable {
    /// The tool's version, which every cache key names (``OutputCache/toolIdentity``).
    package static let version = "0.1.0"

    package var console: Console

    package init(console: Console = .standard) {
        self.console = console
    }

    /// `decouple inspect`: the models, members and protocols the sources declare, as a text
    /// report or JSON.
    package func inspect(paths: [String], json: Bool, exclude: [String]) -> ExitStatus {
        let catalog: Catalog
        do {
            let sources = try SourceDiscovery.sources(at: paths.isEmpty ? ["."] : paths, excludedPatterns: exclude.map(PathPattern.init))
            catalog = Generator.catalog(of: sources)
            console.warn(catalog.warnings)
        } catch {
            return console.fail(error)
        }
        if !catalog.problems.isEmpty { return console.fail(GenerationFailure(catalog.problems)) }
        if json {
            do {
                console.print(try InspectionReport.json(catalog))
            } catch {
                return console.usageError("decouple: error: cannot write the report as JSON: \(error)")
            }
        } else {
            console.output(InspectionReport.text(catalog))
        }
        return .success
    }

    /// `decouple init`: writes a first configuration to `output`, proposed from the models and
    /// protocols the sources declare. Never overwrites a file.
    package func proposeConfiguration(paths: [String], output: String, exclude: [String]) -> ExitStatus {
        let refusal = GenerationFailure([Diagnostic(
            "refusing to write \(displayPath(output)): it exists, and init never overwrites a configuration; edit it, or pass --output with another path",
            rule: .configurationExists, at: nil)])
        if case .success = FileStatus.of(output) { return console.fail(refusal) }
        let proposal: ConfigurationProposal
        do {
            let sources = try SourceDiscovery.sources(at: paths.isEmpty ? ["."] : paths, excludedPatterns: exclude.map(PathPattern.init))
            let configurationPath = URL(fileURLWithPath: output).standardizedFileURL.path
            proposal = ConfigurationProposal.propose(for: sources, configurationPath: configurationPath)
        } catch {
            return console.fail(error)
        }
        console.warn(proposal.warnings)
        do {
            try Data(proposal.json.utf8).write(to: URL(fileURLWithPath: output), options: .withoutOverwriting)
        } catch {
            // Created meanwhile by someone else: still never overwritten.
            if case .success = FileStatus.of(output) { return console.fail(refusal) }
            return console.fail(GenerationFailure([Diagnostic(
                "cannot write \(displayPath(output)): \(error.localizedDescription)", rule: .unwritableOutput, at: nil)]))
        }
        let count = proposal.adapters.count
        console.errors("wrote \(output) with \(count) adapter\(count == 1 ? "" : "s"); run `decouple generate` to generate them")
        return .success
    }

    /// `decouple explain`: the entry of the rule named (any letter case, `#` optional), every
    /// rule's first sentence without a name, or the whole reference article, all from the rule
    /// table (`RuleDescription`).
    package func explain(_ name: String?, reference: Bool) -> ExitStatus {
        if reference {
            console.output(Diagnostic.Rule.reference)
            return .success
        }
        guard let name else {
            for description in RuleDescription.all {
                console.print("\(description.rule.name): \(Self.firstSentence(of: description.explanation))")
            }
            return .success
        }
        guard let rule = Diagnostic.Rule(named: name) else {
            let names = Diagnostic.Rule.allCases.map(\.name)
            let hint = Suggestion.nearest(name, among: names).map { "; did you mean '\($0)'?" } ?? ""
            return console.usageError("decouple: error: no rule is named '\(displayText(name))'\(hint) (`decouple explain` lists them)")
        }
        console.print(rule.entry)
        return .success
    }

    /// The entry's first sentence: up to the first full stop followed by a space.
    static func firstSentence(of text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    /// `decouple plugin-users`: the targets of a package manifest that apply `plugin`, a line
    /// each (`target NAME`), and the uses it cannot attribute (`unattributed PATH:LINE:COLUMN`).
    package func pluginUsers(manifest: String, plugin: String) -> ExitStatus {
        let source: String
        do {
            let data = try Data(contentsOf: URL(filePath: manifest))
            guard let text = String(data: data, encoding: .utf8) else {
                return console.fail(GenerationFailure([Diagnostic("\(displayPath(manifest)) is not UTF-8 text", rule: .unreadableInput, at: nil)]))
            }
            source = text
        } catch {
            return console.fail(GenerationFailure([Diagnostic(
                "cannot read \(displayPath(manifest)): \(error.localizedDescription)", rule: .unreadableInput, at: nil)]))
        }
        let uses = ManifestReader.uses(ofPlugin: plugin, inManifest: source, path: manifest)
        for target in uses.targets { console.print("target \(target)") }
        for position in uses.unattributed { console.print("unattributed \(position)") }
        return .success
    }
}
