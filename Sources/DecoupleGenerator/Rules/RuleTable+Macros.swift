// MARK: - The macros

extension RuleDescription {
    /// The rules of the macros' own syntax: `@Adapts` and `@Maps`, where they are and what they
    /// name. Their examples are expanded by the macros' tests.
    static let macroRules: [RuleDescription] = [
        RuleDescription(
            .adaptsNeedsProtocol, .macros, explanation: "`@Adapts` takes the protocol to conform to, written as a metatype: `@Adapts(TitledContent.self)`.",
            triggering: [.macros("@Adapts(TitledContent)\n" + user), .macros("@Adapts\n" + user)],
            nonTriggering: [.macros("@Adapts(TitledContent.self)\n" + user)]),
        RuleDescription(
            .adaptsAttachment, .macros, explanation: "`@Adapts` is attached to something other than a struct, class, enum or actor: an extension, a protocol or a member. Attach it to the model's declaration.",
            triggering: [.macros("@Adapts(TitledContent.self)\nprotocol Row {}"), .macros("@Adapts(TitledContent.self)\nextension User {}")],
            nonTriggering: [.macros("@Adapts(TitledContent.self)\n" + user)]),
        RuleDescription(
            .undeclaredConformance, .macros, explanation: "A macro can add conformances only to protocols its declaration names, which are Decouple's own. The model must declare its conformance to one of yours itself (`struct Post: Summary`), and the macro writes the members.",
            triggering: [.macros(#"@Adapts(BadgeContent.self)\#nstruct Inbox { @Maps(to: \BadgeContent.label) let folder: String }"#)],
            nonTriggering: [.macros(#"@Adapts(BadgeContent.self)\#nstruct Inbox: BadgeContent { @Maps(to: \BadgeContent.label) let folder: String }"#)]),
        RuleDescription(
            .mapsPlacement, .macros, explanation: "`@Maps` marks one property of a type marked `@Adapts`, with a key path to a requirement written out from its protocol (`@Maps(to: \\TitledContent.title)`), and `map:` takes each requirement with the member that feeds it (`map: [\\.title: \"fullName\"]`). The message says which part is not of that form.",
            triggering: [
                .macros(mapping(#"@Maps(to: \TitledContent.title) func name() -> String { "" }"#)),
                .macros(mapping(#"@Maps(to: "title") let name: String"#)),
                .macros(mapping(#"@Maps(to: \TitledContent.title.count) let name: String"#)),
                .macros(#"@Adapts(TitledContent.self, map: [\.title: memberName, \.subtitle: "age"])\#nstruct User { let name: String; let age: Int }"#),
            ],
            nonTriggering: [
                .macros(mapping(#"@Maps(to: \TitledContent.title) let name: String"#)),
                .macros(#"@Adapts(TitledContent.self, map: [\.title: "name", \.subtitle: "age"])\#nstruct User { let name: String; let age: Int }"#),
            ]),
        RuleDescription(
            .mappingOwnerNotAdapted, .macros, explanation: "A `@Maps` attribute names a protocol its type is not marked `@Adapts` for, so nothing reads the mapping. Adapt the type to that protocol, or map to a requirement of the protocol it adapts to.",
            triggering: [
                .macros(#"struct User {\#n    @Maps(to: \TitledContent.title) let name: String\#n}"#),
                .macros(#"@Adapts(NamedImageContent.self)\#nstruct User {\#n    @Maps(to: \TitledContent.title) let name: String\#n}"#),
            ],
            nonTriggering: [.macros(mapping(#"@Maps(to: \TitledContent.title) let name: String"#))]),
    ]

    /// A model of `TitledContent`'s requirements, after an attribute.
    private static let user = "struct User { let title: String; let subtitle: String }"

    /// A model adapted to `TitledContent` with a member that maps `title`, and its `subtitle`.
    private static func mapping(_ member: String) -> String {
        "@Adapts(TitledContent.self)\nstruct User {\n    \(member)\n    let subtitle: String\n}"
    }
}
