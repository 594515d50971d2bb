import Foundation

// MARK: - Values

extension ProgramGrammar {
    /// A type a requirement can have, with values of it and ways to write one without a type.
    struct ValueType {
        var spelling: String
        /// A literal or constant expression of the type.
        var value: String
        /// Expressions of exactly this type that leave it unwritten: `(expression, shape)`.
        var inferred: [(String, String)]
        /// Whether a value of it may be stored by an actor or `Sendable` type and made from any
        /// isolation (no source type's initializer, which default isolation makes main-actor).
        var isPlainValue: Bool
        /// Whether the proxy style knows an empty value for it.
        var hasProxyFallback: Bool
    }

    mutating func valueType(unit: Int, publicTypes: Bool) -> ValueType {
        let access = publicTypes ? "public " : ""
        switch int(0...17) {
        case 17 where chance(0.5):
            // A metatype: the member is `let format = Format.self`.
            let format = typeName("Format", unit)
            add("\(access)nonisolated enum \(format): Sendable {\n    case plain\n}", to: "Types.swift", imports: [])
            shapes.insert("metatype requirement")
            return ValueType(spelling: "\(format).Type", value: "\(format).self", inferred: [("\(format).self", "inferred metatype T.self")],
                             isPlainValue: true, hasProxyFallback: false)
        case 0, 1, 2, 17:
            return ValueType(spelling: "String", value: "\"text\"", inferred: [
                ("\"a\\(1)\"", "inferred string interpolation"), ("\"plain\"", "inferred string literal"),
                ("String(42)", "inferred String(Int)"), ("NSLocalizedString(\"key\", comment: \"\")", "inferred NSLocalizedString call"),
                ("\(helperFunction(unit, access: access))()", "inferred capitalised free function"),
                ("\(helperFunction(unit, access: access, named: "makeLabel"))()", "inferred lower-case free function"),
                ("\(staticHelper(unit, access: access)).now()", "inferred static function call"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 3, 4:
            return ValueType(spelling: "Int", value: "42", inferred: [
                ("42", "inferred integer literal"), ("-1", "inferred negative literal"), ("Int(2.5)", "inferred Int(Double)"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 5:
            return ValueType(spelling: "Double", value: "1.5", inferred: [
                ("1.5", "inferred float literal"), ("Double(40.0)", "inferred Double(Double)"), ("1 as Double", "inferred as-cast"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 6:
            return ValueType(spelling: "Bool", value: "true", inferred: [("false", "inferred Bool literal")], isPlainValue: true, hasProxyFallback: true)
        case 7:
            return ValueType(spelling: "[String]", value: "[\"a\"]", inferred: [
                ("[\"a\", \"b\"]", "inferred array literal"), ("[String]()", "inferred array init"),
                ("Array(repeating: \"a\", count: 2)", "inferred Array(repeating:count:)"),
            ], isPlainValue: true, hasProxyFallback: true)
        case 8:
            let kind = typeName("Kind", unit)
            // Chosen by the unit, not drawn, so that every other choice of a seed stays the same.
            if unit.isMultiple(of: 2) {
                // Swift writes `init?(rawValue:)` for an enum with raw values.
                add("\(access)nonisolated enum \(kind): Int, Sendable {\n    case video, audio\n}", to: "Types.swift", imports: [])
                return ValueType(spelling: "\(kind)?", value: "nil", inferred: [
                    ("\(kind)(rawValue: 1)", "inferred init?(rawValue:) of a raw-value enum"), ("\(kind)(rawValue: 0)", "inferred init?(rawValue:) of a raw-value enum"),
                    ("\(kind)?.none", "inferred T?.none"),
                ],
                                 isPlainValue: true, hasProxyFallback: true)
            }
            add("\(access)nonisolated enum \(kind): Sendable, CaseIterable {\n    case video, audio\n}", to: "Types.swift", imports: [])
            if chance(0.35) {
                return ValueType(spelling: "[\(kind)]", value: "[\(kind).video]", inferred: [("\(kind).allCases", "inferred allCases")],
                                 isPlainValue: true, hasProxyFallback: true)
            }
            shapes.insert("enum case reference")
            return ValueType(spelling: kind, value: "\(kind).video", inferred: [("\(kind).audio", "inferred enum case")], isPlainValue: true, hasProxyFallback: false)
        case 9:
            let gauge = typeName("Gauge", unit)
            let failable = pick(["init?", "init!", "init?", "init!", "init", "init"])
            if failable == "init" {
                // With a failable initializer of other labels beside it, which `Gauge(3)` cannot call.
                add("\(access)nonisolated struct \(gauge): Sendable {\n    \(access)init(_ value: Int) {}\n    \(access)init?(rawValue: Int) { return nil }\n}",
                    to: "Types.swift", imports: [])
                shapes.insert("source type with init")
                return ValueType(spelling: gauge, value: "\(gauge)(1)", inferred: [("\(gauge)(3)", "inferred init of a source type beside an init? of other labels")],
                                 isPlainValue: false, hasProxyFallback: false)
            }
            add("\(access)nonisolated struct \(gauge): Sendable {\n    \(access)\(failable)(_ value: Int) {}\n}", to: "Types.swift", imports: [])
            shapes.insert("source type with \(failable)")
            let spelling = failable == "init" ? gauge : "\(gauge)?"
            return ValueType(spelling: spelling, value: "\(gauge)(1)", inferred: [("\(gauge)(3)", "inferred \(failable) of a source type")],
                             isPlainValue: false, hasProxyFallback: false)
        case 10:
            let box = typeName("Box", unit)
            add("\(access)nonisolated struct \(box)<T> {\n    \(access)var value: T\n    \(access)init(_ value: T) { self.value = value }\n}\nextension \(box): Sendable where T: Sendable {}", to: "Types.swift", imports: [])
            return ValueType(spelling: "\(box)<Int>", value: "\(box)(1)", inferred: [("\(box)(3)", "inferred generic initializer")],
                             isPlainValue: false, hasProxyFallback: false)
        case 11:
            let tabs = typeName("iOSTabs", unit)
            add("\(access)nonisolated struct \(tabs): Sendable {\n    \(access)init() {}\n}", to: "Types.swift", imports: [])
            let cache = typeName("Cache", unit)
            add("\(access)nonisolated final class \(cache): Sendable {\n    \(access)static let shared = \(cache)()\n}", to: "Types.swift", imports: [])
            if chance(0.5) {
                return ValueType(spelling: tabs, value: "\(tabs)()", inferred: [("\(tabs)()", "inferred lower-case type")], isPlainValue: false, hasProxyFallback: false)
            }
            return ValueType(spelling: cache, value: "\(cache).shared", inferred: [("\(cache).shared", "inferred static member")], isPlainValue: false, hasProxyFallback: false)
        case 12, 13, 14, 15:
            return pick([
                ValueType(spelling: "Int?", value: "nil", inferred: [("Int(\"4\")", "inferred failable Int(String)"), ("Optional(5)", "inferred Optional(x)")], isPlainValue: true, hasProxyFallback: true),
                ValueType(spelling: "URL?", value: "nil", inferred: [("URL(string: \"https://a.example\")", "inferred failable URL(string:)")], isPlainValue: true, hasProxyFallback: true),
                ValueType(spelling: "String?", value: "nil", inferred: [("String(data: Data(), encoding: .utf8)", "inferred failable String(data:encoding:)")], isPlainValue: true, hasProxyFallback: true),
                ValueType(spelling: "UIImage?", value: "nil", inferred: [("UIImage(systemName: \"star\")", "inferred failable UIImage(systemName:)")], isPlainValue: false, hasProxyFallback: true),
                ValueType(spelling: "UserDefaults?", value: "nil", inferred: [("UserDefaults(suiteName: \"a\")", "inferred failable UserDefaults(suiteName:)")], isPlainValue: false, hasProxyFallback: true),
            ])
        default:
            return pick([
                ValueType(spelling: "URL", value: "URL(string: \"https://a.example\")!", inferred: [("URL(string: \"https://b.example\")!", "inferred force-unwrapped URL")], isPlainValue: true, hasProxyFallback: false),
                ValueType(spelling: "Date", value: "Date()", inferred: [("Date()", "inferred Date()")], isPlainValue: true, hasProxyFallback: false),
            ])
        }
    }

    private mutating func helperFunction(_ unit: Int, access: String, named base: String = "MakeTitle") -> String {
        let function = name(base, unit)
        let chunk = "\(access)nonisolated func \(function)() -> String { \"made\" }"
        addTypeOnce(chunk)
        return function
    }

    /// A type with a static function that gives a `String`: `Clock.now()`.
    private mutating func staticHelper(_ unit: Int, access: String) -> String {
        let type = name("Clock", unit)
        let chunk = "\(access)nonisolated enum \(type) {\n    \(access)static func now() -> String { \"now\" }\n}"
        addTypeOnce(chunk)
        return type
    }

    /// A global actor of the sources (`@globalActor actor DBActor1_7`), declared once per unit.
    mutating func globalActor(_ unit: Int) -> String {
        let actor = name("DBActor", unit)
        let chunk = "@globalActor public actor \(actor) {\n    public static let shared = \(actor)()\n}"
        addTypeOnce(chunk)
        return actor
    }
}
