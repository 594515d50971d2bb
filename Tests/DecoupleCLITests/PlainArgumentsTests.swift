import ArgumentParser
import DecoupleTestSupport
import Testing
@testable import decouple

/// `decouple generate` with plain arguments is read without ArgumentParser
/// (`GenerateRequest.plain(_:)`). These hold the two readers to the same request wherever the
/// plain one answers, and the plain one to leaving every other spelling to ArgumentParser.
@Suite struct PlainArgumentsTests {
    /// What ArgumentParser makes of `arguments`, when it makes a `generate` run of them.
    private func parsed(_ arguments: [String]) -> GenerateRequest? {
        (try? DecoupleCommand.parseAsRoot(arguments) as? Generate)?.request
    }

    @Test func plainSpellings_readAsArgumentParserReadsThem() throws {
        let spellings: [[String]] = [
            ["generate"],
            ["generate", "Models"],
            ["generate", "Models", "Other/File.swift", "generate"],
            ["generate", "A", "--config", "c.json", "B", "--exclude", "Gen", "--exclude", "*.pb.swift"],
            ["generate", "--check", "--output", "Out.swift", "Models"],
            [
                "generate", "Models", "--config", "decouple.json", "--output", "Generated.swift", "--cache", ".cache",
                "--style", "factory", "--exclude", "Templates", "--check",
            ],
            ["generate", "--style", "proxy", "--config", "help"],
        ]
        for arguments in spellings {
            let plain = try #require(GenerateRequest.plain(arguments), "\(arguments)")
            #expect(plain == parsed(arguments), "\(arguments)")
        }
        #expect(GenerateRequest.plain(spellings[3]) == GenerateRequest(
            paths: ["A", "B"], config: "c.json", output: nil, check: false, style: nil, cache: nil,
            exclude: ["Gen", "*.pb.swift"]))
    }

    @Test func everyOtherSpelling_isLeftToArgumentParser() {
        let declined: [[String]] = [
            [], ["--version"], ["inspect", "Models"], ["help", "generate"],
            ["generate", "--help"], ["generate", "-h"], ["generate", "help"],
            ["generate", "--config=c.json"], ["generate", "--config"], ["generate", "--config", "-c"],
            ["generate", "--config", "a", "--config", "b"], ["generate", "--output", "a", "--output", "b"],
            ["generate", "--cache", "a", "--cache", "b"], ["generate", "--style", "proxy", "--style", "factory"],
            ["generate", "--style", "fancy"], ["generate", "--check"], ["generate", "--check", "--check", "--output", "o"],
            ["generate", "--", "-odd.swift"], ["generate", "-"], ["generate", ""], ["generate", "--config", ""],
            ["generate", "--unknown", "value"], ["generate", "--generate-completion-script", "bash"],
        ]
        for arguments in declined {
            #expect(GenerateRequest.plain(arguments) == nil, "\(arguments)")
        }
    }

    /// Thousands of argument lists drawn from the options' names, values and oddities: wherever
    /// the plain reader answers, ArgumentParser answers the same.
    @Test func randomArgumentLists_neverReadDifferently() throws {
        let words = [
            "Models", "B.swift", "generate", "help", "--config", "--output", "--cache", "--style", "--exclude",
            "--check", "factory", "proxy", "conformance", "bogus", "", "-x", "--config=c", "--", "-h", "--version",
        ]
        var random = SplitMix64(seed: 18)
        var answered = 0
        for _ in 0..<3000 {
            let count = Int(random.next() % 9)
            let arguments = ["generate"] + (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }
            guard let plain = GenerateRequest.plain(arguments) else { continue }
            answered += 1
            #expect(plain == parsed(arguments), "\(arguments)")
        }
        // The draw reaches the plain reader often enough to mean something.
        #expect(answered > 300)
    }
}
