import DecoupleGenerator
import Testing

/// `#if` in protocols and models, judged by the compiler: the output compiles in every language
/// mode, or the generator refuses with a located error.
@Suite struct ConditionalCompilationTests {
    private static let configuration = ConfigurationBuilder(protocolName: "Titled", model: "Card", map: #"{"heading": "name"}"#)

    /// A protocol whose requirement `heading` is declared in both branches of an `#if`.
    private static func branches(_ first: String, _ second: String) -> String {
        "protocol Titled {\n#if DEBUG\n    var heading: \(first) { get }\n#else\n    var heading: \(second) { get }\n#endif\n}\nstruct Card { var name: String }\n"
    }

    /// A requirement declared alike in both branches of an `#if` is one requirement: it used to
    /// stop the tool with "Index out of range" in `WitnessLedger.admit`.
    @Test func requirementDeclaredInBothBranches_isOneRequirement_inEveryStyle() throws {
        let source = Self.branches("String", "String")
        for style in OutputStyle.allCases {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style))
            #expect(result.compiles, "\(style): \(result)")
        }
    }

    /// Declared with a different type in each branch, it cannot have one witness: refused, at the
    /// requirement, in every style.
    @Test func requirementWithADifferentTypePerBranch_isRefusedWhereItIsDeclared() throws {
        let source = Self.branches("String", "Int")
        for style in OutputStyle.allCases {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style))
            let refusal = try #require(result.refusal, "\(style): \(result)")
            #expect(refusal.contains("Sources/App/Card.swift:3:9: error:") || refusal.contains("Sources/App/Card.swift:5:9"), "\(refusal)")
            #expect(refusal.contains("'heading'") && refusal.contains("#if"), "\(refusal)")
        }
    }

    /// Nested conditions are each kept whole: `os(Linux)||os(macOS)` inside `NEVER_SET` is
    /// `NEVER_SET && (os(Linux)||os(macOS))`, not `NEVER_SET && os(Linux)||os(macOS)`, which
    /// holds on Linux and names a type that is not compiled.
    @Test func nestedConditionsWithoutSpaces_areJoinedWithParentheses() throws {
        let source = """
            protocol Titled { var heading: String { get } }
            #if NEVER_SET
            #if os(Linux)||os(macOS)
            struct Card { var name: String }
            #endif
            #endif
            """
        let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(.conformance))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("#if NEVER_SET && (os(Linux) || os(macOS))") == true, "\(result)")
        let negated = try judged(["Sources/App/Card.swift": source.replacingOccurrences(of: "NEVER_SET", with: "os(Windows)&&os(Linux)")], config: Self.configuration.json(.conformance))
        #expect(negated.compiles, "\(negated)")
    }

    /// The `#else` branch of a negated condition is under the condition itself: `!!(…)` is one
    /// operator to Swift, and does not parse (found by the compiler oracle).
    @Test(arguments: ["!(os(iOS)&&(!os(iOS)))", "!DEBUG", "!os(Linux)", "!(NEVER_SET)"])
    func theElseBranchOfANegatedCondition_compiles(condition: String) throws {
        let source = """
            protocol Titled { var heading: String { get } }
            #if \(condition)
            struct Card { var name: String }
            #else
            struct Card { var name: String }
            #endif
            """
        let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(.conformance))
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("!!") == false, "\(result)")
    }

    /// A model member whose type differs per branch cannot be read by one witness: the first
    /// branch's type was used for all of them. Refused at the member.
    @Test func memberWithADifferentTypePerBranch_isRefused() throws {
        let source = """
            protocol Titled { var heading: String { get } }
            struct Card {
            #if NEVER_SET
                var name: String
            #else
                var name: Int
            #endif
            }
            """
        for style in OutputStyle.allCases {
            let result = try judged(["Sources/App/Card.swift": source], config: Self.configuration.json(style))
            let refusal = try #require(result.refusal, "\(style): \(result)")
            #expect(refusal.contains("Sources/App/Card.swift:4:9: error:") && refusal.contains("different type"), "\(refusal)")
        }
        // The same type in every branch is one member.
        let same = source.replacingOccurrences(of: "var name: Int", with: "var name: String")
        #expect(try judged(["Sources/App/Card.swift": same], config: Self.configuration.json(.conformance)).compiles)
    }
}
