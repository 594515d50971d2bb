import Foundation

// MARK: - Models

extension ProgramGrammar {
    mutating func modelDeclaration(
        kind: ModelKind, name: String, access: String, unit: Int, body: [String], superclassMembers: [String], conformances: [String] = [],
        sendable: Bool = false, annotation: String?, annotationAfterAttributes: Bool, file: String
    ) -> String {
        var attributes: [String] = []
        var keyword: String
        var inheritance: [String] = []
        var bodyLines = body
        switch kind {
        case .struct:
            keyword = "struct"
            // `UserDefaults` and the sources' `Setting` wrapper (which holds a key path) are not
            // `Sendable`: a struct that stores one cannot be.
            if sendable || chance(0.3), !bodyLines.contains(where: { $0.contains("UserDefaults") || $0.contains("@Setting") }) {
                inheritance.append("Sendable")
                shapes.insert("Sendable model")
            }
        case .mainActorStruct:
            attributes.append("@MainActor")
            keyword = "struct"
            shapes.insert("@MainActor model")
        case .genericStruct:
            keyword = "struct"
            shapes.insert("generic model")
            let inherits = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
            return decorate(attributes: attributes, annotation: annotation, afterAttributes: annotationAfterAttributes,
                            header: "\(access)struct \(name)<Element>\(inherits)", body: bodyLines + ["var element: Element? = nil"])
        case .finalClass:
            keyword = "final class"
            if chance(0.2) { attributes.append("nonisolated"); shapes.insert("nonisolated model") }
        case .objectSubclass:
            keyword = "final class"
            inheritance.append("NSObject")
            shapes.insert("NSObject model")
        case .mainActorClass, .globalActorClass:
            let isMain = kind == .mainActorClass
            attributes.append(isMain ? "@MainActor" : "@\(globalActor(unit))")
            keyword = "final class"
            shapes.insert(isMain ? "@MainActor model" : "custom global actor model")
        case .observable:
            attributes.append("@Observable")
            if chance(0.3) { attributes.append("@MainActor") }
            keyword = "final class"
            shapes.insert("@Observable model")
        case .actor:
            keyword = "actor"
            shapes.insert("actor model")
        case .noncopyable:
            keyword = "struct"
            inheritance.append("~Copyable")
            shapes.insert("~Copyable model")
        case .enum:
            keyword = "enum"
            bodyLines.insert("case first, second", at: 0)
            shapes.insert("enum model")
        case .subclass, .genericSubclass:
            let base = self.name("Base", unit)
            let generic = kind == .genericSubclass
            let baseHeader = generic ? "class \(base)<Value>" : "class \(base)"
            var baseBody = superclassMembers
            if generic {
                baseBody.append("var stored: Value")
                baseBody.append("init(stored: Value) { self.stored = stored }")
                shapes.insert("generic superclass")
            } else {
                baseBody.append("init() {}")
                shapes.insert("superclass in the sources")
            }
            let baseAccess = access == "public " ? "open " : ""
            add("\(baseAccess)\(baseHeader) {\n" + baseBody.map { indent($0) }.joined(separator: "\n") + "\n}", to: chance(0.5) ? "Bases.swift" : file)
            keyword = "final class"
            inheritance.append(generic ? "\(base)<Int>" : base)
            if generic {
                bodyLines.append("\(access == "public " ? "public " : "")init() { super.init(stored: 1) }")
            } else {
                bodyLines.append("\(access == "public " ? "public " : "")override init() { super.init() }")
            }
        }
        inheritance += conformances
        let inherits = inheritance.isEmpty ? "" : ": " + inheritance.joined(separator: ", ")
        return decorate(attributes: attributes, annotation: annotation, afterAttributes: annotationAfterAttributes,
                        header: "\(access)\(keyword) \(name)\(inherits)", body: bodyLines)
    }

    private func decorate(attributes: [String], annotation: String?, afterAttributes: Bool, header: String, body: [String]) -> String {
        var lines: [String] = []
        if let annotation, !afterAttributes || attributes.isEmpty { lines.append(annotation) }
        lines += attributes
        if let annotation, afterAttributes, !attributes.isEmpty { lines.append(annotation) }
        // Attributes on their own line, or before the keyword on the same line.
        lines.append(header + " {")
        lines += body.map { indent($0) }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
