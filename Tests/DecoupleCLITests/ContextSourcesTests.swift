import Foundation
import Testing

/// `generate --context`: another target's sources, read for their declarations only. The build
/// plugin passes the targets decouple.json names as a model's `"module"` so.
@Suite struct ContextSourcesTests {
    private let files = [
        "Sources/Models/Recipe.swift": """
            public struct Recipe { public let name: String; public let minutes: Int; let secret = 1 }
            // decouple: TitledContent(title: name, subtitle: name)
            struct Dish { var name: String }
            """,
        "Sources/App/Screen.swift": "struct Screen {}",
        "decouple.json": #"{"adapters": [{"model": "Recipe", "module": "Models", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "minutes"}}]}"#,
    ]

    /// A model of the context is adapted as the configuration asks, imported from its module;
    /// the context's own annotations are left to its target.
    @Test func aModelOfTheContext_isAdapted_itsAnnotationsAreNot() throws {
        let workspace = try Workspace(files)
        let run = try workspace.run("generate", "Sources/App", "--context", "Sources/Models", "--config", "decouple.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("import Models") && run.stdout.contains("extension Models.Recipe: Decouple.TitledContent"), "\(run.stdout)")
        #expect(!run.stdout.contains("Dish"), "\(run.stdout)")
        // Without it, the model is unknown.
        let alone = try workspace.run("generate", "Sources/App", "--config", "decouple.json")
        #expect(alone.status == 2 && alone.stderr.contains("unknown model 'Recipe'"), "\(alone.stderr)")
    }

    /// The context is another module, whatever the configuration says: what is not public there
    /// cannot be read.
    @Test func anInternalMemberOfTheContext_isRefused() throws {
        let workspace = try Workspace(files)
        try workspace.write(#"{"adapters": [{"model": "Recipe", "module": "Models", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "secret"}}]}"#, to: "decouple.json")
        let run = try workspace.run("generate", "Sources/App", "--context", "Sources/Models", "--config", "decouple.json")
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("decouple.json:1:") && run.stderr.contains("'Recipe.secret' is internal in module 'Models'") && run.stderr.contains("[#NotVisibleFromOutputModule]"), "\(run.stderr)")
    }

    /// Without `"module"`, the model's module is the one its path shows, imported all the same.
    @Test func aContextModelsModule_isImportedWithoutModule() throws {
        let workspace = try Workspace(files)
        try workspace.write(#"{"adapters": [{"model": "Recipe", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "minutes"}}]}"#, to: "decouple.json")
        let run = try workspace.run("generate", "Sources/App", "--context", "Sources/Models", "--config", "decouple.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("import Models") && run.stdout.contains("extension Recipe: Decouple.TitledContent"), "\(run.stdout)")
    }
}
