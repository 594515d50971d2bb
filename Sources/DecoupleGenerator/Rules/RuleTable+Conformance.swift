// MARK: - Conformances

extension RuleDescription {
    /// The rules of a conformance the model itself gets (the conformance style's, which the
    /// proxy style shares): one member of a name, one conformance to a protocol, its isolation.
    static let conformanceRules: [RuleDescription] = [
        RuleDescription(
            .memberNameTaken, .conformance, explanation: "A conformance adds members to the model itself, and the model already has a member of the requirement's name (a property of another type, or a property where the requirement is a method). Swift does not allow a second. Rename one, map the requirement to another member, or use the factory style, whose adapter is a type of its own.",
            triggering: [Example(event, config: adapter(model: "Event", map: #"{ "title": "name", "subtitle": "name" }"#))],
            nonTriggering: [Example(event, config: adapter(model: "Event", style: .factory, map: #"{ "title": "name", "subtitle": "name" }"#))]),
        RuleDescription(
            .conflictingWitnesses, .conformance, explanation: "The model is adapted to two protocols that both require a member of one name, read differently (other members, or other `#if` conditions). A type has one member of a name. Map both to the same member, or use the factory style for one of them.",
            triggering: [Example(twoTitles, config: twoTitlesAdapters(caption: "other"))],
            nonTriggering: [Example(twoTitles, config: twoTitlesAdapters(caption: "name"))]),
        RuleDescription(
            .existingConditionalConformance, .conformance, explanation: "The model already conforms to the protocol conditionally (`extension Box: P where T: P`), and a type conforms to a protocol once. Remove the adapter, or make that conformance unconditional.",
            triggering: [
                Example(
                    "import Decouple\nstruct Box<T> { var title: String; var subtitle: String }\nextension Box: TitledContent where T == Int {}",
                    config: adapter(model: "Box")),
            ],
            nonTriggering: [Example("import Decouple\nstruct Box<T> { var title: String; var subtitle: String }", config: adapter(model: "Box"))]),
        RuleDescription(
            .sendableConformanceOutsideFile, .conformance, explanation: "The protocol refines `Sendable`, so a conformance conforms the model to `Sendable`, which Swift accepts only in the model's own file. Declare `Model: Sendable` where the model is declared, or use the factory style.",
            triggering: [Example(sendableRow + "\nstruct M { var name: String }", config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))],
            nonTriggering: [
                Example(sendableRow + "\nstruct M: Sendable { var name: String }", config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#)),
                Example(sendableRow + "\nstruct M { var name: String }", config: adapter(model: "M", protocolName: "Row", style: .factory, map: #"{ "title": "name" }"#)),
            ]),
        RuleDescription(
            .isolatedConformanceToSendable, .conformance, explanation: "The conformance must be isolated to the main actor (the model is `@MainActor`, or a member read is), and the protocol refines `Sendable`, which an isolated conformance cannot satisfy. Make the members read `nonisolated`, remove `@MainActor`, or adapt to a protocol that does not refine `Sendable`.",
            triggering: [Example(sendableRow + "\n@MainActor final class M { var title: String = \"\" }", config: adapter(model: "M", protocolName: "Row"))],
            nonTriggering: [Example(row + "\n@MainActor final class M { var title: String = \"\" }", config: adapter(model: "M", protocolName: "Row"))]),
        RuleDescription(
            .actorMainActorConformance, .conformance, explanation: "An actor's conformances are isolated to the actor itself, never to the main actor, so an actor cannot conform to a `@MainActor` protocol. Use the factory style, whose adapter reads the actor's `let`s and `nonisolated` members.",
            triggering: [Example("@MainActor " + row + "\nactor Store { let title: String }", config: adapter(model: "Store", protocolName: "Row"))],
            nonTriggering: [Example("@MainActor " + row + "\nactor Store { let title: String }", config: adapter(model: "Store", protocolName: "Row", style: .factory))]),
        RuleDescription(
            .classBoundProtocol, .conformance, explanation: "The protocol refines `AnyObject`, directly or through a protocol it refines, so only a class or an actor can conform to it, and the model is a struct or an enum. Use the factory style, whose adapter for a class-bound protocol is a class that holds the model, or adapt a class.",
            triggering: [
                Example("protocol Row: AnyObject { var title: String { get } }\nstruct Point { let title: String }", config: adapter(model: "Point", protocolName: "Row")),
                Example("protocol Named: AnyObject {}\nprotocol Row: Named { var title: String { get } }\nstruct Point { let title: String }", config: adapter(model: "Point", protocolName: "Row")),
            ],
            nonTriggering: [
                Example("protocol Row: AnyObject { var title: String { get } }\nfinal class Pin { let title = \"p\" }", config: adapter(model: "Pin", protocolName: "Row")),
                Example("protocol Row: AnyObject { var title: String { get } }\nstruct Point { let title: String }", config: adapter(model: "Point", protocolName: "Row", style: .factory)),
            ]),
        RuleDescription(
            .inheritedConformance, .conformance, explanation: "A class inherits its superclass's conformances and members, and a member declared in an extension cannot be overridden. So when a superclass conforms to the protocol (declared, or adapted in the conformance or proxy style), a subclass adapted to it is accepted only when it reads every requirement as the superclass does, and then nothing is written for it; and no subclass may declare a member the superclass's generated extension declares. Map the subclass as the superclass, adapt only one of them, rename the subclass's member, or use the factory style, whose adapters are types of their own.",
            triggering: [Example(animals, config: animalAdapters(bird: "nickname"))],
            nonTriggering: [Example(animals, config: animalAdapters(bird: "name"))]),
    ]

    /// A model with a member of `TitledContent`'s `title`, of another type.
    private static let event = "struct Event { var title: Int; var name: String }"

    /// Two protocols that both require `title`, and a model of two members.
    private static let twoTitles = """
        protocol Headline { var title: String { get } }
        protocol Caption { var title: String { get } }
        struct Story { var name: String; var other: String }
        """

    /// `Story` adapted to `Headline` from `name`, and to `Caption` from `caption`.
    private static func twoTitlesAdapters(caption: String) -> String {
        #"""
        { "adapters": [
          { "model": "Story", "protocol": "Headline", "map": { "title": "name" } },
          { "model": "Story", "protocol": "Caption", "map": { "title": "\#(caption)" } } ] }
        """#
    }

    /// A protocol that refines `Sendable`.
    private static let sendableRow = "protocol Row: Sendable { var title: String { get } }"

    /// A class and its subclass.
    private static let animals = """
        protocol Row { var caption: String { get } }
        class Animal { let name = "animal" }
        final class Bird: Animal { var nickname: String { "bird" } }
        """

    /// `Animal` adapted to `Row` from `name`, and `Bird` from `bird`.
    private static func animalAdapters(bird: String) -> String {
        #"""
        { "adapters": [
          { "model": "Animal", "protocol": "Row", "map": { "caption": "name" } },
          { "model": "Bird", "protocol": "Row", "map": { "caption": "\#(bird)" } } ] }
        """#
    }
}
