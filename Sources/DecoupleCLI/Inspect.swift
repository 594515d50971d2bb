import ArgumentParser
import DecoupleTool

// MARK: - Inspect

struct Inspect: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        // Named, not derived from the type's name, which costs run-time conformance look-ups
        // on every start.
        commandName: "inspect",
        abstract: "List the models, members and protocols found in the sources.",
        discussion: "Shows what `generate` sees: each type with the members of all its extensions, and every content protocol, the library's own included."
    )

    @Argument(help: "Swift files or folders to read (folders are searched recursively).")
    var paths: [String] = []

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    @Option(name: .long, help: ArgumentHelp("A glob pattern of files and folders not to read (repeatable), as for `generate`.", valueName: "pattern"))
    var exclude: [String] = []

    func run() throws {
        try Frontend().inspect(paths: paths, json: format == .json, exclude: exclude).exit()
    }
}
