@testable import DecoupleGenerator
import DecoupleTestSupport
import Foundation
@_spi(Diagnostics) import SwiftParser
import SwiftSyntax
import Testing

/// The scan parses a file without the insides of its bodies (`Prescan` finds them), and reads
/// exactly what it reads from the file as written: the same declarations, positions and
/// problems. Where the lexical pass cannot tell, the tree it gets says so, and the file is
/// parsed as written.
@Suite struct BodySkippingTests {
    /// The bodies `Prescan` finds in `text`, as the text between their braces.
    private func bodies(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return Prescan(text).bodies.map { String(decoding: bytes[($0.range.lowerBound + 1)..<($0.range.upperBound - 1)], as: UTF8.self) }
    }

    @Test func theBodiesOfFunctionsInTypesAndAtTheTopLevel_areFound_andNothingElse() {
        #expect(bodies("func f() { a }\nstruct S { init() { b }\n deinit { c } }") == [" a ", " b ", " c "])
        // A protocol's requirements have none: the next declaration's braces are not theirs.
        #expect(bodies("protocol P { func f()\n init()\n var x: Int { get } }\nextension P { func f() { d } }") == [" d "])
        #expect(bodies("protocol P { func f() -> Int\n subscript(i: Int) -> Int { get } }") == [])
        // Signatures: generics, where clauses, effects, result types, defaults with closures and braces in strings.
        #expect(bodies("""
            extension S where T: P {
                @MainActor public func f<U: Q>(_ u: U, g: () -> Void = { }, s: String = "}{") async throws -> [String: (Int) -> Void] where U.E == Int { e }
                func open() { f }
                class func g() -> some View { g }
                convenience init?(x: Int) { h }
            }
            """) == [" e ", " f ", " g ", " h "])
        // A computed property's getter and an accessor's body are bodies too; a closure, a
        // subscript and what is inside a body are left whole.
        #expect(bodies("""
            struct S {
                let a = { func inner() { } }()
                var b: Int { func inner() -> Int { 1 }; return inner() }
                var c: Int { get { 1 } set(value) { } }
                subscript(i: Int) -> Int { 1 }
                #if DEBUG
                func d() { "{" }
                #endif
            }
            """) == [" func inner() -> Int { 1 }; return inner() ", " 1 ", " ", #" "{" "#])
        // A list of accessors is not a getter, comments and attributes before them included;
        // an initial value's observers are left whole.
        #expect(bodies("""
            protocol P { var x: Int { get set }\n var y: Int { get async throws } }
            class C { var x = 0 { didSet { a } }\n override var y: Int { // c
             @inlinable mutating get { b } } }
            """) == [" b "])
        // Words that only look like keywords: a member `.init`, a name in backquotes, a key path.
        #expect(bodies("struct S { let a = Foo.init { x }\n let `init` = { y }\n let k = \\S.init }") == [])
        // A raw string of one quote, as Swift reads `#""""#`, hides no declaration.
        #expect(bodies(##"struct S { func f() { _ = #""""# }"## + "\n var title: String\n" + ##" func g() { _ = #"""# } }"##)
            == [##" _ = #""""# "##, ##" _ = #"""# "##])
        // Where a regular expression literal may be, the body is left to the parser; outside
        // any body, every body is.
        #expect(bodies("struct S { func f() { return /x/ }\n func g() { a / b + c/d }\n func h() { _ = #/{/# } }") == [" a / b + c/d "])
        #expect(bodies("let r = /x/\nfunc f() { }") == [])
        // An operator's name is no literal: `func /(…)` leaves the other bodies to be skipped.
        #expect(bodies("struct V {\n static func /(l: V, r: V) -> V { l }\n func f() { a }\n}") == [" l ", " a "])
        // Top-level code after a `var`: its `if` has no getter.
        #expect(bodies("var x: Int\nif x > 0 { print(x) }\nfunc f() { a }") == [" a "])
        // Braces in comments and string literals, raw and multi-line, and interpolations.
        #expect(bodies(#"""
            func f() { /* } */ // }
                let s = "\(g { "}" })" + #"}"# + """
                }
                """
            }
            """#).count == 1)
    }

    /// The same scan with and without the bodies, for `text`: what `ScannedFile` codes
    /// (positions included), its problems, and what a broken file seems to declare.
    private func expectSameScan(_ text: String, path: String = "Sources/M/A.swift", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let skipping = SourceScanner.scan(source: text, path: path)
        let whole = SourceScanner.scan(source: text, path: path, skippingBodies: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let (a, b) = (try encoder.encode(skipping), try encoder.encode(whole))
        #expect(a == b, "\(path)", sourceLocation: sourceLocation)
        if a != b { print(String(decoding: a, as: UTF8.self)); print(String(decoding: b, as: UTF8.self)) }
        #expect(skipping.diagnostics == whole.diagnostics, "\(path)", sourceLocation: sourceLocation)
        #expect(skipping.namesDeclaredDespiteErrors == whole.namesDeclaredDespiteErrors, "\(path)", sourceLocation: sourceLocation)
    }

    /// Every Swift file of this package (its sources, examples, tests and fixtures, some of
    /// them broken or hostile on purpose) and 100 random programs scan alike either way, and
    /// most files with bodies are parsed without them.
    @Test func everyFileOfThePackage_andRandomPrograms_scanAlike() throws {
        var files: [(path: String, text: String)] = []
        // More folders to read, a real app's say: `DECOUPLE_BODY_SKIPPING_FOLDERS=/a:/b`.
        let more = ProcessInfo.processInfo.environment["DECOUPLE_BODY_SKIPPING_FOLDERS"].map { $0.split(separator: ":").map(String.init) } ?? []
        let folders = ["Sources", "Examples", "Tests", "Benchmarks/Benchmarks", "Plugins"].map { packageRoot.appendingPathComponent($0) } + more.map { URL(fileURLWithPath: $0) }
        for root in folders {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                files.append((url.path, text))
            }
        }
        let programs = 100
        for seed in 0..<UInt64(programs) {
            files += ProgramGrammar.program(seed: seed).files.map { ("Sources/M/\($0.name)", $0.text) }
        }
        var skipped = 0, withBodies = 0
        for file in files {
            try expectSameScan(file.text, path: file.path)
            let prescan = Prescan(file.text)
            guard prescan.firstTooDeep == nil, !prescan.bodies.isEmpty else { continue }
            withBodies += 1
            if SourceScanner.parseSkippingBodies(file.text, prescan.bodies, markers: DeclarationVisitor.offsets(of: "decouple:", in: file.text)) != nil { skipped += 1 }
        }
        print("body skipping: \(files.count) files (\(programs) random programs), \(withBodies) with bodies found, \(skipped) parsed without them")
        #expect(files.count > 500)
        #expect(Double(skipped) >= 0.9 * Double(withBodies))
    }

    /// What can mislead the lexical pass, and what it must not change.
    @Test func whatTheLexicalPassCannotTell_isParsedAsWritten() throws {
        let cases = [
            // A regular expression literal holding a brace or a quote.
            "struct S { var title: String\n func f() { let r = /}/ }\n func g() -> Int { 1 } }",
            "struct S { var title: String\n func f() { let r = /\"/ }\n var subtitle: String }",
            "struct S { var title: String\n func f() { _ = #/{\"/# }\n var subtitle: String }",
            #"struct S { func f() -> Regex<Substring> { return /"{/ }"# + "\n var title: String\n func g() { } }",
            #"let r = /"/"# + "\nstruct S { func f() { }\n var title: String }",
            // Raw strings that open with three quotes on one line: one quote and more text.
            ##"struct S { func f() { _ = #""""# }"## + "\n var title: String\n" + ##" func g() { _ = #"""# } }"##,
            ##"struct S { func f() { _ = #"""a"# + "{" }"## + "\n var title: String\n func g() { } }",
            // A syntax error outside the bodies, or braces that do not pair.
            "struct S { var title: String = \n func f() { } }",
            "struct S { func f() { if x { } var title: String }",
            "struct S { func f() { } } } var title: String",
            // An annotation inside a body: reported where it is.
            "// decouple: TitledContent\nstruct S { var title: String\n func f() {\n // decouple: TitledContent\n } }",
            // A regular expression literal after a comment, `/=`, an operator beyond ASCII or a
            // no-break space, or holding a quote.
            "func f() { return /**//{a/ }\nstruct Lost {}\nfunc g() { return /**//}a/ }",
            "func f() { return /={a/ }\nstruct Lost {}\nfunc g() { return /=}a/ }",
            "func f() { return ∘/{a/ }\nstruct Lost {}\nfunc g() { return ∘/}a/ }",
            "func f() { return\u{A0}/{a/ }\nstruct Lost {}\nfunc g() { return\u{A0}/}a/ }",
            "func f() { return /**//\"a/ }\nstruct Lost {}\nfunc g() { return /**//\"a/ }",
            "func f() { return/{a/ }\nstruct Lost {}\nfunc g() { return/}a/ }",
            "struct S {\n    var a: Regex<Substring> { return /**//{a/ }\n    var b: Int { willSet { } }\n    var c: Regex<Substring> { return /**//}a/ }\n}",
            "// decouple: TitledContent\nextension S {\n    func f() { return /**//{a/ }\n    var title: String { \"\" }\n    func g() { return /**//}a/ }\n}",
            // Lines that end with a carriage return alone: a comment ends there.
            "func f() { //\r}\rstruct Lost {}\rfunc g() {\n}",
            "// decouple: TitledContent\rstruct S {\r    func f() { //\r    }\r    var title: String\r    func g() {\r    }\r}",
            // A keyword glued to a no-break space, a byte order mark or a control character; an
            // operator's name; accessors Swift has beyond get and set.
            "protocol P {\n    func f()\n    \u{A0}var x: Int { get set }\n}",
            "protocol P {\n    func f()\n    \u{FEFF}var x: Int { get set }\n}",
            "struct S {\n    func f()\n    \u{A0}var x: Int { get throws { 1 } }\n}",
            "protocol P { var x: Int {\u{0B}get set } }",
            "struct S {\n    var x: Int { \u{0}willSet { } }\n}",
            "protocol P {\n    static prefix func -()\n    var x: Int { get set }\n}",
            "struct S {\n    func *()\n    var x: Int { get throws { 1 } }\n}",
            "protocol P { var x: Int { borrow set } }",
            // A conflict marker, a line break inside an interpolation, a backquote alone, a
            // `/` after any keyword: Swift's lexer ends the body elsewhere.
            "struct S {\n    func f() {\n<<<<<<< HEAD\n        doA()\n    }\n\n    func g() {\n        doB()\n=======\n        doC()\n>>>>>>> feature\n    }\n}\n",
            "struct S {\n    func f() { _ = \"\\(\n    ) }; var hidden: Int; func g() {\n    }\n}\n",
            "struct B {\n    func f() { _ = ` }; var hidden: Int; func g() {\n    }\n}\n",
            "struct S {\n    func f() { break / }//\n    var hidden: Int\n}\n",
            "struct S {\n    func f() { defer / }//\n    var hidden: Int\n}\n",
            // Unclosed comments and strings.
            "struct S { func f() { /* } \n var title: String }",
            "struct S { func f() { \"\"\" } \n var title: String }",
        ]
        for text in cases { try expectSameScan(text) }
    }

    /// Text inside a body that Swift's lexer reads its own way, with an error (a single quote,
    /// an editor placeholder, a curly quote, a literal that starts with a space) never hides a
    /// declaration after it: such a body is parsed whole.
    @Test func aBrokenBody_neverHidesTheDeclarationsAfterIt() throws {
        for (open, close) in [("'{'", "'}'"), ("#'{'#", "#'}'#"), ("<#{#>", "<#}#>"), ("“{”", "“}”"), ("/ {a/", "/ }a/"), ("<#\"#>", "\"\"")] {
            let text = "struct S {\n    func f() { return \(open) }\n    var title: String\n    func g() { return \(close) }\n}\n"
            #expect(!bodies(text).contains(" return \(open) "), "\(text)")
            let file = SourceScanner.scan(source: text, path: "A.swift")
            #expect(!file.diagnostics.isEmpty || file.types.first?.members.map(\.name) == ["f", "title", "g"], "\(text)")
        }
    }

    /// The words that open a list of accessors are the parser's own (the experimental ones,
    /// `read`, `modify` and `mutate`, included): a property whose braces start with one of
    /// them, or with a modifier before one, is never taken for a getter.
    @Test func theAccessorsKeywords_areTheParsers() {
        #expect(Set(AccessorDeclSyntax.AccessorSpecifierOptions.allCases.map { "\($0)" }) == Set(Prescan.accessorKeywordSpellings))
        for word in Prescan.accessorKeywordSpellings + Prescan.accessorModifierSpellings.map({ $0 + " get" }) {
            #expect(bodies("struct S { var x: Int { \(word) } }").isEmpty, "\(word)")
        }
    }

    /// A syntax error inside a body taken out is left to the compiler: the file's declarations
    /// are read, and nothing generated depends on the body.
    @Test func aSyntaxErrorInsideABody_isLeftToTheCompiler() {
        let text = "struct S {\n    var title: String\n    func f() { let = }\n}\n"
        let skipping = SourceScanner.scan(source: text, path: "A.swift")
        #expect(skipping.diagnostics.isEmpty)
        #expect(skipping.types.map(\.name) == ["S"])
        let whole = SourceScanner.scan(source: text, path: "A.swift", skippingBodies: false)
        #expect(!whole.diagnostics.isEmpty && whole.diagnostics.allSatisfy { $0.rule == .syntaxError })
    }
}
