import DecoupleGenerator
import Testing

/// What a property's initial value says about its type, and what it cannot say: failable and
/// generic initializers of the sources' types, failable ones of the platform's, functions named
/// like types, and lower-case type names.
@Suite struct InitializerInferenceTests {
    private static func members(_ text: String) -> [String: String] {
        let catalog = Generator.catalog(of: [SourceFile(path: "M.swift", text: text)])
        let model = catalog.types["Model"]
        return Dictionary(uniqueKeysWithValues: (model?.members ?? []).map { ($0.name, $0.type.map(\.description) ?? "unknown: \($0.inferenceFailure ?? "")") })
    }

    @Test func numbersFromNumbers_doNotFail_fromStringsTheyMay() {
        let types = Self.members("struct Model { var a = Double(40.0); var b = Int(2.5); var c = Int(\"5\"); var d = Int(x) }")
        #expect(types["a"] == "Double" && types["b"] == "Int", "\(types)")
        #expect(types["c"]?.hasPrefix("unknown: `Int(_:)` may fail") == true, "\(types)")
        #expect(types["d"]?.contains("only a type checker can tell") == true, "\(types)")
    }

    @Test func failableInitializersOfThePlatform_areKnown() {
        let types = Self.members("""
            struct Model {
                var defaults = UserDefaults(suiteName: "x")
                var text = String(data: data, encoding: .utf8)
                var image = UIImage(systemName: "star")
                var plain = Date()
            }
            """)
        for name in ["defaults", "text", "image"] {
            #expect(types[name]?.contains("may fail") == true, "\(name): \(types)")
        }
        #expect(types["plain"] == "Date")
    }

    @Test func aFunctionNamedLikeAType_isNotReadAsOne() {
        let types = Self.members(#"struct Model { var title = NSLocalizedString("k", comment: "") }"#)
        #expect(types["title"] == "String", "\(types)")
    }

    @Test func initializersOfTheSourcesTypes_failableGenericOrLowerCase() {
        let types = Self.members("""
            struct Token { init?(text: String) { return nil } }
            struct Box<T> { init(_ value: T) {} }
            struct iOSTabs {}
            struct Plain { init(x: Int) {} }
            struct Model { var token = Token(text: "x"); var box = Box(3); var tabs = iOSTabs(); var plain = Plain(x: 1) }
            """)
        #expect(types["token"]?.contains("failable initializer") == true, "\(types)")
        #expect(types["box"]?.contains("generic") == true, "\(types)")
        #expect(types["tabs"] == "iOSTabs", "\(types)")
        #expect(types["plain"] == "Plain", "\(types)")
    }
}
