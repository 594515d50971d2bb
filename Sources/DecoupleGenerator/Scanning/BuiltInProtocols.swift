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
