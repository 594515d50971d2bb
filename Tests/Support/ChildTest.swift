import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - ChildTest

/// Runs one test again in a child process: the test binary itself, with only that test selected
/// and an environment variable that tells the test it is the child.
///
/// For what a test process cannot report about itself: a crash (a stack overflow ends the whole
/// process, hiding every other result; in a child it is a failure of the one test), and the
/// peak memory of some work (measured in a process that does nothing else).
///
/// ```swift
/// @Test func work_staysSmall() throws {
///     if let child = ChildTest.start() {          // the child: do the work, report, return
///         let before = ChildTest.memory()!
///         _ = ChildTest.resetPeakMemory()
///         work()
///         child.report("added", ChildTest.peakMemory()! - before)
///         return
///     }
///     let run = try ChildTest.run("FeedBoundsTests/work_staysSmall")
///     #expect(run.failure == nil, "\(run)")
///     #expect(run.values["added"]! < limit)
/// }
/// ```
public struct ChildTest: Sendable {
    private static let variable = "DECOUPLE_CHILD_TEST"

    /// Whether the test binary can be run again here: on Linux, where it is a plain executable
    /// that runs Swift Testing's tests itself.
    public static let isAvailable: Bool = {
        #if os(Linux)
        FileManager.default.isExecutableFile(atPath: "/proc/self/exe")
        #else
        false
        #endif
    }()

    /// Whether this process runs under ThreadSanitizer or AddressSanitizer, whose shadow memory
    /// makes its memory figures the sanitizer's rather than the code's.
    public static let isSanitized: Bool = {
        #if canImport(Glibc)
        dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
        #else
        false
        #endif
    }()

    /// When this process is the child of ``run(_:)``: the child, having told the parent that its
    /// test started. Call it first thing in the test.
    public static func start() -> ChildTest? {
        guard let test = ProcessInfo.processInfo.environment[variable] else { return nil }
        let child = ChildTest(test: test)
        child.report("ran", 1)
        return child
    }

    /// The test this child runs, as given to ``run(_:)``.
    public let test: String

    /// In the child: tells the parent a figure (one line on standard output).
    public func report(_ name: String, _ value: Int) {
        FileHandle.standardOutput.write(Data("\(Self.marker) \(name) \(value)\n".utf8))
    }

    private static let marker = "DECOUPLE-CHILD-FIGURE"

    /// The memory this process holds now (its resident set), in bytes; nil where
    /// `/proc/self/status` does not say.
    public static func memory() -> Int? {
        status("VmRSS")
    }

    /// The most memory this process has held at once (its peak resident set) since it started
    /// or since ``resetPeakMemory()``, in bytes; nil where `/proc/self/status` does not say.
    public static func peakMemory() -> Int? {
        status("VmHWM")
    }

    /// Starts the peak over from the memory held now, so that ``peakMemory()`` measures what
    /// comes next (Linux: 5 written to `/proc/self/clear_refs`). False where it cannot.
    public static func resetPeakMemory() -> Bool {
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        return (try? file.write(contentsOf: Data("5".utf8))) != nil
    }

    /// A line of `/proc/self/status` in kilobytes (`VmHWM:   41548 kB`), in bytes.
    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// What the child did.
    public struct Run: Sendable, CustomStringConvertible {
        /// The exit status, or the signal that ended it.
        public var status: Int32
        public var endedBySignal: Bool
        /// Standard output and standard error, as a terminal shows them.
        public var output: String
        /// What the child reported with ``ChildTest/report(_:_:)``.
        public var values: [String: Int]

        /// Why the run failed, in words; nil when the child's test ran and passed.
        public var failure: String? {
            if endedBySignal {
                let name = [4: "SIGILL (a trap)", 5: "SIGTRAP (a trap)", 6: "SIGABRT", 7: "SIGBUS", 11: "SIGSEGV (a bad access, or a stack overflow)"][status] ?? "signal \(status)"
                return "the child process was killed by \(name)"
            }
            if status != 0 { return "the child process exited with status \(status): its test failed" }
            // A filter that selects nothing passes too: the child must have run the test.
            if values["ran"] != 1 { return "the child process did not run the test" }
            return nil
        }

        public var description: String {
            (failure ?? "the child's test passed") + "; its output:\n" + output.split(separator: "\n").suffix(40).joined(separator: "\n")
        }
    }

    /// Runs `test` in a child process as ``run(_:)`` does, unless this process is that child or
    /// children cannot run here: then nil, and the test runs its body itself.
    ///
    /// ```swift
    /// if let run = try ChildTest.runUnlessChild("RobustnessTests/longChain") {
    ///     #expect(run.failure == nil, "\(run)")
    ///     return
    /// }
    /// // the test's body: in the child, or in this process where there are no children
    /// ```
    public static func runUnlessChild(_ test: String) throws -> Run? {
        guard isAvailable, start() == nil else { return nil }
        return try run(test)
    }

    /// Runs `test` (`Suite/function`, as Swift Testing names it) in a child process and waits
    /// for it. The test's body must begin with ``start()``.
    ///
    /// - Parameter environment: Variables the child gets besides this process's own, to tell it
    ///   what to do.
    public static func run(_ test: String, environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        // Only Swift Testing's tests, only this one: a regular expression matched against the
        // test's identifier (`Module.Suite/function()`), so the name is escaped.
        process.arguments = ["--testing-library", "swift-testing", "--filter", NSRegularExpression.escapedPattern(for: test)]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = test
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == marker, let value = Int(words[2]) { values[String(words[1])] = value }
        }
        return Run(status: process.terminationStatus, endedBySignal: process.terminationReason == .uncaughtSignal,
                   output: output, values: values)
    }
}
