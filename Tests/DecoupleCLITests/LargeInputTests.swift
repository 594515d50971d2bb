import DecoupleTestSupport
import Foundation
import Testing

/// The tool on inputs far larger than real projects: each run completes, and its peak memory is
/// measured from the operating system's accounting of the child process. Both are heavy: they
/// run when `DECOUPLE_HEAVY_TESTS=1` (as in CI), and a plain `swift test` reports them skipped.
@Suite(.serialized) struct LargeInputTests {
    /// A model file `count` models long, half of them annotated for `TitledContent`.
    static func models(_ count: Int, prefix: String) -> String {
        var text = "import Foundation\n\n"
        for index in 0..<count {
            if index.isMultiple(of: 2) {
                text += "// decouple: TitledContent(title: name, subtitle: detail ?? \"-\")\n"
            }
            text += """
            public struct \(prefix)Model\(index) {
                public var name: String
                public var detail: String?
                public var price: Double = 19.\(index % 100)
                public var tags: [String] = ["商品", "小明", "🚀"]
            }


            """
        }
        return text
    }

    @Test(.heavy) func aTenMegabyteSourceFile() throws {
        var text = Self.models(1, prefix: "Big")
        var count = 1
        while text.utf8.count < 10_000_000 {
            text += Self.models(2_000, prefix: "Big\(count)_")
            count += 1
        }
        let workspace = try Workspace(["Models/Big.swift": text])
        let (status, peak) = try runMeasured(["generate", "Models", "--output", "Generated.swift"], in: workspace.url)
        #expect(status == 0)
        let generated = try workspace.read("Generated.swift")
        #expect(generated.components(separatedBy: ": Decouple.TitledContent").count - 1 == (count - 1) * 1_000 + 1)
        print("10 MB source file: \(text.utf8.count) bytes, \((count - 1) * 2_000 + 1) models, peak resident \(peak / 1_048_576) MiB")
        // Bounded: a small multiple of the input, not of its square.
        #expect(peak < 3_000_000_000, "peak resident memory \(peak) bytes")
    }

    @Test(.heavy) func fiveThousandFiles() throws {
        let workspace = try Workspace()
        for file in 0..<5_000 {
            try workspace.write(Self.models(2, prefix: "F\(file)_"), to: "Models/\(file % 50)/File\(file).swift")
        }
        let (status, peak) = try runMeasured(["generate", "Models", "--output", "Generated.swift"], in: workspace.url)
        #expect(status == 0)
        #expect(try workspace.read("Generated.swift").components(separatedBy: ": Decouple.TitledContent").count - 1 == 5_000)
        print("5,000 files: peak resident \(peak / 1_048_576) MiB")
        #expect(peak < 2_000_000_000, "peak resident memory \(peak) bytes")
    }

    /// Runs the tool with `arguments` relative to `folder` (made absolute: the test process's own
    /// folder is left alone) and returns its exit status and its own peak resident memory in
    /// bytes, read from `wait4` for exactly that child. Its output goes to /dev/null.
    private func runMeasured(_ arguments: [String], in folder: URL) throws -> (status: Int32, peakBytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let absolute = arguments.map { $0.hasPrefix("-") || $0 == "generate" ? $0 : folder.appendingPathComponent($0).path }
        let argv = ([toolURL.path] + absolute).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, toolURL.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024   // kilobytes on Linux
        #else
        let peak = Int(usage.ru_maxrss)          // bytes on Darwin
        #endif
        let signal = status & 0x7f
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, peak)
    }
}
