// MARK: - Sources and annotations

extension RuleDescription {
    /// The rules of the sources as files, and of the `// decouple:` annotations in them.
    static let sourcesRules: [RuleDescription] = [
        RuleDescription(
            .syntaxError, .sources, explanation: "A source file that an adapter needs does not parse. The message is the parser's, at its position. Fix the file, or, if no adapter needs what it declares, it is skipped with a warning instead (SkippedUnparsableFile). The bodies of functions, initializers, deinitializers and accessors, and computed properties' getters, are not parsed where the tool can be sure of where they end: an error inside one may go unreported here, and the compiler reports it.",
            triggering: [Example("struct Post {\n    var title: String = \n    var subtitle: String\n}", config: adapter(model: "Post"))],
            nonTriggering: [
                Example("struct Post {\n    var title: String = \"\"\n    var subtitle: String\n}", config: adapter(model: "Post")),
                Example("struct Post {\n    var title: String\n    var subtitle: String\n    func shared() { let = }\n}", config: adapter(model: "Post")),
            ]),
        RuleDescription(
            .nestingTooDeep, .sources, explanation: "A source file nests brackets deeper than the parser can follow safely. The tool refuses it at the first bracket past the limit, rather than exhausting its stack.",
            triggering: [Example(annotatedPost + "\nlet grid: " + nested(BracketNesting.limit + 1))],
            nonTriggering: [Example(annotatedPost + "\nlet grid: " + nested(BracketNesting.limit))]),
        RuleDescription(
            .skippedUnparsableFile, .sources, explanation: "A warning: a file does not parse, but no annotation is in it and no adapter names what it declares, so it is left out and the run goes on. Exclude it with `--exclude` to silence the warning.",
            triggering: [Example(files: ["M.swift": annotatedPost, "Broken.swift": "struct Draft {\n    var title: String = \n}"])],
            nonTriggering: [Example(files: ["M.swift": annotatedPost, "Broken.swift": "struct Draft {\n    var title: String = \"\"\n}"])]),
        RuleDescription(
            .malformedAnnotation, .sources, explanation: "A `// decouple:` comment does not have the annotation's form: `// decouple: Protocol(requirement: member, other: member ?? default)`. Each argument needs a requirement label and maps to a member of the model, optionally with a default.",
            triggering: [
                Example("// decouple: TitledContent(title:\nstruct Post { var name: String; var subtitle: String }"),
                Example("// decouple: TitledContent(name, subtitle: subtitle)\nstruct Post { var name: String; var subtitle: String }"),
                Example("// decouple: TitledContent(title: name.uppercased())\nstruct Post { var name: String; var subtitle: String }"),
            ],
            nonTriggering: [Example("// decouple: TitledContent(title: name)\nstruct Post { var name: String; var subtitle: String }")]),
        RuleDescription(
            .detachedAnnotation, .sources, explanation: "A `// decouple:` annotation is not directly above a type: it is above a typealias, a member or a statement, or separated from the type. Write it directly above a struct, class, enum, actor or extension, or among its attributes.",
            triggering: [
                Example("""
                    struct Post {
                        // decouple: TitledContent(title: name, subtitle: name)
                        var name: String
                    }
                    """),
            ],
            nonTriggering: [
                Example("""
                    // decouple: TitledContent(title: name, subtitle: name)
                    struct Post {
                        var name: String
                    }
                    """),
            ]),
        RuleDescription(
            .annotatedExtensionOfUnknownType, .sources, explanation: "An annotated extension extends a type the given sources do not declare, so the tool cannot read the model's members. Pass the file that declares the type, or annotate the declaration itself.",
            triggering: [Example("// decouple: TitledContent\nextension Post {}")],
            nonTriggering: [Example("struct Post { var title: String; var subtitle: String }\n// decouple: TitledContent\nextension Post {}")]),
        RuleDescription(
            .requirementMappedTwice, .sources, explanation: "One annotation, `map:` or set of `@Maps` attributes maps a requirement twice. A requirement reads from one member: remove one mapping.",
            triggering: [
                Example("// decouple: TitledContent(title: a, title: b, subtitle: a)\nstruct Post { var a: String; var b: String }"),
                .macros(userMapping(login: "title") + "\n    let subtitle: String\n}"),
            ],
            nonTriggering: [
                Example("// decouple: TitledContent(title: a, subtitle: b)\nstruct Post { var a: String; var b: String }"),
                .macros(userMapping(login: "subtitle") + "\n}"),
            ]),
        RuleDescription(
            .protocolShadowsDecouple, .sources, explanation: "The sources declare a protocol with the name of one of Decouple's content protocols. Generated code names Decouple's, so yours would be ambiguous. Rename yours.",
            triggering: [Example("protocol TitledContent { var title: String { get } }\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "TitledContent"))],
            nonTriggering: [Example("protocol Row { var title: String { get } }\nstruct M { var title: String }", config: adapter(model: "M", protocolName: "Row"))]),
        RuleDescription(
            .moduleNameShadowed, .sources, explanation: "A type or generic parameter named `Swift` or `Decouple`, in scope where the generated code is compiled, hides the module of that name, which generated code uses to name the standard library's and Decouple's types (`Swift.String`). Rename it.",
            triggering: [
                Example("enum Swift {}\n" + annotatedPost),
                Example("// decouple: TitledContent\nstruct Post { var title: String; var subtitle: String; struct Decouple {} }"),
            ],
            nonTriggering: [Example("enum Swiftly {}\n" + annotatedPost)]),
        RuleDescription(
            .moduleNamedLikeType, .sources, explanation: "The adapter's `module` has the name of its model's outermost type, so `Module.Type` reads as a member of the type and the generated file cannot name the model from another module. Rename the module or the type, or generate into that module.",
            triggering: [
                Example(files: ["Sources/Item/Item.swift": "public protocol Row { var title: String { get } }\npublic struct Item { public var title: String }"], config: #"""
                    { "module": "App", "adapters": [ { "model": "Item", "protocol": "Row", "module": "Item" } ] }
                    """#),
            ],
            nonTriggering: [
                Example(files: ["Sources/Item/Item.swift": "public protocol Row { var title: String { get } }\npublic struct Item { public var title: String }"], config: #"""
                    { "module": "Item", "adapters": [ { "model": "Item", "protocol": "Row", "module": "Item" } ] }
                    """#),
            ]),
    ]

    /// A model of `TitledContent`'s requirements, annotated to adapt to it.
    private static let annotatedPost = "// decouple: TitledContent\nstruct Post { var title: String; var subtitle: String }"

    /// The start of a model adapted to `TitledContent` whose `name` maps `title`, and whose
    /// `login` maps a requirement.
    private static func userMapping(login requirement: String) -> String {
        #"""
        @Adapts(TitledContent.self)
        struct User {
            @Maps(to: \TitledContent.title) let name: String
            @Maps(to: \TitledContent.\#(requirement)) let login: String
        """#
    }

    /// An array type nested `depth` square brackets deep: `[[Int]]` for 2.
    private static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
    }
}
