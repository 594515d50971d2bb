import Foundation

// MARK: - The program

extension ProgramGrammar {
    mutating func make() -> OracleProgram {
        if chance(0.025) {
            // A module named like a type in it.
            module = name("Item", 0)
            pinnedModule = true
            shapes.insert("module named like its type")
        } else if chance(0.05) {
            topLevelModule = module
            pinnedModule = true
            shapes.insert("top-level module")
        }
        let units = int(1...3)
        for unit in 1...units { makeUnit(unit) }
        if module != "OracleApp" {
            // The type the module is named after, adapted through the adapter's "module".
            let item = module
            add("struct \(item) {\n    var title: String = \"t\"\n    var subtitle: String = \"s\"\n}", to: "Item.swift")
            adapterEntries.append(#"{ "model": "\#(item)", "protocol": "TitledContent", "module": "\#(module)" }"#)
            requests.append(([item], "TitledContent", nil))
        }
        if chance(0.25) { addPrivateNamesakes() }
        if chance(0.2) { addClassHierarchy() }
        if mayBeRefused && chance(0.2) { addActorWithNonSendableLet() }
        // Drawn last, so that what the draws above make does not depend on it.
        if chance(0.15) { addModelOfAnotherModule() }

        var files: [(name: String, text: String)] = []
        for fileName in fileChunks.keys.sorted() {
            let imports = (fileImports[fileName] ?? []).sorted().map { "import \($0)\n" }.joined()
            let body = fileChunks[fileName]!.joined(separator: "\n\n")
            files.append((fileName, (imports.isEmpty ? "" : imports + "\n") + body + "\n"))
        }
        var configuration = "{\n  \"style\": \"__STYLE__\",\n"
        if let topLevelModule { configuration += "  \"module\": \"\(topLevelModule)\",\n" }
        configuration += "  \"adapters\": [\n    " + adapterEntries.joined(separator: ",\n    ") + "\n  ]\n}\n"
        let configurationLines = configuration.split(separator: "\n", omittingEmptySubsequences: false)
        let program = OracleProgram(
            seed: seed, module: module, pinnedModule: pinnedModule, files: files, configurationTemplate: configuration, requests: [],
            shapes: shapes)
        var located: [OracleProgram.Request] = []
        for request in requests {
            if let annotation = request.annotation, let (file, line) = Self.line(of: annotation, in: files) {
                located.append(.init(models: request.models, protocolName: request.protocolName, file: program.path(of: file), line: line))
            } else {
                let model = request.models[0]
                let line = configurationLines.firstIndex { $0.contains("\"model\": \"\(model)\"") }.map { $0 + 1 } ?? 1
                located.append(.init(models: request.models, protocolName: request.protocolName, file: "decouple.json", line: line))
            }
        }
        var result = program
        result.requests = located
        result.contextFiles = contextFiles
        return result
    }

    private static func line(of text: String, in files: [(name: String, text: String)]) -> (String, Int)? {
        for file in files {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            if let index = lines.firstIndex(where: { $0.contains(text) }) { return (file.name, index + 1) }
        }
        return nil
    }

    /// `private` types of one name in several files, one of them read by a model's property.
    private mutating func addPrivateNamesakes() {
        shapes.insert("private namesakes in several files")
        let shared = name("Token", 0)
        // Read in either order, only the model's own file's type is the one its property reads.
        add("private enum \(shared) {\n    static let value = 7\n}", to: "NamesakeA.swift")
        add("fileprivate enum \(shared) {\n    static let value = \"x\"\n}", to: "NamesakeB.swift")
        let model = name("Holder", 0)
        add("struct \(model) {\n    var token = \(shared).value\n    var title: String = \"t\"\n}", to: "NamesakeB.swift")
        adapterEntries.append(#"{ "model": "\#(model)", "protocol": "TitledContent", "map": { "subtitle": "token" } }"#)
        requests.append(([model], "TitledContent", nil))
    }

    /// A class and its subclass (which overrides a member), both adapted to one protocol, or
    /// the subclass alone where the superclass declares the conformance; read by name, or
    /// through a mapping.
    private mutating func addClassHierarchy() {
        let protocolName = name("Named", 0)
        let base = name("Animal", 0)
        let sub = name("Bird", 0)
        let mapped = chance(0.5)
        let conformingBase = chance(0.4)
        let subtitle = mapped ? "note" : "subtitle"
        add("protocol \(protocolName) {\n    var title: String { get }\n    var subtitle: String { get }\n}", to: "Hierarchy.swift")
        let conformance = conformingBase ? ": \(protocolName)" : ""
        let baseMembers = conformingBase && mapped
            ? "var title: String { \"a\" }\n    var note: String = \"n\"\n    var subtitle: String { note }"
            : "var title: String { \"a\" }\n    var \(subtitle): String = \"s\""
        add("class \(base)\(conformance) {\n    \(baseMembers)\n    init() {}\n}", to: "Hierarchy.swift")
        let subKeyword = chance(0.5) ? "final class" : "class"
        add("\(subKeyword) \(sub): \(base) {\n    override var title: String { \"b\" }\n}", to: chance(0.5) ? "Hierarchy.swift" : "Birds.swift")
        let map = mapped ? ", \"map\": { \"subtitle\": \"note\" }" : ""
        if conformingBase {
            shapes.insert("subclass of a conforming superclass")
        } else {
            shapes.insert("class hierarchy adapted together")
            adapterEntries.append(#"{ "model": "\#(base)", "protocol": "\#(protocolName)"\#(map) }"#)
            requests.append(([base], protocolName, nil))
        }
        adapterEntries.append(#"{ "model": "\#(sub)", "protocol": "\#(protocolName)"\#(map) }"#)
        requests.append(([sub], protocolName, nil))
    }

    /// A model of another module, ``OracleProgram/contextModule``, adapted through the
    /// adapter's `"module"`. Under `"defaultIsolation": "MainActor"` its declarations are still
    /// not the main actor's: the setting is the program's module's, not every module's.
    private mutating func addModelOfAnotherModule() {
        let protocolName = name("Carded", 0)
        let card = name("Card", 0)
        // Names of this program's own: two programs' proxy outputs in one batch may not both
        // declare a member of one name on `ForwardingProxy`.
        let heading = name("heading", 0)
        let blurb = name("blurb", 0)
        add("protocol \(protocolName) {\n    var \(heading): String { get }\n    var \(blurb): String { get }\n}", to: "Cards.swift")
        let declaration = pick(["public struct \(card)", "public struct \(card): Sendable", "public final class \(card)"])
        let body = "public let name: String\n    public var \(blurb): String { \"b\" }\n    public init(name: String) { self.name = name }"
        contextFiles.append(("Card.swift", "\(declaration) {\n    \(body)\n}\n"))
        shapes.insert("model of another module")
        let module = OracleProgram.contextModule
        adapterEntries.append(#"{ "model": "\#(card)", "module": "\#(module)", "protocol": "\#(protocolName)", "map": { "\#(heading)": "name" } }"#)
        requests.append(([card, "\(module).\(card)"], protocolName, nil))
    }

    /// An actor whose `let` of a type that is not `Sendable` would back a synchronous
    /// requirement: reading it crosses into the actor.
    private mutating func addActorWithNonSendableLet() {
        let ledger = name("Ledger", 0)
        let protocolName = name("Ledgered", 0)
        let vault = name("Vault", 0)
        add("nonisolated final class \(ledger) {\n    init() {}\n}", to: "Vault.swift")
        add("protocol \(protocolName) {\n    var ledger: \(ledger) { get }\n}", to: "Vault.swift")
        add("actor \(vault) {\n    let ledger: \(ledger) = \(ledger)()\n}", to: "Vault.swift")
        shapes.insert("actor let of a non-Sendable type")
        adapterEntries.append(#"{ "model": "\#(vault)", "protocol": "\#(protocolName)" }"#)
        requests.append(([vault], protocolName, nil))
    }
}
