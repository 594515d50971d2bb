// MARK: - Catalog: members a protocol's extensions give its types

extension Catalog {
    /// A type has the members the extensions of the protocols it adopts declare (protocols of the
    /// sources, and the protocols they refine), those it does not declare itself: extensions with
    /// no `where` clause and not under `#if`, as every build of every adopter has them.
    mutating func inheritProtocolExtensionMembers() {
        // Most apps extend few of their protocols: nothing to look at without one.
        let extended = protocols.keys.filter { !foreignMembers(of: QualifiedName($0).canonical).isEmpty }
        guard !extended.isEmpty else { return }
        for name in declarations.keys.sorted() {
            for index in declarations[name]!.indices {
                let type = declarations[name]![index]
                var added: [MemberDeclaration] = []
                for protocolName in adoptedProtocols(type.inheritedTypes) {
                    for member in foreignMembers(of: QualifiedName(protocolName).canonical)
                    where member.constraint == nil && member.conditions.isEmpty && member.access > .private
                        && !(type.members + added).contains(where: { $0.name.isSameIdentifier(as: member.name) && $0.kind == member.kind && $0.signature == member.signature }) {
                        added.append(member)
                    }
                }
                if !added.isEmpty { declarations[name]![index].members += added }
            }
        }
    }

    /// The protocols of the sources named, and those they refine, each once.
    private func adoptedProtocols(_ written: [String]) -> [String] {
        var result: [String] = []
        var pending = written.map(TypeDeclaration.withoutAttributes)
        while let next = pending.popLast() {
            guard let name = resolveProtocolName(next), let declaration = protocols[name], !declaration.isBuiltIn, !result.contains(name) else { continue }
            result.append(name)
            pending += declaration.inheritedTypes
        }
        return result
    }
}
