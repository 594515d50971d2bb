import DecoupleGenerator
import DecoupleTestSupport
import Foundation

// MARK: - Oracle programs

/// One random program for the compiler oracle: Swift sources that are valid on their own in
/// every language mode the oracle checks, and a `decouple.json`, with the adapters they ask for.
///
/// Every top-level name ends in the program's seed (`Post1_17`), so that many programs can be
/// type-checked together in one module; a program that needs its module to have a particular
/// name (one named like its type) says so in ``pinnedModule``.
struct OracleProgram: Sendable {
    var seed: UInt64
    /// The module the sources are in (their paths are `Sources/MODULE/…`).
    var module: String
    /// The configuration names ``module``: the program is compiled in that module only.
    var pinnedModule: Bool
    /// File name → text.
    var files: [(name: String, text: String)]
    /// `decouple.json`, its style written `__STYLE__`.
    var configurationTemplate: String
    /// Each adapter the configuration or an annotation asks for: the model's names (any of them
    /// counts: an annotated typealias may be taken as its type) and the protocol's.
    var requests: [Request]
    /// The shapes of Swift the program holds, for the oracle's count of what it reached.
    var shapes: Set<String>
    /// Files of another module, ``contextModule``: read by the generator for their declarations
    /// only (`--context`), and compiled into that module before the program is type-checked.
    var contextFiles: [(name: String, text: String)] = []

    static let contextModule = "OracleModels"

    struct Request: Sendable, Hashable {
        var models: [String]
        var protocolName: String
        /// The file and line the request is written at (an annotation) or `decouple.json`.
        var file: String
        var line: Int
    }

    func path(of name: String) -> String { "Sources/\(module)/\(name)" }

    var sources: [SourceFile] { files.map { SourceFile(path: path(of: $0.name), text: $0.text) } }

    /// The paths of ``contextFiles``, as the generator reads them.
    var contextSources: [SourceFile] {
        contextFiles.map { SourceFile(path: "Sources/\(Self.contextModule)/\($0.name)", text: $0.text) }
    }

    /// The configuration in a style; for a module whose declarations are `@MainActor` by
    /// default, saying so (`"defaultIsolation": "MainActor"`).
    func configuration(style: OutputStyle, mainActorByDefault: Bool = false) -> String {
        let text = configurationTemplate.replacingOccurrences(of: "__STYLE__", with: style.rawValue)
        guard mainActorByDefault, let brace = text.firstIndex(of: "{") else { return text }
        return text[...brace] + " \"defaultIsolation\": \"MainActor\"," + text[text.index(after: brace)...]
    }

    /// The whole program as one text, for a report: each file under a `// FILE` line.
    var listing: String {
        (sources + contextSources).map { "// ===== \($0.path)\n\($0.text)" }.joined(separator: "\n")
            + "\n// ===== decouple.json\n" + configuration(style: .conformance)
    }
}

// MARK: - The grammar

/// Draws an ``OracleProgram`` from a grammar of declaration shapes, all of it decided by a seed.
///
/// Here are the state its draws share and the entry point, ``program(seed:)``; the grammar's
/// sections are extensions in files of their own beside this one (`ProgramGrammar+Values.swift`,
/// `+Program`, `+Units`, `+Protocols`, `+Models`, `+Provisions`, `+Library` for the standard
/// library's parents and the sources' key-path wrapper, and `+Choices` for the draws).
struct ProgramGrammar {
    var random: SplitMix64
    let seed: UInt64
    let suffix: String
    var shapes: Set<String> = []
    var fileChunks: [String: [String]] = [:]
    var fileImports: [String: Set<String>] = [:]
    var adapterEntries: [String] = []
    var contextFiles: [(name: String, text: String)] = []
    var requests: [(models: [String], protocolName: String, annotation: String?)] = []
    var module = "OracleApp"
    var pinnedModule = false
    var topLevelModule: String?
    /// Whether the program may hold the shapes the generator must refuse in every style (members
    /// it cannot see, a type per `#if` branch, an annotation on a typealias): in some programs
    /// only, so that most programs generate, and the compiler judges code.
    var mayBeRefused = false
    /// The count of the fresh type names drawn so far (`typeName`).
    var typeCount = 0
    /// What a requirement's text holds for its type until its unit settles the type.
    let requirementTypeMarker = "__TYPE__"

    /// Method requirements whose effects a witness must keep: the shape, how `provide` meets
    /// it, and the declaration (`NAME` for the name).
    static let effectMethods: [(shape: String, effects: String, signature: String)] = [
        ("method rethrows", "rethrows", "func NAME(_ body: (Int) throws -> Void) rethrows"),
        ("method mutating", "mutating", "mutating func NAME()"),
        ("method inout", "inout", "func NAME(_ value: inout Int)"),
        ("method variadic", "variadic", "func NAME(_ values: Int...) -> Int"),
        ("method generic with where", "generic", "func NAME<C: Collection>(_ items: C) -> Int where C.Element == String"),
        ("method overloads", "overload", "func NAME(_ value: Int) -> String\n    func NAME(_ value: String) -> String"),
        ("method autoclosure", "autoclosure", "func NAME(_ fallback: @autoclosure () -> String) -> String"),
    ]

    /// The program of one seed: the same on every run.
    static func program(seed: UInt64) -> OracleProgram {
        var grammar = ProgramGrammar(seed: seed)
        return grammar.make()
    }

    private init(seed: UInt64) {
        self.seed = seed
        // The seed is mixed, so that neighbouring seeds start far apart.
        random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ 0xA076_1D64_78BD_642F)
        suffix = "_\(seed)"
        mayBeRefused = random.chance(0.3)
    }
}
