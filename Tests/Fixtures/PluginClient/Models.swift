import Decouple

// The models of Tests/Fixtures/MacroClient without their attributes. Here `decouple.json` maps
// them and the build plugin generates the adapters; CommittedAdapters links this same file and
// commits what `swift package generate-adapters` wrote. `FrontEndParityTests` checks that the
// tool, both plugins and the macro write the same code.

public struct Member: Sendable {
    public let name: String
    public let age: Int

    public init(name: String, age: Int) {
        self.name = name
        self.age = age
    }
}

struct Guest {
    let title: String
    let nickname: String?
}

final class Contact {
    let fullName: String
    let phone: String
    let avatar: String

    init(fullName: String, phone: String, avatar: String) {
        self.fullName = fullName
        self.phone = phone
        self.avatar = avatar
    }
}

public protocol BadgeContent {
    var label: String { get }
    var count: Int { get }
}

struct Inbox: BadgeContent {
    let folder: String
    let unread: Int
}

actor Channel {
    let name: String
    let topic: String

    init(name: String, topic: String) {
        self.name = name
        self.topic = topic
    }
}

enum Shop {
    struct Item {
        let name: String
        let price: Double
    }
}

struct Article {
    let headline: String
    let words: Int
}

struct Team: BadgeContent {
    let name: String
    let members: Int
}

package func fixtureContents() -> [any TitledContent] {
    [
        Member(name: "Ada", age: 36),
        Guest(title: "Grace", nickname: nil),
        Guest(title: "Alan", nickname: "Turing"),
        Contact(fullName: "Edsger", phone: "+31 20 555", avatar: "edsger.png"),
        Channel(name: "#swift", topic: "macros"),
        Shop.Item(name: "Kettle", price: 24.5),
        Article(headline: "Macros", words: 1200),
        Animal(name: "Rex"),
        Bird(name: "Tweety"),
        Fish(name: "Nemo"),
    ]
}

package func fixtureImages() -> [any NamedImageContent] {
    [Contact(fullName: "Edsger", phone: "+31 20 555", avatar: "edsger.png")]
}

package func fixtureBadges() -> [any BadgeContent] {
    [Inbox(folder: "Inbox", unread: 3), Team(name: "Compiler", members: 12), Shelf(title: "Poetry", books: 40), Bookcase(title: "Novels", books: 120)]
}

class Animal {
    let name: String
    var kind: String { "animal" }

    init(name: String) { self.name = name }
}

final class Bird: Animal {
    override var kind: String { "bird" }
}

final class Fish: Animal {
    override var kind: String { "fish" }
}

class Shelf: BadgeContent {
    let title: String
    let books: Int

    init(title: String, books: Int) {
        self.title = title
        self.books = books
    }
}

final class Bookcase: Shelf {}
