import DecoupleGenerator
import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

// MARK: - Plugin

@main
struct DecoupleMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [AdaptsMacro.self, MapsMacro.self]
}

// MARK: - Locator

/// Translates between nodes of the model declaration and positions in its text, which is what the
/// generator reads and reports against.
struct Locator {
    let declaration: any DeclGroupSyntax
    /// The declaration's text without its outer trivia.
    let source: String
    private let base: Int
    private let lineStarts: [Int]

    init(declaration: some DeclGroupSyntax) {
        self.declaration = declaration
        source = declaration.trimmedDescription
        base = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    var modelName: String {
        Syntax(declaration).asProtocol(NamedDeclSyntax.self)?.name.text ?? "the type"
    }

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset - base
        let line = (lineStarts.lastIndex { $0 <= offset } ?? 0)
        return SourcePosition(file: MacroFrontEnd.modelFile, line: line + 1, column: offset - lineStarts[line] + 1)
    }

    /// The innermost node that starts at a position the generator reported.
    func node(at position: SourcePosition?) -> Syntax? {
        guard let position, position.file == MacroFrontEnd.modelFile, position.line >= 1, position.line <= lineStarts.count else { return nil }
        let target = base + lineStarts[position.line - 1] + position.column - 1
        guard let token = declaration.tokens(viewMode: .sourceAccurate).first(where: { $0.positionAfterSkippingLeadingTrivia.utf8Offset == target }) else {
            return nil
        }
        // The whole expression that starts there (`\Protocol.member`, not just `\`).
        var node = Syntax(token)
        while let parent = node.parent, parent.is(ExprSyntax.self), parent.positionAfterSkippingLeadingTrivia == token.positionAfterSkippingLeadingTrivia {
            node = parent
        }
        return node
    }

    func variable(named name: String) -> VariableDeclSyntax? {
        declaration.memberBlock.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .first { MapsAttribute.memberName(of: $0) == name }
    }
}

// MARK: - Messages

enum MacroMessage: DiagnosticMessage {
    case adaptsNeedsProtocol
    case wrongAttachment
    case undeclaredConformance(model: String, protocolName: String)
    case mappedTwice(requirement: String)
    case unknownRequirement(String, protocolName: String, known: [String])
    case optionalWithoutDefault(member: String, requirement: String, type: String)
    case missingRequirement(model: String, requirement: String, type: String)
    case mapsNeedsProperty
    case mapsNeedsKeyPath
    case keyPathNotSimple(String)
    case ownerNotAdapted(owner: String, protocolName: String)
    case generator(String)

    var message: String {
        switch self {
        case .adaptsNeedsProtocol:
            "@Adapts takes the protocol to conform to, as in `@Adapts(TitledContent.self)`"
        case .wrongAttachment:
            "@Adapts applies to a struct, class, enum or actor"
        case let .undeclaredConformance(model, protocolName):
            "'\(model)' must declare its conformance to '\(protocolName)' itself (`: \(protocolName)`); a macro can add conformances only to Decouple's own protocols"
        case let .mappedTwice(requirement):
            "'\(requirement)' is mapped twice; a requirement reads from one member"
        case let .unknownRequirement(name, protocolName, known):
            "'\(protocolName)' has no requirement '\(name)' (its requirements: \(known.joined(separator: ", ")))"
        case let .optionalWithoutDefault(member, requirement, type):
            "'\(member)' is optional but '\(requirement)' is \(type); give a default for when it is nil"
        case let .missingRequirement(model, requirement, type):
            "'\(model)' has nothing for '\(requirement)' (\(type)); mark the member that provides it with `@Maps(to: \\\(requirement))`"
        case .mapsNeedsProperty:
            "@Maps marks one property of a type marked @Adapts"
        case .mapsNeedsKeyPath:
            "@Maps takes a key path to a requirement, with its protocol written out: `@Maps(to: \\TitledContent.title)`"
        case let .keyPathNotSimple(keyPath):
            "'\(keyPath)' is not a requirement; map to a requirement of the protocol itself"
        case let .ownerNotAdapted(owner, protocolName):
            "'\(owner)' is not marked `@Adapts(\(protocolName).self)`, so nothing reads this mapping"
        case let .generator(text):
            text
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .adaptsNeedsProtocol: "adaptsNeedsProtocol"
        case .wrongAttachment: "wrongAttachment"
        case .undeclaredConformance: "undeclaredConformance"
        case .mappedTwice: "mappedTwice"
        case .unknownRequirement: "unknownRequirement"
        case .optionalWithoutDefault: "optionalWithoutDefault"
        case .missingRequirement: "missingRequirement"
        case .mapsNeedsProperty: "mapsNeedsProperty"
        case .mapsNeedsKeyPath: "mapsNeedsKeyPath"
        case .keyPathNotSimple: "keyPathNotSimple"
        case .ownerNotAdapted: "ownerNotAdapted"
        case .generator: "generator"
        }
        return MessageID(domain: "Decouple", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

struct MacroFixIt: FixItMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var fixItID: MessageID { MessageID(domain: "Decouple", id: message) }
}

struct MacroNote: NoteMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var noteID: MessageID { MessageID(domain: "Decouple", id: "note") }
}
