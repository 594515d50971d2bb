import Decouple

/// Every way a model can be held when it reaches `ContentFactory.adapt`, each with the title it
/// must be adapted to, or none when it must be refused.
///
/// Shared by `ContentFactoryLookupTests` (a debug build, where the adapters run as generic code)
/// and `scripts/check-core-only.sh`, which copies this file into a client package built in
/// release mode, where `register` specialises the adapters for each model type: the factory reads
/// a model in place only in specialised code, whose `type(of:)` can differ from generic code's.
public enum FactoryHoldingCases {
    /// What went wrong, one line per case and round; empty when every case passed.
    public static func failures(rounds: Int = 3) throws -> [String] {
        let factory = ContentFactory<any TitledContent>()
        try factory.register(Base.self) { Adapted(title: "Base: \(type(of: $0))") }
        try factory.register(Middle.self) { Adapted(title: "Middle: \(type(of: $0))") }
        // A metatype and an existential registered as model types.
        try factory.register(Base.Type.self) { Adapted(title: "metatype \($0)") }
        try factory.register((any Named).self) { Adapted(title: "existential \($0.name)") }
        try factory.register(Wide.self) { Adapted(title: $0.e) }
        try factory.register(Registered.self) { Adapted(title: $0.name) }
        try factory.register(Shape.self) { Adapted(title: "\($0)") }
        func erased<Model>(_ model: Model) -> Any { model }
        let adapted: [(model: Any, title: String)] = [
            (Leaf() as Base, "Middle: Leaf"),
            (Middle() as Base, "Middle: Middle"),
            (Base(), "Base: Base"),
            (Base.self as Base.Type, "metatype Base"),
            (erased(Wide() as any Named), "wide"),
            (Wide(), "wide"),
            (Registered() as Base, "registered"),
            (erased(Registered() as AnyObject), "registered"),
            (erased(Registered() as any Named), "registered"),
            (erased(Registered() as any ClassNamed), "registered"),
            (Registered(), "registered"),
            (Shape.square(3), "square(3)"),
            (Shape.circle, "circle"),
            // A struct boxed by a cast to `AnyObject`, one in an optional, one in an `AnyHashable`.
            (Wide() as AnyObject, "wide"),
            (erased(Wide() as AnyObject), "wide"),
            (Optional(Wide()) as Any, "wide"),
            (AnyHashable(Shape.circle), "circle"),
        ]
        // A subclass's metatype, and a value inside an existential (or a box) that is registered
        // while the value's own type is not; an optional that holds nothing.
        let refused: [Any] = [Leaf.self as Base.Type, erased(Small() as any Named), Small(), Small() as AnyObject, Wide?.none as Any]
        var failures: [String] = []
        for round in 0..<rounds {   // resolved, then from the table
            for (model, title) in adapted {
                let got = try factory.adapt(model).title
                if got != title { failures.append("round \(round): \(type(of: model)) gave \(got), not \(title)") }
            }
            for model in refused {
                if let got = try? factory.adapt(model) {
                    failures.append("round \(round): \(type(of: model)) gave \(got.title), not an error")
                }
            }
        }
        return failures
    }

    private struct Adapted: TitledContent { let title: String; var subtitle: String { "" } }
    private class Base {}
    private class Middle: Base {}
    private final class Leaf: Middle {}
    private final class Registered: Base, Named, ClassNamed { var name: String { "registered" } }
    private struct Wide: Named { var a = 1, b = 2, c = 3, d = 4, e = "wide"; var name: String { e } }
    private struct Small: Named { var name: String { "small" } }
    private enum Shape: Hashable { case square(Int), circle }
}

private protocol Named { var name: String { get } }
private protocol ClassNamed: AnyObject {}
