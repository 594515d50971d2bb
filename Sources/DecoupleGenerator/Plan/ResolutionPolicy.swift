// MARK: - ResolutionPolicy

/// What a front end of the generator can do. The resolver's checks are the same for every front
/// end; this value decides which of them apply and how a message says to fix a problem, so the
/// command-line tool and the `@Adapts` macro share one resolver instead of each keeping its own.
package struct ResolutionPolicy: Sendable {
    /// How users of a front end write a mapping: the words a message uses to suggest one.
    package enum MappingSyntax: Sendable {
        /// Entries in decouple.json and `// decouple:` annotations.
        case configuration
        /// `@Maps(to: \Protocol.requirement, default: …)` on the member.
        case attribute
    }

    package var mappingSyntax: MappingSyntax
    /// Generated code lands in a file of its own, so the model and the protocol must be visible
    /// from another file.
    package var checksAccess: Bool
    /// The front end can write the factory style, so messages may suggest it.
    package var offersFactoryStyle: Bool
    /// Positions mean something to the reader as text (`at Models.swift:4:9`). Otherwise a
    /// message leaves them out, and a note carries them for the front end to attach.
    package var citesPositionsInText: Bool

    /// `decouple generate` and the plugins that run it: one file of generated code for a module.
    package static let tool = ResolutionPolicy(
        mappingSyntax: .configuration, checksAccess: true, offersFactoryStyle: true, citesPositionsInText: true)

    /// The `@Adapts` macro: one conformance, expanded in the model's own file, reported on the
    /// model's syntax.
    package static let macro = ResolutionPolicy(
        mappingSyntax: .attribute, checksAccess: false, offersFactoryStyle: false, citesPositionsInText: false)
}

// MARK: - Messages

extension ResolutionPolicy {
    /// A way out of a problem, for ``remedies(_:)``.
    enum Remedy {
        /// "use the factory style", offered only where the front end has it.
        case factoryStyle
        case other(String)
    }

    /// The ways out this front end offers, joined with "or".
    func remedies(_ remedies: Remedy...) -> String {
        remedies.compactMap { remedy -> String? in
            switch remedy {
            case .factoryStyle: offersFactoryStyle ? "use the factory style" : nil
            case let .other(text): text
            }
        }.joined(separator: " or ")
    }

    /// A reference to another declaration: ` (at Models.swift:1:38)` in the message's text, or a
    /// note at that place.
    func reference(to position: SourcePosition, note: String) -> (text: String, notes: [Diagnostic.Note]) {
        citesPositionsInText ? (" (at \(position))", []) : ("", [Diagnostic.Note(note, at: position)])
    }

    /// A requirement with no mapping and no member of its name.
    ///
    /// - Parameter nearest: The model's property whose name is nearest the requirement's, if any.
    func missingMapping(_ requirement: Requirement, of protocolName: String, model: String, nearest: String?) -> String {
        switch mappingSyntax {
        case .configuration:
            let hint = nearest.map { "; did you mean to map it to '\($0)'?" } ?? ""
            return "'\(protocolName).\(requirement.name)' has no mapping for '\(model)', and it has no member named '\(requirement.name)'\(hint) (add \"\(requirement.name)\": \"<member>\" to the adapter's map)"
        case .attribute:
            return "'\(model)' has nothing for '\(protocolName).\(requirement.name)' (\(requirement.type)); mark the member that provides it with `@Maps(to: \\\(protocolName).\(requirement.name))`"
        }
    }

    /// What a message about a member the model lacks adds after its name: the macro sees only
    /// the declaration it is attached to, and, when no name is near, what to do about that.
    func unseenMembers(suggested suggestion: String) -> String {
        switch mappingSyntax {
        case .configuration: ""
        case .attribute where !suggestion.isEmpty: " in the declaration the macro is attached to"
        case .attribute:
            " in the declaration the macro is attached to, which is all a macro sees (not its extensions, its superclass or other files); declare the member there, or adapt the model with the decouple tool, which reads every file"
        }
    }

    /// An optional member mapped to a requirement that is not, with no default.
    func optionalWithoutDefault(member: String, requirement: Requirement, of protocolName: String) -> String {
        switch mappingSyntax {
        case .configuration:
            "'\(member)' is optional but '\(protocolName).\(requirement.name)' is not; give it a default (\"\(requirement.name)\": {\"from\": \"\(member)\", \"default\": …} or `\(requirement.name): \(member) ?? …`)"
        case .attribute:
            "'\(member)' is optional but '\(protocolName).\(requirement.name)' is \(requirement.type); give a default for when it is nil"
        }
    }
}
