@testable import DecoupleGenerator
import Testing

@Suite struct EmitterNameTests {
    /// Names are written bare only where Swift reads them bare: ASCII names are read from their
    /// bytes, the rest from their characters, and both must agree with the rule.
    @Test(arguments: [
        ("title", "title"), ("_x", "_x"), ("X1_y", "X1_y"), ("Type", "`Type`"), ("class", "`class`"),
        ("1x", "`1x`"), ("full name", "`full name`"), ("a-b", "`a-b`"), ("a.b", "`a.b`"), ("@x", "`@x`"),
        ("[x", "`[x`"), ("café", "café"), ("名字", "名字"), ("É1", "É1"),
    ])
    func names_areEscapedWhereSwiftNeedsBackticks(name: String, written: String) {
        #expect(Emitter.escaped(name) == written)
    }

    @Test func paths_escapeEachComponent() {
        #expect(Emitter.escapedPath("A.Type.b c.d") == "A.`Type`.`b c`.d")
    }

    /// The generated file imports `Decouple` where its code names the module, read from its
    /// tokens: not a type whose name ends in `Decouple`, a member of that name, a string or a
    /// comment.
    @Test(arguments: [
        ("extension Decouple.ForwardingProxy {}", true), ("let x: [Decouple.ImageName] = []", true),
        ("let k = MyDecouple.Kind()", false), ("let k = _Decouple.Kind()", false), ("let k = a.Decouple.Kind()", false),
        ("let s = \"Decouple.title\"", false), ("// Decouple.title\nlet s = 1", false), ("let d = Decouple", false),
    ])
    func theDecoupleModule_isNamedOnlyByItsTokens(code: String, names: Bool) {
        #expect(DecoupleImport.namesDecouple(code) == names)
    }
}
