import SwiftSyntax

// MARK: - MacroFrontEnd

/// What the `@Adapts` macro hands the generator: one model declaration and its mappings. The macro
/// sees a single declaration and no protocol sources, so the mappings carry what it read from the
/// `@Maps` attributes, and requirements of protocols other than the built-in ones take the types
/// of the members mapped to them.
///
/// This is `package` API: the macro plug-in in this package calls it, so the macro and the
/// command-line tool share the scanner, the resolver and the emitter and write the same code.
package enum MacroFrontEnd {
    /// `@Maps(to: \Protocol.requirement, default: …)` on a member.
    package struct Mapping: Sendable {
        package var requirement: String
        package var member: String
        package var defaultValue: String?
        /// Where to report a problem with this mapping.
        package var position: SourcePosition

        package init(requirement: String, member: String, defaultValue: String?, position: SourcePosition) {
            self.requirement = requirement
            self.member = member
            self.defaultValue = defaultValue
            self.position = position
        }
    }

    package struct Request: Sendable {
        /// The model's declaration as written; positions in diagnostics are in this text.
        package var modelSource: String
        /// The model's name as the compiler spells it in the extension (`Outer.User`).
        package var extendedType: String
        /// The most restrictive access of the types around the model, if any.
        package var enclosingAccess: AccessLevel?
        package var protocolName: String
        package var protocolPosition: SourcePosition
        package var mappings: [Mapping]

        package init(
            modelSource: String, extendedType: String, enclosingAccess: AccessLevel?, protocolName: String,
            protocolPosition: SourcePosition, mappings: [Mapping]
        ) {
            self.modelSource = modelSource
            self.extendedType = extendedType
            self.enclosingAccess = enclosingAccess
            self.protocolName = protocolName
            self.protocolPosition = protocolPosition
            self.mappings = mappings
        }
    }

    /// The file name the positions of ``Request/modelSource`` carry.
    package static let modelFile = "<model>"

    /// The requirements of a protocol `Decouple` declares, or `nil` for any other protocol.
    package static func builtInRequirements(of protocolName: String) -> [(name: String, type: TypeReference)]? {
        BuiltInProtocols.named(protocolName)?.requirements.map { ($0.name, $0.type) }
    }

    /// The properties of the model as the generator reads them: name, type and position.
    package static func properties(of modelSource: String) -> [(name: String, type: TypeReference?, position: SourcePosition)] {
        let file = SourceScanner.scan(source: modelSource, path: modelFile)
        guard let model = file.types.first else { return [] }
        return model.members.filter { $0.kind == .property && !$0.isStatic }.map { ($0.name, $0.type, $0.position) }
    }

    /// The conformance extension for the request, written by the same emitter as the command-line
    /// tool's conformance style; `nil` when the model needs nothing generated.
    package static func conformance(_ request: Request) -> Result<ExtensionDeclSyntax?, GenerationFailure> {
        var file = SourceScanner.scan(source: request.modelSource, path: modelFile)
        guard file.diagnostics.isEmpty else { return .failure(GenerationFailure(file.diagnostics)) }
        guard var model = file.types.first else {
            return .failure(GenerationFailure([Diagnostic("@Adapts applies to a struct, class, enum or actor", at: request.protocolPosition)]))
        }
        model.qualifiedName = request.extendedType
        if let enclosing = request.enclosingAccess { model.access = min(model.access, enclosing) }
        // Only the macro's own request counts; `// decouple:` comments are the command-line tool's.
        model.annotations = []
        file.types = [model]
        file.extensions = []

        let bare = BuiltInProtocols.bareName(request.protocolName)
        file.protocols = BuiltInProtocols.named(bare) == nil ? [protocolFromMappings(request, model: model)] : []

        var adapterRequest = AdapterRequest(model: request.extendedType, protocolName: bare, position: request.protocolPosition)
        for mapping in request.mappings {
            adapterRequest.map[mapping.requirement] = MappingSource(member: mapping.member, defaultValue: mapping.defaultValue, position: mapping.position)
            adapterRequest.mapPositions[mapping.requirement] = mapping.position
        }
        var resolver = Resolver(catalog: Catalog(files: [file]))
        resolver.isMacro = true
        let adapters = resolver.resolve(configuration: Configuration(style: .conformance, adapters: [adapterRequest]))
        guard resolver.diagnostics.isEmpty, let adapter = adapters.first else {
            return .failure(GenerationFailure(resolver.diagnostics))
        }
        return .success(Emitter.conformance(adapter)?.as(ExtensionDeclSyntax.self))
    }

    /// A protocol the macro cannot see: its requirements are the mapped ones, each typed as the
    /// member that feeds it (unwrapped when a default is given). The compiler checks the rest.
    private static func protocolFromMappings(_ request: Request, model: TypeDeclaration) -> ProtocolDeclaration {
        let name = request.protocolName.split(separator: ".").last.map(String.init) ?? request.protocolName
        let requirements = request.mappings.compactMap { mapping -> Requirement? in
            guard let member = model.member(named: mapping.member), var type = member.type else {
                // Unknown member or unknown type: leave it to the resolver to report.
                return Requirement(name: mapping.requirement, kind: .property, type: TypeReference(wrapped: "_", isOptional: false))
            }
            if mapping.defaultValue != nil { type.isOptional = false }
            return Requirement(name: mapping.requirement, kind: .property, type: type, position: mapping.position)
        }
        return ProtocolDeclaration(
            name: name, qualifiedName: name, access: .public, requirements: requirements,
            position: request.protocolPosition, isBuiltIn: false)
    }
}
