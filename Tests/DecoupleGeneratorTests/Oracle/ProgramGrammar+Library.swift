import Foundation

// MARK: - The standard library's parents

extension ProgramGrammar {
    /// The members a model meets its protocol's parent of the standard library with: its
    /// `description` (an `NSObject` model has `NSObject`'s), or its `id`, of one of the types
    /// apps give it: `String`, a nested `struct ID`, `typealias ID = UUID`, or a generic type of
    /// the sources with `Self` among its arguments (`Tag<Self, Int>`), which an adapter that
    /// copies the member must spell with the model's name.
    mutating func libraryMembers(for parent: String, kind: ModelKind, access: String, unit: Int) -> [String] {
        let isolation = kind == .actor ? "nonisolated " : ""
        if parent == "CustomStringConvertible" {
            if kind == .objectSubclass {
                shapes.insert("NSObject model for a protocol refining CustomStringConvertible")
                return []
            }
            return ["\(access)\(isolation)var description: String { \"d\" }"]
        }
        // An enum has no stored instance property: its `id` is computed.
        let computed = kind == .enum
        var variants = ["String", "nested", "nested", "aliased", "aliased", "aliased"]
        // `Self` in a stored property's type: in a value type only (a class's is covariant), of
        // Copyable types (the generic type's arguments are).
        if [.struct, .mainActorStruct, .genericStruct, .enum].contains(kind) { variants += ["Self", "Self", "Self", "Self"] }
        func id(_ type: String, _ value: String) -> String {
            computed ? "\(access)var id: \(type) { \(value) }" : "\(access)let id: \(type) = \(value)"
        }
        switch pick(variants) {
        case "nested":
            shapes.insert("Identifiable id of a nested ID type")
            return ["\(access)struct ID: Hashable, Sendable {\n    \(access)var raw: Int\n}", id("ID", "ID(raw: 1)")]
        case "aliased":
            shapes.insert("Identifiable id of an aliased ID type")
            return ["\(access)typealias ID = UUID", id("ID", "UUID()")]
        case "Self":
            shapes.insert("Identifiable id with Self in its type")
            let tag = name("Tag", unit)
            addTypeOnce("\(access)nonisolated struct \(tag)<Owner, Value: Hashable & Sendable>: Hashable, Sendable {\n    \(access)var value: Value\n}")
            return [id("\(tag)<Self, Int>", "\(tag)(value: 1)")]
        default:
            return ["\(access)\(isolation)var id: String { \"d\" }"]
        }
    }
}

// MARK: - Wrappers that read key paths

extension ProgramGrammar {
    /// A generic property wrapper of the sources that reads its value through a key path of a
    /// settings type (`@Setting(\.editor.title) var heading`), declared once per unit: the
    /// wrapper's name, and a path of several properties to a value of `type` (`Int` or `String`,
    /// one of them through a type alias).
    mutating func settingWrapper(_ unit: Int, type: String) -> (wrapper: String, path: String) {
        let settings = name("Settings", unit)
        let wrapper = name("Setting", unit)
        addTypeOnce("""
            public nonisolated struct \(settings) {
                public var editor = Editor()
                public init() {}

                public struct Editor {
                    public typealias Note = String
                    public var title = "t"
                    public var note: Note = "n"
                    public var count = 1
                    public init() {}
                }
            }
            """)
        addTypeOnce("""
            @propertyWrapper
            public nonisolated struct \(wrapper)<T> {
                let keyPath: KeyPath<\(settings), T>

                public init(_ keyPath: KeyPath<\(settings), T>) {
                    self.keyPath = keyPath
                }

                public var wrappedValue: T { \(settings)()[keyPath: keyPath] }
            }
            """)
        return (wrapper, type == "Int" ? "editor.count" : pick(["editor.title", "editor.note"]))
    }
}
