import DecoupleGenerator
import Testing

/// What the generator prints for the first triggering example of each rule in the rule table
/// (`RuleDescription`) that no other test shows: the smallest input that breaks it, read from
/// the table. Each test is named after its rule. (`RuleTableTests` runs every example.)
@Suite struct RuleExampleTests {
    /// The generator's output for the rule's first triggering example.
    private func output(of rule: Diagnostic.Rule) -> String {
        guard let example = RuleDescription[rule].triggering.first else { return "no triggering example for \(rule.name)" }
        return generate(example.files, config: example.config)
    }

    @Test func actorMainActorConformance() {
        assertInlineSnapshot(of: output(of: .actorMainActorConformance), as: .lines) {
            """
            decouple.json:1:17: error: actor 'Store' cannot conform to 'Row', which is @MainActor (an actor's conformances are isolated to the actor itself); use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members [#ActorMainActorConformance]
            M.swift:2:7: note: 'Store' is declared here
            """
        }
    }

    @Test func conditionalMemberTypes() {
        assertInlineSnapshot(of: output(of: .conditionalMemberTypes), as: .lines) {
            """
            M.swift:4:9: error: 'name' is declared with a different type in different branches of an #if (String at M.swift:4:9, Int at M.swift:6:9), and one witness of 'Row.title' reads it in every build; give it one type, or map 'title' to another member [#ConditionalMemberTypes]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }

    @Test func detachedAnnotation() {
        assertInlineSnapshot(of: output(of: .detachedAnnotation), as: .lines) {
            """
            M.swift:2:5: error: this 'decouple:' annotation is attached to no type; write it directly above a struct, class, enum, actor or extension (or among its attributes): a typealias, a member or a statement cannot be annotated [#DetachedAnnotation]
            """
        }
    }

    @Test func duplicateAdapter() {
        assertInlineSnapshot(of: output(of: .duplicateAdapter), as: .lines) {
            """
            decouple.json:3:3: error: 'M' is adapted to 'Row' twice; the first mapping is at decouple.json:2:3 [#DuplicateAdapter]
            """
        }
    }

    @Test func effectfulMember() {
        assertInlineSnapshot(of: output(of: .effectfulMember), as: .lines) {
            """
            M.swift:2:16: error: 'name' is read with `await` (its getter is `get async`), but 'Row.title' is not `async`, so no witness can read it; map 'title' to a member without `async`, or declare the requirement `{ get async }` [#EffectfulMember]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }

    @Test func factoryMainActorMember() {
        assertInlineSnapshot(of: output(of: .factoryMainActorMember), as: .lines) {
            """
            M.swift:2:37: error: 'title' is @MainActor, and the factory style's adapter to 'Row', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance, or make 'title' nonisolated [#FactoryMainActorMember]
            """
        }
    }

    @Test func factoryMainActorModel() {
        assertInlineSnapshot(of: output(of: .factoryMainActorModel), as: .lines) {
            """
            decouple.json:1:37: error: 'M' is @MainActor, and the factory style's adapter to 'Row', which is not, reads it off the main actor; use the conformance style, which makes an isolated conformance (`extension M: @MainActor Row`), or declare 'Row' @MainActor [#FactoryMainActorModel]
            """
        }
    }

    @Test func factoryMainActorRefinement() {
        assertInlineSnapshot(of: output(of: .factoryMainActorRefinement), as: .lines) {
            """
            decouple.json:1:37: error: 'Row' is @MainActor and refines a protocol that is not, so the factory style's adapter, isolated to the main actor, cannot conform to that one; use the conformance style, which makes an isolated conformance (`extension M: @MainActor Row`), or declare the protocols it refines @MainActor too [#FactoryMainActorRefinement]
            """
        }
    }

    @Test func factoryNonSendableModel() {
        assertInlineSnapshot(of: output(of: .factoryNonSendableModel), as: .lines) {
            """
            decouple.json:1:37: error: 'Row' refines Sendable, so the factory style's adapter is Sendable and stores 'M', which does not declare Sendable (Swift infers it only for a struct or enum that is not public); declare 'M: Sendable', or use the conformance style [#FactoryNonSendableModel]
            M.swift:2:15: note: 'M' is declared here
            """
        }
    }

    @Test func isolatedConformanceToSendable() {
        assertInlineSnapshot(of: output(of: .isolatedConformanceToSendable), as: .lines) {
            """
            decouple.json:1:17: error: 'M' is @MainActor, so its conformance is isolated to the main actor, and 'Row' refines Sendable, which an isolated conformance cannot satisfy; remove @MainActor from the model (or make the members read `nonisolated` and conform by hand), or adapt it to a protocol that does not refine Sendable [#IsolatedConformanceToSendable]
            M.swift:2:24: note: 'M' is declared here
            """
        }
    }

    @Test func memberNotVisible() {
        assertInlineSnapshot(of: output(of: .memberNotVisible), as: .lines) {
            """
            M.swift:2:24: error: 'name' is private, so the generated code, in a file of its own, cannot read it for 'Row.title'; make it internal or wider, or map 'title' to another member [#MemberNotVisible]
            decouple.json:1:17: note: the adapter is asked for here
            """
        }
    }

    @Test func metatypeName() {
        assertInlineSnapshot(of: output(of: .metatypeName), as: .lines) {
            """
            decouple.json:1:35: error: the proxy style reads 'Row.Type' through a key path, and a key path cannot name a member called 'Type' (it reads as the metatype); rename the requirement, or use the conformance or factory style [#MetatypeName]
            """
        }
    }

    @Test func methodForPropertyRequirement() {
        assertInlineSnapshot(of: output(of: .methodForPropertyRequirement), as: .lines) {
            """
            decouple.json:1:70: error: 'name' is a method of 'M' ('name(x: Int) -> String'), and 'Row.title' is a property, which reads a property or calls a method without parameters, effects or generic parameters; map 'title' to one of those, or declare a computed property that calls 'name' and map to it [#MethodForPropertyRequirement]
            M.swift:2:8: note: 'M' is declared here
            """
        }
    }

    @Test func modelNotInModule() {
        assertInlineSnapshot(of: output(of: .modelNotInModule), as: .lines) {
            """
            decouple.json:1:62: error: no 'M' is declared in module or folder 'Other'; it is declared at Sources/App/M.swift:2:8 [#ModelNotInModule]
            """
        }
    }

    @Test func moduleNamedLikeType() {
        assertInlineSnapshot(of: output(of: .moduleNamedLikeType), as: .lines) {
            """
            decouple.json:1:82: error: module 'Item' is named like its type 'Item', so the generated file cannot name that type from another module (`Item.Item` would be a member of the type); rename the module or the type, or generate into module 'Item' [#ModuleNamedLikeType]
            """
        }
    }

    @Test func mutatingMember() {
        assertInlineSnapshot(of: output(of: .mutatingMember), as: .lines) {
            """
            M.swift:2:26: error: 'title' is mutating, but 'Row.title' is not; declare the requirement mutating, or map it to a method that is not [#MutatingMember]
            """
        }
    }

    @Test func protocolNotVisible() {
        assertInlineSnapshot(of: output(of: .protocolNotVisible), as: .lines) {
            """
            M.swift:1:18: error: protocol 'Row' is private, so generated code in another file cannot see it [#ProtocolNotVisible]
            """
        }
    }

    @Test func protocolShadowsDecouple() {
        assertInlineSnapshot(of: output(of: .protocolShadowsDecouple), as: .lines) {
            """
            M.swift:1:10: error: protocol 'TitledContent' is declared by Decouple already; rename yours [#ProtocolShadowsDecouple]
            """
        }
    }

    @Test func proxyConditionalRequirement() {
        assertInlineSnapshot(of: output(of: .proxyConditionalRequirement), as: .lines) {
            """
            decouple.json:1:35: error: 'Row.title' is declared under #if DEBUG (at M.swift:3:9), and the proxy style lists every requirement in one member table for all builds; declare it outside #if (or alike in every branch), or use the conformance or factory style [#ProxyConditionalRequirement]
            """
        }
    }

    @Test func proxyEffectfulProperty() {
        assertInlineSnapshot(of: output(of: .proxyEffectfulProperty), as: .lines) {
            """
            decouple.json:1:35: error: 'Row.title' is read with `get async`, and the proxy style reads properties through key paths, which cannot name such a property; use the conformance or factory style [#ProxyEffectfulProperty]
            """
        }
    }

    @Test func proxyMethodRequirement() {
        assertInlineSnapshot(of: output(of: .proxyMethodRequirement), as: .lines) {
            """
            decouple.json:1:35: error: method requirement 'title() -> String' of 'Row' cannot be forwarded by the proxy style, which reads properties; use the conformance or factory style [#ProxyMethodRequirement]
            """
        }
    }

    @Test func proxyNoEmptyValue() {
        assertInlineSnapshot(of: output(of: .proxyNoEmptyValue), as: .lines) {
            """
            decouple.json:1:35: error: the proxy style answers 'Row.stamp' with an empty value when nothing is injected, and Stamp has none it knows; make the requirement optional or use the conformance style [#ProxyNoEmptyValue]
            """
        }
    }

    @Test func sendableConformanceOutsideFile() {
        assertInlineSnapshot(of: output(of: .sendableConformanceOutsideFile), as: .lines) {
            """
            decouple.json:1:17: error: 'Row' refines Sendable, and Swift accepts a conformance to Sendable only in the file that declares 'M'; declare 'M: Sendable' there, or use the factory style [#SendableConformanceOutsideFile]
            M.swift:2:8: note: 'M' is declared here
            """
        }
    }

    @Test func variadicForwarding() {
        assertInlineSnapshot(of: output(of: .variadicForwarding), as: .lines) {
            """
            decouple.json:1:37: error: method requirement 'sum(_: Int...) -> Int' of 'Row' has a variadic parameter, which the factory style's adapter cannot pass on to 'M.sum'; use the conformance style [#VariadicForwarding]
            """
        }
    }

    @Test func witnessAccess() {
        assertInlineSnapshot(of: output(of: .witnessAccess), as: .lines) {
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
