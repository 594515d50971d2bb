import DecoupleGenerator
import DecoupleTestSupport
import Foundation
import Testing

/// Feeds the generator mutated and truncated versions of real model files and configurations.
///
/// Every case must end in generated code (which the generator parses back before returning) or in
/// errors that each name a file, line and column. Cases are made by a seeded generator, so a
/// failure is reproduced with the seed and case number it prints:
///
///     DECOUPLE_FUZZ_SEED=7 DECOUPLE_FUZZ_CASES=20000 swift test --filter FuzzTests
///
/// Inputs that once broke the generator are kept in Tests/Fixtures/Fuzz and run every time.
@Suite struct FuzzTests {
    static let seed = TestEnvironment.seed("DECOUPLE_FUZZ_SEED", default: 20_261_121)!
    static let caseCount = TestEnvironment.integer("DECOUPLE_FUZZ_CASES", default: 10_000)

    /// A case that never ends fails the run at the limit (7 minutes beside the whole suite on the
    /// 2-core machine); how long a case takes is not asserted: speed is the benchmarks' to measure.
    @Test(.timeLimit(.minutes(30))) func mutatedInputs_endInCodeOrLocatedErrors() async throws {
        let corpus = try Corpus.load()
        let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let (failures, generated): ([String], Int) = await withTaskGroup(of: ([String], Int).self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var failures: [String] = []
                    var generated = 0
                    for index in stride(from: worker, to: Self.caseCount, by: workers) {
                        let input = corpus.makeCase(seed: Self.seed, index: index)
                        switch outcome(of: input) {
                        case .generated: generated += 1
                        case .locatedErrors: break
                        case .problem(let problem): failures.append("case \(index) (seed \(Self.seed)): \(problem)")
                        }
                    }
                    return (failures, generated)
                }
            }
            return await group.reduce(into: ([], 0)) { $0.0 += $1.0; $0.1 += $1.1 }
        }
        #expect(failures.isEmpty, "\(failures.count) failing cases:\n\(failures.prefix(20).joined(separator: "\n"))")
        // The cases are neither all broken nor all harmless: both ends are exercised.
        #expect(generated > Self.caseCount / 20)
        #expect(Self.caseCount - generated - failures.count > Self.caseCount / 4)
    }

    @Test func theSameSeedMakesTheSameCases() throws {
        let corpus = try Corpus.load()
        for index in [0, 1, 977, 9_999] {
            #expect(corpus.makeCase(seed: 42, index: index) == corpus.makeCase(seed: 42, index: index))
        }
        #expect(corpus.makeCase(seed: 42, index: 5) != corpus.makeCase(seed: 43, index: 5))
    }

    @Test func regressionFixtures() throws {
        let folder = packageRoot.appendingPathComponent("Tests/Fixtures/Fuzz")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        // An empty folder would pass without checking anything.
        #expect(names.count >= 10, "Tests/Fixtures/Fuzz holds \(names.count) fixtures")
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let base = String(name.dropLast(".swift".count))
            let config = try? String(contentsOf: folder.appendingPathComponent(base + ".json"), encoding: .utf8)
            let input = FuzzCase(files: [SourceFile(path: name, text: text)], config: config)
            #expect(check(input) == nil, "\(name): \(check(input) ?? "")")
            guard let expected = try? String(contentsOf: folder.appendingPathComponent(base + ".expected"), encoding: .utf8) else { continue }
            #expect(firstLine(of: input) == expected.trimmingCharacters(in: .newlines), "\(name)")
        }
    }

    /// `generated`, or the first diagnostic the case prints.
    private func firstLine(of input: FuzzCase) -> String {
        do throws(GenerationFailure) {
            var configuration = Configuration()
            if let config = input.config { configuration = try Configuration.parse(config, path: "decouple.json") }
            _ = try Generator.generate(sources: input.files, configuration: configuration).get()
            return "generated"
        } catch {
            return error.diagnostics.first?.description ?? "no diagnostic"
        }
    }

    // MARK: The configuration reader

    /// JSON-grammar mutations of the real configurations: duplicated members, number forms,
    /// escapes, deep nesting, byte order marks and UTF-16. The reader must give a configuration
    /// or errors located inside the text; text it reads as JSON must be JSON to Foundation's
    /// reader too, and a duplicated key must always be refused.
    @Test func configurationReader_jsonGrammarMutations() throws {
        let corpus = try Corpus.load()
        var failures: [String] = []
        var readAsJSON = 0
        let cases = Self.caseCount / 2
        for index in 0..<cases {
            var random = SplitMix64(seed: (Self.seed ^ 0x4A53_4F4E) &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            let (text, duplicate) = JSONMutation.make(from: corpus.configs[random.int(0...corpus.configs.count - 1)], using: &random)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do throws(GenerationFailure) {
                _ = try Configuration.parse(text, path: "decouple.json")
                readAsJSON += 1
                if duplicate { failures.append("case \(index): a duplicated key was accepted") }
            } catch {
                for diagnostic in error.diagnostics {
                    guard let position = diagnostic.position, position.file == "decouple.json",
                          (1...lines).contains(position.line), position.column >= 1
                    else {
                        failures.append("case \(index): badly located: \(diagnostic)")
                        continue
                    }
                }
                let invalid = error.diagnostics.contains { $0.message.hasPrefix("invalid JSON") }
                if duplicate, !invalid {
                    failures.append("case \(index): a duplicated key was not refused: \(error)")
                }
                if !invalid {
                    readAsJSON += 1  // valid JSON, refused as a configuration
                    // Foundation refuses numbers out of Double's range, which RFC 8259 leaves to
                    // the reader; the configuration checks what a number is used for.
                    let unbom = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
                    if (try? JSONSerialization.jsonObject(with: Data(unbom.utf8), options: [.fragmentsAllowed])) == nil, !text.contains("1e999") {
                        failures.append("case \(index): read as JSON, which Foundation refuses: \(text)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failing cases:\n\(failures.prefix(20).joined(separator: "\n"))")
        #expect(readAsJSON > cases / 20 && readAsJSON < cases - cases / 5, "\(readAsJSON) of \(cases) read as JSON")
    }
}

/// Mutations that know JSON's grammar.
enum JSONMutation {
    static let numbers = [
        "007", "1.", "-", ".5", "+1", "1e", "1e+", "0x1F", "1e999", "-0", "0.0e-0", "12345678901234567890123456789",
        "NaN", "Infinity", "- 1", "01.5",
    ]
    static let strings = [
        #""\u+041""#, #""\x""#, #""\uD800""#, #""\uDC00x""#, #""\uD83D\uDE00""#, #""\uD800\u0041""#, #""\u00e9""#,
        #""\u12""#, "\"a\u{1}b\"", "\"tab\there\"", #""\/""#, #""\""#, "'single'", "\"\u{7F}\"",
    ]

    /// The mutated text, and whether it has a key written twice in one object.
    static func make(from config: String, using random: inout SplitMix64) -> (String, Bool) {
        var text = config
        switch random.int(0...7) {
        case 0:  // duplicate the first member of an object
            guard let brace = text.firstIndex(of: "{"), let comma = text[brace...].firstIndex(of: ","),
                  !text[text.index(after: brace)..<comma].contains(where: { "{[".contains($0) })
            else { return (text, false) }
            text.insert(contentsOf: text[text.index(after: brace)..<comma] + ",", at: text.index(after: brace))
            return (text, true)
        case 1:  // a number form in place of a value
            return (replaceValue(in: text, with: numbers[random.int(0...numbers.count - 1)], using: &random), false)
        case 2:  // an escape in place of a value
            return (replaceValue(in: text, with: strings[random.int(0...strings.count - 1)], using: &random), false)
        case 3:  // deep nesting, closed or not
            let depth = random.int(200...20_000)
            return (String(repeating: "[", count: depth) + text + String(repeating: "]", count: random.int(0...1) == 0 ? depth : 0), false)
        case 4:  // a byte order mark, at the start or elsewhere
            let at = random.int(0...1) == 0 ? 0 : random.int(0...text.count)
            text.insert("\u{FEFF}", at: text.index(text.startIndex, offsetBy: at))
            return (text, false)
        case 5:  // UTF-16 bytes read as if they were UTF-8
            var bytes: [UInt8] = random.int(0...1) == 0 ? [0xFF, 0xFE] : []
            for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            return (String(decoding: bytes, as: UTF8.self), false)
        case 6:  // a trailing comma
            let marks = text.indices.filter { "]}".contains(text[$0]) }
            guard !marks.isEmpty else { return (text, false) }
            text.insert(",", at: marks[random.int(0...marks.count - 1)])
            return (text, false)
        default:  // a stray token between members
            let commas = text.indices.filter { text[$0] == "," }
            guard !commas.isEmpty else { return (text, false) }
            text.insert(contentsOf: [" true", " :", ",", " null", " \"k\""][random.int(0...4)], at: text.index(after: commas[random.int(0...commas.count - 1)]))
            return (text, false)
        }
    }

    /// Replaces the value after a random `:` (up to the next `,`, bracket or brace) with `value`.
    private static func replaceValue(in text: String, with value: String, using random: inout SplitMix64) -> String {
        let colons = text.indices.filter { text[$0] == ":" }
        guard !colons.isEmpty else { return text }
        let start = text.index(after: colons[random.int(0...colons.count - 1)])
        let end = text[start...].firstIndex(where: { ",}]{[".contains($0) }) ?? text.endIndex
        return text.replacingCharacters(in: start..<end, with: " " + value)
    }
}

// MARK: - Checking one case

struct FuzzCase: Equatable, Sendable {
    var files: [SourceFile]
    var config: String?

    static func == (lhs: FuzzCase, rhs: FuzzCase) -> Bool {
        lhs.config == rhs.config && lhs.files.map(\.path) == rhs.files.map(\.path) && lhs.files.map(\.text) == rhs.files.map(\.text)
    }
}

enum Outcome: Equatable {
    case generated, locatedErrors, problem(String)
}

/// `nil` when the case ended well; otherwise what went wrong.
func check(_ input: FuzzCase) -> String? {
    if case .problem(let problem) = outcome(of: input) { return problem }
    return nil
}

func outcome(of input: FuzzCase) -> Outcome {
    let result: Result<String, GenerationFailure>
    do throws(GenerationFailure) {
        var configuration = Configuration()
        if let config = input.config { configuration = try Configuration.parse(config, path: "decouple.json") }
        result = .success(try Generator.generate(sources: input.files, configuration: configuration).get())
    } catch {
        result = .failure(error)
    }
    switch result {
    case .success(let output):
        return output.hasPrefix("// Generated by decouple") ? .generated : .problem("output without its header")
    case .failure(let failure):
        if failure.diagnostics.isEmpty { return .problem("failed without a diagnostic") }
        let paths = Set(input.files.map(\.path) + ["decouple.json"])
        for diagnostic in failure.diagnostics {
            guard let position = diagnostic.position else { return .problem("unlocated: \(diagnostic.message)") }
            guard paths.contains(position.file), position.line >= 1, position.column >= 1 else {
                return .problem("bad location \(position): \(diagnostic.message)")
            }
            if diagnostic.message.isEmpty { return .problem("empty message at \(position)") }
        }
        return .locatedErrors
    }
}

// MARK: - Making cases

struct Corpus: Sendable {
    var sources: [SourceFile]
    var configs: [String]

    static func load() throws -> Corpus {
        var sources: [SourceFile] = []
        var configs: [String] = []
        for folder in ["Examples/Models", "Tests/Fixtures/Coverage", "Examples"] {
            let url = packageRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".swift") || name.hasSuffix(".json") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                if name.hasSuffix(".swift"), name != "Generated.swift" {
                    sources.append(SourceFile(path: folder + "/" + name, text: text))
                } else if name == "decouple.json" {
                    configs.append(text)
                }
            }
        }
        return Corpus(sources: sources, configs: configs)
    }

    /// Pieces that make interesting damage: brackets, keywords, annotations, wide characters.
    static let fragments = [
        "{", "}", "(", ")", "[", "]", ":", ",", "?", "!", "=", "\"", "\\", "`", "#if X", "#endif", "#else",
        "// decouple: TitledContent(title: ", "// decouple: ", "?? \"\"", "\\.", "self.", "var ", "let ",
        "struct ", "class ", "enum ", "actor ", "extension ", "protocol ", "private ", "public ", "@", "<T>",
        "where T: P", "小明", "é", "👍", "\u{0}", "\n", "\t", "/*", "*/", "\"\"\"", "0x", "1e999", "-", "_",
        "\"adapters\": [", "\"map\": {", "\"style\": \"proxy\"", "\"default\": null", "null", "true", "1e-",
    ]

    func makeCase(seed: UInt64, index: Int) -> FuzzCase {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
        let count = Int.random(in: 1...3, using: &random)
        var files = (0..<count).map { _ in sources.randomElement(using: &random)! }
        // Keep paths distinct, as files on disk are.
        var seen: [String: Int] = [:]
        files = files.map { file in
            seen[file.path, default: 0] += 1
            let n = seen[file.path]!
            return n == 1 ? file : SourceFile(path: file.path.replacingOccurrences(of: ".swift", with: "\(n).swift"), text: file.text)
        }
        let target = Int.random(in: 0..<files.count, using: &random)
        files[target].text = mutate(files[target].text, using: &random)

        var config: String?
        switch Int.random(in: 0..<4, using: &random) {
        case 0: config = nil
        case 1: config = configs.randomElement(using: &random)
        default: config = mutate(configs.randomElement(using: &random)!, using: &random)
        }
        return FuzzCase(files: files, config: config)
    }

    func mutate(_ text: String, using random: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = characters.isEmpty ? 0 : Int.random(in: 0...characters.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:  // truncate
                characters = Array(characters.prefix(position))
            case 1:  // delete a range
                let end = min(characters.count, position + Int.random(in: 1...40, using: &random))
                if position < end { characters.removeSubrange(position..<end) }
            case 2, 3:  // insert a fragment
                characters.insert(contentsOf: Self.fragments.randomElement(using: &random)!, at: position)
            case 4:  // duplicate a range
                let end = min(characters.count, position + Int.random(in: 1...80, using: &random))
                if position < end { characters.insert(contentsOf: characters[position..<end], at: end) }
            default:  // swap two lines
                var lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false)
                if lines.count > 1 {
                    let a = Int.random(in: 0..<lines.count, using: &random)
                    let b = Int.random(in: 0..<lines.count, using: &random)
                    lines.swapAt(a, b)
                }
                characters = Array(lines.joined(separator: "\n"))
            }
        }
        return String(characters)
    }
}
