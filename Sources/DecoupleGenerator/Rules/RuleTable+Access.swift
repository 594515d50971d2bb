// MARK: - Access

extension RuleDescription {
    /// The rules of what the generated file can see: the model, the protocol, the members read.
    static let accessRules: [RuleDescription] = [
        RuleDescription(
            .modelNotVisible, .access, explanation: "The model is `private` or `fileprivate`, and generated code lives in a file of its own, which cannot see it. Make the model internal or wider.",
            triggering: [Example("private " + post, config: adapter(model: "Post")), Example("fileprivate " + post, config: adapter(model: "Post"))],
            nonTriggering: [Example("internal " + post, config: adapter(model: "Post"))]),
        RuleDescription(
            .protocolNotVisible, .access, explanation: "The protocol is `private` or `fileprivate`, and generated code lives in a file of its own, which cannot see it. Make the protocol internal or wider.",
            triggering: [Example("private protocol Row { var title: String { get } }\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "Row"))],
            nonTriggering: [Example("protocol Row { var title: String { get } }\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "Row"))]),
        RuleDescription(
            .memberNotVisible, .access, explanation: "The member that feeds a requirement is `private` or `fileprivate`, so the generated file cannot read it. Make it internal or wider, or map the requirement to another member.",
            triggering: [Example(row + "\nstruct M { private var name: String }", config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))],
            nonTriggering: [Example(row + "\nstruct M { var name: String }", config: adapter(model: "M", protocolName: "Row", map: #"{ "title": "name" }"#))]),
        RuleDescription(
            .witnessAccess, .access, explanation: "The model's own member answers the requirement, and a public (or package) model's conformance to a public protocol needs a witness at least that visible; so does a requirement of a public protocol the adapted one refines (a public parent, or `CustomStringConvertible`'s `description`), whatever the adapted protocol's access. Declare the member public, or rename it and map the requirement to it.",
            triggering: [Example("public " + row + "\npublic struct M { var title: String }", config: adapter(model: "M", protocolName: "Row"))],
            nonTriggering: [Example("public " + row + "\npublic struct M { public var title: String }", config: adapter(model: "M", protocolName: "Row"))]),
        RuleDescription(
            .notVisibleFromOutputModule, .access, explanation: "The configuration's top-level `module` compiles the generated file in another module than the model's, which sees only what is `package` or `public` there: the model, the protocol and every member read. Widen their access, or generate into the model's module.",
            triggering: [
                Example(
                    files: ["Sources/Core/M.swift": "public struct Tag { var name: String; public var subtitle: String }"],
                    config: #"{ "module": "Adapters", "adapters": [ { "model": "Tag", "protocol": "TitledContent", "map": { "title": "name" } } ] }"#),
            ],
            nonTriggering: [
                Example(
                    files: ["Sources/Core/M.swift": "public struct Tag { public var name: String; public var subtitle: String }"],
                    config: #"{ "module": "Adapters", "adapters": [ { "model": "Tag", "protocol": "TitledContent", "map": { "title": "name" } } ] }"#),
            ]),
    ]

}
