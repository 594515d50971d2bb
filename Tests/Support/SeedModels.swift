import Decouple

// The seed 003 models, as the article declares them: two unrelated classes.

public final class CCAModel: Decodable {
    public var name: String
    public var age: String
    public init(name: String, age: String) {
        self.name = name
        self.age = age
    }
}

public final class CCBModel: Decodable {
    public var story: String
    public var description: String
    public init(story: String, description: String) {
        self.story = story
        self.description = description
    }
}

// The concrete adapters of the class cluster: private to the app in real use.

public struct CCAContent: TitledContent {
    public let model: CCAModel
    public init(model: CCAModel) { self.model = model }
    public var title: String { model.name }
    public var subtitle: String { model.age }
}

public struct CCBContent: TitledContent {
    public let model: CCBModel
    public init(model: CCBModel) { self.model = model }
    public var title: String { model.story }
    public var subtitle: String { model.description }
}

/// A factory wired the way the seed's `CCModel` cluster is.
public func seedFactory() throws -> ContentFactory<any TitledContent> {
    let factory = ContentFactory<any TitledContent>()
    try factory.register(CCAModel.self, tag: "user") { CCAContent(model: $0) }
    try factory.register(CCBModel.self, tag: "story") { CCBContent(model: $0) }
    return factory
}
