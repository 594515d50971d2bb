import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder

// MARK: - Emitter

/// Writes Swift declarations for resolved adapters. The command-line tool, the build plugin and
/// the macros all emit through here, so the same mapping gives the same code everywhere.
enum Emitter {
    // MARK: Conformance style

    /// `extension Model: Protocol { … }`, or `nil` when the model satisfies everything itself and
    /// already declares the conformance.
    static func conformance(_ adapter: ResolvedAdapter) -> DeclSyntax? {
        let members = adapter.bindings.filter { !$0.isSatisfiedByModel }
        if adapter.declaresConformance && members.isEmpty { return nil }
        let header = adapter.declaresConformance
            ? "extension \(adapter.model.qualifiedName)"
            : "extension \(adapter.model.qualifiedName): \(adapter.protocolDeclaration.spelling)"
        // An actor's witnesses read `let`s only, so they need no isolation.
        let access = adapter.memberAccess.memberModifier + (adapter.model.kind == .actor ? " nonisolated" : "")
        return decl("""
            \(header) {
            \(members.map { property($0, access: access, base: "self") }.joined(separator: "\n"))
            }
            """)
    }

    // MARK: Factory style

    /// The hidden adapter type for one model.
    static func factoryAdapter(_ adapter: ResolvedAdapter) -> DeclSyntax {
        return decl("""
            private struct \(adapterTypeName(adapter)): \(adapter.protocolDeclaration.spelling) {
            let model: \(adapter.model.qualifiedName)
            \(adapter.bindings.map { property($0, access: nil, base: "self.model") }.joined(separator: "\n"))
            }
            """)
    }

    /// One function that registers every generated adapter of a protocol in a `ContentFactory`.
    static func factoryRegistration(for adapters: [ResolvedAdapter]) -> DeclSyntax {
        let protocolDeclaration = adapters[0].protocolDeclaration
        let access = adapters.map(\.memberAccess).min()!.memberModifier
        let registrations = adapters.map { adapter in
            let tag = adapter.tag.map { ", tag: \(SwiftLiteral.string($0))" } ?? ""
            return "try self.register(\(adapter.model.qualifiedName).self\(tag)) { \(adapterTypeName(adapter))(model: $0) }"
        }
        return decl("""
            extension Decouple.ContentFactory where Content == any \(protocolDeclaration.spelling) {
            /// Registers the adapters `decouple` generated for `\(protocolDeclaration.name)`.
            \(access) func registerGeneratedAdapters() throws(Decouple.ContentFactoryError) {
            \(registrations.joined(separator: "\n"))
            }
            }
            """)
    }

    static func adapterTypeName(_ adapter: ResolvedAdapter) -> String {
        adapter.model.qualifiedName.replacingOccurrences(of: ".", with: "") + adapter.protocolDeclaration.name + "Adapter"
    }

    // MARK: Proxy style

    /// What `ForwardingProxy` needs to stand in for a user protocol: its member table, stored
    /// once and read through closures; its conformance; and typed look-up that tells "nothing
    /// injected" (`nil`) from an empty value.
    static func proxySupport(for protocolDeclaration: ProtocolDeclaration) -> [DeclSyntax] {
        let access = min(protocolDeclaration.access, .public).memberModifier
        let existential = "any \(protocolDeclaration.spelling)"
        let readers = protocolDeclaration.requirements.map { requirement in
            // An optional is boxed on purpose: a reader returns `Any`, and `nil` is a value here.
            let boxing = requirement.type.isOptional ? " as Any" : ""
            return "        \(SwiftLiteral.string(requirement.name)): { $0.\(escaped(requirement.name))\(boxing) },"
        }
        // Laid out by hand: the formatter would break each one-line closure over three lines.
        let table = verbatim("""
            extension Decouple.MemberTable where Root == \(existential) {
                /// The members of `\(protocolDeclaration.name)`, for look-up by name through a `ForwardingProxy`.
                \(access) static let \(lowerFirst(protocolDeclaration.name)) = Self(readers: [
            \(readers.joined(separator: "\n"))
                ])
            }
            """)
        let members = protocolDeclaration.requirements.map { requirement in
            let fallback = proxyFallback(for: requirement.type) ?? "nil"
            return """
                \(access) var \(escaped(requirement.name)): \(spelling(of: requirement.type, builtIn: protocolDeclaration.isBuiltIn)) {
                self.forward(\\(\(existential)).\(escaped(requirement.name))) ?? \(fallback)
                }
                """
        }
        let conformance = decl("""
            extension Decouple.ForwardingProxy: \(protocolDeclaration.spelling) {
            \(members.joined(separator: "\n"))
            }
            """)
        let lookUp = verbatim("""
            extension Decouple.ForwardingProxy {
                /// Typed look-up of `\(protocolDeclaration.name)` members: `nil` when nothing is injected for it.
                \(access) subscript<Value>(dynamicMember keyPath: Swift.KeyPath<\(existential), Value>) -> Value? {
                    self.forward(keyPath)
                }
            }
            """)
        return [table, conformance, lookUp]
    }

    /// What the proxy answers for a requirement when nothing is injected for its protocol.
    static func proxyFallback(for type: TypeReference) -> String? {
        if type.isOptional { return "nil" }
        let name = type.name.canonical
        switch name {
        case "String": return "\"\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float": return "0"
        case "Bool": return "false"
        case "ImageName": return "Decouple.ImageName.empty"
        case _ where name.hasPrefix("[") && name.hasSuffix("]"):
            return name.contains(":") ? "[:]" : "[]"
        default: return nil
        }
    }

    // MARK: Files

    /// The whole generated file.
    static func file(adapters: [ResolvedAdapter]) -> String {
        var sections: [(title: String, decls: [DeclSyntax])] = []
        for adapter in adapters where adapter.style != .factory {
            if let conformance = conformance(adapter) {
                sections.append(("\(adapter.model.qualifiedName): \(adapter.protocolDeclaration.name)", [conformance]))
            }
        }
        let factoryAdapters = adapters.filter { $0.style == .factory }
        let byProtocol = Dictionary(grouping: factoryAdapters, by: \.protocolDeclaration.qualifiedName)
        for name in byProtocol.keys.sorted() {
            let group = byProtocol[name]!
            sections.append(("\(group[0].protocolDeclaration.name) factory", group.map(factoryAdapter) + [factoryRegistration(for: group)]))
        }
        let proxied = Dictionary(grouping: adapters.filter { $0.style == .proxy && !$0.protocolDeclaration.isBuiltIn }, by: \.protocolDeclaration.qualifiedName)
        for name in proxied.keys.sorted() {
            let declaration = proxied[name]![0].protocolDeclaration
            sections.append(("ForwardingProxy: \(declaration.name)", proxySupport(for: declaration)))
        }

        var text = """
            \(generatedHeaderMarker). Do not edit.
            // Change the models, their `// decouple:` annotations or decouple.json, then run `decouple generate` again.

            import Decouple

            """
        for section in sections {
            text += "\n// MARK: - \(section.title)\n\n"
            text += section.decls.map(\.description).joined(separator: "\n\n") + "\n"
        }
        return text
    }

    // MARK: Helpers

    private static func property(_ binding: Binding, access: String?, base: String) -> String {
        guard let source = binding.source else { return "" }
        let modifier = access.map { "\($0) " } ?? ""
        let type = spelling(of: binding.requirement.type, builtIn: true)
        return """
            \(modifier)var \(escaped(binding.requirement.name)): \(type) {
            \(source.expression(base: base))
            }
            """
    }

    /// A declaration parsed from text and laid out with four-space indentation.
    private static func decl(_ text: String) -> DeclSyntax {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.allSatisfy(\.isWhitespace) }
        let parsed = DeclSyntax(stringLiteral: lines.joined(separator: "\n"))
        return parsed.formatted(using: BasicFormat(indentationWidth: .spaces(4))).as(DeclSyntax.self)!
    }

    /// A declaration parsed from text that is already laid out.
    private static func verbatim(_ text: String) -> DeclSyntax {
        DeclSyntax(stringLiteral: text)
    }

    /// Standard library names qualified, so a model module's own `String` cannot capture them.
    static func spelling(of type: TypeReference, builtIn: Bool) -> String {
        let standard: Set<String> = ["String", "Int", "Double", "Float", "Bool", "Character", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
        var wrapped = type.wrapped
        if standard.contains(wrapped) {
            wrapped = "Swift.\(wrapped)"
        } else if wrapped == "ImageName" {
            wrapped = "Decouple.ImageName"
        }
        return type.isOptional ? "\(wrapped)?" : wrapped
    }

    static func escaped(_ name: String) -> String {
        let keywords: Set<String> = [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
            "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
            "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
            "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
            "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
        ]
        return keywords.contains(name) ? "`\(name)`" : name
    }

    private static func lowerFirst(_ name: String) -> String {
        let leadingUpper = name.prefix { $0.isUppercase }
        guard !leadingUpper.isEmpty else { return name }
        // "URLContent" → "urlContent", "TitledContent" → "titledContent".
        let count = leadingUpper.count == name.count || leadingUpper.count == 1 ? leadingUpper.count : leadingUpper.count - 1
        return name.prefix(count).lowercased() + name.dropFirst(count)
    }
}
