import PluginModelsFixture

/// What a recipe card shows. `swift package generate-adapters` wrote `DecoupleAdapters.swift`
/// beside this file: the conformance of a model of the target this one depends on, which
/// decouple.json names by its `"module"`.
public protocol RecipeCard {
    var dish: String { get }
    var minutes: Int { get }
}

public func card(of recipe: Recipe) -> any RecipeCard { recipe }
