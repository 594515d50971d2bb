import ArgumentParser
import DecoupleGenerator
import DecoupleTool

extension OutputStyle: ExpressibleByArgument {}

// MARK: - Generate

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named, not derived from the type's name, which costs run-time conformance look-ups
        // on every start.
        commandName: "generate",
        abstract: "Generate adapters from model sources.",
        discussion: """
            Reads the Swift files and folders given (the current folder by default), takes mappings \
            from the configuration file, from `// decouple: Protocol(requirement: member)` comments \
            on the models, and from members that already have a requirement's name, and writes one \
            Swift file. Without --config, the decouple.json beside the sources given, or in a folder above \
            them up to the current folder, is used; a note says which.

            With --output, the file is replaced atomically and only when its content changes; on any \
            error nothing is written. With --check, nothing is written: the exit status is 1 when the \
            file is out of date.
            """
    )

    @Argument(help: "Swift files or folders to read (folders are searched recursively).")
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("The configuration file.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Where to write the generated code; standard output if omitted.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Write nothing; exit 1 if the output file is out of date.")
    var check = false

    @Option(name: .long, help: ArgumentHelp("The output style for adapters that don't choose one: conformance, factory or proxy.", valueName: "style"))
    var style: OutputStyle?

    @Option(name: .long, help: ArgumentHelp("A folder for cached output: a rerun with the same configuration and options whose sources declare what they did (unchanged, or changed only in bodies, comments or blank lines) reads the result instead of generating it; only changed files are parsed again.", valueName: "folder"))
    var cache: String?

    @Option(name: .long, help: ArgumentHelp("A glob pattern of files and folders not to read (repeatable): `*` within a name, `**` across folders; `Generated`, `*.pb.swift`, `Sources/**/Templates/*.swift`.", valueName: "pattern"))
    var exclude: [String] = []

    @Option(name: .long, help: ArgumentHelp("Swift files or folders read for their declarations only (repeatable): the configuration can adapt their models, and their `// decouple:` comments are left to their own target. The build plugin passes the target's dependencies so.", valueName: "path"))
    var context: [String] = []

    @Option(name: .long, help: ArgumentHelp("A Swift file or folder of a module the target depends on, with the module's names (repeatable): read as --context when an adapter's \"module\" names one of them, not read otherwise. The build plugins pass every dependency so.", valueName: "name[,name]=path"))
    var dependency: [String] = []

    func validate() throws {
        for argument in dependency where GenerateRequest.Dependency(argument: argument) == nil {
            throw ValidationError("--dependency \(argument): give the module's names and a path, as Models=Sources/Models/Recipe.swift")
        }
        if check && output == nil {
            throw ValidationError("--check needs --output: the file to compare with")
        }
    }

    func run() throws {
        var request = GenerateRequest()
        (request.paths, request.configuration, request.output, request.check) = (paths, config, output, check)
        (request.style, request.cache, request.exclude, request.context) = (style, cache, exclude, context)
        request.dependencies = dependency.compactMap(GenerateRequest.Dependency.init(argument:))
        try Frontend().generate(request).exit()
    }
}
