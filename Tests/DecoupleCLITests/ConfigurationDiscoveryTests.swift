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

    /// The search goes up to and including the current folder, also when that is `/`.
    @Test func configurationAboveTheSources_isFound_fromTheRootFolder() throws {
        let workspace = try Workspace(["proj/src/sub/A.swift": Self.models, "proj/decouple.json": Self.config])
        let relative = String(workspace.url.standardizedFileURL.path.dropFirst())
        let run = try runTool(["generate", "\(relative)/proj/src/sub"], in: URL(fileURLWithPath: "/"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "decouple: note: using the configuration \(relative)/proj/decouple.json\n")
        #expect(run.stdout.contains("Swift.String(describing: self.age)"))
    }

    @Test func configurationAboveTheCurrentFolder_isNotUsed() throws {
        let workspace = try Workspace(["Work/Models/A.swift": Self.models, "decouple.json": Self.config])
        let run = try runTool(["generate", "Models"], in: workspace.url.appendingPathComponent("Work"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Swift.String(describing: self.age)"))
        // A run that maps nothing says so.
        #expect(run.stderr == "decouple: warning: no adapters generated: no decouple.json was found beside the sources or above them up to the current folder, and no model has a `// decouple:` annotation [#NothingToGenerate]\n")
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

    /// A model or protocol declared only in a file an exclude pattern leaves out is unknown, and
    /// the error names where it is declared and the pattern that left it out.
    @Test func anUnknownModelOrProtocol_inAnExcludedFile_isNamedWithItsPattern() throws {
        let protocolText = "protocol Badge { var label: String { get } }\n"
        let configuration = #"{"exclude": ["Legacy"], "adapters": [{"model": "CCAModel", "protocol": "Badge", "map": {"label": "name"}}, {"model": "Old", "protocol": "TitledContent"}]}"#
        let workspace = try Workspace([
            "Models/A.swift": Self.models, "Models/Legacy/Badge.swift": protocolText,
            "Models/Legacy/Deep/Old.swift": "import Foundation\n\nfinal class Old { var title = \"\"; var subtitle = \"\" }\n",
            "Models/Sealed.swift": "struct Other {}\n", "decouple.json": configuration,
        ])
        let run = try workspace.run("generate", "Models", "--exclude", "Sealed.swift")
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let badge = try #require(lines.firstIndex { $0.contains("error: unknown protocol 'Badge'") }, "\(run.stderr)")
        #expect(lines[badge + 1] == "Models/Legacy/Badge.swift:1:1: note: 'Badge' is declared here, in a file that is not read: the exclude pattern 'Legacy' matches it", "\(run.stderr)")
        let old = try #require(lines.firstIndex { $0.contains("error: unknown model 'Old'") }, "\(run.stderr)")
        #expect(lines[old + 1] == "Models/Legacy/Deep/Old.swift:3:7: note: 'Old' is declared here, in a file that is not read: the exclude pattern 'Legacy' matches it", "\(run.stderr)")
        // Without the pattern, both are read, and the run generates.
        try workspace.write(configuration.replacingOccurrences(of: #""exclude": ["Legacy"], "#, with: ""), to: "decouple.json")
        let read = try workspace.run("generate", "Models")
        #expect(read.status == 0, "\(read.stderr)")
    }

    /// The configuration is parsed whole only when a run generates (a run served from the cache
    /// reads its `"exclude"` alone), yet its problems are still what a run reports, before a
    /// source that is not UTF-8 or an output that is an input, with or without a cache.
    @Test func configurationProblems_areReportedFirst_withOrWithoutACache() throws {
        let workspace = try Workspace(["Models/A.swift": Self.models, "decouple.json": "{\"adaptors\": [], \"exclude\": [\"Gen\"]}"])
        try Data([0x61, 0xFF]).write(to: workspace.url.appendingPathComponent("Models/Broken.swift"))
        let expected = "decouple.json:1:2: error: unknown key 'adaptors' in the configuration (expected: style, adapters, exclude, module, defaultIsolation); did you mean 'adapters'? [#UnknownConfigurationKey]\n"
        for extra in [[], ["--cache", ".cache"], ["--output", "Models/A.swift"], ["--output", "Models/A.swift", "--cache", ".cache"]] {
            let run = try runTool(["generate", "Models"] + extra, in: workspace.url)
            #expect(run.status == 2)
            #expect(run.stderr == expected, "\(extra)")
        }
        // Once it is right, the source's own problem is next.
        try workspace.write(Self.config, to: "decouple.json")
        let fixed = try workspace.run("generate", "Models", "--cache", ".cache")
        #expect(fixed.stderr.contains("Models/Broken.swift is not UTF-8 text"), "\(fixed.stderr)")
    }
}
