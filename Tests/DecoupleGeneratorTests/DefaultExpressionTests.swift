import DecoupleGenerator
import Testing

/// A default is read once where it is written, into a `DefaultExpression`; the checks read that,
/// never its text. Each way in must record what parsing the text as Swift would.
@Suite struct DefaultExpressionTests {
    /// A configuration's JSON value is typed from the JSON, without the Swift parser: the same
    /// literal, text and constancy as the Swift parser reads from the text it becomes.
    @Test func aConfigurationsDefault_isWhatSwiftReadsOfItsText() throws {
        let values = [
            "0", "7", "-3", "-0", "12345678901234567890", "0.5", "-2.25", "1e3", "1E-2", "-4e+1",
            #""""#, #""-""#, #""a \"quoted\" \\ back\nslash""#, #""\u00e9\u0001\t""#, #""\\(name)""#,
            "true", "false", "null",
        ]
        for value in values {
            let text = #"{"adapters": [{"model": "M", "protocol": "P", "map": {"a": {"from": "m", "default": \#(value)}, "b": {"default": \#(value)}}}]}"#
            let configuration = try Configuration.parse(text, path: "decouple.json")
            let map = try #require(configuration.adapters.first?.map)
            for key in ["a", "b"] {
                let read = try #require(map[key]?.defaultExpression, "\(value)")
                let parsed = DefaultExpression(parsing: read.text)
                #expect(read == parsed, "\(value) as \(key): \(read) but Swift reads \(parsed)")
            }
        }
    }

    /// What an expression records: which literal, and whether it is a constant; what is not
    /// one expression says why.
    @Test func anExpression_recordsItsLiteral_andWhetherItIsAConstant() {
        let cases: [(text: String, literal: DefaultExpression.Literal, constant: Bool)] = [
            ("nil", .nilLiteral, true), ("-0x1F", .integer(digits: "0x1F", negative: true), true),
            ("1_000", .integer(digits: "1_000", negative: false), true), ("-1.5", .float, true),
            (#""\(name)""#, .string(value: nil), false), (#""a\tb""#, .string(value: "a\tb"), true), (".empty", .other, true), ("Kind.none", .other, true),
            (#"ImageName("x")"#, .other, true), ("self.name", .other, false), (#"{ "-" }()"#, .other, false),
            ("[1, -2]", .other, true), ("[name]", .other, false), ("-x", .other, false), ("a + b", .other, false),
        ]
        for (text, literal, constant) in cases {
            let parsed = DefaultExpression(parsing: text)
            #expect(parsed.literal == literal, "\(text)")
            #expect((parsed.nonConstantPart == nil) == constant, "\(text): \(parsed.nonConstantPart ?? "constant")")
            #expect(parsed.syntaxProblem == nil, "\(text)")
        }
        #expect(DefaultExpression(parsing: "1 2").syntaxProblem == "is not a Swift expression")
        #expect(DefaultExpression(parsing: "(").syntaxProblem == "is not a Swift expression")
        #expect(DefaultExpression(parsing: String(repeating: "[", count: 300)).syntaxProblem?.hasPrefix("has ") == true)
    }
}
