import DecoupleGenerator
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - AdaptsMacro

/// `@Adapts(TitledContent.self)`: makes the model conform, reading each requirement from the member
/// named for it in `map: [\.requirement: "member"]`, from the member marked
/// `@Maps(to: \TitledContent.requirement)`, or, unmarked, from the member of the same name.
/// The extension comes from the generator's emitter, so it is the code `decouple generate` writes.
public struct AdaptsMacro: ExtensionMacro {
    /// The emitter's text is laid out already: the compiler need not format it again.
    public static var formatMode: FormatMode { .disabled }

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
        let shortName = QualifiedName(protocolName).last
        var problems = false

        // The compiler lets an extension macro add only the conformances it declares, and
        // `@Adapts` can declare only the library's own protocols. For others, the model says it.
        if !MacroFrontEnd.isBuiltIn(protocolName), !declaresConformance(declaration, to: protocolName) {
            context.diagnose(Diagnostic(
                node: argument.expression,
                message: MacroMessage.undeclaredConformance(model: locator.modelName, protocolName: protocolName),
                fixIts: [FixIt(
                    message: MacroFixIt("Declare the conformance to '\(shortName)'"),
                    changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(addingConformance(declaration, to: protocolName)))])]))
            problems = true
        }

        // Read the `@Maps` attributes for this protocol. What they mean is the resolver's to check.
        var mappings: [MacroFrontEnd.Mapping] = []
        var mapped: [String: AttributeSyntax] = [:]
        var mappedInArgument: [String: Syntax] = [:]
        for (variable, attribute, mapping) in MapsAttribute.all(in: declaration)
        where QualifiedName(mapping.rootName).matches(QualifiedName(protocolName)) {
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
            mappings.append(MacroFrontEnd.Mapping(
                requirement: mapping.requirement, member: member, defaultValue: mapping.defaultValue.map(DefaultExpression.init),
                position: locator.position(of: mapping.keyPath), attributePosition: locator.position(of: attribute),
                defaultPosition: mapping.defaultValue.map { locator.position(of: $0) }))
        }

        // `map: [\.title: "fullName"]`: the same mappings, written once on the type.
        if let mapArgument = node.arguments?.as(LabeledExprListSyntax.self)?.first(where: { $0.label?.text == "map" }) {
            switch MapArgument.entries(mapArgument.expression) {
            case let .failure(failure):
                // What the mappings would be is unknown, so the resolver's view of them would mislead.
                context.diagnose(Diagnostic(node: failure.node, message: MacroMessage.mapNeedsPairs))
                return []
            case let .success(entries):
                for entry in entries {
                    if let first = mapped[entry.requirement].map(Syntax.init) ?? mappedInArgument[entry.requirement] {
                        context.diagnose(Diagnostic(
                            node: entry.element,
                            message: MacroMessage.mappedTwice(requirement: "\(shortName).\(entry.requirement)"),
                            notes: [Note(node: first, message: MacroNote("'\(shortName).\(entry.requirement)' is first mapped here"))]))
                        problems = true
                        continue
                    }
                    mappedInArgument[entry.requirement] = Syntax(entry.element)
                    mappings.append(MacroFrontEnd.Mapping(
                        requirement: entry.requirement, member: entry.member, defaultValue: nil,
                        position: locator.position(of: entry.memberLiteral), attributePosition: locator.position(of: entry.element)))
                }
            }
        }

        let request = MacroFrontEnd.Request(
            model: Syntax(declaration).cast(DeclSyntax.self),
            extendedType: type.trimmedDescription,
            enclosingAccess: enclosingAccess(context.lexicalContext),
            protocolName: protocolName,
            protocolPosition: locator.position(of: argument.expression),
            mappings: mappings)
        do {
            let extensionDecl = try MacroFrontEnd.conformance(request)
            return problems ? [] : extensionDecl.map { [$0] } ?? []
        } catch {
            let fixIts = FixItWriter(locator: locator, mapped: mapped, protocolName: shortName)
            for diagnostic in error.diagnostics {
                context.diagnose(Diagnostic(
                    node: locator.node(at: diagnostic.position) ?? Syntax(argument.expression),
                    message: GeneratorMessage(diagnostic),
                    notes: diagnostic.notes.compactMap { note in
                        locator.node(at: note.position).map { Note(node: $0, message: MacroNote(note.message)) }
                    },
                    fixIts: diagnostic.fixIts.compactMap(fixIts.fixIt)))
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
        let wanted = QualifiedName(name)
        return declaration.inheritanceClause?.inheritedTypes.contains { QualifiedName($0.type.trimmedDescription).matches(wanted) } ?? false
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
}

// MARK: - MapArgument

/// `map: [\.title: "fullName", …]`: each requirement, as a key path the compiler checks, with the
/// member that feeds it.
enum MapArgument {
    struct Entry {
        var requirement: String
        var member: String
        var element: DictionaryElementSyntax
        var memberLiteral: StringLiteralExprSyntax
    }

    /// The entries, or the first node that is not a `\.requirement: "member"` pair.
    static func entries(_ expression: ExprSyntax) -> Result<[Entry], SyntaxFailure> {
        guard let dictionary = expression.as(DictionaryExprSyntax.self) else { return .failure(SyntaxFailure(Syntax(expression))) }
        guard case let .elements(elements) = dictionary.content else { return .success([]) }
        var entries: [Entry] = []
        for element in elements {
            guard let keyPath = element.key.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
                  case let .property(property)? = keyPath.components.first?.component, property.declName.argumentNames == nil else {
                return .failure(SyntaxFailure(Syntax(element.key)))
            }
            guard let literal = element.value.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                  case let .stringSegment(segment)? = literal.segments.first, !segment.content.text.isEmpty else {
                return .failure(SyntaxFailure(Syntax(element.value)))
            }
            entries.append(Entry(
                requirement: QualifiedName.unescaped(property.declName.baseName.text), member: QualifiedName.unescaped(segment.content.text),
                element: element, memberLiteral: literal))
        }
        return .success(entries)
    }

    /// Where a `map:` argument stops being readable.
    struct SyntaxFailure: Error {
        var node: Syntax
        init(_ node: Syntax) { self.node = node }
    }
}
