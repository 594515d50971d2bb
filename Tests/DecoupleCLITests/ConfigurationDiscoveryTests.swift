import Foundation
import Testing

/// Issue 16, "Configuration and the build": where the configuration is found, and what is not read.
@Suite struct ConfigurationDiscoveryTests {
    private static let models = SampleInput.models
    private static let config = SampleInput.config

    @Test func configurationBesideTheSources_isUsed_andNamed() throws {
        let workspace = try Workspace(["Sources/App/Models/A.swift": Self.models, "Sources/App/decouple.json": Self.config])
        let run = try workspace.run("generate", "Sources/App/Models")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "decouple: note: using the configuration Sources/App/decouple.json\n")
        #expect(run.stdout.contains("Swift.String(describing: self.age)"))
        // A named file's folder counts too.
        let file = try workspace.run("generate", "Sources/App/Models/A.swift")
        #expect(file.stdout.contains("Swift.String(describing: self.age)"))
    }

    @Test func configurationAboveTheCurrentFolder_isNotUsed() throws {
        let workspace = try Workspace(["Work/Models/A.swift": Self.models, "decouple.json": Self.config])
        let run = try runTool(["generate", "Models"], in: workspace.url.appendingPathComponent("Work"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Swift.String(describing: self.age)"))
        // A run that maps nothing says so.
        #expect(run.stderr == "decouple: warning: no adapters generated: no decouple.json was found beside the sources or above them up to the current folder, and no model is annotated or matches a content protocol by name\n")
    }

    @Test func excludePatterns_fromTheCommandLineAndTheConfiguration() throws {
        let template = "{% for type in types.all %}\nextension {{ type.name }} {}\n{% endfor %}\n"
        let configuration = Self.config.replacingOccurrences(of: #"{"adapters""#, with: #"{"exclude": ["Templates"], "adapters""#)
        let workspace = try Workspace([
            "Models/A.swift": Self.models, "Models/Templates/T.swift": template, "Models/Generated/B.pb.swift": template,
            "decouple.json": configuration,
        ])
        // The configuration's pattern skips Templates; the Sourcery-style .pb.swift, which no
        // adapter needs, is read and skipped with a warning...
        let withoutOption = try workspace.run("generate", "Models")
        #expect(withoutOption.status == 0)
        #expect(withoutOption.stderr.hasPrefix("Models/Generated/B.pb.swift:1:"), "\(withoutOption.stderr)")
        #expect(withoutOption.stderr.contains(": warning: "))
        #expect(!withoutOption.stderr.contains("Templates"))
        // ...until --exclude names it, and then it is not read at all.
        for pattern in ["*.pb.swift", "Generated", "Models/Generated/*.swift", "**/B.pb.swift", "B.pb.swif?"] {
            let run = try workspace.run("generate", "Models", "--exclude", pattern)
            #expect(run.status == 0, "\(pattern): \(run.stderr)")
            #expect(!run.stderr.contains("warning"), "\(pattern): \(run.stderr)")
        }
        #expect(try workspace.run("inspect", "Models", "--exclude", "Templates", "--exclude", "*.pb.swift").status == 0)
    }
}
