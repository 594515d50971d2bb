import DecoupleGenerator
import Testing

/// Names Swift reads otherwise than the generator would write them: refused where they are
/// written, not written into code that does not compile.
@Suite struct NameRefusalTests {
    /// `\(any P).Type` is the metatype, not the requirement: the proxy's key path cannot name it.
    @Test func aRequirementNamedType_isRefusedInTheProxyStyle() throws {
        let source = "protocol Kinded { var `Type`: String { get } }\nstruct Card { var name: String }\n"
        let config = #"{"style": "proxy", "adapters": [{"model": "Card", "protocol": "Kinded", "map": {"Type": "name"}}]}"#
        let result = try judged(["Sources/App/Card.swift": source], config: config)
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("'Type'"), "\(refusal)")
        let conformance = try judged(["Sources/App/Card.swift": source], config: config.replacingOccurrences(of: "proxy", with: "conformance"))
        #expect(conformance.compiles, "\(conformance)")
    }

    /// `Item.Item` names a member of the type `Item`, not the type in module `Item`.
    @Test func aModuleNamedLikeItsType_isRefusedAtTheModule() {
        let files = [
            "Sources/Item/Item.swift": "public struct Item { public var name: String }\n",
            "Sources/Other/Item.swift": "struct Item { var name: String }\n",
        ]
        let config = #"{"module": "App", "adapters": [{"model": "Item", "module": "Item", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "name"}}]}"#
        let output = generate(files, config: config)
        #expect(output.contains("decouple.json:1:") && output.contains("module 'Item'") && !output.contains("import Decouple"), "\(output)")
    }

    /// Found by the compiler oracle: `Outer.`Type`.self` is a metatype to Swift, so a nested
    /// model named `Type` cannot be registered in a factory; the conformance style names it
    /// where a type is expected, and compiles.
    @Test func aNestedModelNamedType_isRefusedInTheFactoryStyle() throws {
        let source = "protocol Titled { var title: String { get } }\nenum Outer { struct `Type` { var name: String } }\n"
        let config = #"{"style": "factory", "adapters": [{"model": "Outer.Type", "protocol": "Titled", "map": {"title": "name"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Outer.swift": source], config: config).refusal)
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("as a metatype"), "\(refusal)")
        let conformance = try judged(["Sources/App/Outer.swift": source], config: config.replacingOccurrences(of: "factory", with: "conformance"))
        #expect(conformance.compiles, "\(conformance)")
    }
}
