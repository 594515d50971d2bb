import Decouple
import Foundation

// Shapes from whole apps, compiled with what the generator writes for them.

// The same model in every branch of an `#if`: each branch gets its own conformance.
#if os(Linux)
// decouple: TitledContent(subtitle: detail)
final class Screen { var title = "Linux"; var detail = "server" }
#else
// decouple: TitledContent(subtitle: detail)
final class Screen { var title = "Apple"; var detail = 1 }
#endif

// A member declared under a condition: what reads it is generated under it too.
// decouple: TitledContent(subtitle: badge)
struct Row {
    var title = "Row"
    #if canImport(Foundation)
    var badge = "new"
    #endif
}

// Protobuf-style: every generated file declares the same file-private type.
fileprivate struct _GeneratedWithProtocGenSwiftVersion {}

// A public class declared in an extension of a public namespace is public.
public enum Entity {}
extension Entity {
    // decouple: TitledContent(title: username, subtitle: note)
    public final class Account {
        public var username = ""
        public var note = ""
        public init() {}
    }
}

// Types inferred from initial values: a coercion, an initializer call, an enum case.
enum Kind: String { case video, photo }
// decouple: TitledContent(title: kind, subtitle: count)
struct Stats {
    var count = 0 as Int64
    var tags = [String]()
    var kind = Kind.video
}

// Keywords as names, in the conformance (annotation), factory and proxy styles (decouple.json).
enum Outer {
    // decouple: TitledContent(title: `init`, subtitle: `self`)
    struct `Type` {
        var `init` = ""
        var `self` = ""
    }
}
struct `class`: Codable {
    var `default` = ""
    var title = ""
}
protocol `Protocol` {
    var `default`: String { get }
}

// Method requirements: one read from a property, one forwarded to a method of another name.
protocol Display {
    func headline() -> String
    func price(in currency: String) -> String
}
struct Gadget {
    var name = "Gadget"
    func cost(in currency: String) -> String { "\(currency) 1" }
}
