import SwiftParser
import SwiftSyntax

// MARK: - Catalog: one type, spelled several ways

extension Catalog {
    /// Whether two types written in the sources are the same type to the compiler: as written,
    /// or once type aliases are read through (`Score` for `Int`), names are qualified as seen
    /// from where each is written (`Kind` in `Catalog` is `Catalog.Kind`), and the standard
    /// library's generic types are written as their shorthand (`Array<String>` is `[String]`,
    /// `Optional<Int>` is `Int?`).
    /// Whether a member's type, written in `context`, is the requirement's type, written at the
    /// top level: as written when neither reads otherwise, else once both are read.
    func isReadAlike(_ member: String, in context: String?, as requirement: String) -> Bool {
        if QualifiedName(member) == QualifiedName(requirement), !mayReadOtherwise(member, in: context) { return true }
        return QualifiedName(normalized(TypeReference(wrapped: member, isOptional: false), in: context).wrapped)
            == QualifiedName(normalized(TypeReference(wrapped: requirement, isOptional: false), in: nil).wrapped)
    }

    /// Whether a name in the type is an alias's, or a type's declared in `context` or around it:
    /// then the type may read otherwise there than as written at the top level. Most types
    /// mention neither, and are not parsed to be compared.
    func mayReadOtherwise(_ type: String, in context: String?) -> Bool {
        let words = type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return words.contains { word in
            typeAliasNames.contains(word) || (context != nil && qualifiedTypeName(word, in: context) != qualifiedTypeName(word, in: nil))
        }
    }

    /// The type with its aliases read through, its names qualified and its sugar applied.
    func normalized(_ type: TypeReference, in context: String?) -> TypeReference {
        var parser = Parser(type.wrapped)
        let syntax = TypeSyntax.parse(from: &parser)
        guard !syntax.hasError else { return type }
        var rewritten = TypeNormalizer(catalog: self, context: context).rewrite(syntax).as(TypeSyntax.self) ?? syntax
        // An alias of an optional (`typealias Note = String?`) adds its optionals to the type's.
        var depth = type.optionalDepth
        while let optional = rewritten.as(OptionalTypeSyntax.self) {
            rewritten = optional.wrappedType
            depth += 1
        }
        return TypeReference(wrapped: rewritten.trimmedDescription, optionalDepth: depth)
    }

    /// Whether an extension of the protocol, or of a protocol it refines, without a `where`
    /// clause or `#if` implements the requirement, visible to the generated file and as visible
    /// as its witness must be (`needed`): a conformance need not.
    func hasDefault(for requirement: Requirement, in protocolDeclaration: ProtocolDeclaration, visibleAs needed: AccessLevel) -> Bool {
        var seen: Set<String> = []
        var pending = [protocolDeclaration.qualifiedName]
        while let name = pending.popLast(), seen.insert(name).inserted {
            let declaration = protocols[name]
            let keys = Set([QualifiedName(name).canonical, declaration.map { QualifiedName($0.name).canonical } ?? name])
            for key in keys {
                // Seen from the generated file, in every build, and no more mutating than asked.
                for member in foreignMembers(of: key) where member.constraint == nil && !member.isStatic && member.name.isSameIdentifier(as: requirement.name)
                    && member.access >= max(.internal, needed) && member.conditions.isEmpty && (!member.isMutating || requirement.isMutating) {
                    if requirement.kind == .property ? member.kind == .property && member.type == requirement.type
                        : member.signature.map({ signature in requirement.signature.map { signature.implements($0) } ?? false }) ?? false {
                        return true
                    }
                }
            }
            for inherited in declaration?.inheritedTypes ?? [] {
                pending += listedProtocols(inherited, in: name).compactMap { resolveProtocolName($0) }
            }
        }
        return false
    }

    /// The qualified name of the type `name` means from inside `context`, when the sources
    /// declare it there or around it.
    func qualifiedTypeName(_ name: String, in context: String?) -> String? {
        let path = QualifiedName(name).components
        guard !path.isEmpty else { return nil }
        let scope = context.map { QualifiedName($0).components } ?? []
        for depth in (0...scope.count).reversed() {
            let candidate = (scope.prefix(depth) + path).joined(separator: ".")
            if declarations[candidate] != nil { return candidate }
        }
        return nil
    }
}

/// Reads a type through the sources' type aliases, qualifies the names they declare, and
/// writes `Array<T>`, `Dictionary<K, V>` and `Optional<T>` as `[T]`, `[K: V]` and `T?`.
private final class TypeNormalizer: SyntaxRewriter {
    let catalog: Catalog
    let context: String?
    var depth = 0

    init(catalog: Catalog, context: String?) {
        self.catalog = catalog
        self.context = context
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        let name = QualifiedName.unescaped(node.name.text)
        if let arguments = node.genericArgumentClause?.arguments.compactMap({ $0.argument.as(TypeSyntax.self) }) {
            let written = arguments.map { rewrite($0).trimmedDescription }
            switch (name, written.count) {
            case ("Array", 1): return Self.parse("[\(written[0])]") ?? TypeSyntax(node)
            case ("Dictionary", 2): return Self.parse("[\(written[0]): \(written[1])]") ?? TypeSyntax(node)
            case ("Optional", 1): return Self.parse("\(written[0])?") ?? TypeSyntax(node)
            default: return super.visit(node)
            }
        }
        return resolved(name) ?? TypeSyntax(node)
    }

    override func visit(_ node: MemberTypeSyntax) -> TypeSyntax {
        guard node.genericArgumentClause == nil else { return super.visit(node) }
        let path = QualifiedName(node.trimmedDescription).canonical
        return resolved(path) ?? super.visit(node)
    }

    /// An alias read through (to a depth that no chain of aliases in real code reaches), or a
    /// declared type's qualified name.
    private func resolved(_ name: String) -> TypeSyntax? {
        if depth < 8, let alias = catalog.typeAliasDeclaration(named: name, in: context), let parsed = Self.parse(alias.aliased) {
            // What the alias names is read where the alias is declared.
            let inner = TypeNormalizer(catalog: catalog, context: alias.scope)
            inner.depth = depth + 1
            return inner.rewrite(parsed).as(TypeSyntax.self)
        }
        if let qualified = catalog.qualifiedTypeName(name, in: context), qualified != name {
            return Self.parse(qualified)
        }
        return nil
    }

    private static func parse(_ text: String) -> TypeSyntax? {
        var parser = Parser(text)
        let syntax = TypeSyntax.parse(from: &parser)
        return syntax.hasError ? nil : syntax
    }
}
