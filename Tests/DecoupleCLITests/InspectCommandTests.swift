import DecoupleTestSupport
import Foundation
import Testing

@Suite struct InspectCommandTests {
    private let files = [
        "Models.swift": """
            enum API {
                public struct User: Codable {
                    var first, last: String
                    @Clamped var age: Int
                    func greet(name: String) -> String { "hi" }
                }
            }
            protocol Badge { var badge: String? { get } }
            """,
        "Models+More.swift": "extension API.User { var full: String { first } }",
    ]

    @Test func text() throws {
        let workspace = try Workspace(files)
        let run = try workspace.run("inspect")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.stdout, as: .lines) {
            """
            internal enum API  (Models.swift:1:6)
            internal struct API.User: Codable  (Models.swift:2:19)
                var first: String
                var last: String
                var age: Int
                func greet(name:) -> String
                var full: String
            internal protocol Badge  (Models.swift:8:10)
                var badge: String?
            public protocol NamedImageContent  (built into Decouple)
                var name: String
                var image: ImageName
            public protocol TitledContent  (built into Decouple)
                var title: String
                var subtitle: String

            """
        }
    }

    @Test func json() throws {
        let workspace = try Workspace(files)
        let run = try workspace.run("inspect", "--format", "json")
        #expect(run.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let types = report?["types"] as? [[String: Any]]
        #expect(types?.map { $0["qualifiedName"] as? String } == ["API", "API.User"])
        let members = types?[1]["members"] as? [[String: Any]]
        #expect(members?.map { $0["name"] as? String } == ["first", "last", "age", "greet", "full"])
        #expect(members?.map { $0["type"] as? String } == ["String", "String", "Int", "String", "String"])
        let protocols = (report?["protocols"] as? [[String: Any]])?.map { $0["name"] as? String }
        #expect(protocols == ["Badge", "NamedImageContent", "TitledContent"])
    }

    /// The JSON says what the text says: why a type is unknown, a method's parameters and
    /// effects, the `#if` a member is under; and a type written over several lines is one line.
    @Test func json_carriesReasons_parameters_andConditions() throws {
        let workspace = try Workspace(["Shop.swift": """
            struct Shop {
                var opened = makeDate()
                var stock: [String:
                    Int] = [:]
                func price(in currency: String, rounded: Bool) async throws -> Double { 1 }
            #if os(iOS)
                var badge: String { "b" }
            #endif
            }
            """])
        let run = try workspace.run("inspect", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let members = ((report?["types"] as? [[String: Any]])?.first?["members"] as? [[String: Any]]) ?? []
        let byName = Dictionary(uniqueKeysWithValues: members.compactMap { member in (member["name"] as? String).map { ($0, member) } })
        #expect(byName["opened"]?["type"] == nil)
        #expect((byName["opened"]?["unknownReason"] as? String)?.contains("makeDate") == true, "\(byName["opened"] ?? [:])")
        #expect(byName["stock"]?["type"] as? String == "[String: Int]")
        let parameters = byName["price"]?["parameters"] as? [[String: String]]
        #expect(parameters == [["label": "in", "type": "String"], ["label": "rounded", "type": "Bool"]])
        #expect(byName["price"]?["effects"] as? [String] == ["async", "throws"])
        #expect(byName["price"]?["type"] as? String == "Double")
        #expect(byName["badge"]?["conditions"] as? [String] == ["os(iOS)"])
        let text = try workspace.run("inspect")
        #expect(text.stdout.contains("var stock: [String: Int]"), "\(text.stdout)")
        #expect(text.stdout.contains("var opened: <unknown> ("), "\(text.stdout)")
    }

    /// Each member says its file (an extension's or a superclass's may be another), and
    /// isolation and `@dynamicMemberLookup` are shown in both outputs.
    @Test func membersSayTheirFile_andIsolationIsShown() throws {
        let workspace = try Workspace([
            "Store.swift": """
                @MainActor final class Store { var name = "s"; nonisolated let id = 1 }
                @dynamicMemberLookup struct Wrapper { subscript(dynamicMember key: String) -> Int { 0 } }
                @globalActor actor DBActor { static let shared = DBActor() }
                final class Cache { @DBActor var hits = 0 }
                """,
            "Store+More.swift": "extension Store { var label: String { name } }",
        ])
        let run = try workspace.run("inspect", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let types = Dictionary(uniqueKeysWithValues: ((report?["types"] as? [[String: Any]]) ?? []).compactMap { type in
            (type["qualifiedName"] as? String).map { ($0, type) }
        })
        let members = (types["Store"]?["members"] as? [[String: Any]]) ?? []
        #expect(members.map { $0["file"] as? String } == ["Store.swift", "Store.swift", "Store+More.swift"], "\(members)")
        #expect(types["Store"]?["attributes"] as? [String] == ["@MainActor"])
        #expect(members.map { $0["isolation"] as? [String] } == [nil, ["nonisolated"], nil], "\(members)")
        #expect(types["Wrapper"]?["attributes"] as? [String] == ["@dynamicMemberLookup"])
        let hits = ((types["Cache"]?["members"] as? [[String: Any]]) ?? []).first
        #expect(hits?["isolation"] as? [String] == ["@DBActor"], "\(hits ?? [:])")
        let text = try workspace.run("inspect").stdout
        #expect(text.contains("@MainActor internal final class Store  (Store.swift:1:24)"), "\(text)")
        #expect(text.contains("    nonisolated let id: Int"), "\(text)")
        #expect(text.contains("@dynamicMemberLookup internal struct Wrapper"), "\(text)")
        #expect(text.contains("    @DBActor var hits: Int"), "\(text)")
    }

    @Test func syntaxError_inAnAnnotatedFileExitsTwo_elsewhereWarns() throws {
        let annotated = try Workspace(["Bad.swift": "// decouple: TitledContent(title: name)\nstruct {"])
        let run = try annotated.run("inspect")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Bad.swift:2:"))

        let plain = try Workspace(["Bad.swift": "struct {", "Good.swift": "struct Good { var name: String }"])
        let skipped = try plain.run("inspect")
        #expect(skipped.status == 0)
        #expect(skipped.stderr.hasPrefix("Bad.swift:1:"))
        #expect(skipped.stderr.contains(": warning: "))
        #expect(skipped.stdout.contains("Good"))
    }

    @Test func help_listsTheSubcommandsAndExitStatus() throws {
        let run = try runTool(["--help"], in: packageRoot)
        #expect(run.status == 0)
        #expect(run.stdout.contains("generate"))
        #expect(run.stdout.contains("inspect"))
        #expect(run.stdout.contains("Exit status: 0 on success; 1 when `generate --check`"))
    }
}
