import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import Testing

/// Shapes that real apps and a wider random-program grammar showed, where the generator exited 0
/// with output that did not compile: each now compiles in every language mode, or is refused
/// with its rule at its place. The compiler is the judge.
@Suite struct AppsAsWrittenTests {
    private static let configuration = ConfigurationBuilder(protocolName: "Row")

    // MARK: Class hierarchies

    private static let animals = """
        protocol Row { var caption: String { get } }
        class Animal {
            let name: String
            init(name: String) { self.name = name }
        }
        class Bird: Animal {
            var nickname: String { "bird" }
        }
        """

    /// A class and its subclass adapted alike: the subclass inherits the conformance, and
    /// nothing is written for it.
    @Test(arguments: [OutputStyle.conformance, .proxy])
    func aClassAndItsSubclassAdaptedAlike_compile(style: OutputStyle) throws {
        let result = try judged(
            ["Sources/App/Animals.swift": Self.animals],
            config: Self.configuration.json(style, adapters: [("Animal", #"{"caption": "name"}"#), ("Bird", #"{"caption": "name"}"#)]))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Bird") == false, "\(result)")
    }

    /// Adapted otherwise, the subclass would need a second conformance, or an override in an
    /// extension: refused at its mapping.
    @Test(arguments: [OutputStyle.conformance, .proxy])
    func aSubclassAdaptedOtherwiseThanItsSuperclass_isRefused(style: OutputStyle) throws {
        let result = try judged(
            ["Sources/App/Animals.swift": Self.animals],
            config: Self.configuration.json(style, adapters: [("Animal", #"{"caption": "name"}"#), ("Bird", #"{"caption": "nickname"}"#)]))
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("inherits its conformance to 'Row' from its superclass 'Animal'"), "\(refusal)")
        #expect(refusal.contains("[#InheritedConformance]"), "\(refusal)")
        // In the factory style each model has an adapter type of its own.
        #expect(try judged(
            ["Sources/App/Animals.swift": Self.animals],
            config: Self.configuration.json(.factory, adapters: [("Animal", #"{"caption": "name"}"#), ("Bird", #"{"caption": "nickname"}"#)])).compiles)
    }

    /// A superclass that declares the conformance itself: its subclass, adapted by name, conforms
    /// already; mapped otherwise, it is refused (the subclass has the superclass's member).
    @Test func aSubclassOfADeclaredConformance_inheritsIt() throws {
        let source = Self.animals.replacingOccurrences(of: "class Animal {", with: "class Animal: Row {\n    var caption: String { name }")
            + "\nstruct Other { var name: String }\n"
        let config = Self.configuration.json(.conformance, adapters: [("Bird", "{}"), ("Other", #"{"caption": "name"}"#)])
        let result = try judged(["Sources/App/Animals.swift": source], config: config)
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Bird") == false, "\(result)")
        let remapped = try judged(
            ["Sources/App/Animals.swift": source], config: Self.configuration.json(.conformance, model: "Bird", map: #"{"caption": "nickname"}"#))
        #expect(remapped.refusal?.contains("'Bird' already has a member 'caption' (at Sources/App/Animals.swift:3:9)") == true, "\(remapped)")
    }

    /// A subclass that declares a member the superclass's generated extension declares would
    /// override a member of an extension: refused at the subclass's member.
    @Test func aSubclassMemberNamedLikeAGeneratedWitness_isRefused() throws {
        let source = Self.animals.replacingOccurrences(of: #"var nickname: String { "bird" }"#, with: #"var caption: String { "bird" }"#)
        let result = try judged(["Sources/App/Animals.swift": source], config: Self.configuration.json(.conformance, model: "Animal", map: #"{"caption": "name"}"#))
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("Animals.swift:7:9: error: 'Bird.caption', which overrides the 'caption'"), "\(refusal)")
        #expect(refusal.contains("[#InheritedConformance]"), "\(refusal)")
    }

    // MARK: Requirements

    /// An `@autoclosure` parameter is a closure inside the witness: passed on, it is called.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func anAutoclosureParameter_isCalledWhenPassedOn(style: OutputStyle) throws {
        let source = """
            protocol Row { func label(_ fallback: @autoclosure () -> String) -> String }
            struct Point { func makeLabel(_ fallback: @autoclosure () -> String) -> String { fallback() } }
            """
        let result = try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: #"{"label": "makeLabel"}"#))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("makeLabel(p0())") == true, "\(result)")
    }

    /// A method requirement mapped to the model's own method of its name is met by that method.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aMethodMappedToItsOwnName_isTheModelsMethod(style: OutputStyle) throws {
        let source = """
            protocol Row { func label() -> String; func price(in currency: String) -> String }
            struct Point {
                func label() -> String { "p" }
                func price(in currency: String) -> String { currency }
            }
            """
        let result = try judged(
            ["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: #"{"label": "label", "price": "price"}"#))
        #expect(result.compiles, "\(result)")
    }

    /// A typed `throws(E)` getter requirement keeps its type in the witness; a getter that throws
    /// any error cannot meet it.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aTypedThrowingGetter_keepsItsErrorType(style: OutputStyle) throws {
        let source = """
            enum LoadError: Error { case failed }
            protocol Row { var caption: String { get throws(LoadError) } }
            struct Point {
                var text: String { get throws(LoadError) { "p" } }
                var anyText: String { get throws { "p" } }
            }
            """
        let result = try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: #"{"caption": "text"}"#))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("get throws(LoadError)") == true, "\(result)")
        let untyped = try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: #"{"caption": "anyText"}"#))
        let refusal = try #require(untyped.refusal, "\(untyped)")
        #expect(refusal.contains("'Row.caption' is `throws(LoadError)`, which does not cover `throws`") && refusal.contains("[#EffectfulMember]"), "\(refusal)")
    }

    /// A closure property is called where a method requirement reads it or a mapping names it,
    /// and refused where it would be described as a value ("(Function)") or cannot be called.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aClosureProperty_isCalledOrRefused(style: OutputStyle) throws {
        let source = """
            protocol Row { func gitSha() -> String; var caption: String { get } }
            struct Build {
                let sha: () -> String
                let count: @Sendable () -> Int
                let format: (Int) -> String
                let maybe: (() -> String)?
            }
            """
        let result = try judged(["Sources/App/Build.swift": source], config: Self.configuration.json(style, model: "Build", map: #"{"gitSha": "sha", "caption": "count"}"#))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains(".sha()") == true && result.code?.contains("Swift.String(describing: self.") == true && result.code?.contains(".count())") == true, "\(result)")
        for (member, reason) in [("format", "takes parameters"), ("maybe", "is optional")] {
            let refused = try judged(["Sources/App/Build.swift": source], config: Self.configuration.json(style, model: "Build", map: #"{"gitSha": "sha", "caption": "\#(member)"}"#))
            let refusal = try #require(refused.refusal, "\(member): \(refused)")
            #expect(refusal.contains("'\(member)' is a closure") && refusal.contains(reason) && refusal.contains("[#ClosureMember]"), "\(refusal)")
        }
        let byName = try judged(
            ["Sources/App/Build.swift": "protocol Row { var caption: String { get } }\nstruct Build { let caption: () -> String }"],
            config: Self.configuration.json(style, model: "Build", map: "{}"))
        #expect(byName.refusal?.contains("\"(Function)\"") == true && byName.refusal?.contains("[#ClosureMember]") == true, "\(byName)")
    }

    // MARK: Configuration

    /// A requirement no member feeds can be a constant of its type: `{"default": value}` without
    /// `"from"`, or `null` for an optional. A constant not of the type is refused at it.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aConstantInTheConfiguration_isTheRequirementsValue(style: OutputStyle) throws {
        let source = """
            protocol Row { var caption: String { get }; var badge: String? { get }; var count: Int { get }; func label() -> String }
            struct Point { let name: String }
            """
        let map = #"{"caption": "name", "badge": null, "count": {"default": 3}, "label": {"default": "x"}}"#
        let result = try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: map))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("Swift.String? {\n        nil\n    }") == true, "\(result)")
        let wrong = try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: #"{"caption": "name", "badge": null, "count": null, "label": "name"}"#))
        let refusal = try #require(wrong.refusal, "\(wrong)")
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("the constant nil for 'Row.count' is nil, but Int is not optional [#InvalidDefault]"), "\(refusal)")
    }

    /// A property whose type is not written is refused with the requirement that reads it and
    /// the declaration with its type written as it must be: after a wrapper's attribute, with no
    /// initial value.
    @Test func anUnknownType_isRefusedWithADeclarationThatCompiles() throws {
        let source = """
            protocol Row { var caption: String { get } }
            struct Feature {
                @Dependency(\\.apiClient) var apiClient
                let computed = makeValue()
            }
            """
        for (member, fix) in [("apiClient", #"`@Dependency(\.apiClient) var apiClient: Type`"#), ("computed", "`let computed: Type = …`")] {
            let result = try judged(["Sources/App/Feature.swift": source], config: Self.configuration.json(.conformance, model: "Feature", map: #"{"caption": "\#(member)"}"#))
            let refusal = try #require(result.refusal, "\(result)")
            #expect(refusal.contains("the type of '\(member)', which 'Row.caption' reads, cannot be read from the source") && refusal.contains("write it out (\(fix))"), "\(refusal)")
        }
    }

    // MARK: Other modules

    /// `"defaultIsolation": "MainActor"` is the target's: a model of another module, a library
    /// built with the default `nonisolated`, is not `@MainActor`, so the factory adapts it, and
    /// the output compiles in the app built with MainActor by default.
    @Test func theDefaultIsolation_isTheTargetsOwn() throws {
        let models = """
            public struct Card: Sendable {
                public let name: String
                public let detail: String
                public init(name: String, detail: String) { self.name = name; self.detail = detail }
            }
            """
        let config = #"{"module": "App", "defaultIsolation": "MainActor", "style": "factory", "adapters": [{"model": "Card", "protocol": "TitledContent", "module": "Models", "map": {"title": "name", "subtitle": "detail"}}]}"#
        let result = Generator.generate(
            sources: [SourceFile(path: "Sources/Models/Card.swift", text: models)], configuration: try Configuration.parse(config, path: "decouple.json"))
        let code = try #require(result.code, "\(result.diagnostics)")
        #expect(code.contains("import Models") && code.contains("nonisolated private struct"), "\(code)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("other-module-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try emitModule([("Card.swift", models)], module: "Models", in: folder)
        #expect(library.status == 0, "\(library.stderr)")
        let app = """
            import Decouple
            import Models
            func contents() throws -> [any TitledContent] {
                let factory = ContentFactory<any TitledContent>()
                try factory.registerGeneratedAdapters()
                return [try factory.adapt(Card(name: "n", detail: "d"))]
            }
            """
        let run = try typecheck(
            files: [("App.swift", app), ("Generated.swift", code)], module: "App",
            options: ["-parse-as-library", "-I", folder.path, "-swift-version", "6", "-default-isolation", "MainActor"], in: folder.appendingPathComponent("App"))
        #expect(run.status == 0, "\(run.stderr)")
    }

    // MARK: Models

    /// A struct's `lazy var` and a `mutating get` mutate the model when read: refused for a
    /// getter requirement. A class's `lazy var` does not.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func aMutatingGetter_isRefused(style: OutputStyle) throws {
        for member in [#"lazy var text: String = "p""#, #"var text: String { mutating get { "p" } }"#] {
            let result = try judged(
                ["Sources/App/Point.swift": "protocol Row { var caption: String { get } }\nstruct Point { \(member) }"],
                config: Self.configuration.json(style, model: "Point", map: #"{"caption": "text"}"#))
            let refusal = try #require(result.refusal, "\(member): \(result)")
            #expect(refusal.contains("'text' has a mutating getter") && refusal.contains("[#MutatingMember]"), "\(refusal)")
        }
        let aClass = try judged(
            ["Sources/App/Point.swift": "protocol Row { var caption: String { get } }\nfinal class Point { lazy var text: String = \"p\" }"],
            config: Self.configuration.json(style, model: "Point", map: #"{"caption": "text"}"#))
        #expect(aClass.compiles, "\(aClass)")
    }

    /// A `~Copyable` model is copied by every adapter: refused.
    @Test(arguments: OutputStyle.allCases)
    func aNoncopyableModel_isRefused(style: OutputStyle) throws {
        let source = "protocol Row { var caption: String { get } }\nstruct Token: ~Copyable { let text: String }"
        let result = try judged(["Sources/App/Token.swift": source], config: Self.configuration.json(style, model: "Token", map: #"{"caption": "text"}"#))
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("'Token' is declared `~Copyable`") && refusal.contains("[#NoncopyableModel]"), "\(refusal)")
    }

    /// Only a class conforms to a class-bound protocol (directly or through one it refines): a
    /// struct is refused where it would conform, and the factory's adapter is a class.
    @Test func aClassBoundProtocol_takesAClass() throws {
        for protocols in ["protocol Row: AnyObject { var caption: String { get } }", "protocol Named: AnyObject {}\nprotocol Row: Named { var caption: String { get } }"] {
            let source = protocols + "\nstruct Point { let text: String }\nfinal class Pin { let text = \"p\" }"
            for style in [OutputStyle.conformance, .proxy] {
                let result = try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Point", map: #"{"caption": "text"}"#))
                let refusal = try #require(result.refusal, "\(style): \(result)")
                #expect(refusal.contains("'Row' is class-bound") && refusal.contains("[#ClassBoundProtocol]"), "\(refusal)")
                #expect(try judged(["Sources/App/Point.swift": source], config: Self.configuration.json(style, model: "Pin", map: #"{"caption": "text"}"#)).compiles)
            }
            let factory = try judged(
                ["Sources/App/Point.swift": source],
                config: Self.configuration.json(.factory, adapters: [("Point", #"{"caption": "text"}"#), ("Pin", #"{"caption": "text"}"#)]))
            #expect(factory.compiles, "\(factory)")
            #expect(factory.code?.contains("private final class PointRowAdapter: Row {") == true, "\(factory)")
        }
    }

    /// An actor's `let` of a type not known to be `Sendable` is isolated: it cannot back a
    /// synchronous requirement. One of a `Sendable` type can.
    @Test(arguments: [OutputStyle.conformance, .factory])
    func anActorsLetOfANonSendableType_isRefused(style: OutputStyle) throws {
        let source = """
            protocol Row { var caption: String { get } }
            final class Box { var value = 0 }
            struct Label: Sendable { var text: String }
            actor Store {
                let box = Box()
                let label: Label
                let names: [String]
                init() { label = Label(text: "l"); names = [] }
            }
            """
        let result = try judged(["Sources/App/Store.swift": source], config: Self.configuration.json(style, model: "Store", map: #"{"caption": "box"}"#))
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("'box' is a `let` of actor 'Store' whose type 'Box' is not known to be Sendable") && refusal.contains("[#ActorIsolatedMember]"), "\(refusal)")
        for member in ["label", "names"] {
            let sendable = try judged(["Sources/App/Store.swift": source], config: Self.configuration.json(style, model: "Store", map: #"{"caption": "\#(member)"}"#))
            #expect(sendable.compiles, "\(member): \(sendable)")
        }
    }
}
