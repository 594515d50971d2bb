@testable import DecoupleGenerator
import Foundation
import DecoupleTestSupport
import Testing

/// Inputs for which the tool once exited 0 but wrote code that did not compile. Each now either
/// generates code that compiles (the shapes that do are also in `Tests/Fixtures/Coverage`,
/// which the package builds) or is refused with an error at the input that causes it.
@Suite struct UncompilableInputTests {
    private static let twoTitles = """
        protocol Headline { var title: String { get } }
        protocol Caption { var title: String { get } }
        struct Story: Decodable { var name: String; var other: String }
        """

    // MARK: One type, one member of a name

    @Test func twoProtocolsRequiringOneName_readDifferently_areRefusedAtTheSecondMapping() {
        let output = generate(["M.swift": Self.twoTitles], config: """
            { "adapters": [
              { "model": "Story", "protocol": "Headline", "map": { "title": "name" } },
              { "model": "Story", "protocol": "Caption", "map": { "title": "other" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:3:64: error: 'Story' cannot conform to both 'Headline' and 'Caption', which both require 'title': 'Headline' reads it from 'name' (at decouple.json:2:65), 'Caption' from 'other', and a type has one 'title'; map both to the same member, or use the factory style for one of them [#ConflictingWitnesses]
            """
        }
    }

    @Test func twoProtocolsRequiringOneName_ofDifferentTypes_areRefused() {
        let output = generate(["M.swift": """
            protocol Headline { var title: String { get } }
            protocol Counted { var title: Int { get } }
            // decouple: Headline(title: name)
            // decouple: Counted(title: count)
            struct Story { var name: String; var count: Int }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:4:29: error: 'Story' cannot conform to both 'Headline' and 'Counted', which both require 'title': 'Headline' reads it from 'name' as String (at M.swift:3:30), 'Counted' from 'count' as Int, and a type has one 'title'; map both to the same member, or use the factory style for one of them [#ConflictingWitnesses]
            """
        }
    }

    /// One witness serves both protocols, with the wider access either needs; the factory style
    /// gives each protocol an adapter type of its own, so it never shares.
    @Test func twoProtocolsRequiringOneName_readTheSameWay_shareOneWitness() {
        let output = generate(["M.swift": """
            public protocol Headline { var title: String { get } }
            protocol Caption { var title: String { get } }
            public struct Story { public var name: String; public var other: String }
            """], config: """
            { "adapters": [
              { "model": "Story", "protocol": "Caption", "map": { "title": "name" } },
              { "model": "Story", "protocol": "Headline", "map": { "title": "name" } },
              { "model": "Story", "protocol": "TitledContent", "map": { "title": "name", "subtitle": "other" } } ] }
            """)
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Story: Caption

            extension Story: Caption {
                public var title: Swift.String {
                    self.name
                }
            }

            // MARK: - Story: Headline

            extension Story: Headline {
            }

            // MARK: - Story: TitledContent

            extension Story: Decouple.TitledContent {
                public var subtitle: Swift.String {
                    self.other
                }
            }
            """
        }
    }

    @Test func twoProxiedProtocolsRequiringOneName_areRefused() {
        let output = generate(["M.swift": Self.twoTitles.replacingOccurrences(of: "var title", with: "var heading")], config: """
            { "style": "proxy", "adapters": [
              { "model": "Story", "protocol": "Headline", "map": { "heading": "name" } },
              { "model": "Story", "protocol": "Caption", "map": { "heading": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:3:3: error: the proxy style cannot make 'ForwardingProxy' conform to both 'Headline' (proxied at decouple.json:2:3) and 'Caption', which both require 'heading': a type has one member 'heading', and each protocol's is forwarded to its own object; rename one requirement or use the conformance or factory style for one protocol [#ProxyConflictingRequirements]
            """
        }
    }

    /// A proxied protocol that requires a property `ForwardingProxy` has of its own: the second
    /// `title` would compile, in the app's module, and `proxy.title` there would read what is
    /// injected for the app's protocol instead of for `TitledContent`.
    @Test func aProxiedRequirementNamedAsTheProxysOwnProperty_isRefused() {
        let output = generate(["M.swift": Self.twoTitles], config: """
            { "style": "proxy", "adapters": [ { "model": "Story", "protocol": "Headline", "map": { "title": "name" } } ] }
            """)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:35: error: the proxy style cannot give 'ForwardingProxy' the 'title' that 'Headline' requires: 'ForwardingProxy' has its own 'title', for Decouple's 'TitledContent', and a second one, declared in this module, would hide it here, so `proxy.title` would read what is injected for 'Headline' instead; rename the requirement, or use the conformance or factory style for 'Headline' [#ProxyConflictingRequirements]
            """
        }
        // In the conformance and factory styles, `ForwardingProxy` is not extended: no conflict.
        for style in ["conformance", "factory"] {
            let other = generate(["M.swift": Self.twoTitles], config: """
                { "style": "\(style)", "adapters": [ { "model": "Story", "protocol": "Headline", "map": { "title": "name" } } ] }
                """)
            #expect(!other.contains("error:"), "\(style): \(other)")
        }
    }

    /// The generator's list of `ForwardingProxy`'s own properties is the library's: every
    /// property the library declares on `ForwardingProxy`, read from its sources.
    @Test func theProxysOwnProperties_areTheLibrarys() throws {
        let folder = packageRoot.appendingPathComponent("Sources/Decouple/Forwarding")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        var sources: [SourceFile] = []
        for name in names {
            sources.append(SourceFile(path: name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
        }
        let proxy = try #require(Generator.catalog(of: sources).types["ForwardingProxy"])
        let members: [MemberDeclaration] = proxy.members.filter { member in member.kind == .property && member.access >= .public }
        let properties = Set(members.map(\.name))
        #expect(properties == Set(WitnessLedger.proxysOwnProperties.keys))
    }

    // MARK: Names the generated code declares itself

    @Test func factoryRequirementNamedModel_renamesTheStoredModel() {
        let output = generate(["M.swift": """
            protocol Owned { var model: String { get }; var _model: String { get } }
            struct Car: Decodable { var name: String; var maker: String }
            """], config: """
            { "adapters": [ { "model": "Car", "protocol": "Owned", "style": "factory", "map": { "model": "name", "_model": "maker" } } ] }
            """)
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Owned factory

            private struct CarOwnedAdapter: Owned {
                let __model: Car
                var model: Swift.String {
                    self.__model.name
                }
                var _model: Swift.String {
                    self.__model.maker
                }
            }

            extension Decouple.ContentFactory where Content == any Owned {
                /// Registers the adapters `decouple` generated for `Owned`.
                internal func registerGeneratedAdapters() throws(Decouple.ContentFactoryError) {
                    try self.register(Car.self) {
                        CarOwnedAdapter(__model: $0)
                    }
                }
            }
            """
        }
    }

    @Test func typesNamedLikeTheModulesTheOutputNames_areRefusedWhereTheyHideThem() {
        let output = generate(["M.swift": """
            enum Swift {}
            // decouple: TitledContent(title: name, subtitle: name)
            struct Story { var name: String; struct Decouple {} }
            enum Elsewhere { struct Swift {} }
            // decouple: TitledContent(title: name, subtitle: name)
            struct Box<Swift> { var name: String }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:6: error: a type named 'Swift' hides the module 'Swift' from the generated code, which names the standard library's types as 'Swift.String'; rename it [#ModuleNameShadowed]
            M.swift:3:41: error: a type named 'Decouple' inside 'Story' hides the module 'Decouple' from the generated code, which names Decouple's types as 'Decouple.TitledContent'; rename it [#ModuleNameShadowed]
            M.swift:6:8: error: a generic parameter named 'Swift' inside 'Box' hides the module 'Swift' from the generated code, which names the standard library's types as 'Swift.String'; rename it [#ModuleNameShadowed]
            """
        }
    }

    @Test func factoryAdapterTypeNamedLikeASourceType_takesAnotherName() {
        let output = generate(["M.swift": """
            struct Post: Decodable { var title: String; var subtitle: String }
            struct PostTitledContentAdapter {}
            """], config: #"{ "adapters": [{ "model": "Post", "protocol": "TitledContent", "style": "factory" }] }"#)
        let adapterLines = output.split(separator: "\n").filter { $0.contains("PostTitledContentAdapter") }
        assertInlineSnapshot(of: adapterLines.joined(separator: "\n"), as: .lines) {
            """
            private struct PostTitledContentAdapter_: Decouple.TitledContent {
                        PostTitledContentAdapter_(model: $0)
            """
        }
    }

    // MARK: Members the generated code cannot see

    @Test func memberOfAConstrainedExtension_isRefused() {
        let output = generate(["M.swift": """
            struct Box<T> { var value: T }
            extension Box where T == Int { var title: String { "" }; func subtitle() -> String { "" } }
            extension Box { var subtitle: String { "" } }
            // decouple: TitledContent
            extension Box {}
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:36: error: 'title' is declared in an extension constrained by `where T == Int`, so not every 'Box' has it, and it cannot implement 'TitledContent.title' for all of them; declare it in an extension without `where`, or map 'title' to another member [#ConstrainedExtensionMember]
            """
        }
    }

    /// Swift allows one conformance of a type to a protocol, even under different conditions.
    @Test func modelConformingUnderACondition_isRefused() {
        let output = generate(["M.swift": """
            import Decouple
            struct Box<T> { var title: String; var subtitle: String }
            extension Box: TitledContent where T == Int {}
            """], config: #"{ "adapters": [{ "model": "Box", "protocol": "TitledContent" }] }"#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:16: error: 'Box' already conforms to 'TitledContent' where T == Int, and a type conforms to a protocol once; remove the adapter, or make that conformance unconditional [#ExistingConditionalConformance]
            """
        }
    }

    /// Literals no value of the requirement's type can be: a string of other than one
    /// character for a `Character`, a scalar for a collection or for `URL`, a number too large
    /// for `Double` or `Float`. `-0` is zero, which an unsigned type holds. Each was written, and
    /// did not compile (or, for the numbers, became infinite).
    @Test func literalsNoValueOfTheTypeCanBe_areRefused_andMinusZeroIsUnsigned() {
        let output = generate(["M.swift": """
            import Foundation
            protocol Show {
                var letter: Character { get }
                var tags: [String] { get }
                var link: URL { get }
                var ratio: Double { get }
                var scale: Float { get }
                var count: UInt8 { get }
            }
            struct Item { var l: Character?; var t: [String]?; var u: URL?; var r: Double?; var s: Float?; var c: UInt8? }
            """], config: #"""
            {"adapters": [{"model": "Item", "protocol": "Show", "map": {
              "letter": {"from": "l", "default": "ab"}, "tags": {"from": "t", "default": "a"},
              "link": {"from": "u", "default": "https://x"}, "ratio": {"from": "r", "default": 1e400},
              "scale": {"from": "s", "default": 1e39}, "count": {"from": "c", "default": -0}}}]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:1:15: error: cannot adapt 'Item' to 'Show': 5 problems:
            decouple.json:2:38: error: the default "ab" for 'Show.letter' is a string of 2 characters, but a Character holds one [#InvalidDefault]
            decouple.json:2:78: error: the default "a" for 'Show.tags' is a string, but [String] is made by no such literal; write a value of that type (a static member or an initializer call) [#InvalidDefault]
            decouple.json:3:36: error: the default "https://x" for 'Show.link' is a string, but URL is made by no such literal; write a value of that type (a static member or an initializer call) [#InvalidDefault]
            decouple.json:3:84: error: the default 1e400 for 'Show.ratio' is too large for Double (it would be infinite) [#InvalidDefault]
            decouple.json:4:37: error: the default 1e39 for 'Show.scale' is too large for Float (it would be infinite) [#InvalidDefault]
            """
        }
    }

    /// A default that is no literal but says its type (a static member, a failable call) is
    /// refused where that type is certainly not the requirement's: `Int.max` for an `Int8`, an
    /// enum's case for a `String`, `Int("5")` (an `Int?`) for an `Int`, a call that may reach a
    /// sources' type's `init?` for that type. Each was written, and did not compile. (`Double.pi`,
    /// `Int8.max`, a class's static member for its type, a call of a plain initializer, and the
    /// rest, compile: the oracle fixture `defaults-of-known-types`.)
    @Test func defaultsOfACertainOtherType_areRefused() {
        let output = generate(["M.swift": """
            enum Kind { case none, some }
            struct Token { init?(raw: String) { nil }; init(number: Int) {} }
            protocol Show { var i8: Int8 { get }; var s: String { get }; var n: Int { get }; var t: Token { get } }
            // decouple: Show(i8: oi8 ?? Int.max, s: os ?? Kind.none, n: on ?? Int("5"), t: ot ?? Token(raw: "x"))
            struct A { var oi8: Int8?; var os: String?; var on: Int?; var ot: Token? }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:4:14: error: cannot adapt 'A' to 'Show': 4 problems:
            M.swift:4:30: error: the default Int.max for 'Show.i8' is Int, but the requirement is Int8 [#InvalidDefault]
            M.swift:4:48: error: the default Kind.none for 'Show.s' is Kind, but the requirement is String [#InvalidDefault]
            M.swift:4:68: error: the default Int("5") for 'Show.n' may be nil (it is Int?), but Int is not optional; unwrap it, or give a value that is not optional [#InvalidDefault]
            M.swift:4:87: error: the default Token(raw: "x") for 'Show.t' may be nil (it is Token?), but Token is not optional; unwrap it, or give a value that is not optional [#InvalidDefault]
            """
        }
    }

    /// A number literal passed to a standard number type's initializer is made a value of that
    /// type first: `Int8(300)` type-checks, then does not compile. Refused at the default; one
    /// that fits is written.
    @Test func aNumberPassedToANumberTypeThatCannotHoldIt_isRefused() {
        let output = generate(["M.swift": """
            protocol Show { var a: Int8 { get }; var b: UInt { get }; var c: Double { get }; var d: Float { get }; var e: Int16 { get } }
            // decouple: Show(a: oa ?? Int8(300), b: ob ?? UInt(-1), c: oc ?? Double(1e400), d: od ?? Swift.Float(-1e39), e: oe ?? Int16(-32768))
            struct A { var oa: Int8?; var ob: UInt?; var oc: Double?; var od: Float?; var oe: Int16? }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:14: error: cannot adapt 'A' to 'Show': 4 problems:
            M.swift:2:28: error: the default Int8(300) for 'Show.a' passes 300 to Int8(_:), which cannot hold it [#InvalidDefault]
            M.swift:2:48: error: the default UInt(-1) for 'Show.b' passes -1 to UInt(_:), which is unsigned [#InvalidDefault]
            M.swift:2:67: error: the default Double(1e400) for 'Show.c' passes 1e400 to Double(_:), which would make it infinite [#InvalidDefault]
            M.swift:2:91: error: the default Swift.Float(-1e39) for 'Show.d' passes -1e39 to Float(_:), which would make it infinite [#InvalidDefault]
            """
        }
        let fitting = generate(["M.swift": """
            protocol Show { var a: Int8 { get }; var b: UInt { get }; var c: Float { get }; var d: Character { get } }
            // decouple: Show(a: oa ?? Int8(-128), b: ob ?? UInt(0), c: oc ?? Float(3.5), d: od ?? Character("e\\u{301}"))
            struct A { var oa: Int8?; var ob: UInt?; var oc: Float?; var od: Character? }
            """])
        #expect(fitting.contains("self.oa ?? Int8(-128)"), "\(fitting)")
        // `Character.init(_:)` does not fail: it was refused as "may be nil".
        #expect(fitting.contains(#"self.od ?? Character("e\u{301}")"#), "\(fitting)")
    }

    @Test func defaultThatIsNotAConstant_isRefusedAtTheDefault() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: name, subtitle: bio ?? "\\(name)")
            struct A { var name: String; var bio: String? }
            // decouple: TitledContent(title: name, subtitle: bio ?? self.name)
            struct B { var name: String; var bio: String? }
            // decouple: TitledContent(title: name, subtitle: bio ?? { "-" }())
            struct C { var name: String; var bio: String? }
            // decouple: TitledContent(title: name, subtitle: bio ?? String(repeating: "-", count: 2))
            struct D { var name: String; var bio: String? }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            #"""
            M.swift:1:58: error: the default "\(name)" for 'TitledContent.subtitle' is not a constant: it interpolates a value, and generated code may not see what it names (a factory adapter does not see the model's members); write a literal (`"-"`, `0`, `nil`), a static member (`.empty`, `Kind.none`) or an initializer of such values [#InvalidDefault]
            M.swift:3:58: error: the default self.name for 'TitledContent.subtitle' is not a constant: it names 'self', and generated code may not see what it names (a factory adapter does not see the model's members); write a literal (`"-"`, `0`, `nil`), a static member (`.empty`, `Kind.none`) or an initializer of such values [#InvalidDefault]
            M.swift:5:58: error: the default { "-" }() for 'TitledContent.subtitle' is not a constant: it is a closure, and generated code may not see what it names (a factory adapter does not see the model's members); write a literal (`"-"`, `0`, `nil`), a static member (`.empty`, `Kind.none`) or an initializer of such values [#InvalidDefault]
            """#
        }
    }

    // MARK: Annotations

    /// In annotations as Swift writes them; in the configuration in backticks too, since a
    /// name with a space is more often a mistake.
    @Test func rawIdentifiers_areWrittenInBackticks_inEveryStyle() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: `full name`, subtitle: `full name`)
            struct `My Model`: Decodable { var `full name`: String }
            protocol `Short Content` { var `short name`: String { get } }
            struct `Other Model` { var `full name`: String }
            """], config: """
            { "style": "factory", "adapters": [
              { "model": "`Other Model`", "protocol": "Short Content", "style": "proxy", "map": { "short name": "`full name`" } } ] }
            """)
        assertInlineSnapshot(of: body(output), as: .lines) {
            #"""
            // MARK: - Other Model: Short Content

            extension `Other Model`: `Short Content` {
                internal var `short name`: Swift.String {
                    self.`full name`
                }
            }

            // MARK: - TitledContent factory

            private struct `My ModelTitledContentAdapter`: Decouple.TitledContent {
                let model: `My Model`
                var title: Swift.String {
                    self.model.`full name`
                }
                var subtitle: Swift.String {
                    self.model.`full name`
                }
            }

            extension Decouple.ContentFactory where Content == any Decouple.TitledContent {
                /// Registers the adapters `decouple` generated for `TitledContent`.
                internal func registerGeneratedAdapters() throws(Decouple.ContentFactoryError) {
                    try self.register(`My Model`.self) {
                        `My ModelTitledContentAdapter`(model: $0)
                    }
                }
            }

            // MARK: - ForwardingProxy: Short Content

            extension Decouple.MemberTable where Root == any `Short Content` {
                /// The members of `Short Content`, for look-up by name through a `ForwardingProxy`.
                internal static let `short Content` = Self(readers: [
                    "short name": { $0.`short name` },
                ])
            }

            extension Decouple.ForwardingProxy: @Swift.MainActor `Short Content` {
                @Swift.MainActor internal var `short name`: Swift.String {
                    self.forward(\(any `Short Content`).`short name`) ?? ""
                }
            }

            extension Decouple.ForwardingProxy {
                /// Typed look-up of `Short Content` members: `nil` when nothing is injected for it.
                @Swift.MainActor internal subscript<Value>(dynamicMember keyPath: Swift.KeyPath<any `Short Content`, Value>) -> Value? {
                    self.forward(keyPath)
                }

                /// Injects an object for `Short Content`, keeping it alive, with its member table.
                @Swift.MainActor internal func inject(_ object: any `Short Content`, as type: (any `Short Content`).Type) {
                    self.inject(object, as: type, members: Decouple.MemberTable<any `Short Content`>.`short Content`)
                }

                /// Injects an object for `Short Content` without keeping it alive, with its member table.
                @Swift.MainActor internal func inject(weak object: any `Short Content`, as type: (any `Short Content`).Type) throws(Decouple.ForwardingError) {
                    try self.inject(weak: object, as: type, members: Decouple.MemberTable<any `Short Content`>.`short Content`)
                }
            }
            """#
        }
    }

    @Test func requirementMappedTwiceInAnAnnotation_isRefused() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: a, title: b, subtitle: a)
            struct M { var a: String; var b: String }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:1:38: error: 'title' is mapped twice in this annotation (first at M.swift:1:35); map each requirement once [#RequirementMappedTwice]
            """
        }
    }
}
