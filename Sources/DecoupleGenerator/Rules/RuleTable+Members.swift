// MARK: - Members and mappings

extension RuleDescription {
    /// The rules of the members an adapter reads and the mappings that name them: what exists,
    /// its type, its default, its effects, and its isolation.
    static let memberRules: [RuleDescription] = [
        RuleDescription(
            .missingMapping, .members, explanation: "A requirement has no mapping, and the model has no member of the requirement's name. Map it to a member (`\"title\": \"name\"` in the configuration, `title: name` in an annotation, `@Maps(to: \\Protocol.title)` with the macro). The message names the nearest member.",
            triggering: [Example("struct Post { var name: String; var subtitle: String }", config: adapter(model: "Post"))],
            nonTriggering: [Example("struct Post { var name: String; var subtitle: String }", config: adapter(model: "Post", map: #"{ "title": "name" }"#))]),
        RuleDescription(
            .unknownMember, .members, explanation: "A mapping names a member the model does not have. The message suggests the nearest name. The generator sees the members declared in the sources it reads: in the type and its extensions, not those inherited from a library.",
            triggering: [
                Example(post, config: adapter(model: "Post", map: #"{ "title": "titel" }"#)),
                Example("// decouple: TitledContent(title: titel)\n" + post),
            ],
            nonTriggering: [Example(post, config: adapter(model: "Post", map: #"{ "title": "title" }"#))]),
        RuleDescription(
            .unknownMemberType, .members, explanation: "The member's type is not written, and the generator does not infer it from its initial value: it infers a type only where the source or the standard library says so, and otherwise says why it cannot. Write the type out (`var count: Int = …`).",
            triggering: [Example("struct Note { var title: String; var computed = makeValue() }", config: adapter(model: "Note", map: #"{ "subtitle": "computed" }"#))],
            nonTriggering: [
                Example("struct Note { var title: String; var computed: String = makeValue() }", config: adapter(model: "Note", map: #"{ "subtitle": "computed" }"#)),
            ]),
        RuleDescription(
            .typeMismatch, .members, explanation: "The member's type is not the requirement's, and no conversion the generator makes applies (any value becomes a `String` by `String(describing:)`, a `String` becomes an `ImageName`). Map the requirement to a member of its type, or add a computed property that converts.",
            triggering: [Example("protocol Row { var count: Int { get } }\nstruct M { var name: String }", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": "name" }"#))],
            nonTriggering: [
                Example("protocol Row { var count: Int { get } }\nstruct M { var name: Int }", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": "name" }"#)),
                Example("protocol Row { var count: String { get } }\nstruct M { var name: Int }", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": "name" }"#)),
            ]),
        RuleDescription(
            .optionalWithoutDefault, .members, explanation: "The member is optional and the requirement is not. Give the mapping a default for when the member is `nil` (`{\"from\": \"bio\", \"default\": \"\"}`, `bio ?? \"\"`, or `@Maps(to:default:)`).",
            triggering: [
                Example(bio, config: adapter(model: "Post", map: #"{ "subtitle": "bio" }"#)),
                Example("// decouple: TitledContent(subtitle: bio)\n" + bio),
            ],
            nonTriggering: [
                Example(bio, config: adapter(model: "Post", map: #"{ "subtitle": { "from": "bio", "default": "" } }"#)),
                Example("// decouple: TitledContent(subtitle: bio ?? \"\")\n" + bio),
            ]),
        RuleDescription(
            .unusedDefault, .members, explanation: "A mapping has a default, but its member is not optional, so the default would never be used. Remove it.",
            triggering: [
                Example(post, config: adapter(model: "Post", map: #"{ "subtitle": { "from": "subtitle", "default": "-" } }"#)),
                .macros(nickname(ofType: "String")),
            ],
            nonTriggering: [
                Example(bio, config: adapter(model: "Post", map: #"{ "subtitle": { "from": "bio", "default": "-" } }"#)),
                .macros(nickname(ofType: "String?")),
            ]),
        RuleDescription(
            .invalidDefault, .members, explanation: "A mapping's default, or a constant given for a requirement no member feeds, is not a value of the requirement's type (a literal out of its range, a string of two characters for a `Character`, a string for a `URL` or an array), or, in the configuration, not a constant the generated file can compile without the model's scope. The message says which.",
            triggering: [
                Example("protocol Row { var count: Int { get } }\nstruct M {}", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": null }"#)),
                Example("protocol Row { var count: Int { get } }\nstruct M {}", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": { "default": "many" } }"#)),
                Example("protocol Row { var letter: Character { get } }\nstruct M {}", config: adapter(model: "M", protocolName: "Row", map: #"{ "letter": { "default": "ab" } }"#)),
                Example("import Foundation\nprotocol Row { var link: URL { get } }\nstruct M {}", config: adapter(model: "M", protocolName: "Row", map: #"{ "link": { "default": "https://example.com" } }"#)),
            ],
            nonTriggering: [
                Example("protocol Row { var count: Int { get } }\nstruct M {}", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": { "default": 0 } }"#)),
                Example("protocol Row { var count: UInt { get } }\nstruct M {}", config: adapter(model: "M", protocolName: "Row", map: #"{ "count": { "default": -0 } }"#)),
            ]),
        RuleDescription(
            .effectfulMember, .members, explanation: "The member's getter is `async` or `throws`, and the requirement's is not, so no witness can read it. A typed `throws(E)` covers only the getters that throw `E` or nothing; an untyped `throws` covers any. Map the requirement to a member without the effect, or declare the requirement `{ get async }` or `{ get throws }`.",
            triggering: [Example(row + "\n" + asyncName, config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))],
            nonTriggering: [
                Example("protocol Row { var title: String { get async } }\n" + asyncName, config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#)),
            ]),
        RuleDescription(
            .mutatingMember, .members, explanation: "The member is a `mutating` method, or a property whose getter mutates (a struct's `lazy var`, or `mutating get`), and the requirement is not a `mutating` method (a property's getter never is), so a witness cannot call or read it. Declare the requirement `mutating`, or map it to a member that does not mutate.",
            triggering: [Example("protocol Row { func title() -> String }\nstruct M { mutating func title() -> String { \"\" } }", config: adapter(model: "M", protocolName: "Row"))],
            nonTriggering: [
                Example("protocol Row { mutating func title() -> String }\nstruct M { mutating func title() -> String { \"\" } }", config: adapter(model: "M", protocolName: "Row")),
            ]),
        RuleDescription(
            .constrainedExtensionMember, .members, explanation: "The member is declared in a constrained extension (`extension Box where T == Int`), so not every instance of the model has it, and it cannot implement the requirement for all of them. Declare it in an extension without `where`, or map to another member.",
            triggering: [
                Example(
                    row + "\nstruct Box<T> { var name: String }\nextension Box where T == Int { var title: String { name } }",
                    config: adapter(model: "Box", protocolName: "Row")),
            ],
            nonTriggering: [
                Example(row + "\nstruct Box<T> { var name: String }\nextension Box { var title: String { name } }", config: adapter(model: "Box", protocolName: "Row")),
            ]),
        RuleDescription(
            .conditionalMemberTypes, .members, explanation: "The member is declared with a different type in different `#if` branches, and one witness reads it in every build. Give it one type, or map to another member.",
            triggering: [Example(row + "\n" + conditionalName(else: "Int"), config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))],
            nonTriggering: [Example(row + "\n" + conditionalName(else: "String"), config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))]),
        RuleDescription(
            .metatypeName, .members, explanation: "A type or member is named `Type` or `Protocol`, which Swift reads as a metatype after a dot, backquoted or not: a model cannot be registered in a factory as `Outer.Type.self`, a static member cannot be read as `Model.Type`, and a key path cannot name a requirement `Type`. Rename it, or use another style.",
            triggering: [Example(typeMember, config: adapter(model: "M", protocolName: "Row", style: .proxy))],
            nonTriggering: [Example(typeMember, config: adapter(model: "M", protocolName: "Row", style: .conformance))]),
        RuleDescription(
            .methodForPropertyRequirement, .members, explanation: "A property requirement is mapped to a method that takes parameters, has effects or generic parameters. A property requirement reads a property or calls a method without any of those. Map it to one, or declare a computed property that calls the method and map to that.",
            triggering: [Example(row + "\nstruct M { func name(x: Int) -> String { \"\" } }", config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))],
            nonTriggering: [Example(row + "\nstruct M { func name() -> String { \"\" } }", config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))]),
        RuleDescription(
            .missingMethod, .members, explanation: "The model does not implement a method requirement: no method of the same name and signature (labels, types, effects, generic parameters), and no mapping to a method of another name with the same signature. A requirement without parameters may also map to a property. The message lists the model's methods of that name and whether only effects or generic parameters differ.",
            triggering: [
                Example("protocol Priced { func price() -> String }\nstruct Plain { var title: String }", config: adapter(model: "Plain", protocolName: "Priced")),
                Example("protocol Priced { func price() -> String }\nstruct Plain { func price() async -> String { \"\" } }", config: adapter(model: "Plain", protocolName: "Priced")),
            ],
            nonTriggering: [
                Example("protocol Priced { func price() -> String }\nstruct Plain { func price() -> String { \"\" } }", config: adapter(model: "Plain", protocolName: "Priced")),
                Example("protocol Priced { func price() -> String }\nstruct Plain { var cost: String }", config: adapter(model: "Plain", protocolName: "Priced", map: #"{ "price": "cost" }"#)),
            ]),
        RuleDescription(
            .variadicForwarding, .members, explanation: "A method requirement with a variadic parameter would have to pass its arguments on to another method, which Swift cannot do with a variadic list. Implement the requirement in the model itself, or use the conformance style.",
            triggering: [Example(variadicSum, config: adapter(model: "M", protocolName: "Row", style: .factory))],
            nonTriggering: [Example(variadicSum, config: adapter(model: "M", protocolName: "Row", style: .conformance))]),
        RuleDescription(
            .closureMember, .members, explanation: "The member is a property of a function type (`let gitSha: () -> String`). A closure without parameters or effects is called where a method requirement reads it, or where a mapping names it; otherwise it would be read as a value, and `String(describing:)` of a closure is \"(Function)\". A closure with parameters, effects or an optional one is not called. Map the requirement to the closure, or declare a method that calls it.",
            triggering: [
                Example("protocol Row { var caption: String { get } }\nstruct Build { let format: (Int) -> String }", config: adapter(model: "Build", protocolName: "Row", map: #"{ "caption": "format" }"#)),
                Example("protocol Row { var caption: String { get } }\nstruct Build { let caption: () -> String }", config: adapter(model: "Build", protocolName: "Row")),
            ],
            nonTriggering: [
                Example("protocol Row { var caption: String { get } }\nstruct Build { let format: () -> String }", config: adapter(model: "Build", protocolName: "Row", map: #"{ "caption": "format" }"#)),
            ]),
        RuleDescription(
            .actorIsolatedMember, .members, explanation: "The model is an actor, and the member is isolated to it (a `var`, a method not marked `nonisolated`, or a `let` of a type not known to be `Sendable`), so it cannot back a synchronous requirement. Declare it with `let` of a `Sendable` type, mark it `nonisolated` if it reads no mutable state, or make the requirement `async`. A type is known to be `Sendable` when the sources or the standard library say so: the standard library's and Foundation's value types and collections of them, and the sources' types that declare `Sendable` (or are structs and enums that are not public).",
            triggering: [Example(#"actor Counter { var title: String = ""; let subtitle: String = "" }"#, config: adapter(model: "Counter", style: .factory))],
            nonTriggering: [Example(#"actor Counter { let title: String = ""; let subtitle: String = "" }"#, config: adapter(model: "Counter", style: .factory))]),
        RuleDescription(
            .globalActorIsolation, .members, explanation: "The model, or a member read, is isolated to a global actor the sources declare (`@globalActor actor DBActor`), and generated code knows the main actor's isolation only: its conformance and adapters would read the model from outside that actor. Conform it by hand, make the members read `nonisolated`, or map the requirement to another member.",
            triggering: [
                Example(dbActor + "\n@DBActor final class Store { var name: String = \"\" }", config: adapter(model: "Store", protocolName: "Row", map: #"{ "title": "name" }"#)),
                Example(dbActor + "\nfinal class Store { @DBActor var name: String = \"\" }", config: adapter(model: "Store", protocolName: "Row", map: #"{ "title": "name" }"#)),
            ],
            nonTriggering: [
                Example(dbActor + "\nfinal class Store { let name: String = \"\" }", config: adapter(model: "Store", protocolName: "Row", map: #"{ "title": "name" }"#)),
            ]),
    ]

    /// A model with an optional member and `TitledContent`'s `title`.
    private static let bio = "struct Post { var title: String; var bio: String? }"

    /// A model adapted to `TitledContent` with a default for its `subtitle`, read from a member of a type.
    private static func nickname(ofType type: String) -> String {
        #"""
        @Adapts(TitledContent.self)
        struct User {
            let title: String
            @Maps(to: \TitledContent.subtitle, default: "-") let nickname: \#(type)
        }
        """#
    }

    /// A protocol that requires a property named `Type`, and a model that has it.
    private static let typeMember = "protocol Row { var `Type`: String { get } }\nstruct M { var `Type`: String }"

    /// A model whose member `name` is read with `await`.
    private static let asyncName = "struct M { var name: String { get async { \"\" } } }"

    /// A model whose member `name` is a `String` in debug builds, of another type otherwise.
    private static func conditionalName(else type: String) -> String {
        """
        struct M {
        #if DEBUG
            var name: String
        #else
            var name: \(type)
        #endif
        }
        """
    }

    /// A protocol whose method takes a variadic parameter, and a model that implements it.
    private static let variadicSum = "protocol Row { func sum(_ values: Int...) -> Int }\nstruct M { func sum(_ values: Int...) -> Int { 0 } }"

    /// A global actor the sources declare, and a protocol of one requirement.
    private static let dbActor = "@globalActor actor DBActor { static let shared = DBActor() }\n" + row
}
