import DecoupleTestSupport
import Foundation
import Testing

@Suite struct GenerateCommandTests {
    private let models = """
        final class CCAModel {
            var name: String
            var age: Int
            var bio: String?
            init(name: String, age: Int) { self.name = name; self.age = age }
        }
        """

    private let config = #"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "age"}}]}"#

    @Test func readmeCommand_onTheBundledExample_printsTheCommittedCode() throws {
        let run = try runTool(["generate", "Examples", "--config", "Examples/decouple.json"], in: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (try String(contentsOf: packageRoot.appendingPathComponent("Examples/Generated.swift"), encoding: .utf8)))
    }

    @Test func output_isWrittenOnceThenLeftAloneWhileCurrent() throws {
        let workspace = try Workspace(["Models/A.swift": models, "decouple.json": config])
        let first = try workspace.run("generate", "Models", "--output", "Generated.swift")
        #expect(first.status == 0)
        #expect(first.stderr == "wrote Generated.swift from 1 source file\n")
        let written = try workspace.read("Generated.swift")
        #expect(written.contains("Swift.String(describing: self.age)"))
        let stamp = try workspace.modificationDate("Generated.swift")

        Thread.sleep(forTimeInterval: 0.01)
        let second = try workspace.run("generate", "Models", "--output", "Generated.swift")
        #expect(second.status == 0)
        #expect(second.stderr == "Generated.swift is up to date\n")
        #expect(try workspace.modificationDate("Generated.swift") == stamp)
    }

    @Test func cache_servesUnchangedInputsAndMissesOnAnyChange() throws {
        let workspace = try Workspace(["Models/A.swift": models, "decouple.json": config])
        let cold = try workspace.run("generate", "Models", "--cache", "cache")
        #expect(cold.status == 0)
        #expect(try workspace.outputCacheEntries("cache").count == 1)
        // The warm run reads the cache rather than generating, and says so.
        #expect(try workspace.run("generate", "Models", "--cache", "cache", "--output", "Out.swift").stderr == "wrote Out.swift from the cache (1 source file unchanged)\n")
        // Changing a model, the configuration or an option misses the cache and generates again.
        try workspace.write(models.replacingOccurrences(of: "var age: Int", with: "var age: Double"), to: "Models/A.swift")
        let changedModel = try workspace.run("generate", "Models", "--cache", "cache")
        #expect(changedModel.stdout.contains("Swift.String(describing: self.age)"))
        let changedStyle = try workspace.run("generate", "Models", "--cache", "cache", "--style", "factory")
        #expect(changedStyle.stdout.contains("registerGeneratedAdapters"))
        #expect(try workspace.outputCacheEntries("cache").count == 3)
        // Errors are never cached.
        try workspace.write("{\"adapters\": [{\"model\": \"Nope\", \"protocol\": \"TitledContent\"}]}", to: "decouple.json")
        #expect(try workspace.run("generate", "Models", "--cache", "cache").status == 2)
        #expect(try workspace.outputCacheEntries("cache").count == 3)
    }

    @Test func configurationFromAPipe_isReadOnce_soTheCacheKeyCoversWhatWasParsed() throws {
        let workspace = try Workspace(["Models/A.swift": models])
        // A pipe can be read only once: the key must come from the text the run parsed.
        let first = try workspace.run(input: config, "generate", "Models", "--config", "/dev/stdin", "--cache", "cache")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Swift.String(describing: self.age)"))

        let withDefault = #"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"title": "name", "subtitle": {"from": "bio", "default": "-"}}}]}"#
        let second = try workspace.run(input: withDefault, "generate", "Models", "--config", "/dev/stdin", "--cache", "cache")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains(#"self.bio ?? "-""#), "a different configuration was served the first one's cached output")
        #expect(try workspace.outputCacheEntries("cache").count == 2)
    }

    @Test func check_exitsZeroWhenFreshAndOneWhenStale_writingNothing() throws {
        let workspace = try Workspace(["Models/A.swift": models, "decouple.json": config])
        #expect(try workspace.run("generate", "Models", "--output", "Out.swift").status == 0)

        let fresh = try workspace.run("generate", "Models", "--output", "Out.swift", "--check")
        #expect(fresh.status == 0)
        #expect(fresh.stderr == "Out.swift is up to date\n")

        try workspace.write(#"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"title": "name", "subtitle": {"from": "bio", "default": "-"}}}]}"#, to: "decouple.json")
        let before = try workspace.read("Out.swift")
        let stale = try workspace.run("generate", "Models", "--output", "Out.swift", "--check")
        #expect(stale.status == 1)
        #expect(stale.stderr == "Out.swift is out of date; run `decouple generate` without --check to update it\n")
        #expect(try workspace.read("Out.swift") == before)

        let missing = try workspace.run("generate", "Models", "--output", "Nowhere.swift", "--check")
        #expect(missing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("Nowhere.swift").path))
    }

    @Test func badInput_exitsTwo_locatesTheError_andLeavesTheOutputByteForByte() throws {
        let workspace = try Workspace(["Models/A.swift": models, "decouple.json": config])
        #expect(try workspace.run("generate", "Models", "--output", "Out.swift").status == 0)
        let before = try Data(contentsOf: workspace.url.appendingPathComponent("Out.swift"))

        try workspace.write(#"{"adapters": [{"model": "CCAModel", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "bio"}}]}"#, to: "decouple.json")
        let optional = try workspace.run("generate", "Models", "--output", "Out.swift")
        #expect(optional.status == 2)
        #expect(optional.stdout == "")
        assertInlineSnapshot(of: optional.stderr, as: .lines) {
            """
            Models/A.swift:4:9: error: 'bio' is optional but 'TitledContent.subtitle' is not; give it a default ("subtitle": {"from": "bio", "default": …} or `subtitle: bio ?? …`)

            """
        }

        try workspace.write("final class CCAModel {\n    var name: String =\n}\n", to: "Models/A.swift")
        let syntax = try workspace.run("generate", "Models", "--output", "Out.swift")
        #expect(syntax.status == 2)
        assertInlineSnapshot(of: syntax.stderr, as: .lines) {
            """
            Models/A.swift:2:23: error: syntax error: expected expression in variable

            """
        }

        #expect(try Data(contentsOf: workspace.url.appendingPathComponent("Out.swift")) == before)
    }

    @Test func usageAndFileErrors_exitTwo() throws {
        let workspace = try Workspace(["Models/A.swift": models])
        let cases: [[String]] = [
            ["generate", "--check"],
            ["generate", "--frobnicate"],
            ["generate", "Nope"],
            ["generate", "decouple.txt"],
            ["generate", "Models", "--config", "missing.json"],
            ["generate", "Models", "--style", "fancy"],
        ]
        try workspace.write("not swift", to: "decouple.txt")
        var report: [String] = []
        for arguments in cases {
            let run = try runTool(arguments, in: workspace.url)
            #expect(run.status == 2, "\(arguments)")
            report.append("$ decouple \(arguments.joined(separator: " "))\n\(run.stderr.split(separator: "\n").first ?? "")")
        }
        assertInlineSnapshot(of: report.joined(separator: "\n"), as: .lines) {
            """
            $ decouple generate --check
            Error: --check needs --output: the file to compare with
            $ decouple generate --frobnicate
            Error: Unknown option '--frobnicate'
            $ decouple generate Nope
            decouple: error: no such file or folder: Nope
            $ decouple generate decouple.txt
            decouple: error: decouple.txt is not a Swift file
            $ decouple generate Models --config missing.json
            decouple: error: no configuration file at missing.json
            $ decouple generate Models --style fancy
            Error: The value 'fancy' is invalid for '--style <style>'. Please provide one of 'conformance', 'factory' or 'proxy'.
            """
        }
    }

    @Test func noArguments_readsTheCurrentFolderAndItsDecoupleJSON() throws {
        let workspace = try Workspace(["Sources/Models/A.swift": models, "decouple.json": config])
        let run = try workspace.run("generate")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("extension CCAModel: Decouple.TitledContent {"))
    }

    @Test func newUser_copiesTheExample_breaksAMapping_thenFixesIt() throws {
        let workspace = try Workspace(copying: "Examples")
        var config = try workspace.read("decouple.json")
        config = config.replacingOccurrences(of: #""title": "story""#, with: #""title": "stroy""#)
        try workspace.write(config, to: "decouple.json")

        let broken = try workspace.run("generate", ".", "--output", "Generated.swift")
        #expect(broken.status == 2)
        assertInlineSnapshot(of: broken.stderr, as: .lines) {
            """
            decouple.json:6:25: error: 'CCBModel' has no member 'stroy'; did you mean 'story'?
            Models/Seed003Models.swift:15:13: note: 'CCBModel' is declared here

            """
        }

        config = config.replacingOccurrences(of: #""title": "stroy""#, with: #""title": "description""#)
            .replacingOccurrences(of: #""subtitle": { "from": "description", "default": "-" }"#, with: #""subtitle": "story""#)
        try workspace.write(config, to: "decouple.json")
        let fixed = try workspace.run("generate", ".", "--output", "Generated.swift")
        #expect(fixed.status == 2)
        assertInlineSnapshot(of: fixed.stderr, as: .lines) {
            """
            Models/Seed003Models.swift:17:9: error: 'description' is optional but 'TitledContent.title' is not; give it a default ("title": {"from": "description", "default": …} or `title: description ?? …`)

            """
        }

        config = config.replacingOccurrences(of: #""title": "description""#, with: #""title": { "from": "description", "default": "(untitled)" }"#)
        try workspace.write(config, to: "decouple.json")
        let done = try workspace.run("generate", ".", "--output", "Generated.swift")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try workspace.read("Generated.swift").contains("self.model.description ?? \"(untitled)\""))
    }
}
