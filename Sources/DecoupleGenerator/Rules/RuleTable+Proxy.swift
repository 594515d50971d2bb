// MARK: - The proxy style

extension RuleDescription {
    /// The rules of the proxy style: `ForwardingProxy` reads each requirement through a key
    /// path, and answers with an empty value when nothing is injected.
    static let proxyRules: [RuleDescription] = [
        RuleDescription(
            .proxyMethodRequirement, .proxy, explanation: "The forwarding proxy reads requirements through key paths, which name properties, so it cannot forward a method requirement. Use the conformance or factory style.",
            triggering: [Example(methodRow, config: adapter(model: "M", protocolName: "Row", style: .proxy))],
            nonTriggering: [Example(methodRow, config: adapter(model: "M", protocolName: "Row", style: .conformance))]),
        RuleDescription(
            .proxyEffectfulProperty, .proxy, explanation: "The forwarding proxy reads properties through key paths, which cannot name a property read with `get async` or `get throws`. Use the conformance or factory style.",
            triggering: [Example("protocol Row { var title: String { get async } }\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "Row", style: .proxy))],
            nonTriggering: [Example(captionRow, config: adapter(model: "M", protocolName: "Row", style: .proxy))]),
        RuleDescription(
            .proxyConditionalRequirement, .proxy, explanation: "The proxy style lists every requirement in one member table for all builds, and `#if` cannot divide it, so a requirement declared under `#if` cannot be listed. Declare it outside `#if` (or alike in every branch), or use another style.",
            triggering: [
                Example("protocol Row {\n#if DEBUG\n    var title: String { get }\n#endif\n}\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "Row", style: .proxy)),
            ],
            nonTriggering: [Example(captionRow, config: adapter(model: "M", protocolName: "Row", style: .proxy))]),
        RuleDescription(
            .proxyNoEmptyValue, .proxy, explanation: "With nothing injected, the forwarding proxy answers a requirement with an empty value: `\"\"`, zero, `false`, an empty collection or `nil`. The requirement's type has none the generator knows. Make the requirement optional, or use the conformance style.",
            triggering: [
                Example("struct Stamp {}\nprotocol Row { var stamp: Stamp { get } }\nstruct M { var stamp: Stamp }", config: adapter(model: "M", protocolName: "Row", style: .proxy)),
            ],
            nonTriggering: [
                Example("struct Stamp {}\nprotocol Row { var stamp: Stamp? { get } }\nstruct M { var stamp: Stamp? }", config: adapter(model: "M", protocolName: "Row", style: .proxy)),
            ]),
        RuleDescription(
            .proxyConflictingRequirements, .proxy, explanation: "The proxy style makes `ForwardingProxy` conform to each protocol, and two of them require a member of one name, or one requires a property `ForwardingProxy` has of its own (`title`, `subtitle`, `name`, `image`, `injectedProtocols`): a type has one member of a name, each protocol's would be forwarded to its own object, and a second one in your module would hide the library's there. Rename the requirement, or use another style for that protocol.",
            triggering: [Example(twoHeadings, config: proxiedHeadings)],
            nonTriggering: [Example(twoHeadings, config: adapter(model: "Story", protocolName: "Headline", style: .proxy, map: #"{ "heading": "name" }"#))]),
    ]

    /// A protocol of one property no protocol of Decouple's requires, and a model that has it.
    private static let captionRow = "protocol Row { var caption: String { get } }\nstruct M { var caption: String }"

    /// A protocol of one method, and a model that implements it.
    private static let methodRow = "protocol Row { func title() -> String }\nstruct M { func title() -> String { \"\" } }"

    /// Two protocols that both require `heading`, and a model.
    private static let twoHeadings = """
        protocol Headline { var heading: String { get } }
        protocol Caption { var heading: String { get } }
        struct Story { var name: String }
        """

    /// `Story` proxied for both protocols.
    private static let proxiedHeadings = #"""
        { "style": "proxy", "adapters": [
          { "model": "Story", "protocol": "Headline", "map": { "heading": "name" } },
          { "model": "Story", "protocol": "Caption", "map": { "heading": "name" } } ] }
        """#
}
