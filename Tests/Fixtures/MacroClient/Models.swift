import DecoupleMacros

// Models adapted at their declaration. `MacroClientTests` reads them through the protocols at run
// time, and `FrontEndParityTests` checks that this is the code `decouple generate` writes.

/// Every requirement mapped, one through `String(describing:)`.
@Adapts(TitledContent.self)
public struct Member: Sendable {
    @Maps(to: \TitledContent.title) public let name: String
    @Maps(to: \TitledContent.subtitle) public let age: Int

    public init(name: String, age: Int) {
        self.name = name
        self.age = age
    }
}

/// An optional member with a default, and a requirement matched by name.
@Adapts(TitledContent.self)
struct Guest {
    let title: String
    @Maps(to: \TitledContent.subtitle, default: "no nickname") let nickname: String?
}

/// Two protocols on one model; the image is read from a `String` through `ImageName(_:)`.
@Adapts(TitledContent.self)
@Adapts(NamedImageContent.self)
final class Contact {
    @Maps(to: \TitledContent.title) @Maps(to: \NamedImageContent.name) let fullName: String
    @Maps(to: \TitledContent.subtitle) let phone: String
    @Maps(to: \NamedImageContent.image) let avatar: String

    init(fullName: String, phone: String, avatar: String) {
        self.fullName = fullName
        self.phone = phone
        self.avatar = avatar
    }
}

/// A protocol of the client's own: the model declares the conformance, the macro writes the members.
public protocol BadgeContent {
    var label: String { get }
    var count: Int { get }
}

@Adapts(BadgeContent.self)
struct Inbox: BadgeContent {
    @Maps(to: \BadgeContent.label) let folder: String
    @Maps(to: \BadgeContent.count) let unread: Int
}

/// An actor's constants back the requirements without isolation.
@Adapts(TitledContent.self)
actor Channel {
    @Maps(to: \TitledContent.title) let name: String
    @Maps(to: \TitledContent.subtitle) let topic: String

    init(name: String, topic: String) {
        self.name = name
        self.topic = topic
    }
}

/// Nested types are extended by their full name.
enum Shop {
    @Adapts(TitledContent.self)
    struct Item {
        @Maps(to: \TitledContent.title) let name: String
        @Maps(to: \TitledContent.subtitle) let price: Double
    }
}

/// Mappings named on the type, with one attribute in place of a `@Maps` per member.
@Adapts(TitledContent.self, map: [\.title: "headline", \.subtitle: "words"])
struct Article {
    let headline: String
    let words: Int
}

/// The same for a protocol of the client's own.
@Adapts(BadgeContent.self, map: [\.label: "name", \.count: "members"])
struct Team: BadgeContent {
    let name: String
    let members: Int
}

/// A class with subclasses, in this file and another, adapted with and without `map:`: each
/// subclass inherits the conformance.
@Adapts(TitledContent.self, map: [\.title: "name", \.subtitle: "kind"])
class Animal {
    let name: String
    var kind: String { "animal" }

    init(name: String) { self.name = name }
}

final class Bird: Animal {
    override var kind: String { "bird" }
}

@Adapts(BadgeContent.self)
class Shelf: BadgeContent {
    @Maps(to: \BadgeContent.label) let title: String
    @Maps(to: \BadgeContent.count) let books: Int

    init(title: String, books: Int) {
        self.title = title
        self.books = books
    }
}

// What the tests read, without making the models public.
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
