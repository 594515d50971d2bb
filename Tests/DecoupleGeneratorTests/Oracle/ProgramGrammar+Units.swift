import Foundation

// MARK: - Units

extension ProgramGrammar {
    /// How a model provides one requirement.
    struct Provision {
        /// Declarations in the model's body.
        var members: [String] = []
        /// Declarations in an extension of the model (`extension M { … }`), with its modifiers.
        var extensionMembers: [(modifiers: String, text: String, otherFile: Bool)] = []
        /// Declarations in an extension of a generic model bound to one argument
        /// (`extension M<Int>` or `extension M where Element == Int`).
        var boundExtensionMembers: [String] = []
        /// Declarations in the superclass's body.
        var superclassMembers: [String] = []
        /// The configuration's mapping (`"title": "name"`) and the annotation's argument.
        var mapping: (json: String, annotation: String)?
        /// Protocols of the sources the model conforms to (one whose extension gives a member).
        var conformances: [String] = []
    }

    enum ModelKind: CaseIterable {
        case `struct`, finalClass, subclass, genericSubclass, `enum`, actor, observable, mainActorClass, mainActorStruct, genericStruct
        /// `final class M: NSObject`: Foundation's `NSObject` (swift-corelibs-foundation's on Linux).
        case objectSubclass
        /// Refused in every style: drawn only where refusals are.
        case globalActorClass, noncopyable
    }

    struct Requirement {
        var name: String
        var text: String
        var isMethod: Bool
        var type: ValueType?
        var effects: String = ""
        /// Extra protocol requirement text under `#if` branches.
        var conditional: Bool = false
    }

    mutating func makeUnit(_ unit: Int) {
        let builtIn = chance(0.3)
        let protocolAccess: String = builtIn ? "public" : pick(["", "", "internal ", "package ", "public ", chance(0.1) ? "fileprivate " : ""])
        let isPublic = protocolAccess == "public " || protocolAccess == "public"
        var kind = pick(ModelKind.allCases)
        if !mayBeRefused && (kind == .globalActorClass || kind == .noncopyable) { kind = kind == .noncopyable ? .struct : .finalClass }
        var protocolName: String
        var requirements: [Requirement] = []
        var protocolIsSendable = false

        if builtIn {
            let titled = chance(0.7)
            protocolName = titled ? "TitledContent" : "NamedImageContent"
            shapes.insert("built-in protocol")
            let string = ValueType(spelling: "String", value: "\"text\"", inferred: [("\"a\\(1)\"", "inferred string interpolation"), ("\"plain\"", "inferred string literal")], isPlainValue: true, hasProxyFallback: true)
            if titled {
                requirements = [Requirement(name: "title", text: "", isMethod: false, type: string), Requirement(name: "subtitle", text: "", isMethod: false, type: string)]
            } else {
                let image = ValueType(spelling: "ImageName", value: "\"star\"", inferred: [], isPlainValue: true, hasProxyFallback: true)
                requirements = [Requirement(name: "name", text: "", isMethod: false, type: string), Requirement(name: "image", text: "", isMethod: false, type: image)]
            }
        } else {
            protocolName = name(pick(["Headline", "Badge", "Summary", "Price", "Row"]), unit) + "Content"
            if chance(0.08) { protocolName = name("content", unit) }
            let count = int(1...4)
            var used: Set<String> = []
            for _ in 0..<count {
                let requirement = makeRequirement(unit: unit, publicTypes: isPublic || protocolAccess == "package ", used: &used, kind: kind)
                requirements.append(requirement)
            }
            protocolIsSendable = chance(0.15)
        }
        // A protocol that refines one of the standard library's with a requirement the models meet
        // (an NSObject model's `description` is NSObject's).
        let libraryParent: String? = !builtIn && chance(kind == .objectSubclass ? 0.6 : 0.12)
            ? (kind == .objectSubclass ? "CustomStringConvertible" : pick(["CustomStringConvertible", "Identifiable"])) : nil
        if protocolIsSendable {
            shapes.insert("protocol refining Sendable")
            // A Sendable protocol's model must be Sendable: a value, or an actor.
            if ![.struct, .enum, .actor, .mainActorStruct, .mainActorClass].contains(kind) { kind = .struct }
        }
        // Actors provide `let`s, plain values and `nonisolated` members only.
        // An enum's stored members are static: of Sendable types only.
        let plainOnly = kind == .actor || protocolIsSendable || kind == .enum
        if plainOnly {
            for index in requirements.indices where !(requirements[index].type?.isPlainValue ?? true) {
                let string = ValueType(spelling: "String", value: "\"text\"", inferred: [("\"plain\"", "inferred string literal")], isPlainValue: true, hasProxyFallback: true)
                requirements[index].type = string
                if !builtIn { requirements[index].text = requirements[index].text.replacingOccurrences(of: requirementTypeMarker, with: "String") }
            }
        }
        for index in requirements.indices where !builtIn {
            requirements[index].text = requirements[index].text.replacingOccurrences(of: requirementTypeMarker, with: requirements[index].type?.spelling ?? "String")
        }

        // A plain struct whose requirements are all read from stored properties: `Sendable`, so
        // that under MainActor by default the factory's nonisolated adapter may read them.
        let storedSendable = kind == .struct && libraryParent == nil && chance(0.5)
            && requirements.allSatisfy { !$0.isMethod && !$0.conditional && $0.type?.spelling != "UserDefaults?" }
        if storedSendable { shapes.insert("Sendable struct read through stored properties") }

        // The protocol, perhaps with parents that declare some of its requirements; a class's
        // more often `nonisolated` below a parent that MainActor by default isolates.
        let protocolFile = chance(0.5) ? "Protocols.swift" : "Models\(unit).swift"
        if !builtIn {
            let isClass = [.finalClass, .mainActorClass, .subclass, .genericSubclass, .observable, .objectSubclass].contains(kind)
            let refinement = writeProtocol(
                protocolName, access: protocolAccess, requirements: requirements, unit: unit, sendable: protocolIsSendable, file: protocolFile,
                libraryParents: libraryParent.map { [$0] } ?? [], nonisolatedRefinement: chance(isClass ? 0.35 : 0.1))
            if refinement && isClass { shapes.insert("nonisolated protocol refining a main-actor protocol, class model") }
        }

        // The model.
        let modelAccess: String = {
            if isPublic && chance(0.5) { return "public " }
            return ""
        }()
        var model = modelName(kind: kind, unit: unit)
        var nestedIn: String?
        if chance(0.15), kind != .subclass, kind != .genericSubclass {
            nestedIn = name("Outer", unit)
            shapes.insert("nested model")
            if chance(0.3) {
                model = "`Type`"
                shapes.insert("model named Type")
            }
        }
        if chance(0.05) && nestedIn == nil {
            model = "`\(name("Name Card", unit))`"
            shapes.insert("raw identifier model")
        }
        let plainModel = model.replacingOccurrences(of: "`", with: "")
        let qualifiedModel = nestedIn.map { "\($0).\(plainModel)" } ?? plainModel
        // As Swift spells it where the model is named: `Outer1_7.`Type``.
        let spelledModel = qualifiedModel.split(separator: ".").map { Self.escapedComponent(String($0)) }.joined(separator: ".")
        let modelFile = "Models\(unit).swift"

        var body: [String] = []
        var extensions: [(modifiers: String, text: String, otherFile: Bool)] = []
        var boundExtensions: [String] = []
        var superclass: [String] = []
        var conformances: [String] = []
        var jsonMap: [String] = []
        var annotationArgs: [String] = []
        for requirement in requirements {
            let provision = provide(
                requirement, of: protocolName, kind: kind, unit: unit, plainOnly: plainOnly, protocolIsPublic: isPublic, modelIsPublic: modelAccess == "public ",
                storedOnly: storedSendable)
            body += provision.members
            extensions += provision.extensionMembers
            boundExtensions += provision.boundExtensionMembers
            superclass += provision.superclassMembers
            conformances += provision.conformances
            if let mapping = provision.mapping {
                jsonMap.append(mapping.json)
                annotationArgs.append(mapping.annotation)
            }
        }
        if kind == .struct || kind == .genericStruct, chance(0.2) {
            body.append("var counter: Int = 0")
        }
        if let libraryParent {
            body += libraryMembers(for: libraryParent, kind: kind, access: modelAccess, unit: unit)
            shapes.insert("protocol refining \(libraryParent)")
        }
        if body.isEmpty && (kind == .enum) { body.append("static let placeholder = 1") }

        // How the adapter is asked for: the configuration, or an annotation in one of its places.
        let useAnnotation = chance(0.35) && protocolAccess != "fileprivate "
        var annotationText: String?
        var annotationPlacement = "before the type"
        if useAnnotation {
            let args = annotationArgs.isEmpty ? "" : "(" + annotationArgs.joined(separator: ", ") + ")"
            annotationText = "// decouple: \(protocolName)\(args)"
            annotationPlacement = pick(["before the type", "before the type", "after attributes", "on an extension", "under #if"] + (mayBeRefused ? ["before a typealias"] : []))
            shapes.insert("annotation \(annotationPlacement)")
        }
        let conditionalModel = annotationPlacement == "under #if" || (!useAnnotation && chance(0.08))
        let typeDeclaration = modelDeclaration(
            kind: kind, name: model, access: modelAccess, unit: unit, body: body, superclassMembers: superclass, conformances: conformances,
            sendable: storedSendable,
            annotation: annotationPlacement == "before the type" || annotationPlacement == "after attributes" || annotationPlacement == "under #if" ? annotationText : nil,
            annotationAfterAttributes: annotationPlacement == "after attributes", file: modelFile)
        var declaration = typeDeclaration
        if let outer = nestedIn {
            declaration = "\(modelAccess)enum \(outer) {\n" + indent(declaration) + "\n}"
        }
        if conditionalModel {
            let condition = self.condition()
            // Declared in every branch, so that whatever the platform the model exists.
            declaration = "#if \(condition)\n\(declaration)\n#else\n\(declaration.replacingOccurrences(of: "// decouple:", with: "// decouple-else:"))\n#endif"
            shapes.insert("model under #if")
        }
        add(declaration, to: modelFile, imports: kind == .observable ? ["Foundation", "Observation"] : ["Foundation"])
        var extensionAnnotation = annotationPlacement == "on an extension" ? annotationText : nil
        if extensionAnnotation != nil && extensions.isEmpty { extensions.append(("", "", false)) }
        for (modifiers, text, otherFile) in extensions {
            let header = extensionAnnotation.map { "\($0)\n" } ?? ""
            extensionAnnotation = nil
            let chunk = "\(header)\(modifiers)extension \(spelledModel) {\n\(indent(text))\n}"
            add(chunk, to: otherFile ? "Extensions\(unit).swift" : modelFile)
        }
        if !boundExtensions.isEmpty {
            let header = chance(0.5) ? "extension \(spelledModel)<Int>" : "extension \(spelledModel) where Element == Int"
            shapes.insert(header.contains("where") ? "constrained generic extension" : "bound generic extension")
            add("\(header) {\n\(indent(boundExtensions.joined(separator: "\n")))\n}", to: modelFile)
        }
        var requestModels = [qualifiedModel]
        if annotationPlacement == "before a typealias", let annotationText {
            let alias = name("Alias", unit)
            add("\(annotationText)\ntypealias \(alias) = \(spelledModel)", to: modelFile)
            requestModels.append(alias)
        }
        if let annotationText {
            requests.append((requestModels, protocolName, annotationText))
        } else {
            let map = jsonMap.isEmpty ? "" : ", \"map\": { " + jsonMap.joined(separator: ", ") + " }"
            var jsonModel = qualifiedModel.replacingOccurrences(of: "\\", with: "\\\\")
            if kind != .genericStruct && chance(nestedIn == nil ? 0.08 : 0.5) {
                // Named in decouple.json by a type alias of the sources (`typealias A = Outer.Inner`).
                let alias = name("Alias", unit)
                add("\(modelAccess)typealias \(alias) = \(spelledModel)", to: modelFile)
                shapes.insert("model named by a typealias in decouple.json")
                jsonModel = alias
                requestModels.insert(alias, at: 0)
            }
            adapterEntries.append("{ \"model\": \"\(jsonModel)\", \"protocol\": \"\(protocolName)\"\(map) }")
            requests.append((requestModels, protocolName, nil))
        }
    }

    static func escapedComponent(_ name: String) -> String {
        name == "Type" || name.contains(" ") ? "`\(name)`" : name
    }

    func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    private mutating func modelName(kind: ModelKind, unit: Int) -> String {
        switch kind {
        case .observable: name("Observed", unit)
        case .actor: name("Worker", unit)
        default: name(pick(["Post", "User", "Track", "Order", "Card", "Note"]), unit)
        }
    }
}
