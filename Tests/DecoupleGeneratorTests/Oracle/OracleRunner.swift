import DecoupleGenerator
import DecoupleTestSupport
import Foundation

// MARK: - Generation, in a child process

/// What the generator made of one program in one style: data a child process writes, so that a
/// trap in the generator ends the child, not the test run.
struct GenerationRecord: Codable, Sendable {
    var code: String?
    /// `Model: Protocol`, qualified names, for each adapter made.
    var adapters: [String]
    /// Every error, as printed (`path:line:column: error: …`).
    var diagnostics: [String]
    /// Errors without a position.
    var unlocated: [String]
    var warnings: [String]
    /// The child died on this program: how.
    var crash: String?
}

/// One program and style for the child to generate.
struct GenerationJob: Codable, Sendable {
    var key: String
    var style: OutputStyle
    var sources: [String: String]
    var order: [String]
    var configuration: String
    /// The paths among ``sources`` read for their declarations only (`--context`).
    var declarationsOnly: [String] = []
}

enum OracleGeneration {
    static let jobVariable = "DECOUPLE_ORACLE_JOB"
    static let startVariable = "DECOUPLE_ORACLE_JOB_START"

    static func job(for program: OracleProgram, key: String, style: OutputStyle, mainActorByDefault: Bool) -> GenerationJob {
        let sources = program.sources + program.contextSources
        return GenerationJob(
            key: key, style: style, sources: Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0.text) }),
            order: sources.map(\.path), configuration: program.configuration(style: style, mainActorByDefault: mainActorByDefault),
            declarationsOnly: program.contextSources.map(\.path))
    }

    /// Runs the generator on one job, in this process.
    static func record(for job: GenerationJob) -> GenerationRecord {
        let sources = job.order.map { SourceFile(path: $0, text: job.sources[$0]!) }
        var configuration: Configuration
        do {
            configuration = try Configuration.parse(job.configuration, path: "decouple.json")
            configuration.declarationsOnly = Set(job.declarationsOnly)
        } catch {
            return GenerationRecord(code: nil, adapters: [], diagnostics: error.diagnostics.map(\.description),
                                    unlocated: error.diagnostics.filter { $0.position == nil }.map(\.description), warnings: [])
        }
        let result = Generator.generate(sources: sources, configuration: configuration)
        return GenerationRecord(
            code: result.code, adapters: result.adapters.map { "\($0.model): \($0.protocolName)" },
            diagnostics: result.diagnostics.map(\.description), unlocated: result.diagnostics.filter { $0.position == nil }.map(\.description),
            warnings: result.warnings.map(\.description))
    }

    /// In the child: generates every job from the one the parent names, writing each record
    /// beside the job file as it is made (`N.json`), so that the parent knows where a trap was.
    static func runChild() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[jobVariable] else { return }
        let jobs = try JSONDecoder().decode([GenerationJob].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let start = Int(environment[startVariable] ?? "") ?? 0
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for index in start..<jobs.count {
            let record = record(for: jobs[index])
            try JSONEncoder().encode(record).write(to: folder.appendingPathComponent("\(index).json"))
        }
    }

    /// In the parent: runs the jobs in child processes of `test` (whose body starts by calling
    /// ``runChild()`` when it is the child), two at a time, restarting after a trap past the job
    /// that trapped. A record per job, in order.
    static func generate(_ jobs: [GenerationJob], childTest test: String, in folder: URL) throws -> [GenerationRecord] {
        let halves = [jobs.indices.filter { $0 % 2 == 0 }, jobs.indices.filter { $0 % 2 == 1 }].filter { !$0.isEmpty }
        let results = Shared([Int: GenerationRecord]())
        let errors = Shared([String]())
        DispatchQueue.concurrentPerform(iterations: halves.count) { half in
            do {
                let indices = halves[half]
                let part = folder.appendingPathComponent("generate-\(half)")
                try FileManager.default.createDirectory(at: part, withIntermediateDirectories: true)
                let jobFile = part.appendingPathComponent("jobs.json")
                try JSONEncoder().encode(indices.map { jobs[$0] }).write(to: jobFile)
                var start = 0
                var restarts = 0
                while start < indices.count {
                    let run = try ChildTest.run(test, environment: [
                        jobVariable: jobFile.path, startVariable: "\(start)",
                        // A trap's message, without a backtrace that takes seconds to write.
                        "SWIFT_BACKTRACE": "enable=no",
                    ])
                    var next = start
                    while next < indices.count, let data = try? Data(contentsOf: part.appendingPathComponent("\(next).json")) {
                        let record = try JSONDecoder().decode(GenerationRecord.self, from: data)
                        results.mutate { $0[indices[next]] = record }
                        next += 1
                    }
                    if next == indices.count { break }
                    // The child stopped at `next`: a trap there, or a child that could not run.
                    restarts += 1
                    let crash = run.failure ?? "the child ended early"
                    let lines = run.output.split(separator: "\n").filter { !$0.contains("DECOUPLE-CHILD-FIGURE") }
                    // The trap's message, then the end of what the child wrote.
                    let message = lines.filter { $0.contains("Fatal error") || $0.contains("Program crashed") }.prefix(2)
                    let tail = (message + lines.suffix(12)).joined(separator: "\n")
                    results.mutate {
                        $0[indices[next]] = GenerationRecord(code: nil, adapters: [], diagnostics: [], unlocated: [], warnings: [], crash: "\(crash)\n\(tail)")
                    }
                    if restarts > 40 { throw OracleError("the generator's child process died \(restarts) times; stopping") }
                    start = next + 1
                }
            } catch {
                errors.mutate { $0.append("\(error)") }
            }
        }
        if let error = errors.value.first { throw OracleError(error) }
        return jobs.indices.map { results.value[$0]! }
    }
}

struct OracleError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Type-checking, in batches

/// The language modes every output must compile in.
enum LanguageMode: String, CaseIterable, Sendable {
    case swift5 = "Swift 5"
    case swift6 = "Swift 6"
    case swift6MainActor = "Swift 6, MainActor by default"

    /// The module's declarations are `@MainActor` by default: the generator is told so.
    var isMainActorByDefault: Bool { self == .swift6MainActor }

    var options: [String] {
        switch self {
        case .swift5: ["-swift-version", "5"]
        case .swift6: ["-swift-version", "6"]
        case .swift6MainActor: ["-swift-version", "6", "-default-isolation", "MainActor"]
        }
    }
}

/// Stand-ins for what an app's sources use from frameworks Linux lacks (SwiftUI's `State` and
/// `Environment`, UIKit's `UIImage`) and from packages (swift-dependencies' `Dependency`):
/// compiled with every program, never shown to the generator, as an SDK is not.
let oraclePrelude = """
    import Foundation

    @propertyWrapper nonisolated public struct State<Value> {
        public var wrappedValue: Value
        public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    }
    extension State: Sendable where Value: Sendable {}

    @propertyWrapper nonisolated public struct Environment<Value>: Sendable {
        public var wrappedValue: Value { fatalError("a stand-in, never read") }
        public init(_ type: Value.Type) {}
    }

    nonisolated public final class UIImage: Sendable {
        public init?(systemName: String) {}
    }

    public struct DependencyValues: Sendable {}

    @propertyWrapper nonisolated public struct Dependency<Value>: Sendable {
        public var wrappedValue: Value { fatalError("a stand-in, never read") }
        public init(_ keyPath: KeyPath<DependencyValues, Value>) {}
    }

    """

/// One compiler error, and the program whose file it is in (`nil`: a file no program owns).
struct CompilerError: Sendable {
    var program: Int?
    var file: String
    var line: Int
    var message: String
    /// The line of source it points at.
    var sourceLine: String
}

enum OracleTypecheck {
    /// The file name a program's file gets in a batch: unique across the batch.
    static func batchName(program: Int, file: String) -> String {
        "p\(program)_" + file.replacingOccurrences(of: "/", with: "_")
    }

    static let generatedName = "Generated.swift"

    /// Type-checks programs together, each with its extra file (the generated code) if any;
    /// the errors the compiler gave, by program.
    static func check(
        _ programs: [(index: Int, program: OracleProgram, generated: String?)], module: String, mode: LanguageMode, in folder: URL
    ) throws -> (errors: [CompilerError], output: String) {
        var files: [(name: String, text: String)] = [("Prelude.swift", oraclePrelude)]
        var contextFiles: [(name: String, text: String)] = []
        for (index, program, generated) in programs {
            files += program.files.map { (batchName(program: index, file: $0.name), $0.text) }
            contextFiles += program.contextFiles.map { (batchName(program: index, file: $0.name), $0.text) }
            if let generated { files.append((batchName(program: index, file: generatedName), generated)) }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = mode.options + ["-wmo"]
        if !contextFiles.isEmpty {
            // The other module, built first as a module of its own, in Swift 6 without a default
            // isolation whatever the program's mode.
            let modules = folder.appendingPathComponent(OracleProgram.contextModule)
            let built = try emitModule(contextFiles, module: OracleProgram.contextModule, in: modules)
            if built.status != 0 {
                return ([CompilerError(program: nil, file: OracleProgram.contextModule, line: 0, message: "the other module did not build: \(built.stderr.suffix(500))", sourceLine: "")], built.stderr)
            }
            options += ["-I", modules.path]
        }
        // Whole-module: one frontend reads every file once, and reports the errors of all of
        // them (batch mode took 15 times as long, and stopped at the first file with errors).
        let run = try typecheck(files: files, module: module, options: options, in: folder)
        let texts = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text) })
        var errors: [CompilerError] = []
        for line in run.stderr.split(separator: "\n") {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound]
            let message = String(line[range.upperBound...])
            let parts = location.split(separator: ":")
            guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]) else {
                errors.append(CompilerError(program: nil, file: String(location), line: 0, message: message, sourceLine: ""))
                continue
            }
            let path = parts.dropLast(2).joined(separator: ":")
            let name = URL(fileURLWithPath: path).lastPathComponent
            var owner: Int?
            if name.hasPrefix("p"), let underscore = name.firstIndex(of: "_"), let number = Int(name[name.index(after: name.startIndex)..<underscore]) {
                owner = number
            }
            let sourceLines = texts[name]?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            let sourceLine = lineNumber >= 1 && lineNumber <= sourceLines.count ? String(sourceLines[lineNumber - 1]) : ""
            errors.append(CompilerError(program: owner, file: name, line: lineNumber, message: message, sourceLine: sourceLine.trimmingCharacters(in: .whitespaces)))
        }
        if run.status != 0 && errors.isEmpty {
            errors.append(CompilerError(program: nil, file: "", line: 0, message: "swiftc exited \(run.status): \(run.stderr.suffix(500))", sourceLine: ""))
        }
        return (errors, run.stderr)
    }
}
