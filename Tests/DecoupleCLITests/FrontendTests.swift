import DecoupleTool
import Foundation
import Testing

/// The tool as a library: `Frontend` does what the `decouple` command does, in process, printing
/// to the console it is given. The executable only parses arguments and calls it, so a run of
/// the binary and a run of the frontend print and write the same.
@Suite struct FrontendTests {
    /// A console that keeps what is printed: the result, and the lines on the errors stream.
    final class Printed: Sendable {
        let output = Shared("")
        let errors = Shared<[String]>([])
        var console: Console {
            Console(output: { [output] text in output.mutate { $0 += text } }, errors: { [errors] line in errors.append(line) })
        }
    }

    func request(_ workspace: Workspace, output: String? = nil, check: Bool = false) -> GenerateRequest {
        var request = GenerateRequest()
        request.paths = [workspace.url.appendingPathComponent("Models").path]
        request.configuration = workspace.url.appendingPathComponent("decouple.json").path
        request.output = output.map { workspace.url.appendingPathComponent($0).path }
        request.check = check
        return request
    }

    @Test func generate_printsWhatTheBinaryPrints() throws {
        let workspace = try Workspace(["Models/A.swift": SampleInput.models, "decouple.json": SampleInput.config])
        let printed = Printed()
        let status = Frontend(console: printed.console).generate(request(workspace))
        let binary = try workspace.run("generate", "Models", "--config", "decouple.json")
        #expect(status == .success)
        #expect(binary.status == 0)
        #expect(printed.output.value.contains("extension CCAModel: Decouple.TitledContent"))
        #expect(printed.output.value == binary.stdout)
        #expect(printed.errors.all == [])
    }

    @Test func generate_writesTheOutput_thenFindsItCurrent_thenOutOfDate() throws {
        let workspace = try Workspace(["Models/A.swift": SampleInput.models, "decouple.json": SampleInput.config])
        let printed = Printed()
        let frontend = Frontend(console: printed.console)
        #expect(frontend.generate(request(workspace, output: "Generated.swift")) == .success)
        #expect(try workspace.read("Generated.swift").contains("extension CCAModel: Decouple.TitledContent"))
        #expect(frontend.generate(request(workspace, output: "Generated.swift", check: true)) == .success)
        try workspace.write("// edited\n", to: "Generated.swift")
        #expect(frontend.generate(request(workspace, output: "Generated.swift", check: true)) == .outOfDate)
        #expect(try workspace.read("Generated.swift") == "// edited\n")
        let shown = printed.errors.all.map { $0.replacingOccurrences(of: workspace.url.path + "/", with: "") }
        #expect(shown == [
            "wrote Generated.swift from 1 source file",
            "Generated.swift is up to date",
            "Generated.swift is out of date; run `decouple generate` without --check to update it",
        ])
        #expect(printed.output.value == "")
    }

    @Test func badConfiguration_endsBadInput_namesTheRule_andWritesNothing() throws {
        let workspace = try Workspace([
            "Models/A.swift": SampleInput.models, "decouple.json": #"{ "adaptors": [] }"#, "Generated.swift": "// kept\n",
        ])
        let printed = Printed()
        let status = Frontend(console: printed.console).generate(request(workspace, output: "Generated.swift"))
        #expect(status == .badInput)
        #expect(printed.errors.all.count == 1)
        #expect(printed.errors.all.first?.hasSuffix("decouple.json:1:3: error: unknown key 'adaptors' in the configuration (expected: style, adapters, exclude, module, defaultIsolation); did you mean 'adapters'? [#UnknownConfigurationKey]") == true,
                "\(printed.errors.all)")
        #expect(try workspace.read("Generated.swift") == "// kept\n")
        #expect(printed.output.value == "")
    }

    @Test func explain_unknownRule_isBadInput_withTheNearestName() {
        let printed = Printed()
        #expect(Frontend(console: printed.console).explain("UnknownModle", reference: false) == .badInput)
        #expect(printed.errors.all == ["decouple: error: no rule is named 'UnknownModle'; did you mean 'UnknownModel'? (`decouple explain` lists them)"])
    }
}
