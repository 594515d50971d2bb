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
struct ProgramGrammar {
    private var random: SplitMix64
    private let seed: UInt64
    private let suffix: String
    private var shapes: Set<String> = []
    private var fileChunks: [String: [String]] = [:]
    private var fileImports: [String: Set<String>] = [:]
    private var adapterEntries: [String] = []
    private var contextFiles: [(name: String, text: String)] = []
    private var requests: [(models: [String], protocolName: String, annotation: String?)] = []
    private var module = "OracleApp"
    private var pinnedModule = false
    private var topLevelModule: String?
    /// Whether the program may hold the shapes the generator must refuse in every style (members
    /// it cannot see, a type per `#if` branch, an annotation on a typealias): in some programs
    /// only, so that most programs generate, and the compiler judges code.
    private var mayBeRefused = false

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

    // MARK: Random choices

    private mutating func chance(_ p: Double) -> Bool { random.chance(p) }
    private mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(range) }
    private mutating func pick<T>(_ values: [T]) -> T { values[random.int(0...values.count - 1)] }

    /// A `#if` condition: platforms, flags and compilers, combined with `||`, `&&` and `!`,
    /// with and without spaces.
    private mutating func condition() -> String {
        let atoms = ["os(Linux)", "os(macOS)", "os(iOS)", "DEBUG", "canImport(Foundation)", "canImport(UIKit)", "swift(>=5.9)",
                     "compiler(>=6.0)", "arch(x86_64)", "arch(arm64)", "targetEnvironment(simulator)", "ORACLE_FLAG"]
        var text = pick(atoms)
        if chance(0.2) { text = "!" + text }
        if chance(0.45) {
            let spaced = chance(0.5)
            let op = pick(["||", "&&"])
            var other = pick(atoms)
            if chance(0.2) { other = "!" + other }
            // `&&!` is one operator to the compiler: a `!` after an operator written without
            // spaces needs its parentheses.
            if !spaced && other.hasPrefix("!") { other = "(\(other))" }
            text = spaced ? "\(text) \(op) \(other)" : "\(text)\(op)\(other)"
            shapes.insert(spaced ? "#if spaced operators" : "#if operators without spaces")
            if chance(0.2) { text = "!(\(text))" }
        }
        return text
    }

    private mutating func add(_ chunk: String, to file: String, imports: [String] = ["Foundation"]) {
        fileChunks[file, default: []].append(chunk)
        fileImports[file, default: []].formUnion(imports)
    }

    /// A declaration of `Types.swift` that several requirements of a unit may share: added once.
    private mutating func addTypeOnce(_ chunk: String) {
        if !(fileChunks["Types.swift"] ?? []).contains(chunk) { add(chunk, to: "Types.swift", imports: []) }
    }

    private func name(_ base: String, _ unit: Int) -> String { "\(base)\(unit)\(suffix)" }

    private var typeCount = 0

    /// A fresh name for a type a requirement's value has.
    private mutating func typeName(_ base: String, _ unit: Int) -> String {
        typeCount += 1
        return "\(base)\(unit)t\(typeCount)\(suffix)"
    }

    // MARK: Values

    /// A type a requirement can have, with values of it and ways to write one without a type.
    struct ValueType {
        var spelling: String
        /// A literal or constant expression of the type.
        var value: String
        /// Expressions of exactly this type that leave it unwritten: `(expression, shape)`.
        var inferred: [(String, String)]
        /// Whether a value of it may be stored by an actor or `Sendable` type and made from any
        /// isolation (no source type's initializer, which default isolation makes main-actor).
        var isPlainValue: Bool
        /// Whether the proxy style knows an empty value for it.
        var hasProxyFallback: Bool
    }

    private mutating func valueType(unit: Int, publicTypes: Bool) -> ValueType {
        let access = publicTypes ? "public " : ""
        switch int(0...16) {
        case 0, 1, 2:
            return ValueType(spelling: "String", value: "\"text\"", inferred: [
                ("\"a\\(1)\"", "inferred string interpolation"), ("\"plain\"", "inferred string literal"),
                ("String(42)", "inferred String(Int)"), ("NSLocalizedString(\"key\", comment: \"\")", "inferred NSLocalizedString call"),
                ("\(helperFunction(unit, access: access))()", "inferred capitalised free function"),
                ("\(helperFunction(unit, access: access, named: "makeLabel"))()", "inferred lower-case free function"),
                ("\(staticHelper(unit, access: access)).now()", "inferred static function call"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 3, 4:
            return ValueType(spelling: "Int", value: "42", inferred: [
                ("42", "inferred integer literal"), ("-1", "inferred negative literal"), ("Int(2.5)", "inferred Int(Double)"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 5:
            return ValueType(spelling: "Double", value: "1.5", inferred: [
                ("1.5", "inferred float literal"), ("Double(40.0)", "inferred Double(Double)"), ("1 as Double", "inferred as-cast"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 6:
            return ValueType(spelling: "Bool", value: "true", inferred: [("false", "inferred Bool literal")], isPlainValue: true, hasProxyFallback: true)
        case 7:
            return ValueType(spelling: "[String]", value: "[\"a\"]", inferred: [
                ("[\"a\", \"b\"]", "inferred array literal"), ("[String]()", "inferred array init"),
                ("Array(repeating: \"a\", count: 2)", "inferred Array(repeating:count:)"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 8:
            let kind = typeName("Kind", unit)
            // Chosen by the unit, not drawn, so that every other choice of a seed stays the same.
            if unit.isMultiple(of: 2) {
                // Swift writes `init?(rawValue:)` for an enum with raw values.
                add("\(access)nonisolated enum \(kind): Int, Sendable {\n    case video, audio\n}", to: "Types.swift", imports: [])
                return ValueType(spelling: "\(kind)?", value: "nil", inferred: [
                    ("\(kind)(rawValue: 1)", "inferred init?(rawValue:) of a raw-value enum"), ("\(kind)(rawValue: 0)", "inferred init?(rawValue:) of a raw-value enum"),
                    ("\(kind)?.none", "inferred T?.none"),
                ],
                                 isPlainValue: true, hasProxyFallback: true)
            }
            add("\(access)nonisolated enum \(kind): Sendable, CaseIterable {\n    case video, audio\n}", to: "Types.swift", imports: [])
            if chance(0.35) {
                return ValueType(spelling: "[\(kind)]", value: "[\(kind).video]", inferred: [("\(kind).allCases", "inferred allCases")],
                                 isPlainValue: true, hasProxyFallback: true)
            }
            shapes.insert("enum case reference")
            return ValueType(spelling: kind, value: "\(kind).video", inferred: [("\(kind).audio", "inferred enum case")], isPlainValue: true, hasProxyFallback: false)
        case 9:
            let gauge = typeName("Gauge", unit)
            let failable = pick(["init?", "init!", "init?", "init!", "init"])
            if failable == "init" {
                // With a failable initializer of other labels beside it, which `Gauge(3)` cannot call.
                add("\(access)nonisolated struct \(gauge): Sendable {\n    \(access)init(_ value: Int) {}\n    \(access)init?(rawValue: Int) { return nil }\n}",
                    to: "Types.swift", imports: [])
                shapes.insert("source type with init")
                return ValueType(spelling: gauge, value: "\(gauge)(1)", inferred: [("\(gauge)(3)", "inferred init of a source type beside an init? of other labels")],
                                 isPlainValue: false, hasProxyFallback: false)
            }
            add("\(access)nonisolated struct \(gauge): Sendable {\n    \(access)\(failable)(_ value: Int) {}\n}", to: "Types.swift", imports: [])
            shapes.insert("source type with \(failable)")
            let spelling = failable == "init" ? gauge : "\(gauge)?"
            return ValueType(spelling: spelling, value: "\(gauge)(1)", inferred: [("\(gauge)(3)", "inferred \(failable) of a source type")],
                             isPlainValue: false, hasProxyFallback: false)
        case 10:
            let box = typeName("Box", unit)
            add("\(access)nonisolated struct \(box)<T> {\n    \(access)var value: T\n    \(access)init(_ value: T) { self.value = value }\n}\nextension \(box): Sendable where T: Sendable {}", to: "Types.swift", imports: [])
            return ValueType(spelling: "\(box)<Int>", value: "\(box)(1)", inferred: [("\(box)(3)", "inferred generic initializer")],
                             isPlainValue: false, hasProxyFallback: false)
        case 11:
            let tabs = typeName("iOSTabs", unit)
            add("\(access)nonisolated struct \(tabs): Sendable {\n    \(access)init() {}\n}", to: "Types.swift", imports: [])
            let cache = typeName("Cache", unit)
            add("\(access)nonisolated final class \(cache): Sendable {\n    \(access)static let shared = \(cache)()\n}", to: "Types.swift", imports: [])
            if chance(0.5) {
                return ValueType(spelling: tabs, value: "\(tabs)()", inferred: [("\(tabs)()", "inferred lower-case type")], isPlainValue: false, hasProxyFallback: false)
            }
            return ValueType(spelling: cache, value: "\(cache).shared", inferred: [("\(cache).shared", "inferred static member")], isPlainValue: false, hasProxyFallback: false)
        case 12, 13, 14, 15:
            return pick([
                ValueType(spelling: "Int?", value: "nil", inferred: [("Int(\"4\")", "inferred failable Int(String)"), ("Optional(5)", "inferred Optional(x)")], isPlainValue: true, hasProxyFallback: true),
                ValueType(spelling: "URL?", value: "nil", inferred: [("URL(string: \"https://a.example\")", "inferred failable URL(string:)")], isPlainValue: true, hasProxyFallback: true),
                ValueType(spelling: "String?", value: "nil", inferred: [("String(data: Data(), encoding: .utf8)", "inferred failable String(data:encoding:)")], isPlainValue: true, hasProxyFallback: true),
                ValueType(spelling: "UIImage?", value: "nil", inferred: [("UIImage(systemName: \"star\")", "inferred failable UIImage(systemName:)")], isPlainValue: false, hasProxyFallback: true),
                ValueType(spelling: "UserDefaults?", value: "nil", inferred: [("UserDefaults(suiteName: \"a\")", "inferred failable UserDefaults(suiteName:)")], isPlainValue: false, hasProxyFallback: true),
            ])
        default:
            return pick([
                ValueType(spelling: "URL", value: "URL(string: \"https://a.example\")!", inferred: [("URL(string: \"https://b.example\")!", "inferred force-unwrapped URL")], isPlainValue: true, hasProxyFallback: false),
                ValueType(spelling: "Date", value: "Date()", inferred: [("Date()", "inferred Date()")], isPlainValue: true, hasProxyFallback: false),
            ])
        }
    }

    private mutating func helperFunction(_ unit: Int, access: String, named base: String = "MakeTitle") -> String {
        let function = name(base, unit)
        let chunk = "\(access)nonisolated func \(function)() -> String { \"made\" }"
        addTypeOnce(chunk)
        return function
    }

    /// A type with a static function that gives a `String`: `Clock.now()`.
    private mutating func staticHelper(_ unit: Int, access: String) -> String {
        let type = name("Clock", unit)
        let chunk = "\(access)nonisolated enum \(type) {\n    \(access)static func now() -> String { \"now\" }\n}"
        addTypeOnce(chunk)
        return type
    }

    /// A global actor of the sources (`@globalActor actor DBActor1_7`), declared once per unit.
    private mutating func globalActor(_ unit: Int) -> String {
        let actor = name("DBActor", unit)
        let chunk = "@globalActor public actor \(actor) {\n    public static let shared = \(actor)()\n}"
        addTypeOnce(chunk)
        return actor
    }

    // MARK: The program

    private mutating func make() -> OracleProgram {
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

    // MARK: Units

    /// How a model provides one requirement.
    private struct Provision {
        /// Declarations in the model's body.
        var members: [String] = []
        /// Declarations in an extension of the model (`extension M { … }`), with its modifiers.
        var extensionMembers: [(modifiers: String, text: String, otherFile: Bool)] = []
        /// Declarations in an extension of a generic model bound to one argument
        /// (`extension M<Int>` or `extension M where Element == Int`).
        var boundExtensionMembers: [String] = []
        /// Declarations in the superclass's body.
        var superclassMembers: [String] = []
        /// The configuration's mapping (`"title": "name"`) and the annotation's argument.
        var mapping: (json: String, annotation: String)?
    }

    private enum ModelKind: CaseIterable {
        case `struct`, finalClass, subclass, genericSubclass, `enum`, actor, observable, mainActorClass, mainActorStruct, genericStruct
        /// Refused in every style: drawn only where refusals are.
        case globalActorClass, noncopyable
    }

    private struct Requirement {
        var name: String
        var text: String
        var isMethod: Bool
        var type: ValueType?
        var effects: String = ""
        /// Extra protocol requirement text under `#if` branches.
        var conditional: Bool = false
    }

    private mutating func makeUnit(_ unit: Int) {
        let builtIn = chance(0.3)
        let protocolAccess: String = builtIn ? "public" : pick(["", "", "internal ", "package ", "public ", chance(0.1) ? "fileprivate " : ""])
        let isPublic = protocolAccess == "public " || protocolAccess == "public"
        var kind = pick(ModelKind.allCases)
        if !mayBeRefused && (kind == .globalActorClass || kind == .noncopyable) { kind = kind == .noncopyable ? .struct : .finalClass }
        var protocolName: String
        var requirements: [Requirement] = []
        var protocolIsSendable = false

        if builtIn {
            let titled = chance(0.7)
            protocolName = titled ? "TitledContent" : "NamedImageContent"
            shapes.insert("built-in protocol")
            let string = ValueType(spelling: "String", value: "\"text\"", inferred: [("\"a\\(1)\"", "inferred string interpolation"), ("\"plain\"", "inferred string literal")], isPlainValue: true, hasProxyFallback: true)
            if titled {
                requirements = [Requirement(name: "title", text: "", isMethod: false, type: string), Requirement(name: "subtitle", text: "", isMethod: false, type: string)]
            } else {
                let image = ValueType(spelling: "ImageName", value: "\"star\"", inferred: [], isPlainValue: true, hasProxyFallback: true)
                requirements = [Requirement(name: "name", text: "", isMethod: false, type: string), Requirement(name: "image", text: "", isMethod: false, type: image)]
            }
        } else {
            protocolName = name(pick(["Headline", "Badge", "Summary", "Price", "Row"]), unit) + "Content"
            if chance(0.08) { protocolName = name("content", unit) }
            let count = int(1...4)
            var used: Set<String> = []
            for _ in 0..<count {
                let requirement = makeRequirement(unit: unit, publicTypes: isPublic || protocolAccess == "package ", used: &used, kind: kind)
                requirements.append(requirement)
            }
            protocolIsSendable = chance(0.15)
        }
        // A protocol that refines one of the standard library's with a requirement the models meet.
        let libraryParent: String? = !builtIn && chance(0.12) ? pick(["CustomStringConvertible", "CustomStringConvertible", "Identifiable"]) : nil
        if protocolIsSendable {
            shapes.insert("protocol refining Sendable")
            // A Sendable protocol's model must be Sendable: a value, or an actor.
            if ![.struct, .enum, .actor, .mainActorStruct, .mainActorClass].contains(kind) { kind = .struct }
        }
        // Actors provide `let`s, plain values and `nonisolated` members only.
        // An enum's stored members are static: of Sendable types only.
        let plainOnly = kind == .actor || protocolIsSendable || kind == .enum
        if plainOnly {
            for index in requirements.indices where !(requirements[index].type?.isPlainValue ?? true) {
                let string = ValueType(spelling: "String", value: "\"text\"", inferred: [("\"plain\"", "inferred string literal")], isPlainValue: true, hasProxyFallback: true)
                requirements[index].type = string
                if !builtIn { requirements[index].text = requirements[index].text.replacingOccurrences(of: requirementTypeMarker, with: "String") }
            }
        }
        for index in requirements.indices where !builtIn {
            requirements[index].text = requirements[index].text.replacingOccurrences(of: requirementTypeMarker, with: requirements[index].type?.spelling ?? "String")
        }

        // The protocol, perhaps with parents that declare some of its requirements.
        let protocolFile = chance(0.5) ? "Protocols.swift" : "Models\(unit).swift"
        if !builtIn {
            writeProtocol(
                protocolName, access: protocolAccess, requirements: requirements, unit: unit, sendable: protocolIsSendable, file: protocolFile,
                libraryParents: libraryParent.map { [$0] } ?? [])
        }

        // The model.
        let modelAccess: String = {
            if isPublic && chance(0.5) { return "public " }
            return ""
        }()
        var model = modelName(kind: kind, unit: unit)
        var nestedIn: String?
        if chance(0.15), kind != .subclass, kind != .genericSubclass {
            nestedIn = name("Outer", unit)
            shapes.insert("nested model")
            if chance(0.3) {
                model = "`Type`"
                shapes.insert("model named Type")
            }
        }
        if chance(0.05) && nestedIn == nil {
            model = "`\(name("Name Card", unit))`"
            shapes.insert("raw identifier model")
        }
        let plainModel = model.replacingOccurrences(of: "`", with: "")
        let qualifiedModel = nestedIn.map { "\($0).\(plainModel)" } ?? plainModel
        let modelFile = "Models\(unit).swift"

        var body: [String] = []
        var extensions: [(modifiers: String, text: String, otherFile: Bool)] = []
        var boundExtensions: [String] = []
        var superclass: [String] = []
        var jsonMap: [String] = []
        var annotationArgs: [String] = []
        for requirement in requirements {
            let provision = provide(requirement, of: protocolName, kind: kind, unit: unit, plainOnly: plainOnly, protocolIsPublic: isPublic, modelIsPublic: modelAccess == "public ")
            body += provision.members
            extensions += provision.extensionMembers
            boundExtensions += provision.boundExtensionMembers
            superclass += provision.superclassMembers
            if let mapping = provision.mapping {
                jsonMap.append(mapping.json)
                annotationArgs.append(mapping.annotation)
            }
        }
        if kind == .struct || kind == .genericStruct, chance(0.2) {
            body.append("var counter: Int = 0")
        }
        if let libraryParent {
            let member = libraryParent == "Identifiable" ? "id" : "description"
            body.append("\(modelAccess)\(kind == .actor ? "nonisolated " : "")var \(member): String { \"d\" }")
            shapes.insert("protocol refining \(libraryParent)")
        }
        if body.isEmpty && (kind == .enum) { body.append("static let placeholder = 1") }

        // How the adapter is asked for: the configuration, or an annotation in one of its places.
        let useAnnotation = chance(0.35) && protocolAccess != "fileprivate "
        var annotationText: String?
        var annotationPlacement = "before the type"
        if useAnnotation {
            let args = annotationArgs.isEmpty ? "" : "(" + annotationArgs.joined(separator: ", ") + ")"
            annotationText = "// decouple: \(protocolName)\(args)"
            annotationPlacement = pick(["before the type", "before the type", "after attributes", "on an extension", "under #if"] + (mayBeRefused ? ["before a typealias"] : []))
            shapes.insert("annotation \(annotationPlacement)")
        }
        let conditionalModel = annotationPlacement == "under #if" || (!useAnnotation && chance(0.08))
        let typeDeclaration = modelDeclaration(
            kind: kind, name: model, access: modelAccess, unit: unit, body: body, superclassMembers: superclass,
            annotation: annotationPlacement == "before the type" || annotationPlacement == "after attributes" || annotationPlacement == "under #if" ? annotationText : nil,
            annotationAfterAttributes: annotationPlacement == "after attributes", file: modelFile)
        var declaration = typeDeclaration
        if let outer = nestedIn {
            declaration = "\(modelAccess)enum \(outer) {\n" + indent(declaration) + "\n}"
        }
        if conditionalModel {
            let condition = self.condition()
            // Declared in every branch, so that whatever the platform the model exists.
            declaration = "#if \(condition)\n\(declaration)\n#else\n\(declaration.replacingOccurrences(of: "// decouple:", with: "// decouple-else:"))\n#endif"
            shapes.insert("model under #if")
        }
        add(declaration, to: modelFile, imports: kind == .observable ? ["Foundation", "Observation"] : ["Foundation"])
        var extensionAnnotation = annotationPlacement == "on an extension" ? annotationText : nil
        if extensionAnnotation != nil && extensions.isEmpty { extensions.append(("", "", false)) }
        for (modifiers, text, otherFile) in extensions {
            let header = extensionAnnotation.map { "\($0)\n" } ?? ""
            extensionAnnotation = nil
            let chunk = "\(header)\(modifiers)extension \(qualifiedModel.split(separator: ".").map { Self.escapedComponent(String($0)) }.joined(separator: ".")) {\n\(indent(text))\n}"
            add(chunk, to: otherFile ? "Extensions\(unit).swift" : modelFile)
        }
        if !boundExtensions.isEmpty {
            let extended = qualifiedModel.split(separator: ".").map { Self.escapedComponent(String($0)) }.joined(separator: ".")
            let header = chance(0.5) ? "extension \(extended)<Int>" : "extension \(extended) where Element == Int"
            shapes.insert(header.contains("where") ? "constrained generic extension" : "bound generic extension")
            add("\(header) {\n\(indent(boundExtensions.joined(separator: "\n")))\n}", to: modelFile)
        }
        var requestModels = [qualifiedModel]
        if annotationPlacement == "before a typealias", let annotationText {
            let alias = name("Alias", unit)
            add("\(annotationText)\ntypealias \(alias) = \(qualifiedModel.split(separator: ".").map { Self.escapedComponent(String($0)) }.joined(separator: "."))", to: modelFile)
            requestModels.append(alias)
        }
        if let annotationText {
            requests.append((requestModels, protocolName, annotationText))
        } else {
            let map = jsonMap.isEmpty ? "" : ", \"map\": { " + jsonMap.joined(separator: ", ") + " }"
            let jsonModel = qualifiedModel.replacingOccurrences(of: "\\", with: "\\\\")
            adapterEntries.append("{ \"model\": \"\(jsonModel)\", \"protocol\": \"\(protocolName)\"\(map) }")
            requests.append(([qualifiedModel], protocolName, nil))
        }
    }

    private static func escapedComponent(_ name: String) -> String {
        name == "Type" || name.contains(" ") ? "`\(name)`" : name
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    private mutating func modelName(kind: ModelKind, unit: Int) -> String {
        switch kind {
        case .observable: name("Observed", unit)
        case .actor: name("Worker", unit)
        default: name(pick(["Post", "User", "Track", "Order", "Card", "Note"]), unit)
        }
    }

    // MARK: Protocols

    private let requirementTypeMarker = "__TYPE__"

    private mutating func makeRequirement(unit: Int, publicTypes: Bool, used: inout Set<String>, kind: ModelKind) -> Requirement {
        var base = pick(["headline", "detail", "score", "label", "total", "summary", "caption", "amount"])
        if chance(mayBeRefused ? 0.1 : 0.02) { base = "`Type`" ; shapes.insert("requirement named Type") }
        else if chance(0.04) { base = "`default`"; shapes.insert("keyword requirement") }
        else if chance(0.04) { base = "`full name`"; shapes.insert("raw identifier requirement") }
        while used.contains(base) {
            base = base.hasSuffix("`") ? "`" + String(base.dropFirst().dropLast()) + "Two`" : base + "Two"
        }
        used.insert(base)
        let type = valueType(unit: unit, publicTypes: publicTypes)
        switch int(0...19) {
        case 0...8:
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get }", isMethod: false, type: type)
        case 9:
            shapes.insert("get async requirement")
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get async }", isMethod: false, type: type, effects: "async")
        case 10 where chance(0.3):
            // Typed throws: the witness keeps the error type.
            let error = typeName("LoadError", unit)
            add("\(publicTypes ? "public " : "")nonisolated struct \(error): Error {}", to: "Types.swift", imports: [])
            shapes.insert("get throws(E) requirement")
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get throws(\(error)) }", isMethod: false, type: type, effects: "throws(\(error))")
        case 10:
            shapes.insert("get throws requirement")
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get throws }", isMethod: false, type: type, effects: "throws")
        case 11:
            shapes.insert("method without parameters")
            return Requirement(name: base, text: "func \(base)() -> \(requirementTypeMarker)", isMethod: true, type: type)
        case 12:
            let effects = pick(["async", "throws", "async throws"])
            shapes.insert("method \(effects)")
            return Requirement(name: base, text: "func \(base)(in place: String) \(effects) -> String", isMethod: true, type: nil, effects: effects)
        case let choice where choice >= 13 && choice <= 18:
            // A variadic parameter is refused (it cannot be forwarded): only where refusals are drawn.
            let (shape, effects, signature) = pick(Self.effectMethods.filter { mayBeRefused || $0.effects != "variadic" })
            shapes.insert(shape)
            return Requirement(name: base, text: signature.replacingOccurrences(of: "NAME", with: base), isMethod: true, type: nil, effects: effects)
        default:
            shapes.insert("requirement in #if branches")
            let condition = self.condition()
            let line = "var \(base): \(requirementTypeMarker) { get }"
            return Requirement(name: base, text: "#if \(condition)\n    \(line)\n    #else\n    \(line)\n    #endif", isMethod: false, type: type, conditional: true)
        }
    }

    /// Method requirements whose effects a witness must keep: the shape, how `provide` meets
    /// it, and the declaration (`NAME` for the name).
    private static let effectMethods: [(shape: String, effects: String, signature: String)] = [
        ("method rethrows", "rethrows", "func NAME(_ body: (Int) throws -> Void) rethrows"),
        ("method mutating", "mutating", "mutating func NAME()"),
        ("method inout", "inout", "func NAME(_ value: inout Int)"),
        ("method variadic", "variadic", "func NAME(_ values: Int...) -> Int"),
        ("method generic with where", "generic", "func NAME<C: Collection>(_ items: C) -> Int where C.Element == String"),
        ("method overloads", "overload", "func NAME(_ value: Int) -> String\n    func NAME(_ value: String) -> String"),
        ("method autoclosure", "autoclosure", "func NAME(_ fallback: @autoclosure () -> String) -> String"),
    ]

    private mutating func writeProtocol(
        _ name: String, access: String, requirements: [Requirement], unit: Int, sendable: Bool, file: String, libraryParents: [String] = []
    ) {
        var own = requirements
        var parents: [String] = (sendable ? ["Sendable"] : []) + libraryParents
        var parentDeclarations: [String] = []
        if requirements.count >= 2, chance(0.35) {
            // Some requirements come from parents: one, several, or a composition.
            let split = int(1...requirements.count - 1)
            let inherited = Array(requirements[..<split])
            own = Array(requirements[split...])
            let parentCount = inherited.count >= 2 && chance(0.5) ? 2 : 1
            var names: [String] = []
            for index in 0..<parentCount {
                let parent = self.name("Parent\(index)x", unit)
                names.append(parent)
                let mine = inherited.enumerated().filter { $0.offset % parentCount == index }.map(\.element)
                parentDeclarations.append("\(access)protocol \(parent) {\n" + mine.map { "    " + $0.text }.joined(separator: "\n") + "\n}")
            }
            if names.count == 2 && chance(0.5) {
                if chance(0.5) {
                    // Through a type alias of the composition.
                    let alias = self.name("Both", unit)
                    parentDeclarations.append("\(access)typealias \(alias) = \(names.joined(separator: " & "))")
                    parents.append(alias)
                    shapes.insert("protocol refining a composition typealias")
                } else {
                    parents.append(names.joined(separator: " & "))
                    shapes.insert("protocol inheriting a composition")
                }
            } else {
                parents += names
                shapes.insert(names.count == 2 ? "protocol inheriting several" : "protocol inheriting one")
            }
        }
        if chance(0.06) && !requirements.contains(where: { $0.effects == "mutating" }) {
            // Only classes may conform: a value model needs the factory's class adapter, or is refused.
            parents.append("AnyObject")
            shapes.insert("class-bound protocol")
        }
        let isolation = chance(0.1) ? "@MainActor\n" : ""
        if !isolation.isEmpty { shapes.insert("@MainActor protocol") }
        let inheritance = parents.isEmpty ? "" : ": " + parents.joined(separator: ", ")
        var text = "\(isolation)\(access)protocol \(name)\(inheritance) {\n" + own.map { "    " + $0.text }.joined(separator: "\n") + "\n}"
        if chance(0.12) {
            // A requirement no model provides: an extension of the protocol implements it.
            let extra = self.name("defaulted", unit)
            text = text.dropLast() + "    var \(extra): String { get }\n}\n\(access)extension \(name) {\n    var \(extra): String { \"d\" }\n}"
            shapes.insert("requirement with a default in a protocol extension")
        }
        for parent in parentDeclarations { add(parent, to: file, imports: ["Foundation"]) }
        add(text, to: file, imports: ["Foundation"])
        shapes.insert("protocol access \(access.isEmpty ? "default" : access.trimmingCharacters(in: .whitespaces))")
    }

    // MARK: Models

    private mutating func modelDeclaration(
        kind: ModelKind, name: String, access: String, unit: Int, body: [String], superclassMembers: [String],
        annotation: String?, annotationAfterAttributes: Bool, file: String
    ) -> String {
        var attributes: [String] = []
        var keyword: String
        var inheritance: [String] = []
        var bodyLines = body
        switch kind {
        case .struct:
            keyword = "struct"
            // `UserDefaults` is not `Sendable`: a struct that stores one cannot be.
            if chance(0.3), !bodyLines.contains(where: { $0.contains("UserDefaults") }) {
                inheritance.append("Sendable")
                shapes.insert("Sendable model")
            }
        case .mainActorStruct:
            attributes.append("@MainActor")
            keyword = "struct"
            shapes.insert("@MainActor model")
        case .genericStruct:
            keyword = "struct"
            shapes.insert("generic model")
            return decorate(attributes: attributes, annotation: annotation, afterAttributes: annotationAfterAttributes,
                            header: "\(access)struct \(name)<Element>", body: bodyLines + ["var element: Element? = nil"])
        case .finalClass:
            keyword = "final class"
            if chance(0.2) { attributes.append("nonisolated"); shapes.insert("nonisolated model") }
        case .mainActorClass, .globalActorClass:
            let isMain = kind == .mainActorClass
            attributes.append(isMain ? "@MainActor" : "@\(globalActor(unit))")
            keyword = "final class"
            shapes.insert(isMain ? "@MainActor model" : "custom global actor model")
        case .observable:
            attributes.append("@Observable")
            if chance(0.3) { attributes.append("@MainActor") }
            keyword = "final class"
            shapes.insert("@Observable model")
        case .actor:
            keyword = "actor"
            shapes.insert("actor model")
        case .noncopyable:
            keyword = "struct"
            inheritance.append("~Copyable")
            shapes.insert("~Copyable model")
        case .enum:
            keyword = "enum"
            bodyLines.insert("case first, second", at: 0)
            shapes.insert("enum model")
        case .subclass, .genericSubclass:
            let base = self.name("Base", unit)
            let generic = kind == .genericSubclass
            let baseHeader = generic ? "class \(base)<Value>" : "class \(base)"
            var baseBody = superclassMembers
            if generic {
                baseBody.append("var stored: Value")
                baseBody.append("init(stored: Value) { self.stored = stored }")
                shapes.insert("generic superclass")
            } else {
                baseBody.append("init() {}")
                shapes.insert("superclass in the sources")
            }
            let baseAccess = access == "public " ? "open " : ""
            add("\(baseAccess)\(baseHeader) {\n" + baseBody.map { indent($0) }.joined(separator: "\n") + "\n}", to: chance(0.5) ? "Bases.swift" : file)
            keyword = "final class"
            inheritance.append(generic ? "\(base)<Int>" : base)
            if generic {
                bodyLines.append("\(access == "public " ? "public " : "")init() { super.init(stored: 1) }")
            } else {
                bodyLines.append("\(access == "public " ? "public " : "")override init() { super.init() }")
            }
        }
        let inherits = inheritance.isEmpty ? "" : ": " + inheritance.joined(separator: ", ")
        return decorate(attributes: attributes, annotation: annotation, afterAttributes: annotationAfterAttributes,
                        header: "\(access)\(keyword) \(name)\(inherits)", body: bodyLines)
    }

    private func decorate(attributes: [String], annotation: String?, afterAttributes: Bool, header: String, body: [String]) -> String {
        var lines: [String] = []
        if let annotation, !afterAttributes || attributes.isEmpty { lines.append(annotation) }
        lines += attributes
        if let annotation, afterAttributes, !attributes.isEmpty { lines.append(annotation) }
        // Attributes on their own line, or before the keyword on the same line.
        lines.append(header + " {")
        lines += body.map { indent($0) }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    // MARK: Provisions

    private mutating func provide(
        _ requirement: Requirement, of protocolName: String, kind: ModelKind, unit: Int, plainOnly: Bool, protocolIsPublic: Bool,
        modelIsPublic: Bool
    ) -> Provision {
        let reqName = requirement.name
        let plainReq = reqName.replacingOccurrences(of: "`", with: "")
        let other = "\(plainReq.replacingOccurrences(of: " ", with: ""))Source"
        let canMutate = kind == .struct || kind == .genericStruct || kind == .mainActorStruct || kind == .noncopyable
        let memberAccess = modelIsPublic && protocolIsPublic && chance(0.6) ? "public " : ""
        if modelIsPublic && protocolIsPublic && memberAccess.isEmpty { shapes.insert("public model with internal members") }
        let isActor = kind == .actor
        let binding = isActor ? "let" : "var"
        var provision = Provision()
        func map(_ member: String, defaultValue: String? = nil) -> (String, String) {
            let json = "\"\(plainReq)\": " + (defaultValue.map { "{ \"from\": \"\(member)\", \"default\": \(jsonString($0)) }" } ?? "\"\(member)\"")
            let annotationMember = member.contains(" ") || member == "Type" || member == "default" ? "`\(member)`" : member
            let label = reqName
            return (json, "\(label): \(annotationMember)" + (defaultValue.map { " ?? \($0)" } ?? ""))
        }

        if requirement.isMethod, let type = requirement.type {
            // A method without parameters: implemented, or read from a property or method.
            switch int(0...4) {
            case 0:
                provision.members.append("\(memberAccess)func \(reqName)() -> \(type.spelling) { \(type.value) }")
            case 3 where type.isPlainValue:
                // A closure property: the witness calls it.
                let closure = "@Sendable () -> \(type.spelling)"
                switch kind {
                case .enum: provision.members.append("\(memberAccess)static var \(other): \(closure) { { \(type.value) } }")
                case .actor: provision.members.append("\(memberAccess)let \(other): \(closure) = { \(type.value) }")
                default: provision.members.append("\(memberAccess)var \(other): \(closure) = { \(type.value) }")
                }
                shapes.insert(kind == .enum ? "static closure property for a method" : "closure property for a method")
                provision.mapping = map(other)
            case 3, 4:
                // Mapped to the model's own method of the same name.
                provision.members.append("\(memberAccess)func \(reqName)() -> \(type.spelling) { \(type.value) }")
                shapes.insert("method mapped to its own name")
                provision.mapping = map(plainReq)
            case 1 where kind == .enum:
                provision.members.append("\(memberAccess)var \(other): \(type.spelling) { \(type.value) }")
                provision.mapping = map(other)
            case 1:
                provision.members.append("\(memberAccess)\(binding) \(other): \(type.spelling) = \(type.value)")
                provision.mapping = map(other)
            default:
                provision.members.append("\(memberAccess)func \(other)() -> \(type.spelling) { \(type.value) }")
                provision.mapping = map(other)
            }
            if isActor { provision.members = provision.members.map { $0.hasPrefix("func") || $0.contains(" func ") ? "nonisolated " + $0 : $0 } }
            return provision
        }
        if requirement.isMethod {
            let isolation = isActor ? "nonisolated " : ""
            let mapped = chance(0.5)
            let member = mapped ? other : plainReq
            let declared = mapped ? other : reqName
            switch requirement.effects {
            case "async", "throws", "async throws":
                let defaultArgument = chance(0.3) ? " = \"here\"" : ""
                if !defaultArgument.isEmpty { shapes.insert("method with default argument") }
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(in place: String\(defaultArgument)) \(requirement.effects) -> String { place }")
            case "rethrows":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ body: (Int) throws -> Void) rethrows { try body(1) }")
            case "mutating":
                if canMutate {
                    provision.members.append("\(memberAccess)mutating func \(declared)() { }")
                } else {
                    provision.members.append("\(memberAccess)\(isolation)func \(declared)() { }")
                }
            case "inout":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ value: inout Int) { value += 1 }")
            case "variadic":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ values: Int...) -> Int { values.count }")
            case "generic":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)<C: Collection>(_ items: C) -> Int where C.Element == String { items.count }")
            case "autoclosure":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ fallback: @autoclosure () -> String) -> String { fallback() }")
            default:
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ value: Int) -> String { String(value) }")
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ value: String) -> String { value }")
            }
            if mapped { provision.mapping = map(member) }
            return provision
        }

        // A property requirement.
        guard let type = requirement.type else { return provision }
        let isOptionalType = type.spelling.hasSuffix("?")
        var strategies = ["byName", "mapped", "mappedInferred", "optionalWithDefault", "computed", "methodRead", "static", "extension",
                          "conditional", "typeDiffersPerBranch", "privateByName", "privateExtension", "effectful", "aliased"]
        if kind == .subclass || kind == .genericSubclass { strategies += ["inherited", "inherited"] }
        if type.spelling == "String" { strategies += ["describing", "describing"] }
        if !plainOnly && ["Int", "String", "Bool"].contains(type.spelling) && kind != .observable && kind != .enum { strategies.append("wrapper") }
        // Inference is where most rules live: every type's inferred shapes are drawn often.
        strategies += ["byNameInferred", "mappedInferred", "byNameInferred", "mappedInferred", "byNameInferred", "mappedInferred"]
        if kind == .observable { strategies += ["byNameInferred", "mappedInferred"] }
        if kind == .mainActorClass || kind == .mainActorStruct { strategies.append("nonisolated") }
        if [.struct, .finalClass, .genericStruct, .subclass, .observable].contains(kind) { strategies.append("mainActorMember") }
        if isActor { strategies.removeAll { ["conditional", "typeDiffersPerBranch", "privateExtension", "effectful"].contains($0) } }
        if kind == .enum { strategies.removeAll { ["byName", "mapped", "mappedInferred", "optionalWithDefault", "byNameInferred", "inherited", "describing"].contains($0) } }
        if type.inferred.isEmpty { strategies.removeAll { $0.contains("Inferred") } }
        // Static stored properties: not in generic types, and of Sendable types only.
        if kind == .genericStruct || !type.isPlainValue { strategies.removeAll { $0 == "static" } }
        // Observation's macro cannot expand a stored property with an escaped name.
        if kind == .observable && reqName.hasPrefix("`") {
            strategies.removeAll { ["byName", "byNameInferred", "privateByName", "effectful"].contains($0) }
        }
        // A `lazy var` (a mutating getter in a value type, refused there), a member through a
        // `DependencyValues` extension or a wrapper of the sources, a value read through `Self.x`.
        if kind != .observable && kind != .enum && kind != .actor && (!canMutate || mayBeRefused) { strategies.append("lazy") }
        if type.isPlainValue && kind != .enum && kind != .actor && kind != .observable { strategies.append("dependency") }
        // `Self` in a stored property's initializer: not in a class.
        if type.isPlainValue && [.struct, .mainActorStruct, .noncopyable].contains(kind) { strategies.append("selfStatic") }
        if type.spelling == "String" && kind != .enum && kind != .actor && kind != .observable { strategies.append("sourceWrapper") }
        if mayBeRefused {
            if kind != .enum { strategies.append("closureForProperty") }
            if kind == .genericStruct { strategies += Array(repeating: "boundExtension", count: 6) }
            if ![.actor, .enum, .globalActorClass].contains(kind) { strategies.append("globalActorMember") }
        }
        if type.spelling == "ImageName" { strategies = ["imageFromString", "imageFromString", "computed", "mapped"] }
        // A default in decouple.json is a literal: a string, number or Boolean.
        if isOptionalType || !["String", "Int", "Double", "Bool"].contains(type.spelling) { strategies.removeAll { $0 == "optionalWithDefault" } }
        if !requirement.effects.isEmpty { strategies += ["effectful", "effectful"] }
        if !mayBeRefused { strategies.removeAll { ["privateByName", "privateExtension", "typeDiffersPerBranch"].contains($0) } }
        let strategy = pick(strategies)
        shapes.insert("provision \(strategy)")
        let stored = isActor ? "let" : (kind == .enum ? "static let" : "var")
        switch strategy {
        case "byName":
            provision.members.append("\(memberAccess)\(stored) \(reqName): \(type.spelling) = \(type.value)")
        case "byNameInferred":
            let (expression, shape) = pick(type.inferred)
            shapes.insert(shape)
            provision.members.append("\(memberAccess)\(stored) \(reqName) = \(expression)")
        case "mapped":
            if type.spelling == "ImageName" {
                provision.members.append("\(memberAccess)var \(other): String { \"star\" }")
            } else {
                provision.members.append("\(memberAccess)\(stored) \(other): \(type.spelling) = \(type.value)")
            }
            provision.mapping = map(other)
        case "mappedInferred":
            let (expression, shape) = pick(type.inferred)
            shapes.insert(shape)
            provision.members.append("\(memberAccess)\(stored) \(other) = \(expression)")
            provision.mapping = map(other)
        case "optionalWithDefault":
            provision.members.append("\(memberAccess)\(stored) \(other): \(type.spelling)? = nil")
            provision.mapping = map(other, defaultValue: type.value)
        case "computed":
            if type.spelling == "ImageName" {
                provision.members.append("\(memberAccess)var \(other): String { \"star\" }")
            } else {
                provision.members.append("\(memberAccess)\(isActor ? "nonisolated " : "")var \(other): \(type.spelling) { \(type.value) }")
            }
            provision.mapping = map(other)
        case "methodRead":
            provision.members.append("\(memberAccess)\(isActor ? "nonisolated " : "")func \(other)() -> \(type.spelling) { \(type.value) }")
            provision.mapping = map(other)
        case "static":
            provision.members.append("\(memberAccess)static let \(other): \(type.spelling) = \(type.value)")
            shapes.insert("static member")
            provision.mapping = map(other)
        case "extension":
            let modifiers = pick(mayBeRefused ? ["", "", "public ", "fileprivate "] : ["", "", "public "])
            let effective = modifiers == "public " && !modelIsPublic ? "" : modifiers
            shapes.insert("extension \(effective.isEmpty ? "default" : effective)")
            provision.extensionMembers.append((effective, "\(isActor ? "nonisolated " : "")var \(other): \(type.spelling) { \(type.value) }", chance(0.5)))
            provision.mapping = map(other)
        case "privateExtension":
            provision.extensionMembers.append(("private ", "var \(other): \(type.spelling) { \(type.value) }", false))
            shapes.insert("private extension")
            provision.mapping = map(other)
        case "privateByName":
            let level = pick(["private ", "fileprivate "])
            provision.members.append("\(level)\(stored) \(reqName): \(type.spelling) = \(type.value)")
            shapes.insert("\(level)member matched by name")
        case "conditional":
            let condition = self.condition()
            let nested = chance(0.3)
            let declaration = "var \(other): \(type.spelling) { \(type.value) }"
            var text: String
            switch int(0...2) {
            case 0:
                text = "#if \(condition)\n\(declaration)\n#endif"
                text += "\n#if !(\(condition))\n\(declaration)\n#endif"
            case 1:
                text = "#if \(condition)\n\(declaration)\n#elseif \(self.condition())\n\(declaration)\n#else\n\(declaration)\n#endif"
                shapes.insert("#elseif")
            default:
                text = "#if \(condition)\n\(declaration)\n#else\n\(declaration)\n#endif"
            }
            if nested {
                text = "#if \(self.condition())\n\(text)\n#else\n\(declaration)\n#endif"
                shapes.insert("nested #if")
            }
            provision.members.append(text)
            provision.mapping = map(other)
        case "typeDiffersPerBranch":
            guard type.spelling == "String" || type.spelling == "Int" else {
                provision.members.append("\(memberAccess)\(stored) \(other): \(type.spelling) = \(type.value)")
                provision.mapping = map(other)
                return provision
            }
            let condition = self.condition()
            shapes.insert("member type differs per branch")
            // One branch has the requirement's type, the other a type the requirement can take
            // (a number for a String) or one it cannot.
            let otherType = type.spelling == "String" ? "Int" : "String"
            let otherValue = type.spelling == "String" ? "7" : "\"seven\""
            let first = "var \(other): \(type.spelling) { \(type.value) }"
            let second = "var \(other): \(otherType) { \(otherValue) }"
            provision.members.append(chance(0.5) ? "#if \(condition)\n\(first)\n#else\n\(second)\n#endif" : "#if \(condition)\n\(second)\n#else\n\(first)\n#endif")
            provision.mapping = map(other)
        case "describing":
            let (otherType, value) = pick([("Int", "3"), ("Double", "2.5"), ("Bool", "false"), ("[Int]", "[1, 2]")])
            provision.members.append("\(memberAccess)\(stored) \(other): \(otherType) = \(value)")
            shapes.insert("String from \(otherType)")
            provision.mapping = map(other)
        case "inherited":
            provision.superclassMembers.append("var \(chance(0.5) ? reqName : other): \(type.spelling) = \(type.value)")
            if provision.superclassMembers[0].contains(" \(other):") { provision.mapping = map(other) }
            shapes.insert("member inherited from a superclass")
        case "wrapper":
            let value = type.spelling == "Int" ? "0" : type.spelling == "Bool" ? "false" : "\"\""
            if chance(0.5) {
                provision.members.append("@State \(memberAccess)var \(other) = \(value)")
                shapes.insert("@State wrapper with literal")
            } else {
                provision.members.append("@Environment(\(type.spelling).self) \(memberAccess)var \(other)")
                shapes.insert("@Environment(T.self) wrapper")
            }
            provision.mapping = map(other)
        case "mainActorMember":
            provision.members.append("@MainActor \(memberAccess)var \(other): \(type.spelling) { \(type.value) }")
            shapes.insert("@MainActor member")
            provision.mapping = map(other)
        case "nonisolated":
            provision.members.append("\(memberAccess)nonisolated var \(other): \(type.spelling) { \(type.value) }")
            shapes.insert("nonisolated member")
            provision.mapping = map(other)
        case "effectful":
            let effect = requirement.effects.isEmpty ? pick(["async", "throws"]) : requirement.effects
            if requirement.effects.isEmpty {
                // A requirement without effects cannot be met by an effectful getter: it is
                // met by name instead.
                provision.members.append("\(memberAccess)\(stored) \(reqName): \(type.spelling) = \(type.value)")
            } else if chance(0.5) {
                provision.members.append("\(memberAccess)var \(other): \(type.spelling) { get \(effect) { \(type.value) } }")
                shapes.insert("effectful getter read")
                provision.mapping = map(other)
            } else {
                provision.members.append("\(memberAccess)var \(reqName): \(type.spelling) { get \(effect) { \(type.value) } }")
                shapes.insert("effectful getter by name")
            }
        case "aliased":
            // The member's type spelled through a type alias nested in the model.
            let alias = "\(other)Alias"
            provision.members.append("\(memberAccess)typealias \(alias) = \(type.spelling)")
            provision.members.append("\(memberAccess)\(stored) \(other): \(alias) = \(type.value)")
            shapes.insert("member type through a typealias")
            provision.mapping = map(other)
        case "lazy":
            provision.members.append("\(memberAccess)lazy var \(other): \(type.spelling) = \(type.value)")
            shapes.insert("lazy var member")
            provision.mapping = map(other)
        case "dependency":
            // The value's type is declared where the key is: an extension of DependencyValues
            // (a stand-in in the prelude, as a package's is to the app).
            let key = name("\(other.prefix(1).lowercased())\(other.dropFirst())Key", unit)
            add("extension DependencyValues {\n    nonisolated var \(key): \(type.spelling) { \(type.value) }\n}", to: "Dependencies.swift")
            provision.members.append("@Dependency(\\.\(key)) \(memberAccess)var \(other)")
            shapes.insert("@Dependency wrapper through DependencyValues")
            provision.mapping = map(other)
        case "sourceWrapper":
            let wrapper = name("Stamp", unit)
            // Public: a public member may be wrapped by it.
            let chunk = "@propertyWrapper public nonisolated struct \(wrapper): Sendable {\n    public var wrappedValue: String { \"s\" }\n    public init() {}\n}"
            addTypeOnce(chunk)
            provision.members.append("@\(wrapper) \(memberAccess)var \(other)")
            shapes.insert("wrapper declared in the sources")
            provision.mapping = map(other)
        case "selfStatic":
            provision.members.append("\(memberAccess)static let \(other)Seed: \(type.spelling) = \(type.value)")
            provision.members.append("\(memberAccess)\(stored) \(other) = Self.\(other)Seed")
            shapes.insert("inferred Self.x")
            provision.mapping = map(other)
        case "closureForProperty":
            provision.members.append("\(memberAccess)\(isActor ? "let" : "var") \(other): @Sendable () -> \(type.spelling) = { \(type.value) }")
            shapes.insert("closure property for a property")
            provision.mapping = map(other)
        case "boundExtension":
            provision.boundExtensionMembers.append("\(memberAccess)var \(other): \(type.spelling) { \(type.value) }")
            provision.mapping = map(other)
        case "globalActorMember":
            provision.members.append("@\(globalActor(unit)) \(memberAccess)var \(other): \(type.spelling) { \(type.value) }")
            shapes.insert("custom global actor member")
            provision.mapping = map(other)
        case "imageFromString":
            provision.members.append("\(memberAccess)\(stored) \(other): String = \"star\"")
            provision.mapping = map(other)
        default:
            break
        }
        return provision
    }

    private func jsonString(_ swiftExpression: String) -> String {
        // Defaults are Swift expressions: a JSON string holds the literal's text, a number or
        // Boolean is written as it is.
        if swiftExpression.hasPrefix("\"") { return swiftExpression }
        if Int(swiftExpression) != nil || Double(swiftExpression) != nil || swiftExpression == "true" || swiftExpression == "false" || swiftExpression == "nil" {
            return swiftExpression == "nil" ? "null" : swiftExpression
        }
        return "\"\(swiftExpression.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
    }
}
