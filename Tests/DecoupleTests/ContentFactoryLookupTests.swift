@testable import Decouple
import DecoupleTestSupport
import Foundation
import Testing

/// The factory's look-ups and registrations on several threads at once, and every way of holding
/// a model (run them under ThreadSanitizer too).
@Suite struct ContentFactoryLookupTests {
    struct Adapted: TitledContent { var title: String; var subtitle = "" }

    class Base {}
    class Middle: Base {}
    final class Leaf: Middle {}

    @Test func registeringANearerAncestor_racingLookUps_laterLookUpsUseIt() throws {
        for _ in 0..<20 {
            let factory = ContentFactory<any TitledContent>()
            try factory.register(Base.self) { _ in Adapted(title: "Base") }
            let registered = Shared(false)
            let failures = Log<String>()

            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for round in 0..<2_000 {
                    if thread == 0, round == 500 {
                        do {
                            try factory.register(Middle.self) { _ in Adapted(title: "Middle") }
                        } catch {
                            failures.append("register: \(error)")
                        }
                        registered.mutate { $0 = true }
                    }
                    // Read the flag first: when it is set, the registration returned before this
                    // look-up began, so the look-up must see it.
                    let after = registered.value
                    do {
                        // Before the registration, Leaf and Middle are adapted through Base.
                        for (model, name) in [(Leaf() as Base, "Leaf"), (Middle(), "Middle")] {
                            let title = try factory.adapt(model).title
                            if after ? title != "Middle" : title != "Base" && title != "Middle" {
                                failures.append("\(name) → \(title), registered: \(after)")
                            }
                        }
                        let base = try factory.adapt(Base()).title
                        if base != "Base" { failures.append("Base → \(base)") }
                    } catch {
                        failures.append("adapt: \(error)")
                    }
                }
            }
            #expect(failures.all.prefix(5) == [])
            #expect(try factory.adapt(Leaf()).title == "Middle")
        }
    }

    @Test func tableGrowsPastManyDoublings_whileOtherThreadsLookUp() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Base.self) { _ in Adapted(title: "Base") }
        // Models of every type registered so far, each with the title its adapter gives.
        let published = Shared<[(model: Any, title: String)]>([])
        let done = Shared(false)
        let failures = Log<String>()
        let lookUps = Shared(0)

        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                // 300 types: the table doubles from 8 slots to 1,024.
                func register<T>(_: T.Type, depth: Int) {
                    let name = String(describing: Layer<T>.self)
                    do {
                        try factory.register(Layer<T>.self) { _ in Adapted(title: name) }
                    } catch {
                        failures.append("register \(name): \(error)")
                    }
                    published.mutate { $0.append((Layer<T>(), name)) }
                    if depth > 1 { register(Layer<T>.self, depth: depth - 1) }
                }
                register(Int.self, depth: 300)
                done.mutate { $0 = true }
                return
            }
            var count = 0
            while true {
                let finished = done.value
                for (model, title) in published.value {
                    let found = (try? factory.adapt(model).title) ?? "(thrown)"
                    if found != title { failures.append("\(title) → \(found)") }
                    count += 1
                }
                // A subclass resolved through its ancestor, and a type with no adapter: both
                // cached in the table, so both copied at each doubling.
                if (try? factory.adapt(Leaf()).title) != "Base" { failures.append("Leaf not via Base") }
                if factory.canAdapt(Unregistered()) { failures.append("Unregistered adapts") }
                count += 2
                if finished { break }
            }
            lookUps.mutate { $0 += count }
        }
        #expect(failures.all.prefix(5) == [])
        #expect(factory.registeredTypes.count == 301)
        #expect(lookUps.value > 600)
        for (model, title) in published.value {
            #expect(try factory.adapt(model).title == title)
        }
    }

    @Test func unregisteredType_throwsWithTheRegisteredList_untilAnAncestorIsRegistered() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Layer<Int>.self) { _ in Adapted(title: "layer") }
        let expected = ContentFactoryError.unregisteredType(
            String(describing: Leaf.self), registered: [String(describing: Layer<Int>.self)])
        // Twice: the second look-up finds the type already known to have no adapter.
        for _ in 0..<2 {
            #expect(throws: expected) { try factory.adapt(Leaf()) }
            #expect(!factory.canAdapt(Leaf()))
        }
        #expect(throws: ContentFactoryError.unregisteredType(
            String(describing: Unregistered.self), registered: [String(describing: Layer<Int>.self)]
        )) { try factory.adapt(Unregistered()) }

        // Registering an ancestor gives the type an adapter: what was known is forgotten.
        try factory.register(Base.self) { _ in Adapted(title: "Base") }
        #expect(try factory.adapt(Leaf()).title == "Base")
        #expect(factory.canAdapt(Leaf()))
        #expect(!factory.canAdapt(Unregistered()))
        #expect(try factory.adapt(Layer<Int>()).title == "layer")
    }

    @Test func typesOfTheSameName_areToldApartByTheirQualifiedNames() throws {
        let factory = ContentFactory<any TitledContent>()
        try factory.register(FactoryShopA.Item.self) { _ in Adapted(title: "A") }
        try factory.register(Base.self) { _ in Adapted(title: "Base") }
        #expect(factory.registeredTypes == ["Base", "Item"])
        #expect(throws: ContentFactoryError.unregisteredType(
            "DecoupleTests.FactoryShopB.Item", registered: ["Base", "DecoupleTests.FactoryShopA.Item"]
        )) { try factory.adapt(FactoryShopB.Item()) }
        try factory.register(FactoryShopB.Item.self) { _ in Adapted(title: "B") }
        #expect(factory.registeredTypes == ["Base", "DecoupleTests.FactoryShopA.Item", "DecoupleTests.FactoryShopB.Item"])
        #expect(try factory.adapt(FactoryShopB.Item()).title == "B")
    }

    @Test func registeredInAGenericContext_adaptsAsRegisteredInAConcreteOne() throws {
        // The registration is then not specialised for the model type: the adapter reads the
        // model through its generic code, for a class, a small value and a boxed one.
        struct Wide: Equatable { var a = 1, b = 2, c = 3, d = 4, e = "wide" }
        let factory = ContentFactory<any TitledContent>()
        func add<Model>(_ model: Model.Type, _ describe: @escaping @Sendable (Model) -> String) throws {
            try factory.register(model) { Adapted(title: describe($0)) }
        }
        try add(Wide.self) { "\($0.a + $0.b + $0.c + $0.d) \($0.e)" }
        try add(Base.self) { String(describing: type(of: $0)) }
        try add(Int8.self) { "\($0)" }
        #expect(try factory.adapt(Wide()).title == "10 wide")
        #expect(try factory.adapt(Leaf()).title == "Leaf")
        #expect(try factory.adapt(Base()).title == "Base")
        #expect(try factory.adapt(Int8(-3)).title == "-3")
    }

    @Test func aModelInsideAnExistential_isAdaptedByWhatItHolds() throws {
        // An `Any` made in generic code from an existential holds the existential itself; the
        // model is what that holds: a class instance, a boxed value or an inline one.
        struct Wide: Named { var a = 1, b = 2, c = 3, d = 4, e = "wide"; var name: String { e } }
        struct Small: Named { var name: String { "small" } }
        final class Object: Base, Named, ClassNamed { var name: String { "object" } }
        final class Registered: Base, Named, ClassNamed { var name: String { "registered" } }
        // As large as an `any Named` container: read as the model, the container would pass.
        struct Forty: Named { var a = 1, b = 2, c = 3, d = 4, e = 5; var name: String { "\(a + b + c + d + e)" } }
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Wide.self) { Adapted(title: "\($0.a + $0.b + $0.c + $0.d) \($0.e)") }
        try factory.register(Small.self) { Adapted(title: $0.name) }
        try factory.register(Base.self) { Adapted(title: "Base: \(type(of: $0))") }
        try factory.register(Registered.self) { Adapted(title: $0.name) }
        try factory.register(Forty.self) { Adapted(title: $0.name) }
        func erased<Model>(_ model: Model) -> Any { model }
        let models: [(Any, String)] = [
            (erased(Wide() as any Named), "10 wide"),
            (erased(Small() as any Named), "small"),
            (erased(Object() as any Named), "Base: Object"),
            (erased(Object() as any ClassNamed), "Base: Object"),
            (erased(Object() as AnyObject), "Base: Object"),
            (erased(Object() as Base), "Base: Object"),
            (erased(erased(Wide())), "10 wide"),
            (Registered() as Base, "registered"),
            (erased(Registered() as Base), "registered"),
            (erased(Registered() as any Named), "registered"),
            (erased(Registered() as AnyObject), "registered"),
            (erased(Registered() as any ClassNamed), "registered"),
            (erased(Registered() as any Base & Named), "registered"),
            (erased(Forty() as any Named), "15"),
        ]
        for _ in 0..<2 {   // resolved, then from the table
            for (model, title) in models {
                #expect(factory.canAdapt(model))
                #expect(try factory.adapt(model).title == title)
            }
        }
    }

    @Test func aValueBoxedAsAnObject_inAnOptional_orInAnAnyHashable_isAdaptedByWhatItHolds() throws {
        // Swift boxes a struct or an enum cast to `AnyObject` (on Linux in a `__SwiftValue`), and
        // `held as? Story` finds it: so must the factory, without being told what the box holds.
        struct Story: Hashable { var title: String }
        enum Shape: Hashable { case square(Int), circle }
        struct Small: Named { var name: String { "small" } }
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Story.self) { Adapted(title: $0.title) }
        try factory.register(Shape.self) { Adapted(title: "\($0)") }
        try factory.register(Base.self) { Adapted(title: "Base: \(type(of: $0))") }
        try factory.register((any Named).self) { Adapted(title: "existential \($0.name)") }
        try factory.register(Base.Type.self) { Adapted(title: "metatype \($0)") }
        func erased<Model>(_ model: Model) -> Any { model }
        let held: AnyObject = Story(title: "boxed") as AnyObject
        let models: [(Any, String)] = [
            (held, "boxed"),
            (erased(held), "boxed"),
            (Story(title: "optional") as Story? as Any, "optional"),
            (erased(Story(title: "twice optional") as Story??), "twice optional"),
            (Optional(Story(title: "boxed optional")) as AnyObject, "boxed optional"),
            (AnyHashable(Story(title: "hashable")), "hashable"),
            (AnyHashable(Shape.square(2)) as AnyObject, "square(2)"),
            (Shape.circle as AnyObject, "circle"),
            (Optional(Leaf()) as Any, "Base: Leaf"),
            (Optional(Leaf() as AnyObject) as Any, "Base: Leaf"),
            (Base.self as AnyObject, "metatype Base"),
        ]
        for _ in 0..<2 {   // resolved, then from the table
            for (model, title) in models {
                #expect(factory.canAdapt(model), "\(title)")
                #expect(try factory.adapt(model).title == title)
            }
        }
        // What the box or the optional holds is what counts: a type that is not registered
        // itself (a conforming value, a subclass's metatype) is refused, and so is nothing.
        let refused: [Any] = [Small() as AnyObject, erased(Small() as any Named) as AnyObject, Leaf.self as AnyObject,
                              Story?.none as Any, AnyHashable(7), 7 as AnyObject]
        for model in refused {
            #expect(!factory.canAdapt(model), "\(type(of: model))")
            #expect(throws: ContentFactoryError.self) { try factory.adapt(model) }
        }
        #expect(throws: ContentFactoryError.unregisteredType(
            "Small", registered: ["Base", "Base.Type", "Named", "Shape", "Story"])) { try factory.adapt(Optional(Small()) as Any) }
    }

    @Test func openedModel_isTheModelHeld_orNil() {
        // The factory's one unsafe read: a value stored as exactly `Model` is taken as it is;
        // anything else goes through the run time's cast, and a value of another type is `nil`.
        final class Twig: Base {}
        func erased<Model>(_ model: Model) -> Any { model }
        let leaf = Twig()
        #expect(opened(leaf as Any, as: Twig.self) === leaf)
        #expect(opened(leaf as Any, as: Base.self) === leaf)
        #expect(opened(erased(leaf as Base), as: Twig.self) === leaf)
        #expect(opened(erased(leaf as AnyObject), as: Base.self) === leaf)
        #expect(opened(Base() as Any, as: Twig.self) == nil)
        #expect(opened(42 as Any, as: Int.self) == 42)
        #expect(opened(erased(42 as any Equatable), as: Int.self) == 42)
        #expect(opened(42 as Any, as: String.self) == nil)
        #expect(opened("forty-two" as Any, as: Int.self) == nil)
        #expect(opened(Optional(7) as Any, as: Int?.self) == .some(7))
        #expect(opened(Twig.self as Any, as: Base.Type.self) == Twig.self)
    }

    @Test func typeKeys_ofDistinctTypes_areDistinct_andSpreadOverADictionary() {
        let types: [Any.Type] = [Int.self, String.self, Double.self, Base.self, Middle.self, Leaf.self, [Int].self, Int?.self, Base.Type.self]
        #expect(Set(types.map(TypeKey.init)).count == types.count)
        var table: [TypeKey: Int] = [:]
        for (index, type) in types.enumerated() { table[TypeKey(type)] = index }
        for (index, type) in types.enumerated() { #expect(table[TypeKey(type)] == index) }
        #expect(TypeKey(Int.self) == TypeKey(Int.self))
    }

    @Test func aValueStoredAsARegisteredType_isAdaptedByItsDynamicType() throws {
        // A value may be held as a registered type and be of a subclass, a subclass metatype, or
        // (for a registered existential) anything: each is adapted by what it is.
        // `scripts/check-core-only.sh` runs the same cases in release mode.
        #expect(try FactoryHoldingCases.failures() == [])
    }
}

enum FactoryShopA { struct Item {} }
enum FactoryShopB { struct Item {} }

private protocol Named { var name: String { get } }
private protocol ClassNamed: AnyObject {}
private struct Layer<T> {}
private struct Unregistered {}
