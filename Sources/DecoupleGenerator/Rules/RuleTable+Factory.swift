// MARK: - The factory style

extension RuleDescription {
    /// The rules of the factory style: an adapter type per model, made off the main actor and
    /// registered by model type (and by tag).
    static let factoryRules: [RuleDescription] = [
        RuleDescription(
            .factoryMainActorModel, .factory, explanation: "The factory makes its adapter in a `Sendable` closure, off the main actor, so a `@MainActor` model cannot be read by an adapter to a protocol that is not `@MainActor`; a `Sendable` struct isolated by the module's default alone is read through its stored `Sendable` properties, which need no isolation (a computed one is refused as `FactoryMainActorMember`). Use the conformance style, which makes an isolated conformance, or declare the protocol `@MainActor`.",
            triggering: [Example(row + "\n@MainActor final class M { var title: String = \"\" }", config: adapter(model: "M", protocolName: "Row", style: .factory))],
            nonTriggering: [
                Example(row + "\n@MainActor final class M { var title: String = \"\" }", config: adapter(model: "M", protocolName: "Row", style: .conformance)),
                Example("@MainActor " + row + "\n@MainActor final class M { var title: String = \"\" }", config: adapter(model: "M", protocolName: "Row", style: .factory)),
            ]),
        RuleDescription(
            .factoryMainActorMember, .factory, explanation: "A member the factory's adapter reads is `@MainActor`, and the protocol is not, so the adapter would read it off the main actor. Use the conformance style, which makes an isolated conformance, or make the member `nonisolated`.",
            triggering: [Example(row + "\nstruct M: Sendable { @MainActor var title: String { \"\" } }", config: adapter(model: "M", protocolName: "Row", style: .factory))],
            nonTriggering: [Example(row + "\nstruct M: Sendable { var title: String { \"\" } }", config: adapter(model: "M", protocolName: "Row", style: .factory))]),
        RuleDescription(
            .factoryMainActorRefinement, .factory, explanation: "The protocol is `@MainActor` and refines a protocol that is not; the factory's adapter, isolated to the main actor, cannot conform to that one. Use the conformance style, or declare the refined protocols `@MainActor` too.",
            triggering: [Example(refinedRow(base: ""), config: adapter(model: "M", protocolName: "Row", style: .factory))],
            nonTriggering: [Example(refinedRow(base: "@MainActor "), config: adapter(model: "M", protocolName: "Row", style: .factory))]),
        RuleDescription(
            .factoryNonSendableModel, .factory, explanation: "The factory's adapter stores the model, and it is `Sendable` (the protocol refines `Sendable`) or isolated to the main actor, so the model crosses an isolation boundary and must be `Sendable`. Swift infers `Sendable` only for a struct or enum that is not public. Declare the model `Sendable`, or use the conformance style.",
            triggering: [
                Example("protocol Row: Sendable { var title: String { get } }\npublic struct M { public var title: String }", config: adapter(model: "M", protocolName: "Row", style: .factory)),
            ],
            nonTriggering: [
                Example(
                    "protocol Row: Sendable { var title: String { get } }\npublic struct M: Sendable { public var title: String }",
                    config: adapter(model: "M", protocolName: "Row", style: .factory)),
            ]),
        RuleDescription(
            .factoryGenericModel, .factory, explanation: "The factory registers an adapter per model type, and a generic model is no one type without its type arguments. Use the conformance style.",
            triggering: [Example("struct Box<T> { var title: String; var subtitle: String }", config: adapter(model: "Box", style: .factory))],
            nonTriggering: [Example("struct Box<T> { var title: String; var subtitle: String }", config: adapter(model: "Box", style: .conformance))]),
        RuleDescription(
            .tagOutsideFactory, .factory, explanation: "A `tag` says which model to decode from data for a type tag, which only the factory style does. Add `\"style\": \"factory\"` to the adapter, or remove the tag.",
            triggering: [Example(codablePost, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "tag": "post" } ] }"#)],
            nonTriggering: [Example(codablePost, config: #"{ "style": "factory", "adapters": [ { "model": "Post", "protocol": "TitledContent", "tag": "post" } ] }"#)]),
        RuleDescription(
            .tagNeedsDecodable, .factory, explanation: "A tagged model is decoded from data by the factory, so it must be `Decodable` (or `Codable`). Declare the conformance, or remove the tag.",
            triggering: [Example(post, config: #"{ "style": "factory", "adapters": [ { "model": "Post", "protocol": "TitledContent", "tag": "post" } ] }"#)],
            nonTriggering: [Example(codablePost, config: #"{ "style": "factory", "adapters": [ { "model": "Post", "protocol": "TitledContent", "tag": "post" } ] }"#)]),
        RuleDescription(
            .duplicateTag, .factory, explanation: "Two models are registered under one tag for the same protocol, which would fail when the factory is set up. Each model needs a tag of its own; variants of one model under `#if` branches share theirs.",
            triggering: [Example(twoCodableModels, config: taggedAdapters(secondTag: "item"))],
            nonTriggering: [Example(twoCodableModels, config: taggedAdapters(secondTag: "other"))]),
    ]

    /// A protocol `@MainActor` that refines one `base` may be, and a `Sendable` model.
    private static func refinedRow(base: String) -> String {
        base + "protocol Base { var title: String { get } }\n@MainActor protocol Row: Base {}\nstruct M: Sendable { var title: String }"
    }

    /// A `Codable` model of `TitledContent`'s requirements.
    private static let codablePost = "struct Post: Codable { var title: String; var subtitle: String }"

    /// Two `Codable` models of `TitledContent`'s requirements.
    private static let twoCodableModels = """
        struct A: Codable { var title: String; var subtitle: String }
        struct B: Codable { var title: String; var subtitle: String }
        """

    /// `A` and `B` in the factory style, `A` tagged "item".
    private static func taggedAdapters(secondTag: String) -> String {
        #"""
        { "style": "factory", "adapters": [
          { "model": "A", "protocol": "TitledContent", "tag": "item" },
          { "model": "B", "protocol": "TitledContent", "tag": "\#(secondTag)" } ] }
        """#
    }
}
