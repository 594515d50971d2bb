// MARK: - Rule

extension Diagnostic {
    /// Why the generator refuses its input, or warns: every diagnostic names one rule, as the Swift
    /// compiler names its diagnostic groups. The printed diagnostic ends with the rule's name
    /// (`error: … [#FactoryMainActorModel]`), `decouple explain NAME` prints its entry, and the
    /// reference article lists every entry. This is the list of names; what each rule means, its
    /// area and its examples are its entry in the rule table (`RuleDescription`, one file per
    /// area in `Rules/`), in this order.
    public enum Rule: String, CaseIterable, Sendable {
        // Files and configuration
        case unreadableInput
        case outputOverwritesInput
        case unwritableOutput
        case unusableCache
        case nothingToGenerate
        case configurationExists
        case partialMatch
        case configurationNotJSON
        case configurationShape
        case configurationMissingKey
        case unknownConfigurationKey
        case unknownConfigurationValue
        case notAMemberName
        // Sources and annotations
        case syntaxError
        case nestingTooDeep
        case skippedUnparsableFile
        case malformedAnnotation
        case detachedAnnotation
        case annotatedExtensionOfUnknownType
        case requirementMappedTwice
        case protocolShadowsDecouple
        case moduleNameShadowed
        case moduleNamedLikeType
        // Finding the model, the protocol and the requirements
        case unknownModel
        case ambiguousModel
        case modelNotInModule
        case unknownProtocol
        case unknownRequirement
        case unsupportedRequirement
        case noncopyableModel
        case libraryRefinement
        case duplicateAdapter
        // Access
        case modelNotVisible
        case protocolNotVisible
        case memberNotVisible
        case witnessAccess
        case notVisibleFromOutputModule
        // Members and mappings
        case missingMapping
        case unknownMember
        case unknownMemberType
        case typeMismatch
        case optionalWithoutDefault
        case unusedDefault
        case invalidDefault
        case effectfulMember
        case mutatingMember
        case constrainedExtensionMember
        case conditionalMemberTypes
        case metatypeName
        case methodForPropertyRequirement
        case missingMethod
        case variadicForwarding
        case closureMember
        case actorIsolatedMember
        case globalActorIsolation
        // Conformances
        case memberNameTaken
        case conflictingWitnesses
        case existingConditionalConformance
        case sendableConformanceOutsideFile
        case isolatedConformanceToSendable
        case actorMainActorConformance
        case classBoundProtocol
        case inheritedConformance
        // The factory style
        case factoryMainActorModel
        case factoryMainActorMember
        case factoryMainActorRefinement
        case factoryNonSendableModel
        case factoryGenericModel
        case tagOutsideFactory
        case tagNeedsDecodable
        case duplicateTag
        // The proxy style
        case proxyMethodRequirement
        case proxyEffectfulProperty
        case proxyConditionalRequirement
        case proxyNoEmptyValue
        case proxyConflictingRequirements
        // The macros
        case adaptsNeedsProtocol
        case adaptsAttachment
        case undeclaredConformance
        case mapsPlacement
        case mappingOwnerNotAdapted
        // The generator itself
        case internalError

        /// The name printed after a diagnostic and given to `decouple explain`: `FactoryMainActorModel`.
        public var name: String {
            rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }

        /// The rule of this name, in any letter case, with or without its leading `#`.
        public init?(named name: String) {
            let wanted = (name.hasPrefix("#") ? String(name.dropFirst()) : name).lowercased()
            guard let rule = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
            self = rule
        }

        /// The part of the reference the rule is listed in: its entry's in the rule table.
        public var area: Area { RuleDescription[self].area }

        /// What the rule means, why it exists, and what to do: one paragraph, its entry's in the
        /// rule table.
        public var explanation: String { RuleDescription[self].explanation }

        /// The parts of the reference, in its order.
        public enum Area: String, CaseIterable, Sendable {
            case configuration = "Files and configuration"
            case sources = "Sources and annotations"
            case lookup = "Models, protocols and requirements"
            case access = "Access"
            case members = "Members and mappings"
            case conformance = "Conformances"
            case factory = "The factory style"
            case proxy = "The proxy style"
            case macros = "The macros"
            case generator = "The generator"
        }

        /// The rule's entry, as `decouple explain` prints it: its name, then what it means and what to do.
        public var entry: String {
            "\(name)\n\n\(explanation)"
        }

        /// The reference article: every rule under its area, in the table's order. The tool's
        /// documentation catalog holds this text, and CI checks that it is current.
        public static var reference: String {
            var text = """
                # Diagnostic rules

                Every problem the generator reports names the rule it breaks.

                ## Overview

                A diagnostic ends with its rule's name, as the compiler names its diagnostic groups:

                ```
                decouple.json:2:3: error: unknown model 'Pots': the sources declare no type of that name; did you mean 'Post'? [#UnknownModel]
                ```

                `decouple explain UnknownModel` prints the rule's entry; `decouple explain` lists them
                all. This article is made from the same table (`decouple explain --reference`).

                """
            for area in Area.allCases {
                text += "\n## \(area.rawValue)\n"
                for entry in RuleDescription.all where entry.area == area {
                    text += "\n### \(entry.rule.name)\n\n\(entry.explanation)\n"
                }
            }
            return text
        }
    }
}
