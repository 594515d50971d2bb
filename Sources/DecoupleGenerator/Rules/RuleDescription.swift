// MARK: - RuleDescription

/// One rule, described once: its area in the reference, its explanation, and small inputs that
/// break it and that do not, as SwiftLint describes each of its rules. ``Diagnostic/Rule`` is the
/// list of names; this table is everything else about them. `decouple explain` and the reference
/// article print its area and explanation, a test runs every example, and another checks the
/// "where each rule lives" table of the pipeline article against it and the sources.
///
/// The table is written one file per area (`RuleTable+Area.swift`), area by area in the
/// reference's order, and each area's rules in ``Diagnostic/Rule``'s order.
package struct RuleDescription: Sendable {
    package let rule: Diagnostic.Rule
    /// The part of the reference the rule is listed in.
    package let area: Diagnostic.Rule.Area
    /// What the rule means, why it exists, and what to do: one paragraph.
    package let explanation: String
    /// Inputs that break the rule: each makes the generator (or `decouple init`, or the macros)
    /// report it.
    package let triggering: [Example]
    /// Inputs near the triggering ones that keep the rule, as its explanation says to write
    /// them: none of them reports it.
    package let nonTriggering: [Example]

    package init(
        _ rule: Diagnostic.Rule, _ area: Diagnostic.Rule.Area, explanation: String, triggering: [Example] = [], nonTriggering: [Example] = []
    ) {
        self.rule = rule
        self.area = area
        self.explanation = explanation
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// Every rule's description, area by area.
    package static let all: [RuleDescription] =
        configurationRules + sourcesRules + lookupRules + accessRules + memberRules
        + conformanceRules + factoryRules + proxyRules + macroRules + generatorRules

    private static let byRule = Dictionary(all.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })

    /// The description of a rule. Every rule has one (a test checks it).
    package static subscript(rule: Diagnostic.Rule) -> RuleDescription {
        guard let description = byRule[rule] else { preconditionFailure("the rule table has no entry for \(rule.name)") }
        return description
    }
}

// MARK: - Example

extension RuleDescription {
    /// A small input: Swift sources by path and a `decouple.json`, and the front end that reads it.
    package struct Example: Sendable {
        /// What reads the input.
        package enum Front: Sendable {
            /// The generator, on the sources and the configuration (`decouple generate`).
            case generate
            /// The proposal of a first configuration for the sources (`decouple init`).
            case propose
            /// The `@Adapts` and `@Maps` macros, expanded in the one source file.
            case expandMacros
        }

        package let front: Front
        /// The Swift sources, by the path diagnostics show.
        package let files: [String: String]
        /// The text of `decouple.json`, if there is one.
        package let config: String?

        /// One source file, `M.swift`, and a configuration, for the generator.
        package init(_ source: String, config: String? = nil) {
            self.init(files: ["M.swift": source], config: config)
        }

        /// Several source files, by path, and a configuration, for the generator.
        package init(files: [String: String], config: String? = nil) {
            self.init(front: .generate, files: files, config: config)
        }

        private init(front: Front, files: [String: String], config: String?) {
            self.front = front
            self.files = files
            self.config = config
        }

        /// Sources `decouple init` proposes a configuration for.
        package static func proposal(_ source: String) -> Example {
            Example(front: .propose, files: ["M.swift": source], config: nil)
        }

        /// One source file the macros expand.
        package static func macros(_ source: String) -> Example {
            Example(front: .expandMacros, files: ["M.swift": source], config: nil)
        }
    }
}

// MARK: - What the examples share

extension RuleDescription {
    /// A model of `TitledContent`'s requirements.
    static let post = "struct Post { var title: String; var subtitle: String }"

    /// A protocol of one requirement, `title`.
    static let row = "protocol Row { var title: String { get } }"

    /// The configuration of one adapter, in a style when one is given, with its map (a JSON
    /// object as written) when one is given.
    static func adapter(model: String, protocolName: String = "TitledContent", style: OutputStyle? = nil, map: String? = nil) -> String {
        let styleEntry = style.map { #""style": "\#($0.rawValue)", "# } ?? ""
        let mapEntry = map.map { #", "map": \#($0)"# } ?? ""
        return #"{ \#(styleEntry)"adapters": [ { "model": "\#(model)", "protocol": "\#(protocolName)"\#(mapEntry) } ] }"#
    }
}
