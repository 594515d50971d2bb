import Decouple
import DecoupleTestSupport
import Foundation
import Testing

@Suite struct ContentFactoryTests {
    @Test func adapt_picksTheAdapterByDynamicType() throws {
        let factory = try seedFactory()
        let models: [Any] = [CCAModel(name: "Ann", age: "30"), CCBModel(story: "Fox", description: "A quick tale")]
        let contents = try factory.adapt(models)
        #expect(contents.map(\.title) == ["Ann", "Fox"])
        #expect(contents.map(\.subtitle) == ["30", "A quick tale"])
        #expect(contents[0] is CCAContent)
        #expect(contents[1] is CCBContent)
    }

    @Test func adapt_subclassResolvesToNearestRegisteredAncestor() throws {
        class Animal { var kind: String { "animal" } }
        class Dog: Animal { override var kind: String { "dog" } }
        final class Puppy: Dog { override var kind: String { "puppy" } }
        struct Adapted: TitledContent { var title: String; var subtitle: String }

        let factory = ContentFactory<any TitledContent>()
        try factory.register(Animal.self) { Adapted(title: "via Animal", subtitle: $0.kind) }
        #expect(try factory.adapt(Puppy()).title == "via Animal")
        #expect(try factory.adapt(Puppy()).subtitle == "puppy")

        // A nearer ancestor registered later wins from then on: the resolution cache is reset.
        try factory.register(Dog.self) { Adapted(title: "via Dog", subtitle: $0.kind) }
        #expect(try factory.adapt(Puppy()).title == "via Dog")
        #expect(try factory.adapt(Animal()).title == "via Animal")
        #expect(factory.canAdapt(Puppy()))
        #expect(!factory.isRegistered(Puppy.self))
    }

    @Test func adapt_manyTypesOfEverySize_eachReachesItsOwnAdapter() throws {
        // Enough types to make the look-up table grow several times, and models of every layout:
        // a class, small values, and values too big for an existential's inline buffer.
        struct Adapted: TitledContent { var title: String; var subtitle: String }
        struct Wide { var a = 1, b = 2, c = 3, d = 4, e = "wide" }
        final class Node { let name = "node" }
        struct Tagged<Tag> { var value: String }
        let factory = ContentFactory<any TitledContent>()
        func add<Model>(_ model: Model.Type, _ describe: @escaping @Sendable (Model) -> String) throws {
            try factory.register(model) { Adapted(title: String(describing: Model.self), subtitle: describe($0)) }
        }
        try add(Wide.self) { "\($0.a + $0.b + $0.c + $0.d) \($0.e)" }
        try add(Node.self) { $0.name }
        try add(Tagged<Int>.self) { $0.value }
        try add(Tagged<String>.self) { $0.value }
        try add(Tagged<Double>.self) { $0.value }
        try add(Tagged<Bool>.self) { $0.value }
        try add(Tagged<[Int]>.self) { $0.value }
        try add(Tagged<[String]>.self) { $0.value }
        try add(Tagged<Int8>.self) { $0.value }
        try add(Tagged<Int16>.self) { $0.value }
        try add(Tagged<Int32>.self) { $0.value }
        try add(Tagged<Int64>.self) { $0.value }
        try add(Tagged<UInt>.self) { $0.value }
        try add(Tagged<UInt8>.self) { $0.value }
        try add(Tagged<Float>.self) { $0.value }
        try add(Tagged<Character>.self) { $0.value }
        try add(Int.self) { "\($0 * 2)" }
        try add(String.self) { $0.uppercased() }

        let models: [Any] = [
            Wide(), Node(), Tagged<Int>(value: "i"), Tagged<String>(value: "s"), Tagged<Double>(value: "d"),
            Tagged<Bool>(value: "b"), Tagged<[Int]>(value: "ai"), Tagged<[String]>(value: "as"),
            Tagged<Int8>(value: "8"), Tagged<Int16>(value: "16"), Tagged<Int32>(value: "32"),
            Tagged<Int64>(value: "64"), Tagged<UInt>(value: "u"), Tagged<UInt8>(value: "u8"),
            Tagged<Float>(value: "f"), Tagged<Character>(value: "c"), 21, "abc",
        ]
        let contents = try factory.adapt(models)
        #expect(contents.map(\.subtitle) == [
            "10 wide", "node", "i", "s", "d", "b", "ai", "as", "8", "16", "32", "64", "u", "u8", "f", "c", "42", "ABC",
        ])
        #expect(contents.map(\.title) == models.map { String(describing: type(of: $0)) })
        #expect(factory.registeredTypes.count == 18)
        #expect(throws: ContentFactoryError.self) { try factory.adapt(Tagged<Int>?.none as Any) }
    }

    @Test func adapt_genericSpecialisationsAreDistinctTypes() throws {
        struct Page<Item> { var items: [Item] }
        struct Adapted: TitledContent { var title: String; var subtitle: String }

        let factory = ContentFactory<any TitledContent>()
        try factory.register(Page<Int>.self) { Adapted(title: "numbers", subtitle: "\($0.items.reduce(0, +))") }
        try factory.register(Page<String>.self) { Adapted(title: "words", subtitle: $0.items.joined(separator: " ")) }

        #expect(try factory.adapt(Page(items: [1, 2, 3])).subtitle == "6")
        #expect(try factory.adapt(Page(items: ["a", "b"])).subtitle == "a b")
        #expect(throws: ContentFactoryError.unregisteredType("Page<Double>", registered: ["Page<Int>", "Page<String>"])) {
            try factory.adapt(Page(items: [1.5]))
        }
    }

    @Test func adapt_unregisteredTypeNamesItAndListsRegistered() throws {
        let factory = try seedFactory()
        struct Video {}
        do {
            _ = try factory.adapt(Video())
            Issue.record("adapting an unregistered type must throw")
        } catch {
            #expect(error.description == "no adapter registered for model type 'Video'; registered types: CCAModel, CCBModel")
        }
        let empty = ContentFactory<any TitledContent>()
        #expect(throws: ContentFactoryError.unregisteredType("Int", registered: [])) { try empty.adapt(1) }
        #expect(ContentFactoryError.unregisteredType("Int", registered: []).description
            == "no adapter registered for model type 'Int'; registered types: (none)")
    }

    @Test func register_twiceThrowsAndKeepsTheFirst() throws {
        let factory = try seedFactory()
        struct Other: TitledContent { var title = "replacement"; var subtitle = "" }

        #expect(throws: ContentFactoryError.duplicateType("CCAModel")) {
            try factory.register(CCAModel.self) { _ in Other() }
        }
        #expect(ContentFactoryError.duplicateType("CCAModel").description
            == "model type 'CCAModel' is already registered; the first registration is kept")
        #expect(try factory.adapt(CCAModel(name: "Ann", age: "30")).title == "Ann")

        final class Story: Decodable {}
        do {
            try factory.register(Story.self, tag: "story") { _ in Other() }
            Issue.record("a duplicate tag must throw")
        } catch {
            #expect(error.description == "type tag \"story\" is already registered for 'CCBModel'; the first registration is kept")
        }
        // Nothing of the failed registration was kept: neither the type nor the tag.
        #expect(!factory.isRegistered(Story.self))
        #expect(factory.registeredTags == ["story", "user"])
    }

    @Test func decodeFeed_decodesHeterogeneousItemsInOrder() throws {
        let json = #"""
        [{"type": "user", "name": "Ann", "age": "30"},
         {"type": "story", "story": "Fox", "description": "A quick tale"},
         {"type": "user", "name": "Bo", "age": "7"}]
        """#
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.errors.isEmpty)
        #expect(feed.items.map(\.title) == ["Ann", "Fox", "Bo"])
        #expect(feed.items.map(\.subtitle) == ["30", "A quick tale", "7"])
    }

    @Test func decodeFeed_keepsGoodItemsAndReportsBadOnesByIndex() throws {
        let json = #"""
        [{"type": "user", "name": "Ann", "age": "30"},
         {"type": "video", "url": "x"},
         {"name": "no tag"},
         {"type": "user", "name": "Bo"},
         {"type": "story", "story": 5, "description": "wrong type"},
         "not an object",
         {"type": 7},
         {"type": "story", "story": "Fox", "description": "A quick tale"}]
        """#
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        #expect(feed.items.map(\.title) == ["Ann", "Fox"])
        #expect(feed.count == 8)
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 1 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user"
            item 2: missing type tag "type"
            item 3 ("user"): missing field 'age'
            item 4 ("story"): 'story' is not a String: Expected to decode String but found number instead.
            item 5: the value is not an object: Expected to decode Dictionary<String, Any> but found a string instead.
            item 6: 'type' is not a String: Expected to decode String but found number instead.
            """
        }
    }

    /// A tag one typo from a registered one (a letter changed, missing, added or swapped, or
    /// another case) gets "did you mean"; one that is not close gets none.
    @Test func decodeFeed_unregisteredTag_nearARegisteredOne_saysDidYouMean() throws {
        let json = #"""
        [{"type": "usr"}, {"type": "Story"}, {"type": "stroy"}, {"type": "users"}, {"type": "video"}, {"type": "us"}]
        """#
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8))
        assertInlineSnapshot(of: feed.errors.map(\.description).joined(separator: "\n"), as: .lines) {
            """
            item 0 ("usr"): no adapter registered for type tag "usr"; registered tags: "story", "user"; did you mean "user"?
            item 1 ("Story"): no adapter registered for type tag "Story"; registered tags: "story", "user"; did you mean "story"?
            item 2 ("stroy"): no adapter registered for type tag "stroy"; registered tags: "story", "user"; did you mean "story"?
            item 3 ("users"): no adapter registered for type tag "users"; registered tags: "story", "user"; did you mean "user"?
            item 4 ("video"): no adapter registered for type tag "video"; registered tags: "story", "user"
            item 5 ("us"): no adapter registered for type tag "us"; registered tags: "story", "user"
            """
        }
    }

    @Test func decodeFeed_customTagKey() throws {
        let json = #"[{"kind": "user", "name": "Ann", "age": "30"}]"#
        let feed = try seedFactory().decodeFeed(from: Data(json.utf8), tagKey: "kind")
        #expect(feed.items.map(\.title) == ["Ann"])
    }

    @Test func decodeFeed_tagKeyAsTheJSONSpellsIt_underAKeyStrategy() throws {
        // The tag key is the JSON's own: a key strategy that renames the item's fields (here
        // `item_type` → `itemType`) must not hide it.
        let json = #"[{"item_type": "user", "name": "Ann", "age": "30"}, {"name": "Bob"}]"#
        let snake = try seedFactory().decodeFeed(from: Data(json.utf8), tagKey: "item_type") {
            $0.keyDecodingStrategy = .convertFromSnakeCase
        }
        #expect(snake.items.map(\.title) == ["Ann"])
        #expect(snake.errors.map(\.description) == [#"item 1: missing type tag "item_type""#])
        let custom = try seedFactory().decodeFeed(from: Data(json.utf8), tagKey: "item_type") {
            $0.keyDecodingStrategy = .custom { path in AnyKey(path.last!.stringValue.uppercased()) }
        }
        #expect(custom.errors.count == 2)   // the fields are renamed too: `NAME` is not `name`…
        #expect(custom.errors.first?.tag == "user")   // …but the tag was found
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func decodeFeed_notAnArrayThrows() throws {
        let factory = try seedFactory()
        for json in [#"{"type": "user"}"#, "[{", ""] {
            do {
                _ = try factory.decodeFeed(from: Data(json.utf8))
                Issue.record("\(json) is not a feed")
            } catch {
                #expect(error.description.hasPrefix("the feed cannot be read as a JSON array, so none of its items were decoded: "), "\(error)")
            }
        }
    }

    @Test func concurrentRegistrationAndLookup() throws {
        struct Person: Sendable { var name: String }
        struct Adapted: TitledContent { var title: String; var subtitle = "" }
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Person.self) { Adapted(title: $0.name) }
        let model = Person(name: "Ann")
        let failures = Shared(0)

        // Eight threads each register 50 distinct generic types while they all adapt all the time.
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let base: Any.Type = [Int.self, String.self, Double.self, Bool.self, Int8.self, Int16.self, Int32.self, UInt.self][thread]
            func registerNested<T>(_: T.Type, depth: Int) {
                do {
                    try factory.register(Nest<T>.self) { _ in Adapted(title: "nest") }
                    if try factory.adapt(model).title != "Ann" { failures.increment() }
                    if try factory.adapt(Nest<T>()).title != "nest" { failures.increment() }
                } catch {
                    failures.increment()
                }
                if depth > 1 { registerNested(Nest<T>.self, depth: depth - 1) }
            }
            func open<T>(_ type: T.Type) { registerNested(type, depth: 50) }
            _openExistential(base, do: open)
        }
        #expect(failures.value == 0)
        #expect(factory.registeredTypes.count == 1 + 8 * 50)
    }
}

private struct Nest<T> {}
