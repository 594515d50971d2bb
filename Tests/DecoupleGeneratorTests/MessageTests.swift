import DecoupleGenerator
import Testing

/// Messages that say what the problem is and what to write instead: a member of the wrong kind
/// is named for what it is, and a near miss gets a "did you mean".
@Suite struct MessageTests {
    private let source = """
        protocol Summarized { var summary: String { get }; func detail() -> String }
        struct Order {
            var total = 3
            func describe() -> String { "order" }
            func describe(style: Int) -> String { "order \\(style)" }
            func format(style: Int) -> String { "\\(style)" }
        }

        """

    private static let configuration = ConfigurationBuilder(protocolName: "Summarized", model: "Order")

    /// A property requirement mapped to a method without parameters calls it, in every style.
    @Test(arguments: ["conformance", "factory", "proxy"])
    func aPropertyMappedToAMethodWithoutParameters_callsIt(style: String) throws {
        let brief = "protocol Brief { var summary: String { get } }\n"
        let json = #"{"style": "\#(style)", "adapters": [{"model": "Order", "protocol": "Brief", "map": {"summary": "describe"}}]}"#
        let result = try judged(["Sources/App/Order.swift": brief + source], config: json)
        #expect(result.compiles, "\(result)")
        #expect(result.code?.contains("describe()") == true, "\(result)")
    }

    /// Mapped to a method that needs arguments, it is told that the member is a method, and how
    /// to map it, where the mapping is written.
    @Test func aPropertyMappedToAMethodWithParameters_saysItIsAMethod_andWhatToMapInstead() throws {
        let refusal = try #require(try judged(["Sources/App/Order.swift": source], config: Self.configuration.json(.conformance, map: #"{"summary": "format", "detail": "describe"}"#)).refusal)
        #expect(refusal.hasPrefix("decouple.json:1:"), "\(refusal)")
        #expect(refusal.contains("'format' is a method of 'Order' ('format(style: Int) -> String')"), "\(refusal)")
        #expect(refusal.contains("declare a computed property that calls 'format'"), "\(refusal)")
        #expect(!refusal.contains("has no member"), "\(refusal)")
    }

    /// A mistyped member for a method requirement gets the nearest member's name.
    @Test func aMistypedMemberForAMethodRequirement_getsDidYouMean() throws {
        let refusal = try #require(try judged(["Sources/App/Order.swift": source], config: Self.configuration.json(.conformance, map: #"{"summary": "describe", "detail": "describ"}"#)).refusal)
        #expect(refusal.contains("named 'describ' for method requirement") && refusal.contains("did you mean 'describe'?"), "\(refusal)")
    }

    /// A configuration key that is a longer form of a known one (`mapping` for `map`) is offered
    /// the known one, as a misspelt key is.
    @Test func aLongerFormOfAConfigurationKey_getsDidYouMean() {
        let json = #"{"adapters": [{"model": "Order", "protocol": "Summarized", "mapping": {"summary": "describe"}}]}"#
        let output = generate(["Order.swift": source], config: json)
        #expect(output.contains("decouple.json:1:") && output.contains("unknown key 'mapping'") && output.contains("did you mean 'map'?"), "\(output)")
    }
}

/// Found by the compiler oracle: `Model.Type` is a metatype, backquotes or not, so a static
/// member named `Type` (an enum case, say) cannot back a requirement; it is refused at the
/// mapping, in every style.
@Suite struct MetatypeNameTests {
    @Test(arguments: OutputStyle.allCases)
    func aStaticMemberNamedType_isRefusedWhereItIsMapped(style: OutputStyle) throws {
        let source = """
            protocol Tagged { var kind: Kind { get } }
            enum Kind { case `Type`, plain }
            struct Note { static let `Type` = Kind.plain; var name = "n" }
            """
        let config = #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Note", "protocol": "Tagged", "map": {"kind": "Type"}}]}"#
        let refusal = try #require(try judged(["Sources/App/Note.swift": source], config: config).refusal, "\(style)")
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("'Type' is a static member, and generated code would read it as `Note.Type`"), "\(style): \(refusal)")
    }
}
