import Foundation

// MARK: - InspectionReport

/// What `decouple inspect` prints: the catalog as text for people or JSON for tools.
package enum InspectionReport {
    package static func text(_ catalog: Catalog) -> String {
        var lines: [String] = []
        for type in catalog.allTypes {
            let generics = type.genericParameters.isEmpty ? "" : "<\(type.genericParameters.joined(separator: ", "))>"
            let inherits = type.inheritedTypes.isEmpty ? "" : ": \(type.inheritedTypes.joined(separator: ", "))"
            let final = type.isFinal ? "final " : ""
            let attributes = isolationAttributes(type).map { "\($0) " }.joined()
            let condition = type.conditions.isEmpty ? "" : "  #if \(Condition.conjunction(type.conditions))"
            lines.append("\(attributes)\(type.access.rawValue) \(final)\(type.kind.rawValue) \(type.qualifiedName)\(generics)\(inherits)  (\(type.position))\(condition)")
            for conformance in type.conditionalConformances {
                lines.append("    conforms to \(conformance.protocolName) where \(conformance.condition)")
            }
            for member in type.members {
                let prefix = isolation(member).map { "\($0) " }.joined() + (member.isStatic ? "static " : "")
                let condition = member.conditions.isEmpty ? "" : "  #if \(Condition.conjunction(member.conditions))"
                switch member.kind {
                case .property:
                    let type = member.type?.description ?? "<unknown>" + (member.inferenceFailure.map { " (\($0))" } ?? "")
                    // `let` as declared (an enum's cases are static constants of their enum).
                    lines.append("    \(prefix)\(member.isConstant ? "let" : "var") \(member.name): \(type)\(condition)")
                case .method: lines.append("    \(prefix)func \(member.signature?.description ?? member.name)\(condition)")
                }
            }
        }
        for declaration in catalog.protocols.values.sorted(by: { ($0.isBuiltIn ? 1 : 0, $0.qualifiedName) < ($1.isBuiltIn ? 1 : 0, $1.qualifiedName) }) {
            let origin = declaration.isBuiltIn ? "built into Decouple" : declaration.position.map(\.description) ?? ""
            lines.append("\(declaration.access.rawValue) protocol \(declaration.qualifiedName)  (\(origin))")
            for requirement in declaration.requirements {
                switch requirement.kind {
                case .property: lines.append("    var \(requirement.name): \(requirement.type)")
                case .method: lines.append("    func \(requirement.signature?.description ?? requirement.name)")
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// How the type is isolated and looked up, as its attributes say: `@MainActor` (written, or
    /// the module's default), a global actor of the sources, `@dynamicMemberLookup`.
    static func isolationAttributes(_ type: TypeDeclaration) -> [String] {
        var attributes: [String] = []
        if type.isMainActor { attributes.append("@MainActor") }
        if let actor = type.globalActor { attributes.append("@\(actor)") }
        if type.attributeNames.contains("dynamicMemberLookup") { attributes.append("@dynamicMemberLookup") }
        if type.isNonisolated { attributes.append("nonisolated") }
        return attributes
    }

    /// A member's isolation where it differs from its type's: `@MainActor`, a global actor, `nonisolated`.
    static func isolation(_ member: MemberDeclaration) -> [String] {
        [member.isMainActor ? "@MainActor" : nil, member.globalActor.map { "@\($0)" }, member.isNonisolated ? "nonisolated" : nil].compactMap { $0 }
    }

    package static func json(_ catalog: Catalog) throws -> String {
        struct Parameter: Encodable {
            var label: String, type: String
        }
        struct Member: Encodable {
            var name: String, kind: String, type: String?, isStatic: Bool, access: String, line: Int, column: Int
            /// Why `type` is missing: what the tool could not read, and what to write.
            var unknownReason: String?
            /// A method's parameters, effects and generic clause; `type` is its result.
            var parameters: [Parameter]?, effects: [String]?, generics: String?
            /// The `#if` conditions the member is declared under, outermost first.
            var conditions: [String]?
            /// A property's getter effects (`get async throws`).
            var getterEffects: [String]?
            /// The file the member is declared in: the type's, an extension's or a superclass's.
            var file: String?
            /// Its isolation where it differs from its type's (`@MainActor`, `nonisolated`).
            var isolation: [String]?

            init(name: String, kind: String, type: String?, isStatic: Bool, access: String, line: Int, column: Int,
                 signature: MethodSignature? = nil, unknownReason: String? = nil, conditions: [String] = [], getterEffects: [Effect] = [],
                 file: String? = nil, isolation: [String] = []) {
                (self.name, self.kind, self.type, self.isStatic, self.access, self.line, self.column) = (name, kind, type, isStatic, access, line, column)
                self.unknownReason = type == nil ? unknownReason : nil
                if let signature {
                    parameters = signature.parameters.map { Parameter(label: $0.label, type: $0.type.description) }
                    effects = signature.effects.map(\.description)
                    generics = signature.generics?.description
                    self.type = signature.returnType?.description ?? "Void"
                }
                self.conditions = conditions.isEmpty ? nil : conditions
                self.getterEffects = getterEffects.isEmpty ? nil : getterEffects.map(\.description)
                self.file = file
                self.isolation = isolation.isEmpty ? nil : isolation
            }
        }
        struct TypeEntry: Encodable {
            var name: String, qualifiedName: String, kind: String, access: String, isFinal: Bool, genericParameters: [String]
            var inheritedTypes: [String], conditionalConformances: [ConditionalConformance], conditions: [String]
            var file: String, line: Int, column: Int, members: [Member]
            /// `@MainActor`, a global actor, `@dynamicMemberLookup`, `nonisolated`, as they apply.
            var attributes: [String]
        }
        struct ProtocolEntry: Encodable {
            var name: String, access: String, builtIn: Bool, file: String?, requirements: [Member]
        }
        struct Report: Encodable {
            var types: [TypeEntry], protocols: [ProtocolEntry]
        }
        let types = catalog.allTypes.map { type in
            TypeEntry(
                name: type.name, qualifiedName: type.qualifiedName, kind: type.kind.rawValue, access: type.access.rawValue,
                isFinal: type.isFinal, genericParameters: type.genericParameters, inheritedTypes: type.inheritedTypes,
                conditionalConformances: type.conditionalConformances, conditions: type.conditions.map(\.text),
                file: type.position.file, line: type.position.line, column: type.position.column,
                members: type.members.map {
                    Member(name: $0.name, kind: $0.kind.rawValue, type: $0.type?.description, isStatic: $0.isStatic,
                           access: $0.access.rawValue, line: $0.position.line, column: $0.position.column,
                           signature: $0.kind == .method ? $0.signature : nil, unknownReason: $0.inferenceFailure ?? "the tool cannot read its type",
                           conditions: $0.conditions.map(\.text), getterEffects: $0.getterEffects,
                           file: $0.position.file, isolation: isolation($0))
                }, attributes: isolationAttributes(type))
        }
        let protocols = catalog.protocols.values.sorted { $0.qualifiedName < $1.qualifiedName }.map { declaration in
            ProtocolEntry(
                name: declaration.qualifiedName, access: declaration.access.rawValue, builtIn: declaration.isBuiltIn,
                file: declaration.position?.file,
                requirements: declaration.requirements.map {
                    Member(name: $0.name, kind: $0.kind.rawValue, type: $0.type.description, isStatic: false, access: declaration.access.rawValue,
                           line: $0.position?.line ?? 0, column: $0.position?.column ?? 0,
                           signature: $0.kind == .method ? $0.signature : nil, conditions: $0.conditions.map(\.text), getterEffects: $0.getterEffects,
                           file: $0.position?.file)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Report(types: types, protocols: protocols)), as: UTF8.self)
    }
}
