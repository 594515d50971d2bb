import DecoupleGenerator
import Testing

/// A `@MainActor` model's members can be read on the main actor only: its conformance is
/// isolated (`extension M: @MainActor P`), which compiles in Swift 5 and 6, or the style that
/// cannot be isolated is refused with a located error.
@Suite struct IsolationTests {
    private static let source = """
        protocol Titled { var title: String { get } }
        @MainActor final class Card {
            var name = "n"
            init() {}
        }
        """

    private static func config(_ style: OutputStyle) -> String {
        #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Card", "protocol": "Titled", "map": {"title": "name"}}]}"#
    }

    @Test func aMainActorModel_getsAnIsolatedConformance() throws {
        let result = try judged(["Sources/App/Card.swift": Self.source], config: Self.config(.conformance))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("extension Card: @Swift.MainActor Titled") == true, "\(result)")
    }

    @Test func aMainActorModel_inTheFactoryAndProxyStyles_compilesOrIsRefusedWhereAsked() throws {
        for style in [OutputStyle.factory, .proxy] {
            let result = try judged(["Sources/App/Card.swift": Self.source], config: Self.config(style))
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
            protocol Titled { var title: String { get } }
            final class Note {
                @MainActor var heading: String { "h" }
            }
            """
        let config = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Note", "protocol": "Titled", "map": {"title": "heading"}}]}"#
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
            protocol Titled: Sendable { var title: String { get } }
            @MainActor final class Note: Sendable { var name = "n" }
            """
        for style in [OutputStyle.conformance, .proxy] {
            let config = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Note", "protocol": "Titled", "map": {"title": "name"}}]}"#
            let refusal = try #require(try judged(["Sources/App/Note.swift": sendable], config: config).refusal)
            #expect(refusal.contains("refines Sendable, which an isolated conformance cannot satisfy"), "\(style): \(refusal)")
        }
        let actor = """
            @MainActor protocol Titled { var title: String { get } }
            actor Worker { let name = "w" }
            """
        let config = #"{"adapters": [{"model": "Worker", "protocol": "Titled", "map": {"title": "name"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Worker.swift": actor], config: config).refusal)
        #expect(refusal.contains("actor 'Worker' cannot conform to 'Titled', which is @MainActor"), "\(refusal)")
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

    /// Found by the compiler oracle: an adapter to a `@MainActor` protocol, or to one that refines
    /// it, is isolated to the main actor; the factory, which makes adapters off it, refuses.
    @Test func aMainActorProtocol_orOneRefiningIt_isRefusedInTheFactoryStyle_andConformedElsewhere() throws {
        let source = """
            @MainActor protocol Base { func refresh() }
            protocol Titled: Base { var title: String { get } }
            final class Note { var name = "n"; func refresh() {} }
            """
        let config = #"{"style": "factory", "adapters": [{"model": "Note", "protocol": "Titled", "map": {"title": "name"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Note.swift": source], config: config).refusal)
        #expect(refusal.contains("'Titled' is @MainActor (or refines a protocol that is)"), "\(refusal)")
        let conformance = try judged(["Sources/App/Note.swift": source], config: config.replacingOccurrences(of: "factory", with: "conformance"))
        #expect(conformance.compiles, "\(conformance)")
    }
}
