// Seed 003: two unrelated models that one title/subtitle view must show.

/// A user: shown with its name as the title and its age as the subtitle.
final class CCAModel: Codable {
    var name: String
    var age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }
}

/// A story: its title and description. `description` stays optional in the data.
final class CCBModel: Codable {
    var story: String
    var description: String?

    init(story: String, description: String?) {
        self.story = story
        self.description = description
    }
}
