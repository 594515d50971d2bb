import SwiftSyntax
import SwiftSyntaxBuilder

// MARK: - MacroFrontEnd

/// What the `@Adapts` macro hands the generator: one model declaration and its mappings. The macro
/// sees a single declaration and no protocol sources, so the mappings carry what it read from the
/// `@Maps` attributes, and requirements of protocols other than the built-in ones take the types
/// of the members mapped to them.
///
/// This is `package` API: the macro plug-in in this package calls it, so the macro and the
/// command-line tool share the scanner, the resolver and the emitter and write the same code.
/// The macro checks only what is about its own syntax (the attributes); every check of the
/// mapping is the resolver's, reported as ``Diagnostic`` values with notes and fix-its that the
/// macro attaches to the model's syntax.
package enum MacroFrontEnd {
    /// `@Maps(to: \Protocol.requirement, default: …)` on a member.
    package struct Mapping: Sendable {
        package var requirement: String
        package var member: String
        package var defaultValue: DefaultExpression?
        /// Where the requirement is named: the attribute's key path.
        package var position: SourcePosition
        /// Where the whole `@Maps` attribute starts.
        package var attributePosition: SourcePosition
        /// Where the default's expression starts, when there is one: a problem with the default
        /// is reported there, not at the attribute.
        package var defaultPosition: SourcePosition?

        package init(
            requirement: String, member: String, defaultValue: DefaultExpression?, position: SourcePosition, attributePosition: SourcePosition,
            defaultPosition: SourcePosition? = nil
        ) {
            self.requirement = requirement
            self.member = member
            self.defaultValue = defaultValue
            self.position = position
            self.attributePosition = attributePosition
            self.defaultPosition = defaultPosition
        }
    }

    package struct Request: Sendable {
        /// The model's declaration, as the compiler parsed it, without its outer trivia;
        /// positions in diagnostics are in its text (``modelSource``).
        package var model: DeclSyntax
        /// The model's declaration as written.
        package var modelSource: String { model.description }
        /// The model's name as the compiler spells it in the extension (`Outer.User`).
        package var extendedType: String
        /// The most restrictive access of the types around the model, if any.
        package var enclosingAccess: AccessLevel?
        package var protocolName: String
        package var protocolPosition: SourcePosition
        package var mappings: [Mapping]

        package init(
            model: DeclSyntax, extendedType: String, enclosingAccess: AccessLevel?, protocolName: String,
            protocolPosition: SourcePosition, mappings: [Mapping]
        ) {
            self.model = DeclSyntax(model.trimmed)
            self.extendedType = extendedType
            self.enclosingAccess = enclosingAccess
            self.protocolName = protocolName
            self.protocolPosition = protocolPosition
            self.mappings = mappings
        }
    }

    /// The file name the positions of ``Request/modelSource`` carry.
    package static let modelFile = "<model>"

    /// Whether `Decouple` declares the protocol, so that the macro may add the conformance.
    package static func isBuiltIn(_ protocolName: String) -> Bool {
        BuiltInProtocols.named(protocolName) != nil
    }

    /// The conformance extension for the request, made by the command-line tool's scanner,
    /// resolver and emitter (its conformance style); `nil` when the model needs nothing generated.
    ///
    /// - Throws: ``GenerationFailure`` with every problem the resolver found, positioned in
    ///   ``Request/modelSource``.
    package static func conformance(_ request: Request) throws(GenerationFailure) -> ExtensionDeclSyntax? {
        // Scanned from the syntax the compiler handed the macro: its text is not parsed again.
        let tree = SourceFileSyntax(statements: CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .decl(request.model))]))
        var file = SourceScanner.scan(tree: tree, source: request.modelSource, path: modelFile)
        guard file.diagnostics.isEmpty else { throw GenerationFailure(file.diagnostics) }
        guard var model = file.types.first else {
            throw GenerationFailure([Diagnostic("@Adapts applies to a struct, class, enum or actor", rule: .adaptsAttachment, at: request.protocolPosition)])
        }
        model.qualifiedName = request.extendedType
        if let enclosing = request.enclosingAccess { model.access = min(model.access, enclosing) }
        // Only the macro's own request counts; `// decouple:` comments are the command-line tool's.
        model.annotations = []
        file.types = [model]
        file.extensions = []

        file.protocols = isBuiltIn(request.protocolName) ? [] : [protocolFromMappings(request, model: model)]

        var adapterRequest = AdapterRequest(model: request.extendedType, protocolName: request.protocolName, position: request.protocolPosition)
        for mapping in request.mappings {
            var source = MappingSource(
                member: mapping.member, default: mapping.defaultValue, position: mapping.position, defaultPosition: mapping.defaultPosition ?? mapping.attributePosition)
            source.attributePosition = mapping.attributePosition
            adapterRequest.map(mapping.requirement, to: source)
        }
        let configuration = Configuration(style: .conformance, adapters: [adapterRequest])
        guard let adapter = try Generator.plan(Catalog(files: [file]), configuration: configuration, policy: .macro).adapters.first else { return nil }
        guard let text = ConformanceStyle.conformance(adapter).map(Code.text(of:)) else { return nil }
        // The macro returns syntax: code that does not parse is our bug, reported.
        let extensionDecl = DeclSyntax(stringLiteral: text)
        guard !extensionDecl.hasError, let result = extensionDecl.as(ExtensionDeclSyntax.self) else { throw GenerationFailure.unparsableOutput }
        return result
    }

    /// A protocol the macro cannot see: its requirements are the mapped ones, each typed as the
    /// member that feeds it (unwrapped when a default is given). The compiler checks the rest.
    private static func protocolFromMappings(_ request: Request, model: TypeDeclaration) -> ProtocolDeclaration {
        let name = QualifiedName(request.protocolName).last
        let requirements = request.mappings.compactMap { mapping -> Requirement? in
            guard let member = model.member(named: mapping.member), var type = member.type else {
                // Unknown member or unknown type: leave it to the resolver to report.
                return Requirement(name: mapping.requirement, kind: .property, type: TypeReference(wrapped: Requirement.unseenType, isOptional: false))
            }
            if mapping.defaultValue != nil { type.isOptional = false }
            return Requirement(name: mapping.requirement, kind: .property, type: type, position: mapping.position)
        }
        return ProtocolDeclaration(
            name: name, qualifiedName: name, access: .public, requirements: requirements,
            position: request.protocolPosition, isBuiltIn: false)
    }
}
