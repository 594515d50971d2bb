import DecoupleTestSupport
import Foundation
import Testing

/// A whole app holds files the tool cannot parse: templates that only end in `.swift`, files
/// mid-edit. Such a file stops the run only when an adapter needs it.
@Suite struct BrokenFileTests {
    /// A Sourcery-style template: not Swift, though it ends in `.swift`.
    private let template = """
        // sourcery:inline:auto:Equality
        {% for type in types.implementing.AutoEquatable %}
        extension {{ type.name }}: Equatable {}
        {% endfor %}
        """

    @Test func aTemplateNoAdapterNeeds_isSkippedWithAWarning_andTheRestIsGenerated() throws {
        let workspace = try Workspace([
            "Models/A.swift": SampleInput.models, "decouple.json": SampleInput.config,
            "Models/Generated/AutoEquatable.swift": template,
        ])
        let run = try workspace.run("generate", "Models", "--output", "Out.swift")
        #expect(run.status == 0)
        assertInlineSnapshot(of: run.stderr, as: .lines) {
            """
            Models/Generated/AutoEquatable.swift:2:2: warning: syntax error: unexpected code '%' in closure; the file is skipped, since no adapter needs what it declares (exclude it with --exclude to silence this) [#SkippedUnparsableFile]
            wrote Out.swift from 2 source files

            """
        }
        #expect(try workspace.read("Out.swift").contains("extension CCAModel: Decouple.TitledContent"))

        let inspect = try workspace.run("inspect", "Models")
        #expect(inspect.status == 0)
        #expect(inspect.stderr.hasPrefix("Models/Generated/AutoEquatable.swift:2:2: warning: syntax error:"))
        #expect(inspect.stdout.contains("CCAModel"))
    }

    @Test func aBrokenFileThatDeclaresAConfiguredModel_staysAnError() throws {
        let workspace = try Workspace([
            "Models/A.swift": "final class CCAModel {\n    var name: String =\n}\n", "decouple.json": SampleInput.config,
        ])
        let run = try workspace.run("generate", "Models", "--output", "Out.swift")
        #expect(run.status == 2)
        #expect(run.stderr.contains("Models/A.swift:2:23: error: syntax error"))
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("Out.swift").path))
    }

    @Test func aBrokenFileWithAnAnnotation_staysAnError() throws {
        let workspace = try Workspace([
            "Models/A.swift": SampleInput.models, "decouple.json": SampleInput.config,
            "Models/B.swift": "// decouple: TitledContent(title: name)\nstruct Other {\n    var name: String =\n}\n",
        ])
        let run = try workspace.run("generate", "Models", "--output", "Out.swift")
        #expect(run.status == 2)
        #expect(run.stderr.contains("Models/B.swift:3:23: error: syntax error"))
    }
}
