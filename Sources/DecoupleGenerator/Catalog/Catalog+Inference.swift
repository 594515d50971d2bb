// MARK: - Catalog: the types the sources say without writing them

/// The passes that read a property's type once every type is known: a static member or enum
/// case, a call of a type or of a function of the sources, a property wrapper's value, and the
/// global actors the sources declare.
extension Catalog {
    /// Marks the types and members isolated to a global actor the sources declare
    /// (`@globalActor actor DBActor`, then `@DBActor class Store`).
    mutating func markGlobalActors() {
        let actors = Set(declarations.keys.filter { name in declarations[name]!.contains { $0.attributeNames.contains("globalActor") } })
        guard !actors.isEmpty else { return }
        let catalog = self
        func actor(_ attributes: [String]) -> String? {
            attributes.compactMap { catalog.resolveTypeName($0) }.first { actors.contains($0) }
        }
        for name in declarations.keys {
            for index in declarations[name]!.indices where !declarations[name]![index].attributeNames.isEmpty {
                declarations[name]![index].globalActor = actor(declarations[name]![index].attributeNames)
            }
        }
        for (name, index, memberIndex) in members(where: { !$0.attributeNames.isEmpty }) {
            declarations[name]![index].members[memberIndex].globalActor = actor(declarations[name]![index].members[memberIndex].attributeNames)
        }
    }

    /// Reads the value type of a property wrapper the sources say. A wrapper given a key path
    /// (`@Dependency(\.apiClient)`, `@AppSettings(\.textEditing.font)`) has the type at its
    /// end: its first property is read in the root of the wrapper's key path initializer, when
    /// the sources declare the wrapper, or else in the wrapper's name and `Values`
    /// (`extension DependencyValues`, as SwiftUI's and the Composable Architecture's wrappers
    /// name them; `EnvironmentValues` has the SDK's keys), and each next property in the type of
    /// the one before, a type of the sources. A wrapper the sources declare without a key path
    /// gives the type of its `wrappedValue`, when not generic.
    mutating func inferWrappedValues() {
        for (name, index, memberIndex) in members(where: { $0.type == nil && !$0.attributeNames.isEmpty && $0.initializerCall == nil && $0.staticReference == nil }) {
            let member = declarations[name]![index].members[memberIndex]
            var found: TypeReference?
            var closure: ClosureShape?
            var reason: String?
            for wrapper in member.attributeNames {
                let bare = QualifiedName(wrapper.split(separator: "(").first.map(String.init) ?? wrapper).last
                let wrapperType = resolveTypeName(bare).flatMap { declarations[$0]?.first }.flatMap { $0.attributeNames.contains("propertyWrapper") ? $0 : nil }
                if let path = member.wrapperKeyPath {
                    switch keyPathValueType(path, wrapper: bare, declared: wrapperType, in: name) {
                    case let .success(value): (found, closure) = value
                    case let .failure(failure): reason = failure.text
                    }
                    if found != nil { break }
                } else if let wrapperType {
                    if let type = wrapperType.member(named: "wrappedValue")?.type, wrapperType.genericParameters.isEmpty {
                        found = type
                        break
                    }
                    reason = wrapperType.genericParameters.isEmpty
                        ? "the type of '\(wrapperType.qualifiedName).wrappedValue' cannot be read from the source"
                        : "'\(wrapperType.qualifiedName)' is generic, and its type arguments here only a type checker can infer"
                }
            }
            if let found {
                declarations[name]![index].members[memberIndex].type = found
                declarations[name]![index].members[memberIndex].closure = closure
                declarations[name]![index].members[memberIndex].inferenceFailure = nil
            } else if let reason {
                declarations[name]![index].members[memberIndex].inferenceFailure = reason
            }
        }
    }

    /// The value of a wrapper given the key path `\.path` in a member of `context`: the type of
    /// its last property (and its shape, when it is a closure), or why it cannot be read. A type
    /// read in a type of the sources is written as it means there, wherever it is read.
    private func keyPathValueType(_ path: [String], wrapper: String, declared: TypeDeclaration?,
                                  in context: String) -> Result<(TypeReference, ClosureShape?), InferenceFailure> {
        // A generic wrapper of the sources whose `wrappedValue` is what its key path initializer leads to.
        var root = wrapper + "Values"
        var makesOptional = false
        if let declared {
            let wrapped = declared.member(named: "wrappedValue")?.type
            guard let initializer = declared.keyPathInitializers.first(where: { wrapped?.wrapped == $0.value && declared.genericParameters.contains($0.value) }),
                  let wrapped, wrapped.optionalDepth <= 1 else {
                return .failure(InferenceFailure(text: "'\(declared.qualifiedName)' takes no key path to its `wrappedValue`, so what the key path leads to is not its value"))
            }
            root = qualifiedTypeName(initializer.root, in: declared.qualifiedName) ?? initializer.root
            makesOptional = wrapped.isOptional
        }
        let written = ([root] + path).joined(separator: ".")
        var owner = root
        var type: TypeReference?
        var closure: ClosureShape?
        for (position, property) in path.enumerated() {
            if let previous = type {
                guard !previous.isOptional, let next = resolveTypeName(previous.wrapped) else {
                    return .failure(InferenceFailure(text: "`\(written)` reads '\(property)' in '\(previous)', which is not a type the sources declare"))
                }
                owner = next
            }
            var candidates = foreignMembers(of: QualifiedName(owner).canonical) + (resolveTypeName(owner).flatMap { declarations[$0]?.first?.members } ?? [])
            candidates = candidates.filter { $0.name.isSameIdentifier(as: property) && !$0.isStatic && $0.kind == .property }
            if candidates.isEmpty, position == 0, QualifiedName(owner).canonical == "EnvironmentValues", let known = sdkEnvironmentValue(property, in: context) {
                (type, closure) = (known, nil)
                continue
            }
            guard let first = candidates.first?.type, candidates.allSatisfy({ $0.type == first && $0.closure == candidates[0].closure }),
                  QualifiedName(first.wrapped).canonical != "Self" else {
                let read = "`\(QualifiedName(owner).canonical).\(property)`"
                if candidates.isEmpty {
                    return .failure(InferenceFailure(text: path.count == 1
                        ? "its value is \(read), which the sources do not declare (`extension \(owner) { var \(property): Type }`)"
                        : "its value is read through \(read), which the sources do not declare"))
                }
                return .failure(InferenceFailure(text: "the type of \(read) cannot be read from the source either"))
            }
            (type, closure) = (first, candidates[0].closure)
            if let scope = resolveTypeName(owner) {
                type = normalized(first, in: scope)
                closure?.result = normalized(candidates[0].closure!.result, in: scope)
            }
        }
        guard var value = type else { return .failure(InferenceFailure(text: "an empty key path")) }
        if makesOptional {
            value.optionalDepth += 1
            closure?.isOptional = true
        }
        return .success((value, closure))
    }

    /// Reads `var kind = Kind.video` and `let cache = Cache.shared` now that every type is known:
    /// an enum case is of its enum's type, a static member of its declared type.
    /// Repeated while it reads more, so `static var b = A.a` is read after `A.a` whatever the
    /// order; what is still unread then gets its reason.
    mutating func inferStaticReferences() {
        var progress = true
        var final = false
        let pending = members { $0.type == nil && $0.staticReference != nil }
        guard !pending.isEmpty else { return }
        while progress || !final {
            final = !progress
            progress = false
            for (name, index, memberIndex) in pending {
                let member = declarations[name]![index].members[memberIndex]
                guard member.type == nil, let path = member.staticReference else { continue }
                let owner = declarations[name]![index]
                switch staticMemberType(path, from: name, file: member.position.file, module: owner.module) {
                case let .success(type):
                    declarations[name]![index].members[memberIndex].type = type
                    progress = true
                case let .failure(reason):
                    if final { declarations[name]![index].members[memberIndex].inferenceFailure = reason.text }
                }
            }
            if final { break }
        }
    }

    /// Reads `var x = T(…)` again now that every type is known: a type of the sources that
    /// declares `init?` may give `nil`, a generic one has type arguments only a type checker can
    /// infer, and a lower-case name (`iOSTabs()`) that names a type is that type.
    mutating func checkInitializerCalls() {
        for (name, index, memberIndex) in members(where: { $0.initializerCall != nil }) {
            let member = declarations[name]![index].members[memberIndex]
            guard let called = member.initializerCall, member.type == nil || member.type?.wrapped == called else { continue }
            let context = QualifiedName(name).components
            let candidates = (0...context.count).reversed().map { (context.prefix($0) + [called]).joined(separator: ".") }
            let owner = declarations[name]![index]
            guard let type = candidates.compactMap({ declaration($0, seenFrom: member.position.file, module: owner.module) }).first else {
                // Not a type of the sources: a function of theirs gives its result.
                if let result = calledFunctionType(called, from: name) {
                    var updated = member
                    (updated.type, updated.inferenceFailure) = result
                    declarations[name]![index].members[memberIndex] = updated
                }
                continue
            }
            var updated = member
            // A failable initializer may be the one called unless its labels differ from the call's.
            let mayFail = type.failableInitializers.contains { labels in
                labels == nil || member.initializerCallLabels == nil || labels == member.initializerCallLabels
            }
            if mayFail {
                updated.type = nil
                updated.inferenceFailure = "'\(type.qualifiedName)' has a failable initializer (`init?`) that `\(called)(…)` may call, and whether it does only a type checker can tell; write the type (`\(called)` or `\(called)?`)"
            } else if !type.genericParameters.isEmpty {
                updated.type = nil
                updated.inferenceFailure = "'\(type.qualifiedName)' is generic, and its type arguments in `\(called)(…)` only a type checker can infer; write the type (`\(called)<…>`)"
            } else {
                updated.type = TypeReference(wrapped: called, isOptional: false)
                updated.inferenceFailure = nil
            }
            declarations[name]![index].members[memberIndex] = updated
        }
    }

    /// The type of a call of a function the sources declare (`makeTimestamp()`, `Clock.now()`,
    /// `MakeTimestamp()`): its result type, or why there is none; `nil` when the sources
    /// declare no function of that name.
    func calledFunctionType(_ called: String, from context: String) -> (TypeReference?, String?)? {
        let path = QualifiedName(called).components
        guard let last = path.last else { return nil }
        var candidates: [MemberDeclaration] = []
        // The type the function is declared in, where its result type is read; none at the top level.
        var functionScope: String?
        if path.count == 1 {
            // A static method of the type or of the types around it, or a top-level function.
            let scope = QualifiedName(context).components
            for depth in (1...max(scope.count, 1)).reversed() where !scope.isEmpty {
                let owner = scope.prefix(depth).joined(separator: ".")
                candidates += declarations[owner]?.first?.members.filter { $0.kind == .method && $0.isStatic && $0.name.isSameIdentifier(as: last) } ?? []
                if !candidates.isEmpty {
                    functionScope = owner
                    break
                }
            }
            if candidates.isEmpty { candidates = functions[last] ?? [] }
        } else {
            let ownerPath = path.dropLast().joined(separator: ".")
            let scope = QualifiedName(context).components
            let owners = (0...scope.count).reversed().map { (scope.prefix($0) + [ownerPath]).joined(separator: ".") }
            guard let owner = owners.lazy.compactMap({ self.declarations[$0]?.first }).first else { return nil }
            candidates = owner.members.filter { $0.kind == .method && $0.isStatic && $0.name.isSameIdentifier(as: last) }
            functionScope = owner.qualifiedName
        }
        guard let first = candidates.first else { return nil }
        guard candidates.allSatisfy({ $0.type == first.type }), var type = first.type else {
            return (nil, "`\(called)(…)` calls a function overloaded with different result types, and which one only a type checker can tell; write the type")
        }
        if first.signature?.generics != nil {
            return (nil, "`\(called)(…)` calls a generic function, whose result type only a type checker can infer; write the type")
        }
        if let signature = first.signature, !signature.effects.isEmpty {
            return (nil, "`\(called)(…)` is `\(signature.effects.text)`, so the property's value is not its result; write the type")
        }
        // The result type is written where the function is: `Config` in `Factory` may be
        // `Factory.Config`, and `Self` is `Factory`.
        if let scope = functionScope {
            if QualifiedName(type.wrapped).canonical == "Self" {
                type.wrapped = scope
            } else if let qualified = qualifiedTypeName(type.wrapped, in: scope) {
                type.wrapped = qualified
            }
        }
        return (type, nil)
    }

    /// Where the members `wanted` picks are, by type name, declaration and member: the passes
    /// above change a few members, and finding those once costs less than copying every member
    /// out of the catalog to look at it.
    func members(where wanted: (MemberDeclaration) -> Bool) -> [(name: String, index: Int, member: Int)] {
        var result: [(name: String, index: Int, member: Int)] = []
        for name in declarations.keys.sorted() {
            let types = declarations[name]!
            for index in types.indices {
                for member in types[index].members.indices where wanted(types[index].members[member]) {
                    result.append((name, index, member))
                }
            }
        }
        return result
    }

    struct InferenceFailure: Error { var text: String }

    func staticMemberType(_ path: [String], from context: String, file: String, module: String?) -> Result<TypeReference, InferenceFailure> {
        // `Self.noop` inside a type is the type's own member.
        let path = path.first == "Self" ? QualifiedName(context).components + path.dropFirst() : path
        let typePath = path.dropLast().joined(separator: ".")
        let memberName = path.last!
        let written = path.joined(separator: ".")
        // A name inside a type may be relative to it: `Kind` in `Post` may be `Post.Kind`.
        let contextComponents = QualifiedName(context).components
        let candidates = (0...contextComponents.count).reversed().map { (contextComponents.prefix($0) + [typePath]).joined(separator: ".") }
        guard let owner = candidates.lazy.compactMap({ self.declaration($0, seenFrom: file, module: module) }).first else {
            // A type the sources extend but do not declare, or one of the SDK's.
            let extended = foreignMembers(of: QualifiedName(typePath).canonical).filter { $0.isStatic && $0.name.isSameIdentifier(as: memberName) }
            if let type = extended.first?.type, extended.allSatisfy({ $0.type == type }), QualifiedName(type.wrapped).canonical != "Self" {
                return .success(type)
            }
            if extended.isEmpty, let type = sdkStaticMemberType(typePath, memberName, in: context) { return .success(type) }
            if memberName == "self" {
                return .failure(InferenceFailure(text: "`\(written)` is the metatype of '\(typePath)', which is not a struct, enum, class or actor the sources declare (a protocol's is `(any \(typePath)).Type`)"))
            }
            return .failure(InferenceFailure(text: "`\(written)` is a member of '\(typePath)', which the sources do not declare"))
        }
        // `Format.self` is the metatype of a type the sources declare (a protocol's would be
        // another type, and is not a declaration here).
        if memberName == "self" { return .success(TypeReference(wrapped: owner.qualifiedName + ".Type", isOptional: false)) }
        guard let member = owner.members.first(where: { $0.name.isSameIdentifier(as: memberName) && $0.isStatic }) else {
            // Swift writes an enum's `allCases` where it conforms to CaseIterable.
            if memberName == "allCases", owner.kind == .enum, owner.conforms(to: "CaseIterable") {
                return .success(TypeReference(wrapped: "[\(owner.qualifiedName)]", isOptional: false))
            }
            return .failure(InferenceFailure(text: "'\(owner.qualifiedName)' has no static member or case '\(memberName)'"))
        }
        guard var type = member.type else {
            return .failure(InferenceFailure(text: "the type of '\(owner.qualifiedName).\(memberName)' cannot be read either"))
        }
        if QualifiedName(type.wrapped).canonical == "Self" { type.wrapped = owner.qualifiedName }
        return .success(type)
    }
}
