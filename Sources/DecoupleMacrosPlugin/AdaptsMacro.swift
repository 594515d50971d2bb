import DecoupleGenerator
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - AdaptsMacro

/// `@Adapts(TitledContent.self)`: makes the model conform, reading each requirement from the member
/// marked `@Maps(to: \TitledContent.requirement)` or, unmarked, from the member of the same name.
/// The extension comes from the generator's emitter, so it is the code `decouple generate` writes.
public struct AdaptsMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first, argument.label == nil else {
            context.diagnose(Diagnostic(node: node, message: MacroMessage.adaptsNeedsProtocol))
            return []
        }
        guard let protocolName = protocolName(argument.expression) else {
            let fixIts = AnnotationParser.typeName(argument.expression) != nil
                ? [FixIt(message: MacroFixIt("Add '.self'"), changes: [.replace(
                    oldNode: Syntax(argument.expression),
                    newNode: Syntax(ExprSyntax("\(argument.expression.trimmed).self").with(\.trailingTrivia, argument.expression.trailingTrivia)))])]
                : []
            context.diagnose(Diagnostic(node: argument.expression, message: MacroMessage.adaptsNeedsProtocol, fixIts: fixIts))
            return []
        }
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
            || declaration.is(EnumDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: MacroMessage.wrongAttachment))
            return []
        }

        let locator = Locator(declaration: declaration)
        let builtIn = MacroFrontEnd.builtInRequirements(of: protocolName)
        let shortName = lastComponent(protocolName)
        var problems = false

        // The compiler lets an extension macro add only the conformances it declares, and
        // `@Adapts` can declare only the library's own protocols. For others, the model says it.
        if builtIn == nil, !declaresConformance(declaration, to: shortName) {
            context.diagnose(Diagnostic(
                node: argument.expression,
                message: MacroMessage.undeclaredConformance(model: locator.modelName, protocolName: protocolName),
                fixIts: [FixIt(
                    message: MacroFixIt("Declare the conformance to '\(shortName)'"),
                    changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(addingConformance(declaration, to: protocolName)))])]))
            problems = true
        }

        // Read the `@Maps` attributes for this protocol.
        var mappings: [MacroFrontEnd.Mapping] = []
        var mapped: [String: AttributeSyntax] = [:]
        for (variable, attribute, mapping) in MapsAttribute.all(in: declaration) where lastComponent(mapping.rootName) == shortName {
            guard let member = MapsAttribute.memberName(of: variable) else { continue }
            if let first = mapped[mapping.requirement] {
                context.diagnose(Diagnostic(
                    node: attribute,
                    message: MacroMessage.mappedTwice(requirement: "\(shortName).\(mapping.requirement)"),
                    notes: [Note(node: Syntax(first), message: MacroNote("'\(shortName).\(mapping.requirement)' is first mapped here"))]))
                problems = true
                continue
            }
            mapped[mapping.requirement] = attribute
            if let builtIn, !builtIn.contains(where: { $0.name == mapping.requirement }) {
                context.diagnose(Diagnostic(
                    node: mapping.keyPath,
                    message: MacroMessage.unknownRequirement(mapping.requirement, protocolName: shortName, known: builtIn.map(\.name))))
                problems = true
                continue
            }
            mappings.append(MacroFrontEnd.Mapping(
                requirement: mapping.requirement, member: member, defaultValue: mapping.defaultValue?.trimmedDescription,
                position: locator.position(of: mapping.keyPath)))
        }

        // What only the macro can say well, at the right place and with a fix-it.
        if let builtIn {
            let properties = MacroFrontEnd.properties(of: locator.source)
            for requirement in builtIn {
                if let attribute = mapped[requirement.name] {
                    let member = mappings.first { $0.requirement == requirement.name }
                    if let member, member.defaultValue == nil, !requirement.type.isOptional,
                       properties.first(where: { $0.name == member.member })?.type?.isOptional == true {
                        context.diagnose(Diagnostic(
                            node: attribute,
                            message: MacroMessage.optionalWithoutDefault(member: member.member, requirement: "\(shortName).\(requirement.name)", type: requirement.type.description),
                            fixIts: [FixIt(
                                message: MacroFixIt("Add a default for when '\(member.member)' is nil"),
                                changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(MapsAttribute.addingDefault(to: attribute, placeholder: placeholder(for: requirement.type))))])]))
                        problems = true
                    }
                    continue
                }
                guard !properties.contains(where: { $0.name == requirement.name }) else { continue }
                let candidates = properties.filter { property in !mappings.contains { $0.member == property.name } }
                let nearest = Suggestion.nearest(requirement.name, among: candidates.map(\.name)) ?? candidates.first?.name
                let fixIts = nearest.flatMap { name -> FixIt? in
                    guard let variable = locator.variable(named: name) else { return nil }
                    let marked = MapsAttribute.adding(keyPath: "\\\(shortName).\(requirement.name)", to: variable)
                    return FixIt(
                        message: MacroFixIt("Mark '\(name)' with @Maps(to: \\\(shortName).\(requirement.name))"),
                        changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(marked))])
                }
                context.diagnose(Diagnostic(
                    node: argument.expression,
                    message: MacroMessage.missingRequirement(model: locator.modelName, requirement: "\(shortName).\(requirement.name)", type: requirement.type.description),
                    fixIts: fixIts.map { [$0] } ?? []))
                problems = true
            }
        }
        guard !problems else { return [] }

        let request = MacroFrontEnd.Request(
            modelSource: locator.source,
            extendedType: type.trimmedDescription,
            enclosingAccess: enclosingAccess(context.lexicalContext),
            protocolName: protocolName,
            protocolPosition: locator.position(of: argument.expression),
            mappings: mappings)
        switch MacroFrontEnd.conformance(request) {
        case let .success(extensionDecl):
            return extensionDecl.map { [$0] } ?? []
        case let .failure(failure):
            for diagnostic in failure.diagnostics {
                context.diagnose(Diagnostic(
                    node: locator.node(at: diagnostic.position) ?? Syntax(argument.expression),
                    message: MacroMessage.generator(diagnostic.message)))
            }
            return []
        }
    }

    // MARK: Reading the attribute

    /// `TitledContent.self` → "TitledContent".
    private static func protocolName(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
              let base = member.base else { return nil }
        return AnnotationParser.typeName(base)
    }

    private static func declaresConformance(_ declaration: some DeclGroupSyntax, to name: String) -> Bool {
        declaration.inheritanceClause?.inheritedTypes.contains { lastComponent($0.type.trimmedDescription) == name } ?? false
    }

    /// The declaration with `name` added to its inheritance clause, as a person would type it.
    private static func addingConformance(_ declaration: some DeclGroupSyntax, to name: String) -> DeclSyntax {
        var text = Array(declaration.description.utf8)
        let base = declaration.position.utf8Offset
        let insertion: (offset: Int, text: String)
        if let last = declaration.inheritanceClause?.inheritedTypes.last {
            insertion = (last.type.endPositionBeforeTrailingTrivia.utf8Offset - base, ", \(name)")
        } else if let before = declaration.memberBlock.leftBrace.previousToken(viewMode: .sourceAccurate) {
            insertion = (before.endPositionBeforeTrailingTrivia.utf8Offset - base, ": \(name)")
        } else {
            return DeclSyntax(declaration)
        }
        text.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
        return DeclSyntax(stringLiteral: String(decoding: text, as: UTF8.self))
    }

    /// The least visible of the types around the model.
    private static func enclosingAccess(_ lexicalContext: [Syntax]) -> AccessLevel? {
        var result: AccessLevel?
        for context in lexicalContext {
            guard let modifiers = context.asProtocol(WithModifiersSyntax.self)?.modifiers,
                  context.is(StructDeclSyntax.self) || context.is(ClassDeclSyntax.self) || context.is(EnumDeclSyntax.self)
                    || context.is(ActorDeclSyntax.self) || context.is(ExtensionDeclSyntax.self) else { continue }
            let level = modifiers.compactMap { AccessLevel(rawValue: $0.name.text) }.first ?? (context.is(ExtensionDeclSyntax.self) ? nil : .internal)
            if let level { result = min(result ?? level, level) }
        }
        return result
    }

    private static func placeholder(for type: TypeReference) -> String {
        switch type.wrapped {
        case "String": "\"\""
        case "ImageName": ".empty"
        default: "<#\(type.wrapped)#>"
        }
    }
}

func lastComponent(_ name: String) -> String {
    name.split(separator: ".").last.map(String.init) ?? name
}
