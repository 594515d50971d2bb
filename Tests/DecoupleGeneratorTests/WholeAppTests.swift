import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import Testing

/// The generator on sources shaped like a whole app: every `#if` branch, file-private and
/// per-target namesakes, real access levels, and the imports the generated file needs.
@Suite struct WholeAppTests {
    @Test func sameTypeInEveryBranch_isOneModel_generatedUnderEachCondition() {
        let output = generate(["Screen.swift": """
            #if os(iOS)
            // decouple: TitledContent(subtitle: detail)
            final class Screen { var title = "iOS"; var detail = "phone" }
            #elseif os(macOS) && !targetEnvironment(macCatalyst)
            // decouple: TitledContent(subtitle: detail)
            final class Screen { var title = "Mac"; var detail: String { "desk" } }
            #else
            // decouple: TitledContent(subtitle: detail)
            final class Screen { var title = "Other"; var detail = 1 }
            #endif
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Screen: TitledContent

            #if os(iOS)
            extension Screen: Decouple.TitledContent {
                internal var subtitle: Swift.String {
                    self.detail
                }
            }
            #endif

            // MARK: - Screen: TitledContent

            #if !os(iOS) && (os(macOS) && !targetEnvironment(macCatalyst))
            extension Screen: Decouple.TitledContent {
                internal var subtitle: Swift.String {
                    self.detail
                }
            }
            #endif

            // MARK: - Screen: TitledContent

            #if !os(iOS) && !(os(macOS) && !targetEnvironment(macCatalyst))
            extension Screen: Decouple.TitledContent {
                internal var subtitle: Swift.String {
                    Swift.String(describing: self.detail)
                }
            }
            #endif
            """
        }
    }

    @Test func memberUnderACondition_guardsWhatReadsIt() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(subtitle: badge)
            struct Row {
                var title: String
                #if canImport(UIKit)
                var badge: String
                #endif
            }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Row: TitledContent

            #if canImport(UIKit)
            extension Row: Decouple.TitledContent {
                internal var subtitle: Swift.String {
                    self.badge
                }
            }
            #endif
            """
        }
    }

    @Test func filePrivateNamesakes_andUnusedNamesakesInOtherTargets_areNoProblem() {
        let output = generate([
            "Sources/Feed/a.pb.swift": "fileprivate struct _GeneratedWithProtocGenSwiftVersion {}\nstruct Post { var title: String; var subtitle: String }",
            "Sources/Feed/b.pb.swift": "fileprivate struct _GeneratedWithProtocGenSwiftVersion {}",
            "Sources/Widget/Entry.swift": "struct Entry { var title: String }",
            "Sources/App/Entry.swift": "struct Entry { var title: String }",
        ], config: #"{"adapters": [{"model": "Post", "protocol": "TitledContent"}]}"#)
        #expect(output.contains("extension Post: Decouple.TitledContent {"), "\(output)")
    }

    /// An extension names its type by any end of its qualified name, as code inside the type's
    /// module may; a name that is no end of it (`API.Avatar` for `API.Account.Avatar`), or a type
    /// the sources do not declare, extends nothing here.
    @Test func extensionsOfNestedTypes_areMergedByAnyEndOfTheirName() {
        let catalog = Generator.catalog(of: [
            SourceFile(path: "API.swift", text: "enum API { struct Account { struct Avatar { var url = \"\" } } }"),
            SourceFile(path: "Size.swift", text: "extension Account.Avatar { var size: Int { 0 } }"),
            SourceFile(path: "Alt.swift", text: "extension Avatar { var alt: String { \"\" } }\nextension API.Account.Avatar { var scale: Double { 1 } }"),
            SourceFile(path: "Other.swift", text: "extension API.Avatar { var wrong: Int { 0 } }\nextension String { var shouted: String { uppercased() } }"),
        ])
        let avatar = catalog.types["API.Account.Avatar"]
        #expect(avatar?.members.map(\.name) == ["url", "size", "alt", "scale"])
        #expect(catalog.types.keys.sorted() == ["API", "API.Account", "API.Account.Avatar"])
    }

    @Test func namesakesAnAdapterNeeds_areListed_withHowToChoose() {
        let files = [
            "Sources/Widget/Entry.swift": "import Foundation\npublic struct Entry { public var title: String; public var subtitle: String }",
            "Sources/App/Entry.swift": "struct Entry { var title: String; var subtitle: String }",
        ]
        let ambiguous = generate(files, config: #"{"adapters": [{"model": "Entry", "protocol": "TitledContent"}]}"#)
        assertInlineSnapshot(of: ambiguous, as: .lines) {
            """
            decouple.json:1:25: error: model name 'Entry' is ambiguous: 'Entry' is declared at Sources/App/Entry.swift:1:8 (module App), Sources/Widget/Entry.swift:2:15 (module Widget); choose one with "module": "<target or folder>" in the adapter, or pass fewer paths [#AmbiguousModel]
            """
        }
        let chosen = generate(files, config: #"{"module": "App", "adapters": [{"model": "Entry", "protocol": "TitledContent", "module": "Widget"}]}"#)
        assertInlineSnapshot(of: chosen.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n"), as: .lines) {
            """
            import Decouple
            import Widget

            // MARK: - Entry: TitledContent

            extension Widget.Entry: Decouple.TitledContent {
            }

            """
        }
        let missing = generate(files, config: #"{"adapters": [{"model": "Entry", "protocol": "TitledContent", "module": "Mac"}]}"#)
        #expect(missing.contains("decouple.json:1:73: error: no 'Entry' is declared in module or folder 'Mac'"), "\(missing)")
    }

    @Test func accessFollowsSwiftsRules() {
        let output = generate([
            "Entity.swift": "public enum Mastodon { public enum Entity {} }",
            "Account.swift": """
                extension Mastodon.Entity {
                    // decouple: TitledContent(title: username, subtitle: note)
                    public final class Account { public var username = ""; public var note = "" }
                }
                public extension Mastodon {
                    // decouple: TitledContent(title: name, subtitle: name)
                    struct Server { var name = "" }
                }
                enum Internal {}
                extension Internal {
                    // decouple: TitledContent(title: name, subtitle: name)
                    public struct Capped { public var name = "" }
                }
                """,
        ])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Internal.Capped: TitledContent

            extension Internal.Capped: Decouple.TitledContent {
                internal var title: Swift.String {
                    self.name
                }
                internal var subtitle: Swift.String {
                    self.name
                }
            }

            // MARK: - Mastodon.Entity.Account: TitledContent

            extension Mastodon.Entity.Account: Decouple.TitledContent {
                public var title: Swift.String {
                    self.username
                }
                public var subtitle: Swift.String {
                    self.note
                }
            }

            // MARK: - Mastodon.Server: TitledContent

            extension Mastodon.Server: Decouple.TitledContent {
                public var title: Swift.String {
                    self.name
                }
                public var subtitle: Swift.String {
                    self.name
                }
            }
            """
        }
        let report = InspectionReport.text(Generator.catalog(of: [SourceFile(path: "A.swift", text: """
            open class Base {}
            public final class Leaf: Base {}
            private struct Hidden { struct Inner {} }
            """)]))
        #expect(report.contains("open class Base"))
        #expect(report.contains("public final class Leaf: Base"))
        #expect(report.contains("private struct Hidden.Inner"))
    }

    @Test func importsOfTheModelsAndProtocolsFiles_areRepeated() {
        let output = generate([
            "P.swift": "#if canImport(UIKit)\nimport UIKit\n#endif\nimport Foundation\nprotocol Dated { var date: Date { get } }",
            "M.swift": "@testable import Core\nimport struct Foundation.Date\nimport Decouple\n// decouple: Dated(date: created)\nstruct Note { var created = Date() }",
        ])
        assertInlineSnapshot(of: output.components(separatedBy: "// MARK:")[0].trimmingCharacters(in: .newlines), as: .lines) {
            """
            // Generated by decouple. Do not edit.
            // Change the models, their `// decouple:` annotations or decouple.json, then run `decouple generate` again.

            import Foundation
            #if canImport(UIKit)
            import UIKit
            #endif
            """
        }
    }

    @Test func modelsAndProtocolsOfOtherModules_areImported_whenTheOutputsModuleIsNamed() {
        let files = [
            "Sources/Core/Displays.swift": "public protocol BadgeDisplay { var badge: String { get } }",
            "Sources/Proto/user.pb.swift": "public struct App_User { public var handle = String() }",
            "Sources/Adapters/Local.swift": "struct Local { var badge: String }",
        ]
        let adapters = #""adapters": [{"model": "App_User", "protocol": "BadgeDisplay", "map": {"badge": "handle"}}, {"model": "Local", "protocol": "BadgeDisplay"}]"#
        assertInlineSnapshot(of: generate(files, config: #"{"module": "Adapters", "# + adapters + "}").components(separatedBy: "// MARK:")[0].trimmingCharacters(in: .newlines), as: .lines) {
            """
            // Generated by decouple. Do not edit.
            // Change the models, their `// decouple:` annotations or decouple.json, then run `decouple generate` again.

            import Core
            import Proto
            """
        }
        // Without the output's module, the tool cannot tell which of them it is compiled in.
        let unnamed = generate(files, config: "{" + adapters + "}")
        #expect(unnamed.contains("extension App_User: BadgeDisplay {"), "\(unnamed)")
        #expect(!unnamed.contains("import Proto") && !unnamed.contains("import Core"), "\(unnamed)")
    }

    @Test func targetFoldersThatAreNotIdentifiers_areImportedAsSwiftPMNamesTheirModules() {
        let output = generate([
            "Sources/my-lib/M.swift": #"public struct Tag { public var title = ""; public var subtitle = "" }"#,
            "Sources/2d/N.swift": #"public struct Shape { public var title = ""; public var subtitle = "" }"#,
        ], config: #"{"module": "Adapters", "adapters": [{"model": "Tag", "protocol": "TitledContent"}, {"model": "Shape", "protocol": "TitledContent", "module": "2d"}]}"#)
        #expect(output.contains("\nimport my_lib\n") && output.contains("\nimport _2d\n"), "\(output)")
        #expect(output.contains("extension _2d.Shape: Decouple.TitledContent {"), "\(output)")
    }

    @Test func namesakesOfTwoModules_bothAdapted_oneAnnotated_areTwoModels() {
        let output = generate([
            "Sources/Core/P.swift": #"public struct Profile { public var title = ""; public var subtitle = "" }"#,
            "Sources/Widget/P.swift": "// decouple: TitledContent(title: name, subtitle: name)\npublic struct Profile { public var name = \"\" }",
        ], config: #"{"module": "Adapters", "adapters": [{"model": "Profile", "module": "Core", "protocol": "TitledContent"}]}"#)
        assertInlineSnapshot(of: output.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n"), as: .lines) {
            """
            import Decouple
            import Core
            import Widget

            // MARK: - Profile: TitledContent

            extension Core.Profile: Decouple.TitledContent {
            }

            // MARK: - Profile: TitledContent

            extension Widget.Profile: Decouple.TitledContent {
                public var title: Swift.String {
                    self.name
                }
                public var subtitle: Swift.String {
                    self.name
                }
            }

            """
        }
    }

    @Test func compiledInAnotherModule_whatItCannotSeeIsAnError() {
        let files = [
            "Sources/Core/M.swift": """
                public struct Tag {
                    var name: String
                    public var uses = 0
                }
                protocol Hidden { var badge: String { get } }
                public struct Note { public var badge = "" }
                struct Draft { var badge = "" }
                package struct Shared { package var badge = "" }
                """,
        ]
        let adapters = #""adapters": [{"model": "Tag", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "uses"}}, "#
            + #"{"model": "Note", "protocol": "Hidden"}, {"model": "Draft", "protocol": "Hidden"}, {"model": "Shared", "protocol": "TitledContent", "map": {"title": "badge", "subtitle": "badge"}}]"#
        assertInlineSnapshot(of: generate(files, config: #"{"module": "Adapters", "# + adapters + "}"), as: .lines) {
            """
            decouple.json:1:91: error: 'Tag.name' is internal in module 'Core', and the generated file is compiled in module 'Adapters' (the configuration's "module"), which cannot see it; make it package or public, or generate into 'Core' [#NotVisibleFromOutputModule]
            decouple.json:1:130: error: protocol 'Hidden' is internal in module 'Core', and the generated file is compiled in module 'Adapters' (the configuration's "module"), which cannot see it; make it package or public, or generate into 'Core' [#NotVisibleFromOutputModule]
            decouple.json:1:171: error: cannot adapt 'Draft' to 'Hidden': 3 problems:
            decouple.json:1:171: error: 'Draft' is internal in module 'Core', and the generated file is compiled in module 'Adapters' (the configuration's "module"), which cannot see it; make it package or public, or generate into 'Core' [#NotVisibleFromOutputModule]
            decouple.json:1:171: error: 'Draft.badge' is internal in module 'Core', and the generated file is compiled in module 'Adapters' (the configuration's "module"), which cannot see it; make it package or public, or generate into 'Core' [#NotVisibleFromOutputModule]
            decouple.json:1:171: error: protocol 'Hidden' is internal in module 'Core', and the generated file is compiled in module 'Adapters' (the configuration's "module"), which cannot see it; make it package or public, or generate into 'Core' [#NotVisibleFromOutputModule]
            """
        }
        // Compiled in the models' own module, all of it is visible.
        let inCore = generate(files, config: #"{"module": "Core", "# + adapters + "}")
        #expect(inCore.contains("extension Tag: Decouple.TitledContent {") && inCore.contains("extension Draft: Hidden {"), "\(inCore)")
    }
}

/// Types read from initial values, without a type checker, and what cannot be read, with why.
@Suite struct TypeInferenceTests {
    @Test func inferredTypes_andWhyTheRestCannotBe() {
        let report = InspectionReport.text(Generator.catalog(of: [SourceFile(path: "M.swift", text: #"""
            enum Kind: String { case video, photo }
            final class Cache { static let shared = Cache(); static var fallback = Kind.photo }
            struct Model {
                var count = 0, negative = -1, ratio = -2.5, name = "a\(1)b", flag = true
                var id = 0 as Int64, maybe = thing as? URL
                var tags = [String](), table = [String: [Int]](), set = Set<Int>()
                var list = [1, 2], mixed = [1, 2.5], map = ["a": true]
                var date = Date(), url = URL(string: "https://example.com")!, nested = Cache.Entry.init(key: 1)
                var kind = Kind.video, cache = Cache.shared, fallback = Cache.fallback
                var optionalURL = URL(string: "x"), empty = [], call = make(), member = .video, unknown = Kind.audio, outside = Other.value
            }
            """#)]))
        // The types only; the built-in protocols follow them.
        assertInlineSnapshot(of: report.components(separatedBy: "public protocol")[0].trimmingCharacters(in: .newlines), as: .lines) {
            """
            internal final class Cache  (M.swift:2:13)
                static let shared: Cache
                static var fallback: Kind
            internal enum Kind: String  (M.swift:1:6)
                static let video: Kind
                static let photo: Kind
                let rawValue: String
            internal struct Model  (M.swift:3:8)
                var count: Int
                var negative: Int
                var ratio: Double
                var name: String
                var flag: Bool
                var id: Int64
                var maybe: URL?
                var tags: [String]
                var table: [String: [Int]]
                var set: Set<Int>
                var list: [Int]
                var mixed: [Double]
                var map: [String: Bool]
                var date: Date
                var url: URL
                var nested: Cache.Entry
                var kind: Kind
                var cache: Cache
                var fallback: Kind
                var optionalURL: <unknown> (`URL(string:)` may fail, so its value is optional; write the type (`URL?`) or unwrap it)
                var empty: <unknown> (an empty array literal has no element type of its own)
                var call: <unknown> (`make()` calls a function whose result type the source does not show)
                var member: <unknown> (`.video` names a member of a type the source does not write)
                var unknown: <unknown> ('Kind' has no static member or case 'audio')
                var outside: <unknown> (`Other.value` is a member of 'Other', which the sources do not declare)
            """
        }
    }

    @Test func anInferredType_feedsARequirement_andAFailureSaysWhy() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: name, subtitle: count)
            struct A { var name = "x"; var count = 0 as Int64 }
            // decouple: TitledContent(title: name, subtitle: link)
            struct B { var name = "x"; var link = URL(string: "x") }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:4:32: error: the type of 'link', which 'TitledContent.subtitle' reads, cannot be read from the source (`URL(string:)` may fail, so its value is optional; write the type (`URL?`) or unwrap it); write it out (`var link: Type = …`) [#UnknownMemberType]
            """
        }
    }
}

/// Members Swift writes itself, constrained conformances, static members and methods.
@Suite struct SynthesizedMemberTests {
    @Test func rawValueIdAndStaticMembers_canBeMapped() {
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: rawValue, subtitle: label)
            enum Source: Int { case web = 1; static let label = "Source" }
            // decouple: TitledContent(title: name, subtitle: id)
            final class Person: Identifiable { var name = "" }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Person: TitledContent

            extension Person: Decouple.TitledContent {
                internal var title: Swift.String {
                    self.name
                }
                internal var subtitle: Swift.String {
                    Swift.String(describing: self.id)
                }
            }

            // MARK: - Source: TitledContent

            extension Source: Decouple.TitledContent {
                internal var title: Swift.String {
                    Swift.String(describing: self.rawValue)
                }
                internal var subtitle: Swift.String {
                    Self.label
                }
            }
            """
        }
    }

    @Test func constrainedConformance_isShownWithItsCondition_andNotUsed() {
        let sources = [SourceFile(path: "M.swift", text: """
            import Decouple
            struct Box<T> { var title: String; var subtitle: String }
            extension Box: TitledContent where T: Equatable {}
            """)]
        #expect(InspectionReport.text(Generator.catalog(of: sources)).contains("    conforms to TitledContent where T: Equatable"))
        // Not taken as declared, and not silently skipped: a second, unconditional conformance
        // would not compile, so the adapter is refused, naming the condition.
        let configuration = Configuration(adapters: [AdapterRequest(model: "Box", protocolName: "TitledContent")])
        #expect(throws: GenerationFailure.self) { try Generator.generate(sources: sources, configuration: configuration).get() }
        let output = generate(["M.swift": sources[0].text], config: #"{"adapters": [{"model": "Box", "protocol": "TitledContent"}]}"#)
        #expect(output.contains("error: 'Box' already conforms to 'TitledContent' where T: Equatable"), "\(output)")
    }
}

/// Method requirements: read from a property or a method without parameters, or forwarded to a
/// model method of the same labels and types; `async`, `throws` and generics must match.
@Suite struct MethodMappingTests {
    private let protocols = """
        protocol Display {
            func title() -> String
            func detail() -> String
            func price(in currency: String) -> String
            func load() async throws -> Int
        }
        """

    @Test func noParameterMethods_fromPropertiesOrMethods_andForwarding() {
        let output = generate(["P.swift": protocols, "M.swift": """
            // decouple: Display(title: name, detail: summary, price: cost)
            struct Item {
                var name = "Item"
                func summary() -> String { "" }
                func cost(in currency: String) -> String { currency }
                func load() async throws -> Int { 1 }
            }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Item: Display

            extension Item: Display {
                internal func title() -> Swift.String {
                    self.name
                }
                internal func detail() -> Swift.String {
                    self.summary()
                }
                internal func price(in p0: Swift.String) -> Swift.String {
                    self.cost(in: p0)
                }
            }
            """
        }
    }

    @Test func aPropertyOfTheRequirementsName_cannotStandBesideTheMethod() {
        let output = generate(["P.swift": "protocol Named { func title() -> String }", "M.swift": "// decouple: Named\nstruct Item { var title = \"\" }"])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            M.swift:2:19: error: 'Item' has a property 'title', so a conformance cannot also declare method 'title() -> String'; use the factory style or rename the property [#MemberNameTaken]
            """
        }
    }

    /// A forwarded generic method keeps its parameters and its `where` clause, also when the
    /// clause is all there is, or holds `->` and nested angle brackets.
    @Test func forwardedGenericMethods_keepTheirWhereClauses() {
        let output = generate(["P.swift": """
            protocol Finder {
                func first<T: Decodable>(as type: T.Type) -> T? where T: Sendable
                func apply<F>(_ transform: F) -> Int where F == (Int) -> Array<Int>
                func total() -> Int where Self: Sendable
            }
            """, "M.swift": """
            // decouple: Finder(first: lookUp, apply: run, total: sum)
            struct Store {
                func lookUp<T: Decodable>(as type: T.Type) -> T? where T: Sendable { nil }
                func run<F>(_ transform: F) -> Int where F == (Int) -> Array<Int> { 0 }
                func sum() -> Int where Self: Sendable { 0 }
            }
            """])
        assertInlineSnapshot(of: body(output), as: .lines) {
            """
            // MARK: - Store: Finder

            extension Store: Finder {
                internal func first<T: Decodable>(as p0: T.Type) -> T? where T: Sendable {
                    self.lookUp(as: p0)
                }
                internal func apply<F>(_ p0: F) -> Swift.Int where F == (Int) -> Array<Int> {
                    self.run(p0)
                }
                internal func total() -> Swift.Int where Self: Sendable {
                    self.sum()
                }
            }
            """
        }
    }

    /// A method with fewer effects than its requirement implements it, as Swift allows: a
    /// synchronous `load() throws` for `load() async throws`.
    @Test func fewerEffects_implementTheRequirement() {
        let output = generate(["P.swift": protocols, "M.swift": """
            // decouple: Display
            struct Item {
                func title() -> String { "" }
                func detail() -> String { "" }
                func price(in currency: String) -> String { currency }
                func load() throws -> Int { 1 }
            }
            """])
        assertInlineSnapshot(of: output, as: .lines) {
            """
            // Generated by decouple. Do not edit.
            // Change the models, their `// decouple:` annotations or decouple.json, then run `decouple generate` again.

            // MARK: - Item: Display

            extension Item: Display {
            }

            """
        }
    }
}

/// Defaults are checked against the requirement's type where they are written; a tag names one
/// model; keywords are escaped; deep nesting is read; names compare as the compiler compares them.
@Suite struct InputEdgeTests {
    @Test func wrongDefaults_areReportedAtTheDefault() {
        let model = "struct M { var title: String; var bio: String?; var count: Int? }"
        let output = generate(["M.swift": model], config: #"""
            {"adapters": [
              {"model": "M", "protocol": "TitledContent", "map": {"subtitle": {"from": "bio", "default": 5}}},
              {"model": "M", "protocol": "P1", "map": {"n": {"from": "count", "default": null}}},
              {"model": "M", "protocol": "P2", "map": {"n": {"from": "count", "default": 123456789012345678901234567890}}},
              {"model": "M", "protocol": "P3", "map": {"n": {"from": "count", "default": "zero"}}}
            ]}
            """#)
        let protocols = "protocol P1 { var n: Int { get } }\nprotocol P2 { var n: Int { get } }\nprotocol P3 { var n: Int { get } }"
        let withProtocols = generate(["M.swift": model, "P.swift": protocols], config: #"""
            {"adapters": [
              {"model": "M", "protocol": "TitledContent", "map": {"subtitle": {"from": "bio", "default": 5}}},
              {"model": "M", "protocol": "P1", "map": {"n": {"from": "count", "default": null}}},
              {"model": "M", "protocol": "P2", "map": {"n": {"from": "count", "default": 123456789012345678901234567890}}},
              {"model": "M", "protocol": "P3", "map": {"n": {"from": "count", "default": "zero"}}}
            ]}
            """#)
        #expect(output.contains("unknown protocol 'P1'"))
        assertInlineSnapshot(of: withProtocols, as: .lines) {
            """
            decouple.json:2:94: error: the default 5 for 'TitledContent.subtitle' is an integer, but the requirement is String [#InvalidDefault]
            decouple.json:3:78: error: the default nil for 'P1.n' is nil, but Int is not optional [#InvalidDefault]
            decouple.json:4:78: error: the default 123456789012345678901234567890 for 'P2.n' does not fit in Int [#InvalidDefault]
            decouple.json:5:78: error: the default "zero" for 'P3.n' is a string, but the requirement is Int [#InvalidDefault]
            """
        }
        let annotated = generate(["M.swift": "// decouple: TitledContent(subtitle: bio ?? 5)\n" + model])
        assertInlineSnapshot(of: annotated, as: .lines) {
            """
            M.swift:1:45: error: the default 5 for 'TitledContent.subtitle' is an integer, but the requirement is String [#InvalidDefault]
            """
        }
    }

    @Test func duplicateFactoryTags_areReportedAtTheSecond() {
        let output = generate(["M.swift": """
            struct A: Codable { var title: String; var subtitle: String }
            struct B: Codable { var title: String; var subtitle: String }
            """], config: #"""
            {"style": "factory", "adapters": [
              {"model": "A", "protocol": "TitledContent", "tag": "item"},
              {"model": "B", "protocol": "TitledContent", "tag": "item"}
            ]}
            """#)
        assertInlineSnapshot(of: output, as: .lines) {
            """
            decouple.json:3:54: error: tag "item" is already registered for 'TitledContent' at decouple.json:2:54; each model needs a tag of its own [#DuplicateTag]
            """
        }
    }

    @Test func factoryAdapterNames_doNotCollide() {
        let output = generate(["M.swift": """
            enum A { struct BC: Codable { var title: String; var subtitle: String } }
            enum AB { struct C: Codable { var title: String; var subtitle: String } }
            """], config: #"""
            {"style": "factory", "adapters": [
              {"model": "A.BC", "protocol": "TitledContent"}, {"model": "AB.C", "protocol": "TitledContent"}
            ]}
            """#)
        #expect(output.contains("private struct Adapter_1A_2BC_0_13TitledContent"), "\(output)")
        #expect(output.contains("private struct Adapter_2AB_1C_0_13TitledContent"), "\(output)")
    }

    @Test func keywordNames_areEscapedInEveryStyle() {
        let source = """
            enum Outer {
                // decouple: TitledContent(title: `init`, subtitle: `self`)
                struct `Type` { var `init`: String; var `self`: String }
            }
            struct `class`: Codable { var `default`: String; var title: String }
            protocol `Protocol` { var `default`: String { get } }
            """
        let output = generate(["M.swift": source], config: #"""
            {"adapters": [
              {"model": "class", "protocol": "TitledContent", "style": "factory", "map": {"subtitle": "default"}},
              {"model": "class", "protocol": "Protocol", "style": "proxy"}
            ]}
            """#)
        #expect(output.contains("extension Outer.`Type`: Decouple.TitledContent {"), "\(output)")
        #expect(output.contains("self.`init`"), "\(output)")
        #expect(output.contains("self.model.`default`"), "\(output)")
        #expect(output.contains("extension `class`: `Protocol` {") || output.contains("extension `class`: `Protocol`"), "\(output)")
        #expect(output.contains("var `default`: Swift.String"), "\(output)")
    }

    @Test func deepNesting_thatTheCompilerAccepts_isRead() {
        var nested = ""
        for index in 0..<100 { nested += "enum N\(index) {\n" }
        nested += "// decouple: TitledContent\nstruct Leaf { var title: String; var subtitle: String }\n"
        nested += String(repeating: "}\n", count: 100)
        var conditional = ""
        for index in 0..<50 { conditional += "#if FLAG\(index)\n" }
        conditional += "// decouple: TitledContent\nstruct Deep { var title: String; var subtitle: String }\n"
        conditional += String(repeating: "#endif\n", count: 50)
        let output = generate(["N.swift": nested, "C.swift": conditional])
        #expect(output.contains("extension N0.N1."), "\(output.prefix(500))")
        #expect(output.contains("#if FLAG0 && FLAG1 && FLAG2"), "\(output.prefix(500))")
    }

    @Test func namesCompareAsTheCompilerDoes_notByCanonicalEquivalence() {
        // `café` with a precomposed é, and `cafe` with a combining accent: two members to Swift.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let output = generate(["M.swift": """
            // decouple: TitledContent(title: \(decomposed), subtitle: \(composed))
            struct Menu { var \(composed): String; var \(decomposed): Int }
            """])
        // `String.contains` and `==` treat the two spellings as equal, so compare scalars.
        let lines = output.components(separatedBy: "\n").map { Array($0.unicodeScalars) }
        #expect(lines.contains(Array("        Swift.String(describing: self.\(decomposed))".unicodeScalars)), "\(output)")
        #expect(lines.contains(Array("        self.\(composed)".unicodeScalars)), "\(output)")
    }

    /// Witnesses too: two protocols whose requirements differ only in scalars need two members,
    /// which the model can declare, so they are no clash of one member.
    @Test func witnessesWhoseNamesDifferInScalars_areTwoMembers() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let output = generate(["M.swift": """
            protocol A { var \(composed): String { get } }
            protocol B { var \(decomposed): String { get } }
            // decouple: A(\(composed): x)
            // decouple: B(\(decomposed): y)
            struct M { var x: String; var y: String }
            """])
        #expect(!output.contains("error"), "\(output)")
        let lines = output.components(separatedBy: "\n").map { Array($0.unicodeScalars) }
        #expect(lines.contains(Array("    internal var \(composed): Swift.String {".unicodeScalars)), "\(output)")
        #expect(lines.contains(Array("    internal var \(decomposed): Swift.String {".unicodeScalars)), "\(output)")
    }

    /// Type and protocol names too: a configuration that spells a model or protocol with other
    /// scalars names nothing the compiler would find.
    @Test func typeNamesCompareAsTheCompilerDoes() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        let sources = [
            "M.swift": "struct \(composed) { var title = \"\"; var subtitle = \"\" }\nprotocol \(composed)Content { var title: String { get } }\nstruct Menu { var title = \"\" }",
        ]
        let wrongModel = generate(sources, config: #"{ "adapters": [{ "model": "\#(decomposed)", "protocol": "TitledContent" }] }"#)
        #expect(wrongModel.hasPrefix("decouple.json:1:27: error: unknown model"), "\(wrongModel)")
        let wrongProtocol = generate(sources, config: #"{ "adapters": [{ "model": "Menu", "protocol": "\#(decomposed)Content" }] }"#)
        #expect(wrongProtocol.contains("error: unknown protocol"), "\(wrongProtocol)")
        let right = generate(sources, config: #"{ "adapters": [{ "model": "\#(composed)", "protocol": "TitledContent" }, { "model": "Menu", "protocol": "\#(composed)Content" }] }"#)
        #expect(right.contains("extension Menu: \(composed)Content"), "\(right)")
    }
}
