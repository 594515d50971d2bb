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
