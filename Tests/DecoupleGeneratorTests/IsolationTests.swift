import DecoupleGenerator
import Testing

/// A `@MainActor` model's members can be read on the main actor only: its conformance is
/// isolated (`extension M: @MainActor P`), which compiles in Swift 5 and 6, or the style that
/// cannot be isolated is refused with a located error.
@Suite struct IsolationTests {
    private static let source = """
        protocol Titled { var caption: String { get } }
        @MainActor final class Card {
            var name = "n"
            init() {}
        }
        """

    private static let configuration = ConfigurationBuilder(protocolName: "Titled", model: "Card", map: #"{"caption": "name"}"#)

    @Test func aMainActorModel_getsAnIsolatedConformance() throws {
        let result = try judged(["Sources/App/Card.swift": Self.source], config: Self.configuration.json(.conformance))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Card: @Swift.MainActor Titled") == true, "\(result)")
    }

    @Test func aMainActorModel_inTheFactoryAndProxyStyles_compilesOrIsRefusedWhereAsked() throws {
        for style in [OutputStyle.factory, .proxy] {
            let result = try judged(["Sources/App/Card.swift": Self.source], config: Self.configuration.json(style))
            if let refusal = result.refusal {
                #expect(refusal.contains("decouple.json:1:") && refusal.contains("@MainActor"), "\(style): \(refusal)")
            } else {
                #expect(result.compiles, "\(style): \(result)")
            }
        }
    }

    /// An actor's `nonisolated` members back synchronous requirements, by name or mapped; its
    /// isolated ones are refused with advice that fits what they are (a method is not told to
    /// become a `let`).
    @Test func anActorsNonisolatedMembers_backRequirements_itsIsolatedOnesAreRefusedByKind() throws {
        let protocols = "protocol Labelled { var label: String { get }; func summary() -> String; func detail(_ n: Int) -> String }\n"
        let open = """
            actor Counter {
                let name = "c"
                nonisolated var title: String { name.uppercased() }
                nonisolated func summary() -> String { name }
                nonisolated func describe(_ n: Int) -> String { name + String(n) }
            }
            """
        let mapped = #"{"adapters": [{"model": "Counter", "protocol": "Labelled", "map": {"label": "title", "detail": "describe"}}]}"#
        let result = try judged(["Sources/App/Counter.swift": protocols + open], config: mapped)
        #expect(result.compiles, "\(result)")
        let isolated = open.replacingOccurrences(of: "nonisolated ", with: "")
        let refusal = try #require(try judged(["Sources/App/Counter.swift": protocols + isolated], config: mapped).refusal)
        #expect(refusal.contains("'title' is a `var` isolated to actor 'Counter'") && refusal.contains("mark it `nonisolated`"), "\(refusal)")
        for method in ["summary", "describe"] {
            #expect(refusal.contains("'\(method)' is a method isolated to actor 'Counter'"), "\(refusal)")
        }
        #expect(refusal.contains("make the requirement `async`") && !refusal.contains("method isolated to actor 'Counter', so it cannot back the synchronous requirement 'Labelled.summary'; declare"), "\(refusal)")
    }

    /// Found by the compiler oracle: a model that is not `@MainActor` with a member that is.
    /// Reading it needs an isolated conformance, with witnesses on the main actor; the factory
    /// style cannot read it, and says so at the member.
    @Test(arguments: OutputStyle.allCases)
    func aMainActorMember_ofAModelThatIsNot_isReadOnTheMainActor_orRefusedAtTheMember(style: OutputStyle) throws {
        let source = """
            protocol Titled { var caption: String { get } }
            final class Note {
                @MainActor var heading: String { "h" }
            }
            """
        let config = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Note", "protocol": "Titled", "map": {"caption": "heading"}}]}"#
        let result = try judged(["Sources/App/Note.swift": source], config: config)
        if style == .factory {
            let refusal = try #require(result.refusal, "\(result)")
            #expect(refusal.hasPrefix("Sources/App/Note.swift:3:") && refusal.contains("'heading' is @MainActor"), "\(refusal)")
        } else {
            #expect(result.compiles, "\(result)")
            #expect(result.code?.contains("extension Note: @Swift.MainActor Titled") == true, "\(result)")
        }
    }

    /// Found by the compiler oracle: an isolated conformance cannot be to a protocol that refines
    /// `Sendable`; an actor cannot conform to a `@MainActor` protocol.
    @Test func isolatedConformancesSwiftCannotForm_areRefused() throws {
        let sendable = """
            protocol Titled: Sendable { var caption: String { get } }
            @MainActor final class Note: Sendable { var name = "n" }
            """
        for style in [OutputStyle.conformance, .proxy] {
            let config = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Note", "protocol": "Titled", "map": {"caption": "name"}}]}"#
            let refusal = try #require(try judged(["Sources/App/Note.swift": sendable], config: config).refusal)
            #expect(refusal.contains("refines Sendable, which an isolated conformance cannot satisfy"), "\(style): \(refusal)")
        }
        let actor = """
            @MainActor protocol Titled { var caption: String { get } }
            actor Worker { let name = "w" }
            """
        // The proxy style conforms the model too (found by the oracle); the factory's adapter is
        // not the actor.
        for style in [OutputStyle.conformance, .proxy] {
            let config = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Worker", "protocol": "Titled", "map": {"caption": "name"}}]}"#
            let refusal = try #require(try judged(["Sources/App/Worker.swift": actor], config: config).refusal, "\(style)")
            #expect(refusal.contains("actor 'Worker' cannot conform to 'Titled', which is @MainActor"), "\(style): \(refusal)")
        }
    }

    /// Found by the compiler oracle: the factory's adapter of a protocol that refines `Sendable`
    /// stores the model, which must be `Sendable`; a public struct is not without saying so.
    @Test func aFactoryAdapterOfASendableProtocol_needsASendableModel() throws {
        let source = """
            public protocol Labelled: Sendable { var label: String { get } }
            public struct Tag { public var name: String = "t" }
            """
        let config = #"{"style": "factory", "adapters": [{"model": "Tag", "protocol": "Labelled", "map": {"label": "name"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Tag.swift": source], config: config).refusal)
        #expect(refusal.contains("declare 'Tag: Sendable'"), "\(refusal)")
        let declared = try judged(["Sources/App/Tag.swift": source.replacingOccurrences(of: "public struct Tag {", with: "public struct Tag: Sendable {")], config: config)
        #expect(declared.compiles, "\(declared)")
        let internalStruct = try judged(["Sources/App/Tag.swift": source.replacingOccurrences(of: "public struct Tag", with: "struct Tag")], config: config)
        #expect(internalStruct.compiles, "\(internalStruct)")
    }

    /// An adapter to a `@MainActor` protocol (or one refining it) is isolated to the main actor,
    /// and the factory makes it off the main actor, passing it the model: a `Sendable` model
    /// crosses (a `@MainActor` class, an internal struct), one that is not is refused. Found by
    /// the compiler oracle, which saw the adapter's initializer isolated for a plain class.
    @Test func aMainActorProtocol_inTheFactoryStyle_takesSendableModels_andRefusesOthers() throws {
        let source = """
            @MainActor protocol Base { func refresh() }
            protocol Titled: Base { var caption: String { get } }
            final class Note { var name = "n"; func refresh() {} }
            """
        let config = #"{"style": "factory", "adapters": [{"model": "Note", "protocol": "Titled", "map": {"caption": "name"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Note.swift": source], config: config).refusal)
        #expect(refusal.contains("'Titled' is @MainActor, so the factory style's adapter is isolated to the main actor, is made off it, and stores 'Note', which does not declare Sendable"), "\(refusal)")
        let conformance = try judged(["Sources/App/Note.swift": source], config: config.replacingOccurrences(of: "factory", with: "conformance"))
        #expect(conformance.compiles, "\(conformance)")
        for sendable in ["@MainActor final class Note", "struct Note", "final class Note: Sendable"] {
            let text = source.replacingOccurrences(of: "final class Note", with: sendable)
                .replacingOccurrences(of: "var name", with: sendable.hasSuffix("Sendable") ? "let name" : "var name")
            let factory = try judged(["Sources/App/Note.swift": text], config: config)
            #expect(factory.compiles, "\(sendable): \(factory)")
        }
    }

    /// An adapter isolated by its `@MainActor` protocol would conform on the main actor to the
    /// protocols it refines, which a nonisolated one cannot accept ("crosses into main
    /// actor-isolated code"). Found by the compiler oracle.
    @Test func aMainActorProtocolRefiningANonisolatedOne_isRefusedInTheFactoryStyle_andConformedElsewhere() throws {
        let source = """
            protocol Parent { var caption: String { get } }
            @MainActor protocol Child: Parent { var summary: String { get } }
            struct Entry { var caption = "c"; var text = "t" }
            """
        let config = #"{"style": "factory", "adapters": [{"model": "Entry", "protocol": "Child", "map": {"summary": "text"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Entry.swift": source], config: config).refusal)
        #expect(refusal.contains("'Child' is @MainActor and refines a protocol that is not"), "\(refusal)")
        let conformance = try judged(["Sources/App/Entry.swift": source], config: config.replacingOccurrences(of: "factory", with: "conformance"))
        #expect(conformance.compiles, "\(conformance)")
        #expect(conformance.code?.contains("extension Entry: Child") == true, "\(conformance)")
    }

    /// A conformance to a protocol that is `@MainActor`, as are all it refines, needs no mark,
    /// and may not have one when the protocol refines `Sendable` (Swift cannot form an isolated
    /// conformance to it).
    @Test func aConformanceToAMainActorSendableProtocol_isNotMarked() throws {
        let source = """
            @MainActor protocol Badge: Sendable { var label: String { get } }
            @MainActor final class Seal { var name = "s" }
            """
        let config = #"{"adapters": [{"model": "Seal", "protocol": "Badge", "map": {"label": "name"}}]}"#
        let result = try judged(["Sources/App/Seal.swift": source], config: config)
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Seal: Badge") == true, "\(result)")
    }

    /// Members of a `@MainActor extension` are isolated to the main actor, though the model is
    /// not: the conformance that reads them is isolated too.
    @Test func membersOfAMainActorExtension_areReadOnTheMainActor() throws {
        let source = """
            protocol Titled { var caption: String { get } }
            final class Folder { var name = "f" }
            @MainActor extension Folder { var heading: String { name } }
            """
        let config = #"{"adapters": [{"model": "Folder", "protocol": "Titled", "map": {"caption": "heading"}}]}"#
        let result = try judged(["Sources/App/Folder.swift": source], config: config)
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Folder: @Swift.MainActor Titled") == true, "\(result)")
    }
}

/// `"defaultIsolation": "MainActor"`: the module is built with `-default-isolation MainActor`
/// (new app targets are), so every type, protocol and extension that says nothing is
/// `@MainActor`, and the generator writes for that module.
@Suite struct DefaultIsolationTests {
    private static let mainActorByDefault = [languageModes[2]]

    private static let configuration = ConfigurationBuilder(protocolName: "TitledContent", model: "Story", map: #"{"subtitle": "count"}"#, mainActorByDefault: true)

    /// A struct that says nothing is `@MainActor` there, and the library's `TitledContent` is
    /// not: the factory's `nonisolated` adapter reads the struct's stored `Sendable` properties,
    /// which need no isolation (SE-0434), and refuses a computed one, naming the default; declared
    /// `nonisolated`, the struct is adapted alike. Without the key the output does not compile in
    /// that module, which is why the key exists.
    @Test func theFactory_readsAStructIsolatedByDefault_throughItsStoredProperties() throws {
        let source = """
            import Decouple
            struct Story { var title = "t"; var count = 2 }
            """
        let files = ["Sources/App/Story.swift": source]
        let stored = try judged(files, config: Self.configuration.json(.factory), modes: Self.mainActorByDefault)
        #expect(stored.compiles, "\(stored)")
        #expect(stored.code?.contains("nonisolated private struct StoryTitledContentAdapter") == true, "\(stored)")
        let computed = ["Sources/App/Story.swift": source.replacingOccurrences(of: "var count = 2", with: "var count: Int { 2 }")]
        let refusal = try #require(try judged(computed, config: Self.configuration.json(.factory), modes: Self.mainActorByDefault).refusal)
        #expect(refusal.contains("Story.swift:2:") && refusal.contains("'count' is @MainActor (the module's default isolation is MainActor"), "\(refusal)")
        let unaware = try judged(files, config: ConfigurationBuilder(protocolName: "TitledContent", model: "Story", map: #"{"subtitle": "count"}"#).json(.factory), modes: Self.mainActorByDefault)
        #expect(unaware.code != nil && !unaware.compiles, "\(unaware)")

        let nonisolated = ["Sources/App/Story.swift": source.replacingOccurrences(of: "struct Story", with: "nonisolated struct Story")]
        let adapted = try judged(nonisolated, config: Self.configuration.json(.factory), modes: Self.mainActorByDefault)
        #expect(adapted.compiles, "\(adapted)")
        #expect(adapted.code?.contains("nonisolated private struct StoryTitledContentAdapter") == true, "\(adapted)")
    }

    /// The module's own protocols are `@MainActor` there too: a factory of one adapts the
    /// module's models, and the conformance style conforms them, each compiling as the module
    /// is built. Members an extension adds are isolated by default as well.
    @Test func theModulesOwnProtocol_isAdaptedInEveryStyle() throws {
        let source = """
            protocol Row { var detail: String { get } }
            final class Order { var count = 3 }
            nonisolated struct Line { var number = 1 }
            extension Line { var count: Int { number } }
            """
        for style in OutputStyle.allCases {
            for model in ["Order", "Line"] {
                let result = try judged(["Sources/App/Order.swift": source], config: ConfigurationBuilder(protocolName: "Row", mainActorByDefault: true).json(style, model: model, map: #"{"detail": "count"}"#), modes: Self.mainActorByDefault)
                // In the factory style, `Order`, a class isolated by default, is Sendable, so the
                // adapter may store it.
                #expect(result.compiles, "\(style) \(model): \(result)")
            }
        }
    }

    @Test func anUnknownDefaultIsolation_isALocatedErrorWithASuggestion() throws {
        let config = #"{"defaultIsolation": "mainactor", "adapters": []}"#
        #expect(throws: GenerationFailure.self) { try Configuration.parse(config, path: "decouple.json") }
        do {
            _ = try Configuration.parse(config, path: "decouple.json")
        } catch {
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(text.contains("decouple.json:1:22: error: unknown default isolation 'mainactor'") && text.contains("did you mean 'MainActor'"), "\(text)")
        }
    }
}

/// Found by the compiler oracle: an isolated conformance (the model reads a `@MainActor`
/// member) whose async requirement reads a member that is not: that witness is `nonisolated`,
/// so that awaiting the model's member does not send the model off the main actor.
@Suite struct AsyncWitnessIsolationTests {
    @Test func anAsyncWitness_readingANonisolatedMember_ofAModelWithMainActorMembers_compiles() throws {
        let source = """
            protocol Row { var title: String { get }; var count: Int? { get async } }
            struct Card<Element> {
                @MainActor var heading: String { "h" }
                var countSource: Int? { get async { 1 } }
                var element: Element? = nil
            }
            """
        let config = #"{"adapters": [{"model": "Card", "protocol": "Row", "map": {"title": "heading", "count": "countSource"}}]}"#
        let result = try judged(["Sources/App/Card.swift": source], config: config)
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("@Swift.MainActor internal var title") == true, "\(result)")
        #expect(result.code?.contains("internal nonisolated var count") == true, "\(result)")
    }
}
