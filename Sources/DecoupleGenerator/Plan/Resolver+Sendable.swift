import Foundation

// MARK: - Resolver: what is Sendable

/// What the sources and the standard library say is `Sendable`: the generator never guesses.
extension Resolver {
    /// Whether Swift holds the model `Sendable`: an actor, a `@MainActor` class, a type that
    /// declares it, or a struct or enum that is not public (inferred when its stored properties
    /// are; a generated adapter that stores one without them is refused by the compiler).
    func isKnownSendable(_ model: TypeDeclaration) -> Bool {
        model.kind == .actor || model.conforms(to: "Sendable") || (model.isMainActor && model.kind == .class)
            || (model.kind != .class && model.access < .package)
    }

    /// Whether Swift holds a value of this type `Sendable`, as the sources and the standard
    /// library say: the standard library's and Foundation's value types, optionals, arrays, sets
    /// and dictionaries of such types, and the sources' types held `Sendable` as declarations.
    /// The type is read as `context` reads it (a member's type as its type does): `ID` in
    /// `Row` is `Row.ID`, and an alias is the type it names.
    func isKnownSendable(_ type: TypeReference, in context: String?) -> Bool {
        isKnownSendable(typeNamed: type.wrapped)
            || isKnownSendable(typeNamed: catalog.normalized(type.unwrapped, in: context).wrapped)
    }

    private static let sendableNames: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Never", "ImageName", "Date", "URL", "UUID", "Data", "Decimal",
    ]
    private static let sendableGenerics: Set<String> = ["Array", "Set", "Dictionary", "Optional"]

    private func isKnownSendable(typeNamed written: String) -> Bool {
        let text = QualifiedName(written).canonical
        if Self.sendableNames.contains(text) { return true }
        if text.hasSuffix("?") { return isKnownSendable(typeNamed: String(text.dropLast())) }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inside = String(text.dropFirst().dropLast())
            let parts = Self.topLevel(inside, separatedBy: ":")
            return parts.count <= 2 && parts.allSatisfy { isKnownSendable(typeNamed: $0) }
        }
        if let open = text.firstIndex(of: "<"), text.hasSuffix(">"), Self.sendableGenerics.contains(String(text[..<open])) {
            let arguments = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            return Self.topLevel(arguments, separatedBy: ",").allSatisfy { isKnownSendable(typeNamed: $0) }
        }
        guard let name = catalog.resolveTypeName(text), let declarations = catalog.declarations[name] else { return false }
        return declarations.allSatisfy { $0.genericParameters.isEmpty && isKnownSendable($0) }
    }

    /// The parts of `text` between the separators outside brackets, trimmed.
    private static func topLevel(_ text: String, separatedBy separator: Character) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            if "[<(".contains(character) { depth += 1 }
            if "]>)".contains(character), !(character == ">" && current.last == "-") { depth -= 1 }
            if character == separator, depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
