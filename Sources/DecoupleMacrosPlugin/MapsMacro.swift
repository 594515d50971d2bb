import DecoupleGenerator
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - MapsMacro

/// `@Maps(to: \TitledContent.title)` on a member: that member feeds the requirement. It adds no
/// code; `@Adapts` on the type reads it. On its own it checks where it is and what it names.
public struct MapsMacro: PeerMacro {
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), MapsAttribute.memberName(of: variable) != nil else {
            context.diagnose(Diagnostic(node: node, message: MacroMessage.mapsNeedsProperty))
            return []
        }
        guard let keyPath = MapsAttribute.keyPathArgument(of: node) else {
            context.diagnose(Diagnostic(node: node, message: MacroMessage.mapsNeedsKeyPath))
            return []
        }
        guard let root = keyPath.root else {
            context.diagnose(Diagnostic(node: keyPath, message: MacroMessage.mapsNeedsKeyPath))
            return []
        }
        let components = Array(keyPath.components)
        guard components.count == 1, case let .property(property)? = components.first?.component, property.declName.argumentNames == nil else {
            var fixIts: [FixIt] = []
            if case let .property(first)? = components.first?.component {
                let simple = ExprSyntax("\\\(root.trimmed).\(first.declName.baseName.trimmed)").with(\.trailingTrivia, keyPath.trailingTrivia)
                fixIts.append(FixIt(
                    message: MacroFixIt("Map to '\(QualifiedName(root.trimmedDescription).last).\(first.declName.baseName.text)' itself"),
                    changes: [.replace(oldNode: Syntax(keyPath), newNode: Syntax(simple))]))
            }
            context.diagnose(Diagnostic(node: keyPath, message: MacroMessage.keyPathNotSimple(keyPath.trimmedDescription), fixIts: fixIts))
            return []
        }
        // The type around the member must adapt to the key path's protocol.
        if let owner = context.lexicalContext.first {
            let protocolName = QualifiedName(root.trimmedDescription)
            let adapted = owner.asProtocol(WithAttributesSyntax.self)?.attributes.contains { element in
                guard case let .attribute(attribute) = element, QualifiedName(attribute.attributeName.trimmedDescription).last == "Adapts",
                      let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.as(MemberAccessExprSyntax.self),
                      let base = argument.base else { return false }
                return QualifiedName(base.trimmedDescription).matches(protocolName)
            } ?? false
            if !adapted {
                let ownerName = owner.asProtocol(NamedDeclSyntax.self)?.name.text ?? "the enclosing type"
                context.diagnose(Diagnostic(node: root, message: MacroMessage.ownerNotAdapted(owner: ownerName, protocolName: protocolName.last)))
            }
        } else {
            context.diagnose(Diagnostic(node: node, message: MacroMessage.mapsNeedsProperty))
        }
        return []
    }
}

// MARK: - MapsAttribute

/// Reading and writing `@Maps(to: \Protocol.requirement, default: …)`.
enum MapsAttribute {
    struct Parsed {
        var rootName: String
        var requirement: String
        var keyPath: KeyPathExprSyntax
        var defaultValue: ExprSyntax?
    }

    /// Every readable `@Maps` on the direct members of a type.
    static func all(in declaration: some DeclGroupSyntax) -> [(VariableDeclSyntax, AttributeSyntax, Parsed)] {
        declaration.memberBlock.members.flatMap { item -> [(VariableDeclSyntax, AttributeSyntax, Parsed)] in
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return [] }
            return variable.attributes.compactMap { element in
                guard case let .attribute(attribute) = element, isMaps(attribute), let parsed = parse(attribute) else { return nil }
                return (variable, attribute, parsed)
            }
        }
    }

    static func isMaps(_ attribute: AttributeSyntax) -> Bool {
        let name = attribute.attributeName.trimmedDescription
        return name == "Maps" || name == "DecoupleMacros.Maps"
    }

    static func keyPathArgument(of attribute: AttributeSyntax) -> KeyPathExprSyntax? {
        attribute.arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "to" }?.expression.as(KeyPathExprSyntax.self)
    }

    private static func parse(_ attribute: AttributeSyntax) -> Parsed? {
        guard let keyPath = keyPathArgument(of: attribute), let root = keyPath.root,
              case let .property(property)? = keyPath.components.first?.component else { return nil }
        let defaultValue = attribute.arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "default" }?.expression
        return Parsed(rootName: root.trimmedDescription, requirement: property.declName.baseName.text, keyPath: keyPath, defaultValue: defaultValue)
    }

    /// The property's name, when the declaration declares exactly one by name.
    static func memberName(of variable: VariableDeclSyntax) -> String? {
        guard variable.bindings.count == 1, let identifier = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self) else { return nil }
        return QualifiedName.unescaped(identifier.identifier.text)
    }

    static func addingDefault(to attribute: AttributeSyntax, placeholder: String) -> AttributeSyntax {
        guard var arguments = attribute.arguments?.as(LabeledExprListSyntax.self), var last = arguments.last else { return attribute }
        arguments = LabeledExprListSyntax(arguments.dropLast())
        last.trailingComma = .commaToken(trailingTrivia: .space)
        arguments.append(last)
        arguments.append(LabeledExprSyntax(label: "default", expression: ExprSyntax("\(raw: placeholder)")))
        return attribute.with(\.arguments, .argumentList(arguments))
    }

    static func adding(keyPath: String, to variable: VariableDeclSyntax) -> VariableDeclSyntax {
        let attribute = AttributeSyntax("@Maps(to: \(raw: keyPath))")
            .with(\.leadingTrivia, variable.leadingTrivia)
            .with(\.trailingTrivia, .space)
        var marked = variable.with(\.leadingTrivia, [])
        marked.attributes.insert(.attribute(attribute), at: marked.attributes.startIndex)
        return marked
    }
}
