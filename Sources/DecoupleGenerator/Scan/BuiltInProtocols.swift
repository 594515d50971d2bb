// MARK: - Built-in protocols

/// The content protocols the `Decouple` library declares: known to the generator without being
/// passed, and spelled with their module in generated code.
enum BuiltInProtocols {
    /// The library's protocol of that name, written with or without its module.
    static func named(_ name: String) -> ProtocolDeclaration? {
        let wanted = QualifiedName(name)
        return all.first { QualifiedName($0.name) == wanted }
    }

    static let all: [ProtocolDeclaration] = [
        ProtocolDeclaration(
            name: "TitledContent", qualifiedName: "TitledContent", access: .public,
            requirements: [
                Requirement(name: "title", kind: .property, type: TypeReference(wrapped: "String", isOptional: false)),
                Requirement(name: "subtitle", kind: .property, type: TypeReference(wrapped: "String", isOptional: false)),
            ],
            position: nil, isBuiltIn: true),
        ProtocolDeclaration(
            name: "NamedImageContent", qualifiedName: "NamedImageContent", access: .public,
            requirements: [
                Requirement(name: "name", kind: .property, type: TypeReference(wrapped: "String", isOptional: false)),
                Requirement(name: "image", kind: .property, type: TypeReference(wrapped: "ImageName", isOptional: false)),
            ],
            position: nil, isBuiltIn: true),
    ]
}

// MARK: - Library protocols

/// Protocols of the standard library and other modules that a protocol in the sources refines:
/// what the generator knows of them without their sources.
enum LibraryProtocols {
    /// Constraints rather than protocols with conformances of their own: nothing to take.
    static let constraints: Set<String> = ["AnyObject", "class", "Sendable", "Copyable", "Escapable", "BitwiseCopyable", "SendableMetatype"]
    /// Refined for `Sendable`, with no requirement to write.
    static let errors: Set<String> = ["Error", "LocalizedError"]

    /// Requirements a generated adapter writes as any other: `description` is read from a
    /// member of the model. `Identifiable`'s `id` takes the type of the member that feeds it.
    static let requirements: [String: [Requirement]] = [
        "CustomStringConvertible": [Requirement(name: "description", kind: .property, type: TypeReference(wrapped: "String", isOptional: false))],
        "CustomDebugStringConvertible": [Requirement(name: "debugDescription", kind: .property, type: TypeReference(wrapped: "String", isOptional: false))],
        "Identifiable": [Requirement(name: "id", kind: .property, type: TypeReference(wrapped: Requirement.unseenType, isOptional: false))],
    ]

    /// The associated types of those protocols, as a refining protocol may write them in the
    /// requirements it declares again.
    static let associatedTypes: [String: Set<String>] = ["Identifiable": ["ID", "Self.ID"]]

    /// Conformances that imply another: a `Hashable` type is `Equatable`.
    static let implied: [String: Set<String>] = [
        "Hashable": ["Equatable"], "Comparable": ["Equatable"], "Codable": ["Encodable", "Decodable"], "Strideable": ["Comparable", "Equatable"],
    ]

    /// What `protocolDeclaration` takes from refining `name`, a protocol the sources do not
    /// declare: none of these is isolated to the main actor; a protocol that refines `Error`
    /// refines `Sendable`; known requirements are added, and other protocols are left for
    /// the model to conform to itself.
    static func refine(_ declaration: inout ProtocolDeclaration, with name: String) {
        let last = QualifiedName(name).last
        guard !name.hasPrefix("~"), !constraints.contains(last) else { return }
        declaration.refinesANonisolatedProtocol = true
        if errors.contains(last) {
            declaration.refinesSendable = true
            return
        }
        if let known = requirements[last] {
            for var requirement in known {
                // One the protocol declares again is witnessed publicly all the same; declared
                // again with the refined protocol's associated type (`var id: ID { get }`), it
                // still takes the type of the member that feeds it.
                if let index = declaration.requirements.firstIndex(where: { $0.name.isSameIdentifier(as: requirement.name) }) {
                    declaration.requirements[index].declaringAccess = .public
                    let written = declaration.requirements[index].type
                    if requirement.type.wrapped == Requirement.unseenType, declaration.requirements[index].kind == .property,
                       written.optionalDepth == 0, associatedTypes[last]?.contains(QualifiedName(written.wrapped).canonical) == true {
                        declaration.requirements[index].type = requirement.type
                    }
                    continue
                }
                requirement.declaringAccess = .public
                declaration.requirements.append(requirement)
            }
        } else if !declaration.unimplementedRefinements.contains(name) {
            declaration.unimplementedRefinements.append(name)
        }
    }

    /// Whether a type that declares these conformances conforms to `name`.
    static func conformances(_ declared: [String], include name: String) -> Bool {
        let wanted = QualifiedName(name).last
        return declared.contains { written in
            let last = QualifiedName(TypeDeclaration.withoutAttributes(written)).last
            return last == wanted || implied[last]?.contains(wanted) == true
        }
    }
}
