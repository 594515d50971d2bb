import DecoupleGenerator
import Testing

/// What a property's initial value says about its type, and what it cannot say: failable and
/// generic initializers of the sources' types, failable ones of the platform's, functions named
/// like types, and lower-case type names.
@Suite struct InitializerInferenceTests {
    private static func members(_ text: String) -> [String: String] {
        let catalog = Generator.catalog(of: [SourceFile(path: "M.swift", text: text)])
        let model = catalog.types["Model"]
        return Dictionary(uniqueKeysWithValues: (model?.members ?? []).map { ($0.name, $0.type.map(\.description) ?? "unknown: \($0.inferenceFailure ?? "")") })
    }

    @Test func numbersFromNumbers_doNotFail_fromStringsTheyMay() {
        let types = Self.members("struct Model { var a = Double(40.0); var b = Int(2.5); var c = Int(\"5\"); var d = Int(x) }")
        #expect(types["a"] == "Double" && types["b"] == "Int", "\(types)")
        #expect(types["c"]?.hasPrefix("unknown: `Int(_:)` may fail") == true, "\(types)")
        #expect(types["d"]?.contains("only a type checker can tell") == true, "\(types)")
    }

    @Test func failableInitializersOfThePlatform_areKnown() {
        let types = Self.members("""
            struct Model {
                var defaults = UserDefaults(suiteName: "x")
                var text = String(data: data, encoding: .utf8)
                var image = UIImage(systemName: "star")
                var plain = Date()
            }
            """)
        for name in ["defaults", "text", "image"] {
            #expect(types[name]?.contains("may fail") == true, "\(name): \(types)")
        }
        #expect(types["plain"] == "Date")
    }

    @Test func aFunctionNamedLikeAType_isNotReadAsOne() {
        let types = Self.members(#"struct Model { var title = NSLocalizedString("k", comment: "") }"#)
        #expect(types["title"] == "String", "\(types)")
    }

    @Test func initializersOfTheSourcesTypes_failableGenericOrLowerCase() {
        let types = Self.members("""
            struct Token { init?(text: String) { return nil } }
            struct Box<T> { init(_ value: T) {} }
            struct iOSTabs {}
            struct Plain { init(x: Int) {} }
            struct Model { var token = Token(text: "x"); var box = Box(3); var tabs = iOSTabs(); var plain = Plain(x: 1) }
            """)
        #expect(types["token"]?.contains("failable initializer") == true, "\(types)")
        #expect(types["box"]?.contains("generic") == true, "\(types)")
        #expect(types["tabs"] == "iOSTabs", "\(types)")
        #expect(types["plain"] == "Plain", "\(types)")
    }

    /// A failable initializer counts only where the call's labels may reach it: Vapor's
    /// `Relation("x")` beside `init?(rawValue:)` is a `Relation`. An enum with raw values has an
    /// `init?(rawValue:)` it does not declare; a default, variadic or closure argument may reach
    /// other labels.
    @Test func failableInitializers_countWhereTheCallsLabelsMayReachThem() {
        let types = Self.members("""
            struct Relation: RawRepresentable {
                var rawValue: String
                init<S: StringProtocol>(_ rel: S) { rawValue = String(rel) }
                init?(rawValue: String) { self.rawValue = rawValue }
            }
            struct Flexible { init?(a: Int, b: Int = 0) { return nil }; init(a: Int, c: String) {} }
            struct Variadic { init?(_ values: Int...) { return nil }; init() {} }
            struct Closure { init?(f: () -> Void) { return nil }; init(g: () -> Void) {} }
            enum Kind: String { case a }
            enum Bare { case a; init(x: Int) { self = .a } }
            struct Extended {}
            extension Extended { init?(x: Int) { return nil } }
            struct Model {
                var relation = Relation("x")
                var raw = Relation(rawValue: "x")
                var kind = Kind(rawValue: "a")
                var flexible = Flexible(a: 1, c: "")
                var variadic = Variadic()
                var closure = Closure { }
                var bare = Bare(x: 1)
                var unwrapped = Kind(rawValue: "a")!
                var extended = Extended(x: 1)
                var implicit = Extended()
            }
            """)
        #expect(types["relation"] == "Relation", "\(types)")
        for name in ["raw", "kind", "flexible", "variadic", "closure", "extended"] {
            #expect(types[name]?.contains("has a failable initializer (`init?`) that") == true, "\(name): \(types)")
        }
        #expect(types["bare"] == "Bare" && types["unwrapped"] == "Kind" && types["implicit"] == "Extended", "\(types)")
    }

    /// A `private` type is seen only in its file: a namesake in another file, read first or
    /// last, never decides a type here (the compiler picks the file's own).
    @Test(arguments: [false, true])
    func privateNamesakes_inOtherFiles_neverDecideTheType(reversed: Bool) throws {
        let protocolFile = "protocol Tinted { var tint: String { get } }\n"
        let first = """
            private enum Style { static let accent = 7; struct Token { init?(_ s: String) {} } }
            // decouple: Tinted(tint: name)
            struct Badge { var name = "b"; private var count = Style.accent; private var token = Style.Token("x") }
            """
        let second = """
            private enum Style { static let accent = "red"; struct Token { init(_ s: String) {} } }
            // decouple: Tinted(tint: accent)
            struct Label { var accent = Style.accent; fileprivate var token = Style.Token("x") }
            """
        var files = ["Sources/App/P.swift": protocolFile, "Sources/App/A.swift": first, "Sources/App/B.swift": second]
        if reversed { (files["Sources/App/A.swift"], files["Sources/App/B.swift"]) = (second, first) }
        let result = try judged(files)
        #expect(result.compiles, "\(result)")
        let catalog = Generator.catalog(of: files.keys.sorted().map { SourceFile(path: $0, text: files[$0]!) })
        let label = try #require(catalog.types["Label"])
        #expect(label.members.first { $0.name == "accent" }?.type?.description == "String")
        #expect(label.members.first { $0.name == "token" }?.type?.description == "Style.Token")
    }

    /// `@Environment(T.self)` holds a `T` (SwiftUI's wrapper for an `@Observable` object); a
    /// wrapper whose value type is not written says so.
    @Test func environmentObjects_areOfTheirWrittenType_otherWrappersSaySo() {
        let types = Self.members("""
            struct Model {
                @Environment(Router.self) var router
                @Environment(App.Settings.self) private var settings
                @Environment(\\.openImmersiveSpace) var dismiss
            }
            """)
        #expect(types["router"] == "Router" && types["settings"] == "App.Settings", "\(types)")
        #expect(types["dismiss"]?.hasPrefix("unknown: its value is `EnvironmentValues.openImmersiveSpace`, which the sources do not declare") == true, "\(types)")
    }

    // MARK: A type only where the sources or the standard library say so

    /// A capitalised call of a function the sources declare is its result, not a type; so is a
    /// static method's, and a lower-case function's. A C function is not a type either.
    @Test func callsOfTheSourcesFunctions_areTheirResults() {
        let types = Self.members("""
            func MakeTimestamp() -> Double { 0 }
            func makeLabel() -> String { "" }
            func load() async -> String { "" }
            func pick<T>(_ value: T) -> T { value }
            enum Clock { static func Now() -> Double { 0 }; static func now() -> Double { 0 } }
            struct Model {
                var stamp = MakeTimestamp()
                var now = Clock.Now()
                var later = Clock.now()
                var label = makeLabel()
                var loop = CFRunLoopGetCurrent()
                var generic = pick(3)
                static func make() -> Int { 0 }
                static var made = make()
            }
            """)
        #expect(types["stamp"] == "Double" && types["now"] == "Double" && types["later"] == "Double", "\(types)")
        #expect(types["label"] == "String", "\(types)")
        #expect(types["made"] == "Int", "\(types)")
        #expect(types["loop"]?.contains("unknown: `CFRunLoopGetCurrent()` calls what looks like a C function") == true, "\(types)")
        #expect(types["generic"]?.contains("calls a generic function") == true, "\(types)")
        // The result type is read where the function is declared.
        let scoped = Self.members("""
            struct Config {}
            enum Factory { struct Config {}; static func make() -> Config { Config() }; static func same() -> Self { .init() } }
            struct Model { var config = Factory.make(); var factory = Factory.same() }
            """)
        #expect(scoped["config"] == "Factory.Config" && scoped["factory"] == "Factory", "\(scoped)")
    }

    /// The standard library's generic types called without type arguments: inferred where the
    /// arguments' literals show them, otherwise unknown.
    @Test func standardGenerics_withoutTypeArguments() {
        let types = Self.members("""
            struct Model {
                var a = Array(repeating: "x", count: 3)
                var b = Set([1, 2])
                var c = Optional(5)
                var d = Array(other)
                var e = Result { try load() }
            }
            """)
        #expect(types["a"] == "[String]" && types["b"] == "Set<Int>" && types["c"] == "Int?", "\(types)")
        #expect(types["d"]?.contains("'Array' is generic") == true, "\(types)")
        #expect(types["e"]?.contains("'Result' is generic") == true, "\(types)")
    }

    /// Reasons that were false: `allCases` is synthesised, `Self.x` is the type's own, and
    /// `T?.none` writes its type.
    @Test func synthesisedAndSelfMembers_areRead() {
        let types = Self.members("""
            enum Step: CaseIterable { case one, two }
            struct Model {
                static let noop = 0
                var steps = Step.allCases
                var none = Self.noop
                var step = Step?.none
            }
            """)
        #expect(types["steps"] == "[Step]" && types["none"] == "Int" && types["step"] == "Step?", "\(types)")
    }

    /// A wrapper's value type where the sources declare it: `@Dependency(\.apiClient)` in
    /// `extension DependencyValues`, `@Environment(\.theme)` in `extension EnvironmentValues`,
    /// and a wrapper's own `wrappedValue`.
    @Test func propertyWrappers_areReadThroughTheSources() {
        let types = Self.members(#"""
            struct ApiClient {}
            extension DependencyValues { var apiClient: ApiClient { get { self[ApiClient.self] } set {} } }
            extension EnvironmentValues { var theme: String { "" } }
            @propertyWrapper struct Clamped { var wrappedValue: Int }
            @propertyWrapper struct Boxed<Value> { var wrappedValue: Value }
            struct Model {
                @Dependency(\.apiClient) var apiClient
                @Environment(\.theme) var theme
                @Dependency(\.missing) var missing
                @Clamped var level
                @Boxed var boxed
            }
            """#)
        #expect(types["apiClient"] == "ApiClient" && types["theme"] == "String" && types["level"] == "Int", "\(types)")
        #expect(types["missing"]?.contains("`DependencyValues.missing`, which the sources do not declare") == true, "\(types)")
        #expect(types["boxed"]?.contains("'Boxed' is generic") == true, "\(types)")
    }

    /// A key path through several properties reads each in the type of the one before, types of
    /// the sources, and writes the last one's type as it means where it is declared; a wrapper of
    /// the sources with a key path initializer reads its root, not `<Wrapper>Values`.
    @Test func keyPathChains_areReadPropertyByProperty() {
        let types = Self.members(#"""
            struct Settings { var editor: Editor; struct Font {}; struct Editor { var font: Font; var size: Double; var lines: () -> Font } }
            extension DependencyValues { var client: Client { get { Client() } set {} } }
            struct Client { var fetch: () async throws -> Item; typealias Item = String }
            @propertyWrapper struct AppSettings<T> {
                init(_ keyPath: WritableKeyPath<Settings, T>) {}
                var wrappedValue: T { fatalError() }
            }
            @propertyWrapper struct MaybeSetting<T> {
                init(_ keyPath: KeyPath<Settings, T>) {}
                var wrappedValue: T? { nil }
            }
            struct Model {
                @Dependency(\.client.fetch) var fetch
                @AppSettings(\.editor.font) var font
                @AppSettings(\.editor.size) var size
                @AppSettings(\.editor) var editor
                @MaybeSetting(\.editor.font) var maybeFont
                @Dependency(\.clock.now) var now
                @Dependency(\.client.fetch.missing) var missing
                @AppSettings(\.editor?.font) var chained
            }
            """#)
        #expect(types["fetch"] == "() async throws -> String", "\(types)")
        #expect(types["font"] == "Settings.Font" && types["size"] == "Double" && types["editor"] == "Settings.Editor", "\(types)")
        #expect(types["maybeFont"] == "Settings.Font?", "\(types)")
        #expect(types["now"]?.contains("its value is read through `DependencyValues.clock`, which the sources do not declare") == true, "\(types)")
        #expect(types["missing"]?.contains("reads 'missing' in '() async throws -> String', which is not a type the sources declare") == true, "\(types)")
        #expect(types["chained"]?.hasPrefix("unknown:") == true, "\(types)")
    }

    /// The SDK's `EnvironmentValues` keys apps read most, and static members of SDK types of
    /// their own type, have their types; a type of the sources of the same name hides them; a
    /// static member a sources' extension of an SDK type declares is read there.
    @Test func sdkMembersAppsReadMost_haveTheirTypes_unlessTheSourcesNameTheType() {
        let types = Self.members(#"""
            extension CGFloat { static let spacing: CGFloat = 8 }
            struct Model {
                @Environment(\.colorScheme) var scheme
                @Environment(\.dismiss) var dismiss
                @Environment(\.horizontalSizeClass) var sizeClass
                @Environment(\.presentationMode) var presentation
                @Environment(\.unknownKey) var unknown
                var frame = CGRect.zero
                var files = FileManager.default
                var now = Date.now
                var gap = CGFloat.spacing
                var font = Font.system
                var tint = Color.mint
            }
            """#)
        #expect(types["scheme"] == "ColorScheme" && types["dismiss"] == "DismissAction" && types["sizeClass"] == "UserInterfaceSizeClass?", "\(types)")
        #expect(types["presentation"] == "Binding<PresentationMode>" && types["unknown"]?.hasPrefix("unknown:") == true, "\(types)")
        #expect(types["frame"] == "CGRect" && types["files"] == "FileManager" && types["now"] == "Date", "\(types)")
        #expect(types["gap"] == "CGFloat" && types["tint"] == "Color" && types["font"]?.hasPrefix("unknown:") == true, "\(types)")

        let hidden = Self.members(#"""
            struct Model {
                enum ColorScheme { case light }
                @Environment(\.colorScheme) var scheme
                var frame = CGRect.zero
            }
            struct CGRect { static let zero = 0 }
            """#)
        #expect(hidden["scheme"]?.hasPrefix("unknown:") == true && hidden["frame"] == "Int", "\(hidden)")
    }
}
