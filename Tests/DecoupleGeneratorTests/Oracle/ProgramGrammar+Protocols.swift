import Foundation

// MARK: - Protocols

extension ProgramGrammar {
    mutating func makeRequirement(unit: Int, publicTypes: Bool, used: inout Set<String>, kind: ModelKind) -> Requirement {
        var base = pick(["headline", "detail", "score", "label", "total", "summary", "caption", "amount"])
        if chance(mayBeRefused ? 0.1 : 0.02) { base = "`Type`" ; shapes.insert("requirement named Type") }
        else if chance(0.04) { base = "`default`"; shapes.insert("keyword requirement") }
        else if chance(0.04) { base = "`full name`"; shapes.insert("raw identifier requirement") }
        while used.contains(base) {
            base = base.hasSuffix("`") ? "`" + String(base.dropFirst().dropLast()) + "Two`" : base + "Two"
        }
        used.insert(base)
        let type = valueType(unit: unit, publicTypes: publicTypes)
        switch int(0...19) {
        case 0...8:
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get }", isMethod: false, type: type)
        case 9:
            shapes.insert("get async requirement")
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get async }", isMethod: false, type: type, effects: "async")
        case 10 where chance(0.3):
            // Typed throws: the witness keeps the error type.
            let error = typeName("LoadError", unit)
            add("\(publicTypes ? "public " : "")nonisolated struct \(error): Error {}", to: "Types.swift", imports: [])
            shapes.insert("get throws(E) requirement")
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get throws(\(error)) }", isMethod: false, type: type, effects: "throws(\(error))")
        case 10:
            shapes.insert("get throws requirement")
            return Requirement(name: base, text: "var \(base): \(requirementTypeMarker) { get throws }", isMethod: false, type: type, effects: "throws")
        case 11:
            shapes.insert("method without parameters")
            return Requirement(name: base, text: "func \(base)() -> \(requirementTypeMarker)", isMethod: true, type: type)
        case 12:
            let effects = pick(["async", "throws", "async throws"])
            shapes.insert("method \(effects)")
            return Requirement(name: base, text: "func \(base)(in place: String) \(effects) -> String", isMethod: true, type: nil, effects: effects)
        case let choice where choice >= 13 && choice <= 18:
            // A variadic parameter is refused (it cannot be forwarded): only where refusals are drawn.
            let (shape, effects, signature) = pick(Self.effectMethods.filter { mayBeRefused || $0.effects != "variadic" })
            shapes.insert(shape)
            return Requirement(name: base, text: signature.replacingOccurrences(of: "NAME", with: base), isMethod: true, type: nil, effects: effects)
        default:
            shapes.insert("requirement in #if branches")
            let condition = self.condition()
            let line = "var \(base): \(requirementTypeMarker) { get }"
            return Requirement(name: base, text: "#if \(condition)\n    \(line)\n    #else\n    \(line)\n    #endif", isMethod: false, type: type, conditional: true)
        }
    }


    /// Writes the protocol and its parents; whether it is a `nonisolated` protocol refining a
    /// parent of the sources (asked for with `nonisolatedRefinement`, where it has a parent).
    @discardableResult
    mutating func writeProtocol(
        _ name: String, access: String, requirements: [Requirement], unit: Int, sendable: Bool, file: String, libraryParents: [String] = [],
        nonisolatedRefinement: Bool = false
    ) -> Bool {
        var own = requirements
        var parents: [String] = (sendable ? ["Sendable"] : []) + libraryParents
        var parentDeclarations: [String] = []
        // A `nonisolated` protocol below its parents, which MainActor by default isolates (or
        // `@MainActor` says so in every mode).
        var parentIsolation = ""
        var refines = false
        if requirements.count >= 2, chance(nonisolatedRefinement ? 0.7 : 0.35) {
            refines = nonisolatedRefinement
            if refines && chance(0.3) { parentIsolation = "@MainActor\n" }
            // Some requirements come from parents: one, several, or a composition.
            let split = int(1...requirements.count - 1)
            let inherited = Array(requirements[..<split])
            own = Array(requirements[split...])
            let parentCount = inherited.count >= 2 && chance(0.5) ? 2 : 1
            var names: [String] = []
            for index in 0..<parentCount {
                let parent = self.name("Parent\(index)x", unit)
                names.append(parent)
                let mine = inherited.enumerated().filter { $0.offset % parentCount == index }.map(\.element)
                parentDeclarations.append("\(parentIsolation)\(access)protocol \(parent) {\n" + mine.map { "    " + $0.text }.joined(separator: "\n") + "\n}")
            }
            if names.count == 2 && chance(0.5) {
                if chance(0.5) {
                    // Through a type alias of the composition.
                    let alias = self.name("Both", unit)
                    parentDeclarations.append("\(access)typealias \(alias) = \(names.joined(separator: " & "))")
                    parents.append(alias)
                    shapes.insert("protocol refining a composition typealias")
                } else {
                    parents.append(names.joined(separator: " & "))
                    shapes.insert("protocol inheriting a composition")
                }
            } else {
                parents += names
                shapes.insert(names.count == 2 ? "protocol inheriting several" : "protocol inheriting one")
            }
        }
        if chance(0.06) && !requirements.contains(where: { $0.effects == "mutating" }) {
            // Only classes may conform: a value model needs the factory's class adapter, or is refused.
            parents.append("AnyObject")
            shapes.insert("class-bound protocol")
        }
        let isolation = refines ? "nonisolated " : chance(0.1) ? "@MainActor\n" : ""
        if refines { shapes.insert("nonisolated protocol refining a main-actor protocol") }
        if isolation.hasPrefix("@") { shapes.insert("@MainActor protocol") }
        let inheritance = parents.isEmpty ? "" : ": " + parents.joined(separator: ", ")
        var text = "\(isolation)\(access)protocol \(name)\(inheritance) {\n" + own.map { "    " + $0.text }.joined(separator: "\n") + "\n}"
        if chance(0.12) {
            // A requirement no model provides: an extension of the protocol implements it.
            let extra = self.name("defaulted", unit)
            text = text.dropLast() + "    var \(extra): String { get }\n}\n\(access)extension \(name) {\n    var \(extra): String { \"d\" }\n}"
            shapes.insert("requirement with a default in a protocol extension")
        }
        for parent in parentDeclarations { add(parent, to: file, imports: ["Foundation"]) }
        add(text, to: file, imports: ["Foundation"])
        shapes.insert("protocol access \(access.isEmpty ? "default" : access.trimmingCharacters(in: .whitespaces))")
        return refines
    }
}
