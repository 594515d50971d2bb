// MARK: - Catalog

/// Everything the sources declare, with extensions merged into their types.
///
/// A name may be declared more than once, as Swift allows: in the branches of an `#if`, as
/// `private` or `fileprivate` types of different files, or in different modules of one
/// repository. That is a problem only when an adapter asks for the name and cannot tell which
/// is meant; the resolver says so then, with the candidates.
package struct Catalog: Sendable {
    /// Every declaration of each qualified name, in input order.
    package internal(set) var declarations: [String: [TypeDeclaration]] = [:]
    /// Protocols by qualified name, the library's own included.
    package private(set) var protocols: [String: ProtocolDeclaration] = [:]
    /// The modules each file imports, by path.
    private(set) var imports: [String: [ImportDeclaration]] = [:]
    /// Every `// decouple:` annotation with the declaration it is on.
    var annotated: [(type: TypeDeclaration, annotation: Annotation)] = []
    var diagnostics: [Diagnostic] = []
    /// The qualified names of the types under each of their dotted ends (`API.User` under `User`
    /// and `API.User`), and of the protocols under their last component: a name the sources do
    /// not declare as written (`String`, `UIView`, `Post.Author` read in one module of an app) is
    /// looked up among the names it can mean only. Filtering every declaration for each such
    /// name made reading a large app grow with the square of its size.
    private var typeNamesByEnd: [String: [String]] = [:]
    private var protocolNamesByLast: [String: [String]] = [:]
    /// The type aliases that are not generic, by qualified name: what each names, as written.
    /// A name declared twice as different types (in `#if` branches) is left out.
    private(set) var typeAliases: [String: TypeReference] = [:]
    /// The last component of each alias's name: a type that mentions none reads as written.
    private(set) var typeAliasNames: Set<String> = []
    /// Top-level functions by name, for the calls that initialise properties.
    var functions: [String: [MemberDeclaration]] = [:]
    /// Members of extensions of types the sources do not declare (`extension DependencyValues`),
    /// by the extended type's canonical name: where a wrapper's key path leads.
    var foreignMembers: [String: [MemberDeclaration]] = [:]

    /// The members extensions of a type or protocol the sources do not declare as a type give it.
    func foreignMembers(of name: String) -> [MemberDeclaration] { foreignMembers[name] ?? [] }

    /// Problems found while reading the sources (syntax errors, bad annotations).
    package var problems: [Diagnostic] { diagnostics }
    /// What did not stop the reading: each file left out because it does not parse and holds
    /// no annotation (``Generator/catalog(of:)``).
    package internal(set) var warnings: [Diagnostic] = []

    /// Types by qualified name: the first declaration of each (``declarations`` has them all).
    package var types: [String: TypeDeclaration] { declarations.compactMapValues(\.first) }

    /// Every declaration, ordered by name and then position.
    package var allTypes: [TypeDeclaration] {
        declarations.keys.sorted().flatMap { declarations[$0]! }
    }

    init(files: [ScannedFile]) {
        var conflictingAliases: Set<String> = []
        for builtIn in BuiltInProtocols.all { protocols[builtIn.qualifiedName] = builtIn }
        for file in files {
            diagnostics += file.diagnostics
            imports[file.path] = file.imports
            for alias in file.typeAliases {
                if let existing = typeAliases[alias.qualifiedName] {
                    if QualifiedName(existing.wrapped) != QualifiedName(alias.aliased) { conflictingAliases.insert(alias.qualifiedName) }
                } else {
                    typeAliases[alias.qualifiedName] = TypeReference(wrapped: alias.aliased, optionalDepth: 0, shape: alias.aliasedShape)
                }
            }
            for function in file.functions { functions[function.name, default: []].append(function) }
            for type in file.types {
                declarations[type.qualifiedName, default: []].append(type)
            }
            for declaration in file.protocols {
                if let existing = protocols[declaration.qualifiedName], existing.isBuiltIn {
                    diagnostics.append(Diagnostic(
                        "protocol '\(declaration.name)' is declared by Decouple already; rename yours", rule: .protocolShadowsDecouple, at: declaration.position))
                    continue
                }
                protocols[declaration.qualifiedName] = declaration
            }
        }
        for name in conflictingAliases { typeAliases[name] = nil }
        typeAliasNames = Set(typeAliases.keys.compactMap { QualifiedName($0).components.last })
        // Merging and completing below change declarations, never their names.
        for name in declarations.keys {
            let components = QualifiedName(name).components
            for start in components.indices { typeNamesByEnd[components[start...].joined(separator: "."), default: []].append(name) }
        }
        for name in protocols.keys {
            if let last = QualifiedName(name).components.last { protocolNamesByLast[last, default: []].append(name) }
        }
        for file in files {
            for info in file.extensions {
                guard let name = resolveTypeName(info.extendedName) else {
                    foreignMembers[QualifiedName(info.extendedName).canonical, default: []] += info.members.map { member in
                        var member = member
                        member.constraint = info.whereClause
                        member.conditions = info.conditions + member.conditions
                        return member
                    }
                    for annotation in info.annotations {
                        diagnostics.append(Diagnostic(
                            "annotated extension of '\(info.extendedName)', which is not declared in the given sources", rule: .annotatedExtensionOfUnknownType, at: annotation.position))
                    }
                    continue
                }
                merge(info, file: file.path, into: name)
            }
        }
        capAccessByEnclosingTypes()
        inheritProtocolRequirements()
        markGlobalActors()
        inheritSuperclassMembers()
        inheritProtocolExtensionMembers()
        inheritSDKSuperclassMembers()
        addSynthesizedMembers()
        checkInitializerCalls()
        inferStaticReferences()
        inferWrappedValues()
        // In the order of `allTypes`, without copying out the declarations that have none.
        for name in declarations.keys.sorted() {
            let types = declarations[name]!
            for index in types.indices where !types[index].annotations.isEmpty {
                for annotation in types[index].annotations { annotated.append((types[index], annotation)) }
            }
        }
    }

    /// Adds an extension to every declaration it can extend: not a file-private namesake in
    /// another file, nor one of another module.
    private mutating func merge(_ info: ExtensionInfo, file: String, into name: String) {
        let module = info.module
        let targets = declarations[name]!.indices.filter { index in
            let type = declarations[name]![index]
            return (!type.isFilePrivate || type.position.file == file) && (module == nil || type.module == nil || type.module == module)
        }
        // Annotations apply once: to the declaration in the extension's file, or the first.
        let annotationTarget = targets.first { declarations[name]![$0].position.file == file } ?? targets.first
        // Each declaration is changed where it is stored: a copy changed and stored back would
        // copy its member list, for every extension.
        for index in targets {
            // The members' conditions: the extension's own, less those the type is under anyway.
            let shared = zip(declarations[name]![index].conditions, info.conditions).prefix { $0 == $1 }.count
            let extra = Array(info.conditions.dropFirst(shared))
            declarations[name]![index].members += info.members.map { member in
                var member = member
                member.conditions = extra + member.conditions
                member.constraint = info.whereClause
                return member
            }
            if let condition = info.whereClause {
                declarations[name]![index].conditionalConformances += info.inheritedTypes.map { ConditionalConformance(protocolName: $0, condition: condition) }
            } else {
                declarations[name]![index].inheritedTypes += info.inheritedTypes
            }
            if index == annotationTarget { declarations[name]![index].annotations += info.annotations }
            declarations[name]![index].failableInitializers += info.failableInitializers
            declarations[name]![index].keyPathInitializers += info.keyPathInitializers
        }
    }

    /// A type is no more visible than the type it is declared in, even when it is declared in an
    /// extension of that type in another file: `extension API { package struct User {} }` gives an
    /// internal `API.User` when `API` is internal.
    private mutating func capAccessByEnclosingTypes() {
        // Nested types only, outer ones first; each name's depth counted once, not in every
        // comparison.
        let names = declarations.keys.filter { $0.utf8.contains(UInt8(ascii: ".")) }
            .map { (depth: $0.split(separator: ".").count, name: $0) }.sorted { ($0.depth, $0.name) < ($1.depth, $1.name) }
        for (_, name) in names {
            let components = QualifiedName(name).components
            guard components.count > 1 else { continue }
            let parentName = components.dropLast().joined(separator: ".")
            guard let parents = declarations[parentName], let widest = parents.map(\.access).max() else { continue }
            for index in declarations[name]!.indices {
                declarations[name]![index].access = min(declarations[name]![index].access, widest)
            }
        }
    }

    /// The names an inheritance clause entry lists: `A & B` is `A` and `B`.
    private static func listed(_ inherited: String) -> [String] {
        inherited.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The protocols an inheritance clause entry names, with the type aliases of compositions
    /// read through: `A & B`, and `Named` after `typealias Named = A & B`, are `A` and `B`.
    func listedProtocols(_ inherited: String, in context: String, depth: Int = 0) -> [String] {
        Self.listed(inherited).flatMap { name -> [String] in
            guard depth < 8, resolveProtocolName(name) == nil, let aliased = typeAlias(named: name, in: context) else { return [name] }
            return listedProtocols(aliased, in: context, depth: depth + 1)
        }
    }

    /// What a type alias names, looked up as Swift does from inside `context`: `Kind` in
    /// `Catalog` is `Catalog.Kind` before a top-level `Kind`, and a type declared in a nearer
    /// scope hides an alias of a farther one. The alias's scope is where what it names is read.
    func typeAliasDeclaration(named name: String, in context: String?) -> (aliased: TypeReference, scope: String?)? {
        guard !typeAliases.isEmpty else { return nil }
        let path = QualifiedName(name).components
        // A raw identifier without backticks (`Raw Alias`, as a configuration names it) is no
        // path to split, but may be a top-level alias's name.
        guard !path.isEmpty else { return typeAliases[name].map { ($0, nil) } }
        let scope = context.map { QualifiedName($0).components } ?? []
        for depth in (0...scope.count).reversed() {
            let candidate = (scope.prefix(depth) + path).joined(separator: ".")
            if let aliased = typeAliases[candidate] {
                let components = QualifiedName(candidate).components.dropLast()
                return (aliased, components.isEmpty ? nil : components.joined(separator: "."))
            }
            if declarations[candidate] != nil { return nil }
        }
        return nil
    }

    /// What a type alias names, as ``typeAliasDeclaration(named:in:)`` finds it.
    func typeAlias(named name: String, in context: String?) -> String? {
        typeAliasDeclaration(named: name, in: context)?.aliased.wrapped
    }

    /// A protocol requires what the protocols it refines require (those in the sources), and
    /// refines `Sendable` when one of them does.
    private mutating func inheritProtocolRequirements() {
        var done: [String: ProtocolDeclaration] = [:]
        func complete(_ name: String, visiting: Set<String>) -> ProtocolDeclaration? {
            if let finished = done[name] { return finished }
            guard var declaration = protocols[name], !visiting.contains(name) else { return protocols[name] }
            for parentName in declaration.inheritedTypes.flatMap({ listedProtocols($0, in: name) }) {
                if ["Sendable", "Swift.Sendable"].contains(parentName) { declaration.refinesSendable = true }
                if ["AnyObject", "Swift.AnyObject", "class"].contains(parentName) { declaration.isClassBound = true }
                guard let resolved = resolveProtocolName(parentName) else {
                    LibraryProtocols.refine(&declaration, with: parentName)
                    continue
                }
                guard let parent = complete(resolved, visiting: visiting.union([name])) else { continue }
                declaration.unimplementedRefinements += parent.unimplementedRefinements.filter { !declaration.unimplementedRefinements.contains($0) }
                declaration.refinesSendable = declaration.refinesSendable || parent.refinesSendable
                declaration.isClassBound = declaration.isClassBound || parent.isClassBound
                // A protocol that refines a `@MainActor` one is isolated to the main actor too,
                // unless it is declared `nonisolated`: then the requirements it inherits still are.
                declaration.isMainActor = declaration.isMainActor || (parent.isMainActor && !declaration.isNonisolated)
                declaration.inheritsMainActorRequirements = declaration.inheritsMainActorRequirements
                    || (declaration.isNonisolated && parent.isMainActor) || parent.inheritsMainActorRequirements
                declaration.refinesANonisolatedProtocol = declaration.refinesANonisolatedProtocol || !parent.isMainActor || parent.refinesANonisolatedProtocol
                for requirement in parent.requirements {
                    let access = requirement.declaringAccess ?? parent.access
                    if let index = declaration.requirements.firstIndex(where: {
                        $0.name.isSameIdentifier(as: requirement.name) && $0.kind == requirement.kind && $0.signature == requirement.signature
                    }) {
                        // Declared again, or reached twice: its witness is as visible as the widest declaration needs.
                        let kept = declaration.requirements[index].declaringAccess ?? declaration.access
                        if access > kept { declaration.requirements[index].declaringAccess = access }
                        continue
                    }
                    var inherited = requirement
                    inherited.declaringAccess = access
                    declaration.requirements.append(inherited)
                }
                declaration.unsupported += parent.unsupported.filter { !declaration.unsupported.contains($0) }
            }
            done[name] = declaration
            return declaration
        }
        for name in protocols.keys.sorted() where !(protocols[name]!.isBuiltIn) {
            if let completed = complete(name, visiting: []) { protocols[name] = completed }
        }
    }

    /// A class has the members of its superclass in the sources (the first type it inherits
    /// from, when that is a class), those it does not declare itself, and its `@MainActor`.
    private mutating func inheritSuperclassMembers() {
        var done: Set<String> = []
        func complete(_ name: String, visiting: Set<String>) {
            guard !done.contains(name), !visiting.contains(name), let declarations = declarations[name] else { return }
            // Fields are read in place; only a class that inherits is copied out.
            for index in declarations.indices where declarations[index].kind == .class {
                guard let first = declarations[index].inheritedTypes.first, let superName = resolveTypeName(first),
                      superName != name else { continue }
                let type = declarations[index]
                complete(superName, visiting: visiting.union([name]))
                guard let superclass = self.declarations[superName]?.first, superclass.kind == .class else { continue }
                var updated = type
                for member in superclass.members {
                    guard !updated.members.contains(where: { $0.name.isSameIdentifier(as: member.name) && $0.kind == member.kind && $0.signature == member.signature }) else { continue }
                    // A private member of a superclass is not the subclass's.
                    guard member.access > .private || member.position.file == type.position.file else { continue }
                    updated.members.append(member)
                }
                updated.isMainActor = updated.isMainActor || superclass.isMainActor
                updated.globalActor = updated.globalActor ?? superclass.globalActor
                updated.superclass = superName
                self.declarations[name]![index] = updated
            }
            done.insert(name)
        }
        for name in declarations.keys.sorted() { complete(name, visiting: []) }
    }


    /// A class's superclasses in the sources, nearest first.
    func superclasses(of type: TypeDeclaration) -> [TypeDeclaration] {
        var chain: [TypeDeclaration] = []
        var seen: Set<String> = [type.qualifiedName]
        var next = type.superclass
        while let name = next, seen.insert(name).inserted, let superclass = declarations[name]?.first {
            chain.append(superclass)
            next = superclass.superclass
        }
        return chain
    }

    /// Members Swift writes for a type that the source does not: an enum's `rawValue` and
    /// `init?(rawValue:)`, and the `id` of a class that is `Identifiable` without declaring one.
    private mutating func addSynthesizedMembers() {
        let rawTypes: Set<String> = [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
            "String", "Character", "Double", "Float",
        ]
        for name in declarations.keys {
            for index in declarations[name]!.indices {
                // Only enums and classes are copied out.
                let kind = declarations[name]![index].kind
                guard kind == .enum || kind == .class else { continue }
                let type = declarations[name]![index]
                if type.kind == .enum, let raw = type.inheritedTypes.first, rawTypes.contains(QualifiedName(raw).canonical) {
                    declarations[name]![index].failableInitializers.append(["rawValue"])
                    if type.member(named: "rawValue") == nil {
                        declarations[name]![index].members.append(synthesized("rawValue", type: raw, of: type))
                    }
                }
                if type.kind == .class, type.conforms(to: "Identifiable"), type.member(named: "id") == nil {
                    declarations[name]![index].members.append(synthesized("id", type: "ObjectIdentifier", of: type))
                }
            }
        }
    }

    private func synthesized(_ name: String, type: String, of owner: TypeDeclaration) -> MemberDeclaration {
        MemberDeclaration(
            name: name, kind: .property, type: TypeReference(wrapped: type, isOptional: false), signature: nil,
            isStatic: false, isConstant: true, access: owner.access, position: owner.position)
    }


    /// The declaration of `name` that code in `file` (of `module`) sees, as the compiler picks
    /// it: the one in that file; else one that is not private to another file, of the same module
    /// first. Never a `private` or `fileprivate` namesake of another file, whatever the order the
    /// files were read in.
    func declaration(_ name: String, seenFrom file: String, module: String?) -> TypeDeclaration? {
        guard let all = declarations[name] else { return nil }
        if let local = all.first(where: { $0.position.file == file }) { return local }
        let visible = all.filter { $0.access > .fileprivate }
        return visible.first { $0.module == module } ?? visible.first
    }

    /// A qualified name, or a simple one that names exactly one type.
    func resolveTypeName(_ name: String) -> String? {
        let names = typeNames(matching: name)
        return names.count == 1 ? names[0] : nil
    }

    /// The qualified names a name can mean: itself if declared, or every type it is the end of
    /// (`User` and `API.User` mean `API.User`).
    func typeNames(matching name: String) -> [String] {
        // A dictionary finds a canonically equivalent key too; the compiler wants the same scalars.
        if let index = declarations.index(forKey: name) {
            return declarations[index].key.isSameIdentifier(as: name) ? [name] : []
        }
        let wanted = QualifiedName(name)
        guard !wanted.components.isEmpty else { return [] }
        // Each candidate ends with the wanted name; only scalar for scalar (`matches`) is left to check.
        return (typeNamesByEnd[wanted.components.joined(separator: ".")] ?? []).filter { QualifiedName($0).matches(wanted) }.sorted()
    }

    /// A protocol's qualified name, or a name that can mean only one protocol: `Decouple.TitledContent`
    /// is `TitledContent`, and `Feed.BadgeContent` or `BadgeContent` is `Feed.BadgeContent`.
    func resolveProtocolName(_ name: String) -> String? {
        let wanted = QualifiedName(name)
        if let index = protocols.index(forKey: wanted.canonical) {
            return protocols[index].key.isSameIdentifier(as: wanted.canonical) ? wanted.canonical : nil
        }
        guard let last = wanted.components.last else { return nil }
        let matches = (protocolNamesByLast[last] ?? []).filter { QualifiedName($0).matches(wanted) }
        return matches.count == 1 ? matches[0] : nil
    }

    func typeCandidates(named name: String) -> [String] {
        typeNames(matching: name)
    }
}
