// MARK: - Catalog: which literals a type of the sources takes

/// A kind of literal a default can be written as.
enum LiteralKind: Hashable, Sendable {
    case string, integer, float, boolean
}

extension Catalog {
    /// The kinds of literal a type the sources declare can be written as, through the
    /// `ExpressibleBy…Literal` protocols it adopts (in its declaration, its extensions, a protocol
    /// of the sources it adopts, or a superclass of the sources); `nil` when that cannot be known
    /// here: the type is not declared in the sources, or it adopts a protocol, or inherits from a
    /// class, of another module, which may bring one.
    func literalKinds(of typeName: String) -> Set<LiteralKind>? {
        let name = QualifiedName(normalized(TypeReference(wrapped: typeName, isOptional: false), in: nil).wrapped)
        guard let declarations = declarations[name.canonical], !declarations.isEmpty else { return nil }
        var kinds: Set<LiteralKind> = []
        var seen: Set<String> = []
        var pending = declarations.flatMap(\.inheritedTypes) + declarations.compactMap(\.superclass)
        while let written = pending.popLast() {
            let inherited = TypeDeclaration.withoutAttributes(written)
            guard seen.insert(inherited).inserted else { continue }
            let last = QualifiedName(inherited).last
            if let kind = Self.literalProtocols[last] {
                kinds.insert(kind)
            } else if let adopted = resolveProtocolName(inherited).flatMap({ protocols[$0] }), !adopted.isBuiltIn {
                pending += adopted.inheritedTypes
            } else if let superclass = resolveTypeName(inherited).flatMap({ self.declarations[$0] }), superclass.contains(where: { $0.kind == .class }) {
                pending += superclass.flatMap(\.inheritedTypes) + superclass.compactMap(\.superclass)
            } else if !Self.bringsNoLiteral.contains(last), !BuiltInProtocols.all.contains(where: { $0.name == last }) {
                // A protocol or class of another module may adopt one.
                return nil
            }
        }
        return kinds
    }

    private static let literalProtocols: [String: LiteralKind] = [
        "ExpressibleByStringLiteral": .string, "ExpressibleByExtendedGraphemeClusterLiteral": .string,
        "ExpressibleByUnicodeScalarLiteral": .string, "ExpressibleByStringInterpolation": .string,
        "ExpressibleByIntegerLiteral": .integer, "ExpressibleByFloatLiteral": .float,
        "ExpressibleByBooleanLiteral": .boolean,
    ]

    /// What apps adopt most that makes no literal: standard protocols, and raw value types.
    private static let bringsNoLiteral: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Codable", "Decodable", "Encodable", "Sendable", "SendableMetatype",
        "CaseIterable", "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error",
        "LocalizedError", "RawRepresentable", "AnyObject", "Observable", "ObservableObject",
        "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float",
    ]
}
