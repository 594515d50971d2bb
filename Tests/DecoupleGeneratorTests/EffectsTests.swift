import DecoupleGenerator
import Testing

/// Forwarded methods and effectful getters keep their effects: `&` for `inout`, `mutating`,
/// `try` for `rethrows` and `get throws`, `await` for `get async`. What cannot be forwarded
/// (a variadic parameter) is refused at the mapping. The compiler is the judge.
@Suite struct EffectsTests {
    private static let configuration = ConfigurationBuilder(protocolName: "Counting", model: "Counter")

    private static func judge(_ requirement: String, _ members: String, map: String, style: OutputStyle = .conformance) throws -> Judged {
        let source = "protocol Counting {\n    \(requirement)\n}\nstruct Counter {\n    var count = 0\n    \(members)\n}\n"
        return try judged(["Sources/App/Counter.swift": source], config: configuration.json(style, map: map))
    }

    @Test func inout_isPassedWithAnAmpersand() throws {
        let result = try Self.judge(
            "func bump(_ value: inout Int)", "func increase(_ value: inout Int) { value += 1 }", map: #"{"bump": "increase"}"#)
        #expect(result.compiles, "\(result)")
    }

    @Test func mutating_isKept() throws {
        let result = try Self.judge("mutating func reset()", "mutating func clear() { count = 0 }", map: #"{"reset": "clear"}"#)
        #expect(result.compiles, "\(result)")
        let withArgument = try Self.judge(
            "mutating func set(to value: Int)", "mutating func store(to value: Int) { count = value }", map: #"{"set": "store"}"#)
        #expect(withArgument.compiles, "\(withArgument)")
    }

    @Test func rethrows_isCalledWithTry() throws {
        let result = try Self.judge(
            "func each(_ body: (Int) throws -> Void) rethrows", "func forEvery(_ body: (Int) throws -> Void) rethrows { try body(count) }",
            map: #"{"each": "forEvery"}"#)
        #expect(result.compiles, "\(result)")
    }

    @Test func getThrowsAndGetAsync_areReadWithTryAndAwait() throws {
        for effects in ["throws", "async", "async throws"] {
            let result = try Self.judge(
                "var title: String { get \(effects) }", "var name: String { get \(effects) { \"n\" } }", map: #"{"title": "name"}"#)
            #expect(result.compiles, "\(effects): \(result)")
        }
    }

    @Test func aThrowingGetter_cannotBackAPlainRequirement() throws {
        let result = try Self.judge("var title: String { get }", "var name: String { get throws { \"n\" } }", map: #"{"title": "name"}"#)
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("Sources/App/Counter.swift:6:9: error:") && refusal.contains("throws"), "\(refusal)")
    }

    @Test func aVariadicParameter_isRefusedAtTheMapping() throws {
        let result = try Self.judge("func add(_ values: Int...)", "func append(_ values: Int...) {}", map: #"{"add": "append"}"#)
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.contains("decouple.json:1:") && refusal.contains("variadic"), "\(refusal)")
    }

    /// Found by the compiler oracle: the proxy style reads through key paths, which cannot name
    /// an effectful getter; the factory style's adapter forwards a call, which cannot pass on a
    /// variadic argument. Both are refused; the conformance style, which needs neither, compiles.
    @Test func whatAStyleCannotWrite_isRefusedThere_andTheConformanceCompiles() throws {
        for requirement in ["var total: Int { get async }", "var total: Int { get throws }"] {
            let members = "var total: Int { get \(requirement.contains("async") ? "async" : "throws") { 1 } }"
            let proxy = try Self.judge(requirement, members, map: "{}", style: .proxy)
            #expect(proxy.refusal?.contains("proxy style reads properties through key paths") == true, "\(proxy)")
            #expect(try Self.judge(requirement, members, map: "{}").compiles)
        }
        let variadic = "func sum(_ values: Int...) -> Int"
        let own = "func sum(_ values: Int...) -> Int { values.count }"
        let factory = try Self.judge(variadic, own, map: "{}", style: .factory)
        #expect(factory.refusal?.contains("variadic parameter, which the factory style's adapter cannot pass on") == true, "\(factory)")
        #expect(try Self.judge(variadic, own, map: "{}").compiles)
    }
}
