// MARK: - Built-in protocols

/// The content protocols the `Decouple` library declares: known to the generator without being
/// passed, and spelled with their module in generated code.
enum BuiltInProtocols {
    /// A protocol name with the library's module prefix removed: "Decouple.TitledContent" → "TitledContent".
    static func bareName(_ name: String) -> String {
        name.hasPrefix("Decouple.") ? String(name.dropFirst("Decouple.".count)) : name
    }

    /// The library's protocol of that name, written with or without its module.
    static func named(_ name: String) -> ProtocolDeclaration? {
        let bare = bareName(name)
        return all.first { $0.name == bare }
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
