import DecoupleGenerator
import DecoupleTestSupport
import Testing

/// Every way input can be wrong: each error names the problem, says where, and suggests a fix.
@Suite struct DiagnosticsTests {
    private let models = """
        struct CCAModel {
            var name: String
            var age: Int
            var bio: String?
        }
        """

    /// One adapter's problems read as one group: together, under a heading at its entry, in
    /// the entry's place among the others, even when they are in several files.
    @Test func oneAdaptersProblems_arePrintedTogetherUnderItsEntry() {
        let output = generate([
            "A.swift": "struct Post {\n    var heading: String\n    var body: String?\n}",
            "B.swift": "// decouple: TitledContent(title: nme)\nstruct Note { var name: String; var subtitle: String }",
        ], config: """
            { "adapters": [
              { "model": "Post", "protocol": "TitledContent", "map": { "title": "headline", "subtitle": "body", "sub": "x" } }
            ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            B.swift:1:35: error: 'Note' has no member 'nme'; did you mean 'name'? [#UnknownMember]
            decouple.json:2:3: error: cannot adapt 'Post' to 'TitledContent': 3 problems:
            A.swift:3:9: error: 'body' is optional but 'TitledContent.subtitle' is not; give it a default ("subtitle": {"from": "body", "default": …} or `subtitle: body ?? …`) [#OptionalWithoutDefault]
            decouple.json:2:69: error: 'Post' has no member 'headline'; did you mean 'heading'? [#UnknownMember]
            A.swift:1:8: note: 'Post' is declared here
            decouple.json:2:101: error: 'TitledContent' has no requirement 'sub' (its requirements: title, subtitle); did you mean 'subtitle'? [#UnknownRequirement]
            """
        }
    }

    /// A requirement a generated conformance cannot provide refuses the protocol with a located
    /// error, instead of generating code that does not compile.
    @Test func requirementsAConformanceCannotProvide_refuseTheProtocol() {
        let output = generate([
            "Protocols.swift": """
                protocol Settable { var label: String { get set } }
                protocol Shared { static var label: String { get }; var title: String { get } }
                protocol Made { init(label: String); subscript(index: Int) -> String { get }; static func make() -> Self }
                """,
            "Models.swift": "struct S { var label: String; var title: String }",
        ], config: """
            { "adapters": [
              { "model": "S", "protocol": "Settable" },
              { "model": "S", "protocol": "Shared" },
              { "model": "S", "protocol": "Made" }
            ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:2:3: error: 'Settable' requires a settable property 'label' ({ get set }) (declared at Protocols.swift:1:25), which a generated conformance does not provide (it provides readable instance properties and methods); conform 'S' by hand [#UnsupportedRequirement]
            decouple.json:3:3: error: 'Shared' requires a static property 'label' (declared at Protocols.swift:2:30), which a generated conformance does not provide (it provides readable instance properties and methods); conform 'S' by hand [#UnsupportedRequirement]
            decouple.json:4:3: error: cannot adapt 'S' to 'Made': 3 problems:
            decouple.json:4:3: error: 'Made' requires an initializer (declared at Protocols.swift:3:17), which a generated conformance does not provide (it provides readable instance properties and methods); conform 'S' by hand [#UnsupportedRequirement]
            decouple.json:4:3: error: 'Made' requires a subscript (declared at Protocols.swift:3:38), which a generated conformance does not provide (it provides readable instance properties and methods); conform 'S' by hand [#UnsupportedRequirement]
            decouple.json:4:3: error: 'Made' requires a static method 'make' (declared at Protocols.swift:3:91), which a generated conformance does not provide (it provides readable instance properties and methods); conform 'S' by hand [#UnsupportedRequirement]
            """
        }
    }

    /// Names in messages come from the configuration: a newline or an escape sequence in one is
    /// printed as an escape, so each diagnostic stays one line and the terminal sees no control.
    @Test func controlCharactersInMessages_areEscapedWhereDiagnosticsArePrinted() {
        let position = SourcePosition(file: "decouple.json", line: 1, column: 2)
        var diagnostic = Diagnostic(
            "no model 'M\nfake.swift:1:1: error: injected'", rule: .unknownModel, at: position,
            notes: [.init("declared as '\u{1B}[2J'", at: position)])
        diagnostic.group = .init("cannot adapt 'M\r' to '\u{1B}[2J'", at: position)
        #expect(GenerationFailure([diagnostic]).description == #"""
            decouple.json:1:2: error: cannot adapt 'M\r' to '\u{1b}[2J': 1 problems:
            decouple.json:1:2: error: no model 'M\nfake.swift:1:1: error: injected' [#UnknownModel]
            decouple.json:1:2: note: declared as '\u{1b}[2J'
            """#)
        // The message itself keeps what was said; the macro front end shows it as it is.
        #expect(diagnostic.message.contains("\n"))
    }

    @Test func syntaxError_isLocatedAndNothingIsGenerated() {
        let output = generate(["Broken.swift": "struct A {\n    var name: String = \n}\n"],
                              config: #"{"adapters": [{"model": "A", "protocol": "TitledContent"}]}"#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            Broken.swift:2:24: error: syntax error: expected expression in variable [#SyntaxError]
            """
        }
    }

    @Test func optionalMemberWithoutDefault_pointsAtTheMember() {
        let output = generate(["Models.swift": models], config: #"""
            {"adapters": [{"model": "CCAModel", "protocol": "TitledContent",
                           "map": {"title": "name", "subtitle": "bio"}}]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            Models.swift:4:9: error: 'bio' is optional but 'TitledContent.subtitle' is not; give it a default ("subtitle": {"from": "bio", "default": …} or `subtitle: bio ?? …`) [#OptionalWithoutDefault]
            """
        }
    }

    @Test func anUnknownModelWithNoNearName_saysToNameTheTargetThatDeclaresIt() {
        let output = generate(["Models.swift": models], config: #"""
            {"adapters": [
              {"model": "Recipe", "protocol": "TitledContent"},
              {"model": "Recipe", "module": "Kitchen", "protocol": "TitledContent"}
            ]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:2:13: error: unknown model 'Recipe': the sources declare no type of that name; if another target declares it, name that target as the adapter's "module" [#UnknownModel]
            decouple.json:3:13: error: unknown model 'Recipe': the sources declare no type of that name [#UnknownModel]
            """
        }
    }

    @Test func unknownNames_suggestTheNearest() {
        let output = generate(["Models.swift": models], config: #"""
            {"adapters": [
              {"model": "CCAModle", "protocol": "TitledContent"},
              {"model": "CCAModel", "protocol": "TitleContent"},
              {"model": "CCAModel", "protocol": "TitledContent", "map": {"title": "nmae", "subtitel": "age"}}
            ]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:2:13: error: unknown model 'CCAModle': the sources declare no type of that name; did you mean 'CCAModel'? [#UnknownModel]
            decouple.json:3:37: error: unknown protocol 'TitleContent' (known: NamedImageContent, TitledContent); did you mean 'TitledContent'? [#UnknownProtocol]
            decouple.json:4:3: error: cannot adapt 'CCAModel' to 'TitledContent': 3 problems:
            decouple.json:4:3: error: 'TitledContent.subtitle' has no mapping for 'CCAModel', and it has no member named 'subtitle' (add "subtitle": "<member>" to the adapter's map) [#MissingMapping]
            Models.swift:1:8: note: 'CCAModel' is declared here
            decouple.json:4:71: error: 'CCAModel' has no member 'nmae'; did you mean 'name'? [#UnknownMember]
            Models.swift:1:8: note: 'CCAModel' is declared here
            decouple.json:4:79: error: 'TitledContent' has no requirement 'subtitel' (its requirements: title, subtitle); did you mean 'subtitle'? [#UnknownRequirement]
            """
        }
    }

    @Test func requirementWithoutMapping_namesTheFix() {
        let output = generate(["Models.swift": models], config: #"""
            {"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"subtitle": "age"}}]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:15: error: 'TitledContent.title' has no mapping for 'CCAModel', and it has no member named 'title' (add "title": "<member>" to the adapter's map) [#MissingMapping]
            Models.swift:1:8: note: 'CCAModel' is declared here
            """
        }
    }

    @Test func typeMismatch_andConformanceClash() {
        let output = generate([
            "P.swift": "import Foundation\nprotocol Dated { var date: Date { get } }",
            "M.swift": """
                struct Event { var when: String; var title: Int; var name: String }
                // decouple: Dated(date: when)
                extension Event {}
                """,
        ], config: #"{"adapters": [{"model": "Event", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "name"}}]}"#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:26: error: 'when' is String but 'Dated.date' needs Date; map it to a member of that type [#TypeMismatch]
            decouple.json:1:80: error: 'Event' already has a member 'title' (at M.swift:1:38), so a conformance cannot also map 'title' to 'name'; use the factory style or rename one of them [#MemberNameTaken]
            """
        }
    }

    /// Optionals count to their depth: a `String??` member is not a `String?` requirement of its
    /// own name, which a conformance would have to declare a second time.
    @Test func aDoubleOptional_isNotTheSingleOptionalOfItsName() {
        let output = generate([
            "P.swift": "protocol Noted { var note: String? { get } }",
            "M.swift": "struct Sheet { var note: String?? }",
        ], config: #"{"adapters": [{"model": "Sheet", "protocol": "Noted"}]}"#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:20: error: 'note' is String?? but 'Noted.note' needs String?, and a conformance cannot declare a second 'note'; map 'note' to another member or use the factory style [#MemberNameTaken]
            """
        }
    }

    /// A case with associated values is named as what it is; a configuration's literal is refused
    /// for an enum of the sources that no literal can be (it was written as a string and did not
    /// compile).
    @Test func aCaseWithAPayload_andALiteralForAnEnum_areRefusedAsWhatTheyAre() {
        let output = generate([
            "M.swift": """
                enum Player { case idle; case playing(progress: Double); var title: String { "" } }
                enum Mode { case idle, playing }
                protocol HasMode { var mode: Mode { get } }
                struct Deck { var title = "" }
                """,
        ], config: #"{"adapters": [{"model": "Player", "protocol": "TitledContent", "map": {"subtitle": "playing"}}, {"model": "Deck", "protocol": "HasMode", "map": {"mode": {"default": ".playing"}}}]}"#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:84: error: 'playing' is a case of 'Player' with associated values, which makes a value of the enum and is not read from one; map 'subtitle' to a property of 'Player' (one that switches over `self` to read the case's values) [#UnknownMember]
            M.swift:1:6: note: 'Player' is declared here
            decouple.json:1:166: error: the constant ".playing" for 'HasMode.mode' is a string, but Mode adopts no `ExpressibleBy…Literal` protocol that takes one, and a configuration's constant is a literal; map the requirement to a member of that type [#InvalidDefault]
            """
        }
    }

    /// `fileprivate` hides a model from the generated file as `private` does; `internal` does not.
    @Test func aFileprivateModel_isRefusedLikeAPrivateOne() {
        let config = #"{"adapters": [{"model": "Hidden", "protocol": "TitledContent"}]}"#
        let model = "struct Hidden { var title: String; var subtitle: String }"
        assertInlineSnapshot(of: generate(["M.swift": "fileprivate " + model], config: config), as: .lines) {
            """
            M.swift:1:20: error: 'Hidden' is fileprivate, so generated code in another file cannot see it; make it internal or wider [#ModelNotVisible]
            """
        }
        #expect(generate(["M.swift": "internal " + model], config: config).contains("extension Hidden: Decouple.TitledContent"))
    }

    /// A hundred diagnostics are printed whole; past that, the rest are counted in one note, from
    /// the very first one over.
    @Test func diagnosticsPastAHundred_areCounted_fromTheFirstOneOver() {
        func printed(_ count: Int, severity: Diagnostic.Severity = .error) -> [Substring] {
            let diagnostics = (0..<count).map { Diagnostic("problem \($0)", rule: .unknownMember, at: SourcePosition(file: "M.swift", line: $0 + 1, column: 1), severity: severity) }
            return GenerationFailure(diagnostics).description.split(separator: "\n")
        }
        #expect(printed(100).count == 100)
        #expect(printed(100).last == "M.swift:100:1: error: problem 99 [#UnknownMember]")
        #expect(printed(101).count == 101)
        #expect(printed(101).last == "decouple: note: … and 1 more error not shown")
        #expect(printed(102).last == "decouple: note: … and 2 more errors not shown")
        #expect(printed(101, severity: .warning).last == "decouple: note: … and 1 more problem not shown")
    }

    @Test func accessAndStyleRestrictions() {
        let output = generate([
            "M.swift": """
                private struct Secret { var title: String; var subtitle: String }
                struct Box<T> { var title: String; var subtitle: String }
                struct Plain { var title: String; var subtitle: String }
                actor Counter { var title: String = ""; let subtitle: String = "" }
                protocol Priced { func price() -> String }
                """,
        ], config: #"""
            {"adapters": [
              {"model": "Secret", "protocol": "TitledContent"},
              {"model": "Box", "protocol": "TitledContent", "style": "factory"},
              {"model": "Plain", "protocol": "TitledContent", "style": "factory", "tag": "plain"},
              {"model": "Plain", "protocol": "Priced"},
              {"model": "Counter", "protocol": "TitledContent", "tag": "c"}
            ]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:16: error: 'Secret' is private, so generated code in another file cannot see it; make it internal or wider [#ModelNotVisible]
            decouple.json:3:3: error: generic model 'Box' cannot be registered in a factory without its type arguments; use the conformance style [#FactoryGenericModel]
            decouple.json:4:3: error: tag "plain" needs 'Plain' to be Decodable, so the factory can decode it from data [#TagNeedsDecodable]
            decouple.json:5:3: error: 'Plain' does not implement method requirement 'price() -> String' of 'Priced'; implement it, or map it to a property or a method with no parameters [#MissingMethod]
            M.swift:3:8: note: 'Plain' is declared here
            decouple.json:6:3: error: cannot adapt 'Counter' to 'TitledContent': 2 problems:
            M.swift:4:21: error: 'title' is a `var` isolated to actor 'Counter', so it cannot back the synchronous requirement 'TitledContent.title'; declare it with `let`, or, if it is computed from `let`s only, mark it `nonisolated` [#ActorIsolatedMember]
            decouple.json:6:3: error: "tag" applies to the factory style only; add "style": "factory" [#TagOutsideFactory]
            """
        }
    }

    @Test func ambiguousDuplicateAndUnreadableMembers() {
        let output = generate([
            "A.swift": "enum A { struct Item { var title: String; var subtitle: String } }",
            "B.swift": """
                enum B { struct Item { var title: String; var subtitle: String } }
                // decouple: TitledContent(subtitle: computed)
                struct Note { var title: String; var computed = makeValue() }
                """,
        ], config: #"""
            {"adapters": [
              {"model": "Item", "protocol": "TitledContent"},
              {"model": "Note", "protocol": "TitledContent", "map": {"subtitle": "title"}}
            ]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            B.swift:3:38: error: the type of 'computed', which 'TitledContent.subtitle' reads, cannot be read from the source (`makeValue()` calls a function whose result type the source does not show); write it out (`var computed: Type = …`) [#UnknownMemberType]
            decouple.json:2:13: error: model name 'Item' is ambiguous; qualify it as one of: A.Item, B.Item [#AmbiguousModel]
            """
        }
    }

    @Test func malformedAnnotations() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title:
            struct A { var title: String; var subtitle: String }
            // decouple: TitledContent(name, subtitle: x)
            struct B { var title: String; var subtitle: String }
            // decouple: TitledContent(title: name.uppercased())
            struct C { var title: String; var subtitle: String }
            // decouple: TitledContent
            extension Missing {}
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:14: error: malformed annotation; expected `// decouple: Protocol(requirement: member, …)` [#MalformedAnnotation]
            M.swift:3:28: error: annotation argument needs a requirement label, as in `title: name` [#MalformedAnnotation]
            M.swift:5:35: error: 'title' must map to a member of the model, optionally with a default (`title: member ?? "-"`) [#MalformedAnnotation]
            M.swift:7:14: error: annotated extension of 'Missing', which is not declared in the given sources [#AnnotatedExtensionOfUnknownType]
            """
        }
    }

    @Test func configurationErrors_areLocatedInTheFile() {
        let cases = [
            #"{"adapters": [{"model": "A", "protocol": "TitledContent",}]}"#,
            "{\n  \"adaptors\": []\n}",
            #"{"style": "factroy", "adapters": [{"protocol": "TitledContent"}, 3, {"model": "A", "protocol": "TitledContent", "map": {"title": 7, "subtitle": {"fallback": "-"}}}]}"#,
            #"[]"#,
            #"{"adapters": [{"model": "A", "protocol": "TitledContent", "map": {"title": "not a name"}, "tag": true}]}"#,
        ]
        let output = cases.map { generate(["A.swift": "struct A {}"], config: $0) }.joined(separator: "\n---\n")
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:58: error: invalid JSON: trailing comma before '}' [#ConfigurationNotJSON]
            ---
            decouple.json:2:3: error: unknown key 'adaptors' in the configuration (expected: style, adapters, exclude, module, defaultIsolation); did you mean 'adapters'? [#UnknownConfigurationKey]
            ---
            decouple.json:1:11: error: unknown style 'factroy' (styles: conformance, factory, proxy); did you mean 'factory'? [#UnknownConfigurationValue]
            decouple.json:1:35: error: adapter is missing "model" [#ConfigurationMissingKey]
            decouple.json:1:66: error: each adapter must be an object, found a number [#ConfigurationShape]
            decouple.json:1:130: error: the mapping of 'title' must be a member name, {"from": …, "default": …}, or a constant ({"default": …} or null), found a number [#ConfigurationShape]
            decouple.json:1:145: error: the mapping of 'subtitle' is missing "from" (the member to read), or "default" alone for a constant [#ConfigurationMissingKey]
            decouple.json:1:146: error: unknown key 'fallback' in the mapping of 'subtitle' (expected: from, default) [#UnknownConfigurationKey]
            ---
            decouple.json:1:1: error: the configuration must be a JSON object, found an array [#ConfigurationShape]
            ---
            decouple.json:1:76: error: 'not a name' is not a member name (a raw identifier is written in backticks: "`not a name`") [#NotAMemberName]
            decouple.json:1:98: error: 'tag' must be a string, found a boolean [#ConfigurationShape]
            """
        }
    }

    /// A key written twice is found whether the object is small (its keys compared in place) or
    /// large (indexed by name past 16 keys), first and last, and named with where it was first.
    @Test func duplicateKeys_inSmallAndLargeObjects_areLocated() {
        func map(_ count: Int, repeating repeated: Int) -> String {
            let keys = (0..<count).map { "\"k\($0)\": \"m\"" } + ["\"k\(repeated)\": \"m\""]
            return #"{"adapters": [{"model": "A", "protocol": "TitledContent", "map": {"# + keys.joined(separator: ", ") + "}}]}"
        }
        let cases = [map(3, repeating: 1), map(40, repeating: 0), map(40, repeating: 39), map(16, repeating: 15)]
        let output = cases.map { generate(["A.swift": "struct A {}"], config: $0) }.joined(separator: "\n---\n")
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:100: error: invalid JSON: duplicate key "k1" (first at line 1, column 78); each key may appear once in an object [#ConfigurationNotJSON]
            ---
            decouple.json:1:537: error: invalid JSON: duplicate key "k0" (first at line 1, column 67); each key may appear once in an object [#ConfigurationNotJSON]
            ---
            decouple.json:1:537: error: invalid JSON: duplicate key "k39" (first at line 1, column 525); each key may appear once in an object [#ConfigurationNotJSON]
            ---
            decouple.json:1:249: error: invalid JSON: duplicate key "k15" (first at line 1, column 237); each key may appear once in an object [#ConfigurationNotJSON]
            """
        }
    }
}
