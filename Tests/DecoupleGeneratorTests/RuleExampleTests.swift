import DecoupleGenerator
import Testing

/// One example of each rule that no other test shows: the smallest input that breaks it, and
/// what the generator prints. Each test is named after its rule.
@Suite struct RuleExampleTests {
    @Test func actorMainActorConformance() {
        let output = generate(["M.swift": """
            @MainActor protocol Row { var title: String { get } }
            actor Store { let title: String }
            """], config: """
            { "adapters": [ { "model": "Store", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:17: error: actor 'Store' cannot conform to 'Row', which is @MainActor (an actor's conformances are isolated to the actor itself); use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members [#ActorMainActorConformance]
            M.swift:2:7: note: 'Store' is declared here
            """
        }
    }

    @Test func conditionalMemberTypes() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct M {
            #if DEBUG
                var name: String
            #else
                var name: Int
            #endif
            }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row", "map": { "title": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:4:9: error: 'name' is declared with a different type in different branches of an #if (String at M.swift:4:9, Int at M.swift:6:9), and one witness of 'Row.title' reads it in every build; give it one type, or map 'title' to another member [#ConditionalMemberTypes]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }

    @Test func detachedAnnotation() {
        let output = generate(["M.swift": """
            struct Post {
                // decouple: TitledContent(title: name, subtitle: name)
                var name: String
            }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:5: error: this 'decouple:' annotation is attached to no type; write it directly above a struct, class, enum, actor or extension (or among its attributes): a typealias, a member or a statement cannot be annotated [#DetachedAnnotation]
            """
        }
    }

    @Test func duplicateAdapter() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct M { var title: String }
            """], config: """
            { "adapters": [
              { "model": "M", "protocol": "Row" },
              { "model": "M", "protocol": "Row" }
            ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:3:3: error: 'M' is adapted to 'Row' twice; the first mapping is at decouple.json:2:3 [#DuplicateAdapter]
            """
        }
    }

    @Test func effectfulMember() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct M { var name: String { get async { "" } } }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row", "map": { "title": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:16: error: 'name' is read with `await` (its getter is `get async`), but 'Row.title' is not `async`, so no witness can read it; map 'title' to a member without `async`, or declare the requirement `{ get async }` [#EffectfulMember]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }

    @Test func factoryMainActorMember() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct M: Sendable { @MainActor var title: String { "" } }
            """], config: """
            { "style": "factory", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:37: error: 'title' is @MainActor, and the factory style's adapter to 'Row', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance, or make 'title' nonisolated [#FactoryMainActorMember]
            """
        }
    }

    @Test func factoryMainActorModel() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            @MainActor final class M { var title: String = "" }
            """], config: """
            { "style": "factory", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:37: error: 'M' is @MainActor, and the factory style's adapter to 'Row', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance (`extension M: @MainActor Row`), or declare 'Row' @MainActor [#FactoryMainActorModel]
            """
        }
    }

    @Test func factoryMainActorRefinement() {
        let output = generate(["M.swift": """
            protocol Base { var title: String { get } }
            @MainActor protocol Row: Base {}
            struct M: Sendable { var title: String }
            """], config: """
            { "style": "factory", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:37: error: 'Row' is @MainActor and refines a protocol that is not, so the factory style's adapter, isolated to the main actor, cannot conform to that one; use the conformance style, which makes an isolated conformance (`extension M: @MainActor Row`), or declare the protocols it refines @MainActor too [#FactoryMainActorRefinement]
            """
        }
    }

    @Test func factoryNonSendableModel() {
        let output = generate(["M.swift": """
            protocol Row: Sendable { var title: String { get } }
            public struct M { public var title: String }
            """], config: """
            { "style": "factory", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:37: error: 'Row' refines Sendable, so the factory style's adapter is Sendable and stores 'M', which does not declare Sendable (Swift infers it only for a struct or enum that is not public); declare 'M: Sendable', or use the conformance style [#FactoryNonSendableModel]
            M.swift:2:15: note: 'M' is declared here
            """
        }
    }

    @Test func isolatedConformanceToSendable() {
        let output = generate(["M.swift": """
            protocol Row: Sendable { var title: String { get } }
            @MainActor final class M { var title: String = "" }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:17: error: 'M' is @MainActor, so its conformance is isolated to the main actor, and 'Row' refines Sendable, which an isolated conformance cannot satisfy; remove @MainActor from the model (or make the members read `nonisolated` and conform by hand), or adapt it to a protocol that does not refine Sendable [#IsolatedConformanceToSendable]
            M.swift:2:24: note: 'M' is declared here
            """
        }
    }

    @Test func memberNotVisible() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct M { private var name: String }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row", "map": { "title": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:24: error: 'name' is private, so the generated code, in a file of its own, cannot read it for 'Row.title'; make it internal or wider, or map 'title' to another member [#MemberNotVisible]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }

    @Test func metatypeName() {
        let output = generate(["M.swift": """
            protocol Row { var `Type`: String { get } }
            struct M { var `Type`: String }
            """], config: """
            { "style": "proxy", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:35: error: the proxy style reads 'Row.Type' through a key path, and a key path cannot name a member called 'Type' (it reads as the metatype); rename the requirement, or use the conformance or factory style [#MetatypeName]
            """
        }
    }

    @Test func methodForPropertyRequirement() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct M { func name(x: Int) -> String { "" } }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row", "map": { "title": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:70: error: 'name' is a method of 'M' ('name(x: Int) -> String'), and 'Row.title' is a property, which reads a property or calls a method without parameters, effects or generic parameters; map 'title' to one of those, or declare a computed property that calls 'name' and map to it [#MethodForPropertyRequirement]
            M.swift:2:8: note: 'M' is declared here
            """
        }
    }

    @Test func modelNotInModule() {
        let output = generate(["Sources/App/M.swift": """
            protocol Row { var title: String { get } }
            struct M { var title: String }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row", "module": "Other" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:62: error: no 'M' is declared in module or folder 'Other'; it is declared at Sources/App/M.swift:2:8 [#ModelNotInModule]
            """
        }
    }

    @Test func moduleNamedLikeType() {
        let output = generate(["Sources/Item/Item.swift": """
            public protocol Row { var title: String { get } }
            public struct Item { public var title: String }
            """], config: """
            { "module": "App", "adapters": [ { "model": "Item", "protocol": "Row", "module": "Item" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:82: error: module 'Item' is named like its type 'Item', so the generated file cannot name that type from another module (`Item.Item` would be a member of the type); rename the module or the type, or generate into module 'Item' [#ModuleNamedLikeType]
            """
        }
    }

    @Test func mutatingMember() {
        let output = generate(["M.swift": """
            protocol Row { func title() -> String }
            struct M { mutating func title() -> String { "" } }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:26: error: 'title' is mutating, but 'Row.title' is not; declare the requirement mutating, or map it to a method that is not [#MutatingMember]
            """
        }
    }

    @Test func protocolNotVisible() {
        let output = generate(["M.swift": """
            private protocol Row { var title: String { get } }
            struct M { var title: String }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:18: error: protocol 'Row' is private, so generated code in another file cannot see it [#ProtocolNotVisible]
            """
        }
    }

    @Test func protocolShadowsDecouple() {
        let output = generate(["M.swift": """
            protocol TitledContent { var title: String { get } }
            struct M { var title: String }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "TitledContent" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:10: error: protocol 'TitledContent' is declared by Decouple already; rename yours [#ProtocolShadowsDecouple]
            """
        }
    }

    @Test func proxyConditionalRequirement() {
        let output = generate(["M.swift": """
            protocol Row {
            #if DEBUG
                var title: String { get }
            #endif
            }
            struct M { var title: String }
            """], config: """
            { "style": "proxy", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:35: error: 'Row.title' is declared under #if DEBUG (at M.swift:3:9), and the proxy style lists every requirement in one member table for all builds; declare it outside #if (or alike in every branch), or use the conformance or factory style [#ProxyConditionalRequirement]
            """
        }
    }

    @Test func proxyEffectfulProperty() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get async } }
            struct M { var title: String }
            """], config: """
            { "style": "proxy", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:35: error: 'Row.title' is read with `get async`, and the proxy style reads properties through key paths, which cannot name such a property; use the conformance or factory style [#ProxyEffectfulProperty]
            """
        }
    }

    @Test func proxyMethodRequirement() {
        let output = generate(["M.swift": """
            protocol Row { func title() -> String }
            struct M { func title() -> String { "" } }
            """], config: """
            { "style": "proxy", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:35: error: method requirement 'title() -> String' of 'Row' cannot be forwarded by the proxy style, which reads properties; use the conformance or factory style [#ProxyMethodRequirement]
            """
        }
    }

    @Test func proxyNoEmptyValue() {
        let output = generate(["M.swift": """
            struct Stamp {}
            protocol Row { var stamp: Stamp { get } }
            struct M { var stamp: Stamp }
            """], config: """
            { "style": "proxy", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:35: error: the proxy style answers 'Row.stamp' with an empty value when nothing is injected, and Stamp has none it knows; make the requirement optional or use the conformance style [#ProxyNoEmptyValue]
            """
        }
    }

    @Test func sendableConformanceOutsideFile() {
        let output = generate(["M.swift": """
            protocol Row: Sendable { var title: String { get } }
            struct M { var name: String }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row", "map": { "title": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:17: error: 'Row' refines Sendable, and Swift accepts a conformance to Sendable only in the file that declares 'M'; declare 'M: Sendable' there, or use the factory style [#SendableConformanceOutsideFile]
            M.swift:2:8: note: 'M' is declared here
            """
        }
    }

    @Test func variadicForwarding() {
        let output = generate(["M.swift": """
            protocol Row { func sum(_ values: Int...) -> Int }
            struct M { func sum(_ values: Int...) -> Int { 0 } }
            """], config: """
            { "style": "factory", "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:37: error: method requirement 'sum(_: Int...) -> Int' of 'Row' has a variadic parameter, which the factory style's adapter cannot pass on to 'M.sum'; use the conformance style [#VariadicForwarding]
            """
        }
    }

    @Test func witnessAccess() {
        let output = generate(["M.swift": """
            public protocol Row { var title: String { get } }
            public struct M { var title: String }
            """], config: """
            { "adapters": [ { "model": "M", "protocol": "Row" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:23: error: 'title' is internal, but it is what 'M' answers for 'Row.title', and a public type's conformance to a public protocol needs public witnesses; declare it public, or rename it and map 'title' to it [#WitnessAccess]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }
}

/// A member declared in an extension with type arguments (`extension Key<Double>`) is not every
/// instance's, as one declared under `where Value == Double` is not: neither can witness a
/// requirement for all of them.
@Suite struct BoundGenericExtensionTests {
    @Test func aMemberOfABoundGenericExtension_isRefusedLikeAConstrainedOne() {
        let output = generate(["M.swift": """
            protocol Row { var title: String { get } }
            struct Key<Value> { var name: String }
            extension Key<Double> { var title: String { name } }
            extension Key where Value == Int { var label: String { name } }
            """], config: """
            { "adapters": [ { "model": "Key", "protocol": "Row" }, { "model": "Key", "protocol": "Row", "style": "factory" } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:3:29: error: 'title' is declared in an extension constrained by `where Self == Key<Double>`, so not every 'Key' has it, and it cannot implement 'Row.title' for all of them; declare it in an extension without `where`, or map 'title' to another member [#ConstrainedExtensionMember]
            decouple.json:1:56: error: cannot adapt 'Key' to 'Row': 2 problems:
            M.swift:3:29: error: 'title' is declared in an extension constrained by `where Self == Key<Double>`, so not every 'Key' has it, and it cannot implement 'Row.title' for all of them; declare it in an extension without `where`, or map 'title' to another member [#ConstrainedExtensionMember]
            decouple.json:1:56: error: generic model 'Key' cannot be registered in a factory without its type arguments; use the conformance style [#FactoryGenericModel]
            """
        }
    }
}
