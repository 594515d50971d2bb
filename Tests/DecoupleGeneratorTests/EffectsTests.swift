import DecoupleGenerator
import Testing

/// Forwarded methods and effectful getters keep their effects: `&` for `inout`, `mutating`,
/// `try` for `rethrows` and `get throws`, `await` for `get async`. What cannot be forwarded
/// (a variadic parameter) is refused at the mapping. The compiler is the judge.
@Suite struct EffectsTests {
    private static func config(_ map: String, style: OutputStyle = .conformance) -> String {
        #"{"style": "\#(style.rawValue)", "adapters": [{"model": "Counter", "protocol": "Counting", "map": \#(map)}]}"#
    }

    private static func judge(_ requirement: String, _ members: String, map: String, style: OutputStyle = .conformance) throws -> Judged {
        let source = "protocol Counting {\n    \(requirement)\n}\nstruct Counter {\n    var count = 0\n    \(members)\n}\n"
        return try judged(["Sources/App/Counter.swift": source], config: config(map, style: style))
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
}
