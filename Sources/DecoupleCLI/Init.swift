import ArgumentParser
import DecoupleGenerator
import Foundation

// MARK: - Init

/// `decouple init`: a first `decouple.json`, proposed from the models and protocols found.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Propose a decouple.json from the models and content protocols in the sources.",
        discussion: """
            Pairs each model with each content protocol whose requirements all match its members \
            by name, when `generate` would adapt them as they stand. Pairs that match in part are \
            left out, each with a warning naming what to map by hand. Never overwrites a file.
            """
    )

    @Argument(help: "Swift files or folders to read (folders are searched recursively).")
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("The configuration to write; it must not exist yet.", valueName: "file"))
    var output = "decouple.json"

    @Option(name: .long, help: ArgumentHelp("A glob pattern of files and folders not to read (repeatable), as for `generate`.", valueName: "pattern"))
    var exclude: [String] = []

    func run() throws {
        let refusal = GenerationFailure([Diagnostic(
            "refusing to write \(displayPath(output)): it exists, and init never overwrites a configuration; edit it, or pass --output with another path",
            rule: .configurationExists, at: nil)])
        if case .success = FileStatus.of(output) { throw fail(refusal) }
        let proposal: ConfigurationProposal
        do {
            let sources = try SourceDiscovery.sources(at: paths.isEmpty ? ["."] : paths, excludedPatterns: exclude.map(PathPattern.init))
            proposal = ConfigurationProposal.propose(for: sources)
        } catch {
            throw fail(error)
        }
        printWarnings(proposal.warnings)
        do {
            try Data(proposal.json.utf8).write(to: URL(fileURLWithPath: output), options: .withoutOverwriting)
        } catch {
            // Created meanwhile by someone else: still never overwritten.
            if case .success = FileStatus.of(output) { throw fail(refusal) }
            throw fail(GenerationFailure([Diagnostic("cannot write \(displayPath(output)): \(error.localizedDescription)", rule: .unwritableOutput, at: nil)]))
        }
        let count = proposal.adapters.count
        printError("wrote \(output) with \(count) adapter\(count == 1 ? "" : "s"); run `decouple generate` to generate them")
    }
}
