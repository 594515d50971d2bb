import ArgumentParser
import DecoupleTool

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
        try Frontend().proposeConfiguration(paths: paths, output: output, exclude: exclude).exit()
    }
}
