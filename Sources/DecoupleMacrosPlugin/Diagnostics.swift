import DecoupleGenerator
import SwiftDiagnostics
import SwiftSyntax

// MARK: - MacroMessage

/// What the macros say about their own syntax: the attributes, where they are, what they name.
/// Each message names the generator's rule for the problem, at its end as the compiler names its
/// diagnostic groups, and as its diagnostic ID, as the generator's own diagnostics do.
struct MacroMessage: DiagnosticMessage {
    let rule: DecoupleGenerator.Diagnostic.Rule
    private let text: String

    private init(rule: DecoupleGenerator.Diagnostic.Rule, _ text: String) {
        self.rule = rule
        self.text = text
    }

    static let adaptsNeedsProtocol = MacroMessage(rule: .adaptsNeedsProtocol, "@Adapts takes the protocol to conform to, as in `@Adapts(TitledContent.self)`")

    static let wrongAttachment = MacroMessage(rule: .adaptsAttachment, "@Adapts applies to a struct, class, enum or actor")

    static func undeclaredConformance(model: String, protocolName: String) -> MacroMessage {
        MacroMessage(
            rule: .undeclaredConformance,
            "'\(model)' must declare its conformance to '\(protocolName)' itself (`: \(protocolName)`); a macro can add conformances only to Decouple's own protocols")
    }

    static func mappedTwice(requirement: String) -> MacroMessage {
        MacroMessage(rule: .requirementMappedTwice, "'\(requirement)' is mapped twice; a requirement reads from one member")
    }

    static let mapsNeedsProperty = MacroMessage(rule: .mapsPlacement, "@Maps marks one property of a type marked @Adapts")

    static let mapsNeedsKeyPath = MacroMessage(
        rule: .mapsPlacement, "@Maps takes a key path to a requirement, with its protocol written out: `@Maps(to: \\TitledContent.title)`")

    static let mapNeedsPairs = MacroMessage(
        rule: .mapsPlacement, "`map:` takes each requirement with the member that feeds it, written out: `map: [\\.title: \"fullName\"]`")

    static func keyPathNotSimple(_ keyPath: String) -> MacroMessage {
        MacroMessage(rule: .mapsPlacement, "'\(keyPath)' is not a requirement; map to a requirement of the protocol itself")
    }

    static func ownerNotAdapted(owner: String, protocolName: String) -> MacroMessage {
        MacroMessage(rule: .mappingOwnerNotAdapted, "'\(owner)' is not marked `@Adapts(\(protocolName).self)`, so nothing reads this mapping")
    }

    var message: String { "\(text) [#\(rule.name)]" }

    /// The rule's name, `AdaptsAttachment`: an editor or a build log that groups diagnostics by
    /// ID groups the macros' with the tool's.
    var diagnosticID: MessageID { MessageID(domain: "Decouple", id: rule.name) }

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
