import DecoupleGenerator
import SwiftDiagnostics
import SwiftSyntax

// MARK: - MacroMessage

/// What the macros say about their own syntax: the attributes, where they are, what they name.
enum MacroMessage: DiagnosticMessage {
    case adaptsNeedsProtocol
    case wrongAttachment
    case undeclaredConformance(model: String, protocolName: String)
    case mappedTwice(requirement: String)
    case mapsNeedsProperty
    case mapsNeedsKeyPath
    case mapNeedsPairs
    case keyPathNotSimple(String)
    case ownerNotAdapted(owner: String, protocolName: String)

    /// The generator's rule for the problem, named at the end of the message as the compiler
    /// names its diagnostic groups.
    var rule: DecoupleGenerator.Diagnostic.Rule {
        switch self {
        case .adaptsNeedsProtocol: .adaptsNeedsProtocol
        case .wrongAttachment: .adaptsAttachment
        case .undeclaredConformance: .undeclaredConformance
        case .mappedTwice: .requirementMappedTwice
        case .mapsNeedsProperty, .mapsNeedsKeyPath, .mapNeedsPairs, .keyPathNotSimple: .mapsPlacement
        case .ownerNotAdapted: .mappingOwnerNotAdapted
        }
    }

    var message: String { "\(text) [#\(rule.name)]" }

    private var text: String {
        switch self {
        case .adaptsNeedsProtocol:
            "@Adapts takes the protocol to conform to, as in `@Adapts(TitledContent.self)`"
        case .wrongAttachment:
            "@Adapts applies to a struct, class, enum or actor"
        case let .undeclaredConformance(model, protocolName):
            "'\(model)' must declare its conformance to '\(protocolName)' itself (`: \(protocolName)`); a macro can add conformances only to Decouple's own protocols"
        case let .mappedTwice(requirement):
            "'\(requirement)' is mapped twice; a requirement reads from one member"
        case .mapsNeedsProperty:
            "@Maps marks one property of a type marked @Adapts"
        case .mapsNeedsKeyPath:
            "@Maps takes a key path to a requirement, with its protocol written out: `@Maps(to: \\TitledContent.title)`"
        case .mapNeedsPairs:
            "`map:` takes each requirement with the member that feeds it, written out: `map: [\\.title: \"fullName\"]`"
        case let .keyPathNotSimple(keyPath):
            "'\(keyPath)' is not a requirement; map to a requirement of the protocol itself"
        case let .ownerNotAdapted(owner, protocolName):
            "'\(owner)' is not marked `@Adapts(\(protocolName).self)`, so nothing reads this mapping"
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .adaptsNeedsProtocol: "adaptsNeedsProtocol"
        case .wrongAttachment: "wrongAttachment"
        case .undeclaredConformance: "undeclaredConformance"
        case .mappedTwice: "mappedTwice"
        case .mapsNeedsProperty: "mapsNeedsProperty"
        case .mapsNeedsKeyPath: "mapsNeedsKeyPath"
        case .mapNeedsPairs: "mapNeedsPairs"
        case .keyPathNotSimple: "keyPathNotSimple"
        case .ownerNotAdapted: "ownerNotAdapted"
        }
        return MessageID(domain: "Decouple", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

// MARK: - GeneratorMessage

/// A problem the generator's resolver found, shown at the model's syntax.
struct GeneratorMessage: DiagnosticMessage {
    let message: String
    let severity: DiagnosticSeverity

    let rule: DecoupleGenerator.Diagnostic.Rule

    init(_ diagnostic: DecoupleGenerator.Diagnostic) {
        message = "\(diagnostic.message) [#\(diagnostic.rule.name)]"
        rule = diagnostic.rule
        severity = switch diagnostic.severity {
        case .error: .error
        case .warning: .warning
        case .note: .note
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "Decouple", id: rule.name) }
}

// MARK: - FixItWriter

/// Turns the resolver's fix-its, which say what to change, into edits of the model's syntax.
struct FixItWriter {
    let locator: Locator
    /// The `@Maps` attribute of each mapped requirement.
    let mapped: [String: AttributeSyntax]
    /// The protocol as the key paths of `@Maps` name it: `TitledContent`.
    let protocolName: String

    func fixIt(_ fixIt: DecoupleGenerator.Diagnostic.FixIt) -> SwiftDiagnostics.FixIt? {
        switch fixIt {
        case let .addDefault(requirement, member, value):
            guard let attribute = mapped[requirement] else { return nil }
            return FixIt(
                message: MacroFixIt("Add a default for when '\(member)' is nil"),
                changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(MapsAttribute.addingDefault(to: attribute, placeholder: value)))])
        case let .map(requirement, member):
            guard let variable = locator.variable(named: member) else { return nil }
            let keyPath = "\\\(protocolName).\(requirement)"
            return FixIt(
                message: MacroFixIt("Mark '\(member)' with @Maps(to: \(keyPath))"),
                changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(MapsAttribute.adding(keyPath: keyPath, to: variable)))])
        }
    }
}

// MARK: - Fix-its and notes

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
