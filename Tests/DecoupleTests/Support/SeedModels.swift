import Decouple

// The seed 003 models, as the article declares them: two unrelated classes.

final class CCAModel: Decodable {
    var name: String
    var age: String
    init(name: String, age: String) {
        self.name = name
        self.age = age
    }
}

final class CCBModel: Decodable {
    var story: String
    var description: String
    init(story: String, description: String) {
        self.story = story
        self.description = description
    }
}

// The concrete adapters of the class cluster: private to the app in real use.

struct CCAContent: TitledContent {
    let model: CCAModel
    var title: String { model.name }
    var subtitle: String { model.age }
}

struct CCBContent: TitledContent {
    let model: CCBModel
    var title: String { model.story }
    var subtitle: String { model.description }
}

/// A factory wired the way the seed's `CCModel` cluster is.
func seedFactory() throws -> ContentFactory<any TitledContent> {
    let factory = ContentFactory<any TitledContent>()
    try factory.register(CCAModel.self, tag: "user") { CCAContent(model: $0) }
    try factory.register(CCBModel.self, tag: "story") { CCBContent(model: $0) }
    return factory
}
