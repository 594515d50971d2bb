// MARK: - Models, protocols and requirements

extension RuleDescription {
    /// The rules of finding what an adapter names: its model, its protocol and the requirements.
    static let lookupRules: [RuleDescription] = [
        RuleDescription(
            .unknownModel, .lookup, explanation: "No type of the model's name is declared in the sources given. The message suggests the nearest name. Check the spelling, pass the folder that declares the model, or check `--exclude`.",
            triggering: [Example(post, config: adapter(model: "Pots"))],
            nonTriggering: [Example(post, config: adapter(model: "Post"))]),
        RuleDescription(
            .ambiguousModel, .lookup, explanation: "More than one type has the model's name: in several modules, or nested in different types. Qualify the name (`Outer.Model`), or add `\"module\": \"<target or folder>\"` to the adapter.",
            triggering: [Example(twoItems, config: adapter(model: "Item"))],
            nonTriggering: [Example(twoItems, config: adapter(model: "A.Item"))]),
        RuleDescription(
            .modelNotInModule, .lookup, explanation: "The adapter's `module` names a module or folder that declares no type of the model's name. The message lists where the name is declared.",
            triggering: [Example(files: ["Sources/App/M.swift": row + "\nstruct M { var title: String }"], config: #"{ "adapters": [ { "model": "M", "protocol": "Row", "module": "Other" } ] }"#)],
            nonTriggering: [Example(files: ["Sources/App/M.swift": row + "\nstruct M { var title: String }"], config: #"{ "adapters": [ { "model": "M", "protocol": "Row", "module": "App" } ] }"#)]),
        RuleDescription(
            .unknownProtocol, .lookup, explanation: "No protocol of this name is declared in the sources or by Decouple. The message lists the known protocols and the nearest name.",
            triggering: [Example(post, config: adapter(model: "Post", protocolName: "TitleContent"))],
            nonTriggering: [Example(post, config: adapter(model: "Post", protocolName: "TitledContent"))]),
        RuleDescription(
            .unknownRequirement, .lookup, explanation: "A mapping names a requirement the protocol does not have, often a misspelling, which would otherwise map nothing. The message lists the protocol's requirements and the nearest one.",
            triggering: [
                Example("struct Post { var title: String; var name: String }", config: adapter(model: "Post", map: #"{ "subtitel": "name" }"#)),
                Example("// decouple: TitledContent(subtitel: name)\nstruct Post { var title: String; var name: String }"),
            ],
            nonTriggering: [
                Example("struct Post { var title: String; var name: String }", config: adapter(model: "Post", map: #"{ "subtitle": "name" }"#)),
            ]),
        RuleDescription(
            .unsupportedRequirement, .lookup, explanation: "The protocol requires something a generated adapter does not provide: a settable property, a static member, an initializer, a subscript or an associated type. Generated code provides readable instance properties and methods. Conform the model by hand.",
            triggering: [
                Example("protocol Settable { var label: String { get set } }\nstruct S { var label: String }", config: adapter(model: "S", protocolName: "Settable")),
                Example("protocol Made { init(label: String); var label: String { get } }\nstruct S { var label: String }", config: adapter(model: "S", protocolName: "Made")),
            ],
            nonTriggering: [
                Example("protocol Settable { var label: String { get } }\nstruct S { var label: String }", config: adapter(model: "S", protocolName: "Settable")),
            ]),
        RuleDescription(
            .noncopyableModel, .lookup, explanation: "The model is declared `~Copyable` (or `~Escapable`). Every generated adapter copies its model: a conformance to a protocol that does not suppress `Copyable` needs a copyable type, and the factory's adapter and the proxy store the model. Conform it by hand.",
            triggering: [Example("struct Post: ~Copyable { let title: String; let subtitle: String }", config: adapter(model: "Post"))],
            nonTriggering: [Example("struct Post { let title: String; let subtitle: String }", config: adapter(model: "Post"))]),
        RuleDescription(
            .libraryRefinement, .lookup, explanation: "The protocol refines a protocol of another module whose requirements generated code does not write: `Equatable`, `Hashable`, `Codable`, or one whose sources were not given. (`CustomStringConvertible`'s `description`, `CustomDebugStringConvertible`'s `debugDescription` and `Identifiable`'s `id` are read from the model like any requirement.) In the conformance style, declare the model's conformance to it where the model is declared. In the factory style, the adapter gets `Equatable`, `Hashable` and `Codable` from a model that declares them. The proxy style cannot stand in for such a protocol.",
            triggering: [
                Example("protocol Row: Equatable { var title: String { get } }\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "Row")),
                Example(
                    "protocol Row: Identifiable { var title: String { get } }\nstruct M { var id: Int; var title: String }",
                    config: #"{ "style": "proxy", "adapters": [ { "model": "M", "protocol": "Row" } ] }"#),
            ],
            nonTriggering: [
                Example("protocol Row: Equatable { var title: String { get } }\nstruct M: Equatable { var title: String }", config: adapter(model: "M", protocolName: "Row")),
                Example("protocol Row: Identifiable { var title: String { get } }\nstruct M { var id: Int; var title: String }", config: adapter(model: "M", protocolName: "Row")),
            ]),
        RuleDescription(
            .duplicateAdapter, .lookup, explanation: "The same model is adapted to the same protocol twice (in the configuration, in annotations, or both). A type conforms to a protocol once: remove one.",
            triggering: [
                Example(row + "\nstruct M { var title: String }", config: """
                    { "adapters": [
                      { "model": "M", "protocol": "Row" },
                      { "model": "M", "protocol": "Row" }
                    ] }
                    """),
                Example("// decouple: TitledContent\n" + post, config: adapter(model: "Post")),
            ],
            nonTriggering: [Example(post, config: adapter(model: "Post"))]),
    ]

    /// Two models of one name, in two enums.
    private static let twoItems = """
        enum A { struct Item { var title: String; var subtitle: String } }
        enum B { struct Item { var title: String; var subtitle: String } }
        """
}
