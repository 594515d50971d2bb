// MARK: - Files and configuration

extension RuleDescription {
    /// The rules of the files the tool reads and writes, and of the configuration. The tool's
    /// own rules (a path it cannot read or write) have no examples here: the command-line tool's
    /// tests show them, on files.
    static let configurationRules: [RuleDescription] = [
        RuleDescription(.unreadableInput, .configuration, explanation: "A path given to the tool cannot be read: a source that does not exist, is not a regular file or folder, is not a `.swift` file or is not UTF-8 text, or a configuration file that is missing, a folder or a symbolic link loop. Nothing is written. Pass Swift files or folders and the `decouple.json` file itself, or leave a source out with `--exclude`."),
        RuleDescription(.outputOverwritesInput, .configuration, explanation: "The `--output` path is one of the inputs: a model source or the configuration file. Writing the generated code there would destroy the input, so the tool refuses before it reads anything else. Choose another output path."),
        RuleDescription(.unwritableOutput, .configuration, explanation: "The `--output` path cannot be written: its folder is missing or is not a folder, or the path is a folder. The message says which. Nothing is written."),
        RuleDescription(.unusableCache, .configuration, explanation: "The `--cache` path cannot serve as the cache: it is empty, a file, a link to nothing, or runs through a file; this user cannot read and write it (read, with `--check`), or create it; or it is the output, or would hold the output or sit inside it. Name a folder of its own (it is created when missing)."),
        RuleDescription(.nothingToGenerate, .configuration, explanation: "A warning: the run made no adapter, because no configuration was found (or it maps nothing) and no model has a `// decouple:` annotation. The output is still written, with no adapters, so a stale file never lingers; usually the configuration is elsewhere: pass it with `--config`."),
        RuleDescription(.configurationExists, .configuration, explanation: "`decouple init` writes a first configuration and never overwrites one: the file it would write exists. Edit that file, or pass `--output` with another path."),
        RuleDescription(
            .partialMatch, .configuration, explanation: "A warning of `decouple init`: a model and a content protocol share some requirement names but not all, or all of them but the adapter would be refused (the message says why). The pair is left out of the proposed configuration; map the missing requirements by hand to adapt it.",
            triggering: [
                .proposal("""
                    protocol Badge { var label: String { get }; var count: Int { get } }
                    struct Tag { var label: String; var color: String }
                    """),
                .proposal("struct Draft { var title: String; var subtitle: String? }"),
            ],
            nonTriggering: [
                .proposal("""
                    protocol Badge { var label: String { get }; var count: Int { get } }
                    struct Inbox { var label: String; var count: Int }
                    """),
                .proposal("struct Draft { var title: String; var subtitle: String }"),
            ]),
        RuleDescription(
            .configurationNotJSON, .configuration, explanation: "The configuration file is empty, is not UTF-8 (a UTF-16 file is named as such), or is not valid JSON. The position is where the JSON parser stopped. The configuration is a JSON object such as `{\"adapters\": []}`.",
            triggering: [
                Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", } ] }"#),
                Example(post, config: ""),
            ],
            nonTriggering: [Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent" } ] }"#)]),
        RuleDescription(
            .configurationShape, .configuration, explanation: "A value in the configuration has the wrong JSON type: the root must be an object, `adapters` and `exclude` arrays, each adapter and its `map` objects, a mapping a member name, `{\"from\": …, \"default\": …}`, or a constant (`{\"default\": …}` or `null`), a default a string, number, boolean or null. The message names the value found.",
            triggering: [
                Example(post, config: #"[ { "model": "Post", "protocol": "TitledContent" } ]"#),
                Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "map": { "title": 7 } } ] }"#),
            ],
            nonTriggering: [Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "map": { "title": "title" } } ] }"#)]),
        RuleDescription(
            .configurationMissingKey, .configuration, explanation: "An adapter entry lacks a key it needs: `model` and `protocol` in every adapter, `from` (or `default` alone, for a constant) in a mapping written as an object. Add the key.",
            triggering: [
                Example(post, config: #"{ "adapters": [ { "protocol": "TitledContent" } ] }"#),
                Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "map": { "subtitle": { "fallback": "-" } } } ] }"#),
            ],
            nonTriggering: [
                Example("struct Post { var title: String }", config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "map": { "subtitle": { "default": "-" } } } ] }"#),
            ]),
        RuleDescription(
            .unknownConfigurationKey, .configuration, explanation: "The configuration has a key the tool does not read, often a misspelling, which would otherwise be ignored silently. The message lists the keys expected there and the nearest one.",
            triggering: [Example(post, config: #"{ "adaptors": [ { "model": "Post", "protocol": "TitledContent" } ] }"#)],
            nonTriggering: [Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent" } ] }"#)]),
        RuleDescription(
            .unknownConfigurationValue, .configuration, explanation: "A `style` or `defaultIsolation` names no value the tool knows. Styles are `conformance`, `factory` and `proxy`; the default isolation is `nonisolated` or `MainActor`, as the target is built.",
            triggering: [
                Example(post, config: #"{ "style": "factroy", "adapters": [ { "model": "Post", "protocol": "TitledContent" } ] }"#),
                Example(post, config: #"{ "defaultIsolation": "main", "adapters": [ { "model": "Post", "protocol": "TitledContent" } ] }"#),
            ],
            nonTriggering: [
                Example(post, config: #"{ "style": "factory", "adapters": [ { "model": "Post", "protocol": "TitledContent" } ] }"#),
                Example(post, config: #"{ "defaultIsolation": "MainActor", "adapters": [ { "model": "Post", "protocol": "TitledContent" } ] }"#),
            ]),
        RuleDescription(
            .notAMemberName, .configuration, explanation: "A mapping names something that is not a member name: an expression, a call or a path. A requirement maps to one member of the model, optionally with a default (`\"title\": {\"from\": \"name\", \"default\": \"-\"}`); compute anything else in a property of the model and map to it.",
            triggering: [
                Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "map": { "title": "title.uppercased()" } } ] }"#),
            ],
            nonTriggering: [
                Example(post, config: #"{ "adapters": [ { "model": "Post", "protocol": "TitledContent", "map": { "title": "title" } } ] }"#),
            ]),
    ]

}
