// MARK: - Catalog

/// Everything the sources declare, with extensions merged into their types.
public struct Catalog: Sendable {
    /// Types by qualified name.
    public private(set) var types: [String: TypeDeclaration] = [:]
    /// Protocols by qualified name, the library's own included.
    public private(set) var protocols: [String: ProtocolDeclaration] = [:]
    /// Every `// decouple:` annotation with the type it is on.
    var annotated: [(type: String, annotation: Annotation)] = []
    var diagnostics: [Diagnostic] = []

    /// Problems found while reading the sources (syntax errors, duplicate types, bad annotations).
    public var problems: [Diagnostic] { diagnostics }

    init(files: [ScannedFile]) {
        for builtIn in BuiltInProtocols.all { protocols[builtIn.qualifiedName] = builtIn }
        for file in files {
            diagnostics += file.diagnostics
            for type in file.types {
                if let existing = types[type.qualifiedName] {
                    diagnostics.append(Diagnostic(
                        "type '\(type.qualifiedName)' is declared twice; the other declaration is at \(existing.position)",
                        at: type.position))
                    continue
                }
                types[type.qualifiedName] = type
            }
            for declaration in file.protocols {
                if let existing = protocols[declaration.qualifiedName], existing.isBuiltIn {
                    diagnostics.append(Diagnostic(
                        "protocol '\(declaration.name)' is declared by Decouple already; rename yours", at: declaration.position))
                    continue
                }
                protocols[declaration.qualifiedName] = declaration
            }
        }
        for file in files {
            for info in file.extensions {
                guard let name = resolveTypeName(info.extendedName), var type = types[name] else {
                    for annotation in info.annotations {
                        diagnostics.append(Diagnostic(
                            "annotated extension of '\(info.extendedName)', which is not declared in the given sources", at: annotation.position))
                    }
                    continue
                }
                type.members += info.members
                type.inheritedTypes += info.inheritedTypes
                type.annotations += info.annotations
                types[name] = type
            }
        }
        for name in types.keys.sorted() {
            for annotation in types[name]!.annotations { annotated.append((name, annotation)) }
        }
    }

    /// A qualified name, or a simple one that names exactly one type.
    func resolveTypeName(_ name: String) -> String? {
        if types[name] != nil { return name }
        let matches = types.values.filter { $0.name == name }
        return matches.count == 1 ? matches[0].qualifiedName : nil
    }

    /// A protocol's qualified name, or a name that can mean only one protocol: `Decouple.TitledContent`
    /// is `TitledContent`, and `Feed.BadgeContent` or `BadgeContent` is `Feed.BadgeContent`.
    func resolveProtocolName(_ name: String) -> String? {
        let wanted = QualifiedName(name)
        if protocols[wanted.canonical] != nil { return wanted.canonical }
        let matches = protocols.values.filter { QualifiedName($0.qualifiedName).matches(wanted) }
        return matches.count == 1 ? matches[0].qualifiedName : nil
    }

    func typeCandidates(named name: String) -> [String] {
        types.values.filter { $0.name == name }.map(\.qualifiedName).sorted()
    }
}
