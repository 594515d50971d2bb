import Foundation

// MARK: - Provisions

extension ProgramGrammar {
    mutating func provide(
        _ requirement: Requirement, of protocolName: String, kind: ModelKind, unit: Int, plainOnly: Bool, protocolIsPublic: Bool,
        modelIsPublic: Bool, storedOnly: Bool = false
    ) -> Provision {
        let reqName = requirement.name
        let plainReq = reqName.replacingOccurrences(of: "`", with: "")
        let other = "\(plainReq.replacingOccurrences(of: " ", with: ""))Source"
        let canMutate = kind == .struct || kind == .genericStruct || kind == .mainActorStruct || kind == .noncopyable
        let memberAccess = modelIsPublic && protocolIsPublic && chance(0.6) ? "public " : ""
        if modelIsPublic && protocolIsPublic && memberAccess.isEmpty { shapes.insert("public model with internal members") }
        let isActor = kind == .actor
        let binding = isActor ? "let" : "var"
        var provision = Provision()
        func map(_ member: String, defaultValue: String? = nil) -> (String, String) {
            let json = "\"\(plainReq)\": " + (defaultValue.map { "{ \"from\": \"\(member)\", \"default\": \(jsonString($0)) }" } ?? "\"\(member)\"")
            let annotationMember = member.contains(" ") || member == "Type" || member == "default" ? "`\(member)`" : member
            let label = reqName
            return (json, "\(label): \(annotationMember)" + (defaultValue.map { " ?? \($0)" } ?? ""))
        }
        /// Declares `members` in the model's body, the requirement mapped to `other`: what most
        /// strategies provide. `shape`, where given, is among the program's shapes.
        func declareMapped(_ members: String..., shape: String? = nil) {
            provision.members += members
            if let shape { shapes.insert(shape) }
            provision.mapping = map(other)
        }

        if requirement.isMethod, let type = requirement.type {
            // A method without parameters: implemented, or read from a property or method.
            switch int(0...4) {
            case 0:
                provision.members.append("\(memberAccess)func \(reqName)() -> \(type.spelling) { \(type.value) }")
            case 3 where type.isPlainValue:
                // A closure property: the witness calls it.
                let closure = "@Sendable () -> \(type.spelling)"
                switch kind {
                case .enum: provision.members.append("\(memberAccess)static var \(other): \(closure) { { \(type.value) } }")
                case .actor: provision.members.append("\(memberAccess)let \(other): \(closure) = { \(type.value) }")
                default: provision.members.append("\(memberAccess)var \(other): \(closure) = { \(type.value) }")
                }
                shapes.insert(kind == .enum ? "static closure property for a method" : "closure property for a method")
                provision.mapping = map(other)
            case 3, 4:
                // Mapped to the model's own method of the same name.
                provision.members.append("\(memberAccess)func \(reqName)() -> \(type.spelling) { \(type.value) }")
                shapes.insert("method mapped to its own name")
                provision.mapping = map(plainReq)
            case 1 where kind == .enum:
                declareMapped("\(memberAccess)var \(other): \(type.spelling) { \(type.value) }")
            case 1:
                declareMapped("\(memberAccess)\(binding) \(other): \(type.spelling) = \(type.value)")
            default:
                declareMapped("\(memberAccess)func \(other)() -> \(type.spelling) { \(type.value) }")
            }
            if isActor { provision.members = provision.members.map { $0.hasPrefix("func") || $0.contains(" func ") ? "nonisolated " + $0 : $0 } }
            return provision
        }
        if requirement.isMethod {
            let isolation = isActor ? "nonisolated " : ""
            let mapped = chance(0.5)
            let member = mapped ? other : plainReq
            let declared = mapped ? other : reqName
            switch requirement.effects {
            case "async", "throws", "async throws":
                let defaultArgument = chance(0.3) ? " = \"here\"" : ""
                if !defaultArgument.isEmpty { shapes.insert("method with default argument") }
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(in place: String\(defaultArgument)) \(requirement.effects) -> String { place }")
            case "rethrows":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ body: (Int) throws -> Void) rethrows { try body(1) }")
            case "mutating":
                if canMutate {
                    provision.members.append("\(memberAccess)mutating func \(declared)() { }")
                } else {
                    provision.members.append("\(memberAccess)\(isolation)func \(declared)() { }")
                }
            case "inout":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ value: inout Int) { value += 1 }")
            case "variadic":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ values: Int...) -> Int { values.count }")
            case "generic":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)<C: Collection>(_ items: C) -> Int where C.Element == String { items.count }")
            case "autoclosure":
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ fallback: @autoclosure () -> String) -> String { fallback() }")
            default:
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ value: Int) -> String { String(value) }")
                provision.members.append("\(memberAccess)\(isolation)func \(declared)(_ value: String) -> String { value }")
            }
            if mapped { provision.mapping = map(member) }
            return provision
        }

        // A property requirement.
        guard let type = requirement.type else { return provision }
        let isOptionalType = type.spelling.hasSuffix("?")
        var strategies = ["byName", "mapped", "mappedInferred", "optionalWithDefault", "computed", "methodRead", "static", "extension",
                          "conditional", "typeDiffersPerBranch", "privateByName", "privateExtension", "effectful", "aliased"]
        if kind == .subclass || kind == .genericSubclass { strategies += ["inherited", "inherited"] }
        if type.spelling == "String" { strategies += ["describing", "describing"] }
        if !plainOnly && ["Int", "String", "Bool"].contains(type.spelling) && kind != .observable && kind != .enum { strategies.append("wrapper") }
        // Inference is where most rules live: every type's inferred shapes are drawn often.
        strategies += ["byNameInferred", "mappedInferred", "byNameInferred", "mappedInferred", "byNameInferred", "mappedInferred"]
        if kind == .observable { strategies += ["byNameInferred", "mappedInferred"] }
        // A metatype member is mostly written as apps do: `let format = Format.self`.
        if type.spelling.hasSuffix(".Type") { strategies += ["byNameInferred", "byNameInferred"] }
        if kind == .mainActorClass || kind == .mainActorStruct { strategies.append("nonisolated") }
        if [.struct, .finalClass, .genericStruct, .subclass, .observable, .objectSubclass].contains(kind) { strategies.append("mainActorMember") }
        if isActor { strategies.removeAll { ["conditional", "typeDiffersPerBranch", "privateExtension", "effectful"].contains($0) } }
        if kind == .enum { strategies.removeAll { ["byName", "mapped", "mappedInferred", "optionalWithDefault", "byNameInferred", "inherited", "describing"].contains($0) } }
        if type.inferred.isEmpty { strategies.removeAll { $0.contains("Inferred") } }
        // Static stored properties: not in generic types, and of Sendable types only.
        if kind == .genericStruct || !type.isPlainValue { strategies.removeAll { $0 == "static" } }
        // Observation's macro cannot expand a stored property with an escaped name.
        if kind == .observable && reqName.hasPrefix("`") {
            strategies.removeAll { ["byName", "byNameInferred", "privateByName", "effectful"].contains($0) }
        }
        // A `lazy var` (a mutating getter in a value type, refused there), a member through a
        // `DependencyValues` extension or a wrapper of the sources, a value read through `Self.x`.
        if kind != .observable && kind != .enum && kind != .actor && (!canMutate || mayBeRefused) { strategies.append("lazy") }
        if type.isPlainValue && kind != .enum && kind != .actor && kind != .observable { strategies.append("dependency") }
        // `Self` in a stored property's initializer: not in a class.
        if type.isPlainValue && [.struct, .mainActorStruct, .noncopyable].contains(kind) { strategies.append("selfStatic") }
        if type.spelling == "String" && kind != .enum && kind != .actor && kind != .observable { strategies.append("sourceWrapper") }
        // A wrapper of the sources that reads a key path through several properties; a member a
        // protocol's extension gives the model (not a ~Copyable one: the protocol needs Copyable;
        // not an actor, where the generator takes it for the actor's isolated `var`).
        if !plainOnly && ["Int", "String"].contains(type.spelling) && kind != .observable && kind != .enum { strategies.append("keyPathWrapper") }
        if kind != .noncopyable && kind != .actor { strategies.append("protocolExtension") }
        if mayBeRefused {
            if kind != .enum { strategies.append("closureForProperty") }
            if kind == .genericStruct { strategies += Array(repeating: "boundExtension", count: 12) }
            if ![.actor, .enum, .globalActorClass].contains(kind) { strategies.append("globalActorMember") }
        }
        if type.spelling == "ImageName" {
            strategies = ["imageFromString", "imageFromString", "computed", "mapped"] + (kind == .enum ? [] : ["optionalImage", "optionalImage"])
        }
        // A default in decouple.json is a literal: a string, number or Boolean.
        strategies.append("optionalWithDefault")
        if isOptionalType || !["String", "Int", "Double", "Bool"].contains(type.spelling) || kind == .enum { strategies.removeAll { $0 == "optionalWithDefault" } }
        if !requirement.effects.isEmpty { strategies += ["effectful", "effectful"] }
        if !mayBeRefused { strategies.removeAll { ["privateByName", "privateExtension", "typeDiffersPerBranch"].contains($0) } }
        if storedOnly {
            // Stored properties only (an image name's `mapped` is computed).
            let stored = ["byName", "byNameInferred", "mapped", "mappedInferred", "optionalWithDefault", "aliased", "describing", "imageFromString", "optionalImage"]
            strategies.removeAll { !stored.contains($0) || $0 == "mapped" && type.spelling == "ImageName" }
        }
        let strategy = pick(strategies)
        shapes.insert("provision \(strategy)")
        let stored = isActor ? "let" : (kind == .enum ? "static let" : "var")
        switch strategy {
        case "byName":
            provision.members.append("\(memberAccess)\(stored) \(reqName): \(type.spelling) = \(type.value)")
        case "byNameInferred":
            let (expression, shape) = pick(type.inferred)
            shapes.insert(shape)
            provision.members.append("\(memberAccess)\(stored) \(reqName) = \(expression)")
        case "mapped":
            if type.spelling == "ImageName" {
                declareMapped("\(memberAccess)var \(other): String { \"star\" }")
            } else {
                declareMapped("\(memberAccess)\(stored) \(other): \(type.spelling) = \(type.value)")
            }
        case "mappedInferred":
            let (expression, shape) = pick(type.inferred)
            declareMapped("\(memberAccess)\(stored) \(other) = \(expression)", shape: shape)
        case "optionalWithDefault":
            // Optional, or doubly so (`String??`, read through `(x ?? nil)`).
            let doubly = chance(0.4)
            if doubly { shapes.insert("doubly optional member with a default") }
            let optional = doubly ? pick(["\(type.spelling)??", "Optional<\(type.spelling)?>"]) : "\(type.spelling)?"
            provision.members.append("\(memberAccess)\(stored) \(other): \(optional) = nil")
            provision.mapping = map(other, defaultValue: type.value)
        case "optionalImage":
            // An image name from an optional String, with a default.
            provision.members.append("\(memberAccess)\(stored) \(other): String? = nil")
            provision.mapping = map(other, defaultValue: type.value)
            shapes.insert("optional String with a default for an ImageName")
        case "protocolExtension":
            // The model conforms to a protocol of the sources whose extension declares the member.
            let giver = typeName("Giving", unit)
            let access = modelIsPublic ? "public " : ""
            add("\(access)protocol \(giver) {}\n\nextension \(giver) {\n    \(memberAccess)var \(other): \(type.spelling) { \(type.value) }\n}", to: "Givers.swift")
            provision.conformances.append(giver)
            declareMapped(shape: "member from an extension of a protocol the model conforms to")
        case "keyPathWrapper":
            let (wrapper, path) = settingWrapper(unit, type: type.spelling)
            declareMapped("@\(wrapper)(\\.\(path)) \(memberAccess)var \(other)", shape: "wrapper reading a key path of several properties")
        case "computed":
            if type.spelling == "ImageName" {
                declareMapped("\(memberAccess)var \(other): String { \"star\" }")
            } else {
                declareMapped("\(memberAccess)\(isActor ? "nonisolated " : "")var \(other): \(type.spelling) { \(type.value) }")
            }
        case "methodRead":
            declareMapped("\(memberAccess)\(isActor ? "nonisolated " : "")func \(other)() -> \(type.spelling) { \(type.value) }")
        case "static":
            declareMapped("\(memberAccess)static let \(other): \(type.spelling) = \(type.value)", shape: "static member")
        case "extension":
            let modifiers = pick(mayBeRefused ? ["", "", "public ", "fileprivate "] : ["", "", "public "])
            let effective = modifiers == "public " && !modelIsPublic ? "" : modifiers
            shapes.insert("extension \(effective.isEmpty ? "default" : effective)")
            provision.extensionMembers.append((effective, "\(isActor ? "nonisolated " : "")var \(other): \(type.spelling) { \(type.value) }", chance(0.5)))
            provision.mapping = map(other)
        case "privateExtension":
            provision.extensionMembers.append(("private ", "var \(other): \(type.spelling) { \(type.value) }", false))
            shapes.insert("private extension")
            provision.mapping = map(other)
        case "privateByName":
            let level = pick(["private ", "fileprivate "])
            provision.members.append("\(level)\(stored) \(reqName): \(type.spelling) = \(type.value)")
            shapes.insert("\(level)member matched by name")
        case "conditional":
            let condition = self.condition()
            let nested = chance(0.3)
            let declaration = "var \(other): \(type.spelling) { \(type.value) }"
            var text: String
            switch int(0...2) {
            case 0:
                text = "#if \(condition)\n\(declaration)\n#endif"
                text += "\n#if !(\(condition))\n\(declaration)\n#endif"
            case 1:
                text = "#if \(condition)\n\(declaration)\n#elseif \(self.condition())\n\(declaration)\n#else\n\(declaration)\n#endif"
                shapes.insert("#elseif")
            default:
                text = "#if \(condition)\n\(declaration)\n#else\n\(declaration)\n#endif"
            }
            if nested {
                text = "#if \(self.condition())\n\(text)\n#else\n\(declaration)\n#endif"
                shapes.insert("nested #if")
            }
            declareMapped(text)
        case "typeDiffersPerBranch":
            guard type.spelling == "String" || type.spelling == "Int" else {
                declareMapped("\(memberAccess)\(stored) \(other): \(type.spelling) = \(type.value)")
                return provision
            }
            let condition = self.condition()
            shapes.insert("member type differs per branch")
            // One branch has the requirement's type, the other a type the requirement can take
            // (a number for a String) or one it cannot.
            let otherType = type.spelling == "String" ? "Int" : "String"
            let otherValue = type.spelling == "String" ? "7" : "\"seven\""
            let first = "var \(other): \(type.spelling) { \(type.value) }"
            let second = "var \(other): \(otherType) { \(otherValue) }"
            declareMapped(chance(0.5) ? "#if \(condition)\n\(first)\n#else\n\(second)\n#endif" : "#if \(condition)\n\(second)\n#else\n\(first)\n#endif")
        case "describing":
            let (otherType, value) = pick([("Int", "3"), ("Double", "2.5"), ("Bool", "false"), ("[Int]", "[1, 2]")])
            declareMapped("\(memberAccess)\(stored) \(other): \(otherType) = \(value)", shape: "String from \(otherType)")
        case "inherited":
            provision.superclassMembers.append("var \(chance(0.5) ? reqName : other): \(type.spelling) = \(type.value)")
            if provision.superclassMembers[0].contains(" \(other):") { provision.mapping = map(other) }
            shapes.insert("member inherited from a superclass")
        case "wrapper":
            let value = type.spelling == "Int" ? "0" : type.spelling == "Bool" ? "false" : "\"\""
            if chance(0.5) {
                declareMapped("@State \(memberAccess)var \(other) = \(value)", shape: "@State wrapper with literal")
            } else {
                declareMapped("@Environment(\(type.spelling).self) \(memberAccess)var \(other)", shape: "@Environment(T.self) wrapper")
            }
        case "mainActorMember":
            declareMapped("@MainActor \(memberAccess)var \(other): \(type.spelling) { \(type.value) }", shape: "@MainActor member")
        case "nonisolated":
            declareMapped("\(memberAccess)nonisolated var \(other): \(type.spelling) { \(type.value) }", shape: "nonisolated member")
        case "effectful":
            let effect = requirement.effects.isEmpty ? pick(["async", "throws"]) : requirement.effects
            if requirement.effects.isEmpty {
                // A requirement without effects cannot be met by an effectful getter: it is
                // met by name instead.
                provision.members.append("\(memberAccess)\(stored) \(reqName): \(type.spelling) = \(type.value)")
            } else if chance(0.5) {
                declareMapped("\(memberAccess)var \(other): \(type.spelling) { get \(effect) { \(type.value) } }", shape: "effectful getter read")
            } else {
                provision.members.append("\(memberAccess)var \(reqName): \(type.spelling) { get \(effect) { \(type.value) } }")
                shapes.insert("effectful getter by name")
            }
        case "aliased":
            // The member's type spelled through a type alias nested in the model.
            let alias = "\(other)Alias"
            declareMapped(
                "\(memberAccess)typealias \(alias) = \(type.spelling)", "\(memberAccess)\(stored) \(other): \(alias) = \(type.value)",
                shape: "member type through a typealias")
        case "lazy":
            declareMapped("\(memberAccess)lazy var \(other): \(type.spelling) = \(type.value)", shape: "lazy var member")
        case "dependency":
            // The value's type is declared where the key is: an extension of DependencyValues
            // (a stand-in in the prelude, as a package's is to the app).
            let key = name("\(other.prefix(1).lowercased())\(other.dropFirst())Key", unit)
            add("extension DependencyValues {\n    nonisolated var \(key): \(type.spelling) { \(type.value) }\n}", to: "Dependencies.swift")
            declareMapped("@Dependency(\\.\(key)) \(memberAccess)var \(other)", shape: "@Dependency wrapper through DependencyValues")
        case "sourceWrapper":
            let wrapper = name("Stamp", unit)
            // Public: a public member may be wrapped by it.
            let chunk = "@propertyWrapper public nonisolated struct \(wrapper): Sendable {\n    public var wrappedValue: String { \"s\" }\n    public init() {}\n}"
            addTypeOnce(chunk)
            declareMapped("@\(wrapper) \(memberAccess)var \(other)", shape: "wrapper declared in the sources")
        case "selfStatic":
            declareMapped(
                "\(memberAccess)static let \(other)Seed: \(type.spelling) = \(type.value)", "\(memberAccess)\(stored) \(other) = Self.\(other)Seed",
                shape: "inferred Self.x")
        case "closureForProperty":
            declareMapped("\(memberAccess)\(isActor ? "let" : "var") \(other): @Sendable () -> \(type.spelling) = { \(type.value) }", shape: "closure property for a property")
        case "boundExtension":
            provision.boundExtensionMembers.append("\(memberAccess)var \(other): \(type.spelling) { \(type.value) }")
            provision.mapping = map(other)
        case "globalActorMember":
            declareMapped("@\(globalActor(unit)) \(memberAccess)var \(other): \(type.spelling) { \(type.value) }", shape: "custom global actor member")
        case "imageFromString":
            declareMapped("\(memberAccess)\(stored) \(other): String = \"star\"")
        default:
            break
        }
        return provision
    }

    private func jsonString(_ swiftExpression: String) -> String {
        // Defaults are Swift expressions: a JSON string holds the literal's text, a number or
        // Boolean is written as it is.
        if swiftExpression.hasPrefix("\"") { return swiftExpression }
        if Int(swiftExpression) != nil || Double(swiftExpression) != nil || swiftExpression == "true" || swiftExpression == "false" || swiftExpression == "nil" {
            return swiftExpression == "nil" ? "null" : swiftExpression
        }
        return "\"\(swiftExpression.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
    }
}
