import DecoupleTestSupport
import Foundation
import Testing

/// `decouple init`: a first configuration from the models and protocols found, which
/// `generate` then runs as it stands; never over a file that exists.
@Suite struct InitCommandTests {
    static let models = """
        protocol BadgeContent { var label: String { get }; var count: Int { get } }
        struct Post { var title: String; var subtitle: String; var body: String }
        struct Inbox { var label: String; var count: Int }
        struct Tag { var label: String; var color: String }
        struct Avatar { var name: String; var image: String }
        struct Draft { var title: String; var subtitle: String? }
        struct Note: BadgeContent { var label: String; var count: Int }
        """

    @Test func proposesTheFullMatches_warnsOfTheRest_andGenerateRunsIt() throws {
        let workspace = try Workspace(["Sources/App/Models.swift": Self.models])
        let run = try workspace.run("init", "Sources")
        #expect(run.status == 0, "\(run.stderr)")
        assertInlineSnapshot(of: run.stderr, as: .lines) {
            """
            Sources/App/Models.swift:5:8: warning: 'Avatar' and 'NamedImageContent' match by name, but the adapter is refused: 'image' is String but 'NamedImageContent.image' needs ImageName, and a conformance cannot declare a second 'image'; map 'image' to another member or use the factory style [#PartialMatch]
            Sources/App/Models.swift:6:8: warning: 'Draft' and 'TitledContent' match by name, but the adapter is refused: 'subtitle' is String? but 'TitledContent.subtitle' needs String, and a conformance cannot declare a second 'subtitle'; map 'subtitle' to another member or use the factory style [#PartialMatch]
            Sources/App/Models.swift:4:8: warning: 'Tag' and 'BadgeContent' share 1 of 2 requirement names; map 'count' by hand to adapt it [#PartialMatch]
            wrote decouple.json with 2 adapters; run `decouple generate` to generate them

            """
        }
        assertInlineSnapshot(of: try workspace.read("decouple.json"), as: .lines) {
            """
            { "adapters": [
                { "model": "Inbox", "protocol": "BadgeContent" },
                { "model": "Post", "protocol": "TitledContent" }
            ] }

            """
        }
        let generate = try workspace.run("generate", "Sources")
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("extension Inbox: BadgeContent {"))
        #expect(generate.stdout.contains("extension Post: Decouple.TitledContent {"))
    }

    /// Written into a target's folder, the configuration names the target of each model from
    /// another one, as the plugins need; a model that target cannot see is left out, saying why.
    @Test func intoATargetsFolder_aModelOfAnotherTargetGetsItsModule() throws {
        let workspace = try Workspace([
            "Sources/Models/Models.swift": """
                public struct Inbox { public var title: String; public var subtitle: String }
                struct Post { var title: String; var subtitle: String }
                """,
            "Sources/Adapters/Row.swift": """
                import Decouple
                struct Local { var title: String; var subtitle: String }
                """,
        ])
        let run = try workspace.run("init", "Sources/Models", "Sources/Adapters", "--output", "Sources/Adapters/decouple.json")
        #expect(run.status == 0, "\(run.stderr)")
        assertInlineSnapshot(of: run.stderr, as: .lines) {
            """
            Sources/Models/Models.swift:2:8: warning: 'Post' and 'TitledContent' match by name, but the adapter is refused: 'Post' is internal in module 'Models', and the generated file is compiled in module 'Adapters' (the target whose folder the configuration is written in), which cannot see it; make it package or public, or generate into 'Models' [#PartialMatch]
            wrote Sources/Adapters/decouple.json with 2 adapters; run `decouple generate` to generate them

            """
        }
        assertInlineSnapshot(of: try workspace.read("Sources/Adapters/decouple.json"), as: .lines) {
            """
            { "adapters": [
                { "model": "Inbox", "protocol": "TitledContent", "module": "Models" },
                { "model": "Local", "protocol": "TitledContent" }
            ] }

            """
        }
        // As the build plugin runs it: the target's files, and its dependency's, read when named.
        let generate = try workspace.run(
            "generate", "Sources/Adapters", "--config", "Sources/Adapters/decouple.json", "--dependency", "Models=Sources/Models")
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("import Models"))
        #expect(generate.stdout.contains("extension Models.Inbox: Decouple.TitledContent {"))
        #expect(generate.stdout.contains("extension Local: Decouple.TitledContent {"))
    }

    @Test func anExistingFile_isNeverOverwritten() throws {
        let workspace = try Workspace(["Sources/App/Models.swift": Self.models, "decouple.json": "{ \"adapters\": [] } // mine\n"])
        let run = try workspace.run("init", "Sources")
        #expect(run.status == 2)
        assertInlineSnapshot(of: run.stderr, as: .lines) {
            """
            decouple: error: refusing to write decouple.json: it exists, and init never overwrites a configuration; edit it, or pass --output with another path [#ConfigurationExists]

            """
        }
        #expect(try workspace.read("decouple.json") == "{ \"adapters\": [] } // mine\n")
    }
}
