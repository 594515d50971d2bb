import Foundation
import Testing

/// The tool on inputs far larger than real projects: each run completes, and its peak memory is
/// measured from the operating system's accounting of the child process.
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

    @Test func aTenMegabyteSourceFile() throws {
        var text = Self.models(1, prefix: "Big")
        var count = 1
        while text.utf8.count < 10_000_000 {
            text += Self.models(2_000, prefix: "Big\(count)_")
            count += 1
        }
        let workspace = try Workspace(["Models/Big.swift": text])
        let (run, peak) = try measure { try workspace.run("generate", "Models", "--output", "Generated.swift") }
        #expect(run.status == 0, "\(run.stderr.prefix(500))")
        let generated = try workspace.read("Generated.swift")
        #expect(generated.components(separatedBy: ": Decouple.TitledContent").count - 1 == (count - 1) * 1_000 + 1)
        print("10 MB source file: \(text.utf8.count) bytes, \((count - 1) * 2_000 + 1) models, peak resident \(peak / 1_048_576) MiB")
        // Bounded: a small multiple of the input, not of its square.
        #expect(peak < 3_000_000_000, "peak resident memory \(peak) bytes")
    }

    @Test func fiveThousandFiles() throws {
        let workspace = try Workspace()
        for file in 0..<5_000 {
            try workspace.write(Self.models(2, prefix: "F\(file)_"), to: "Models/\(file % 50)/File\(file).swift")
        }
        let (run, peak) = try measure { try workspace.run("generate", "Models", "--output", "Generated.swift") }
        #expect(run.status == 0, "\(run.stderr.prefix(500))")
        #expect(try workspace.read("Generated.swift").components(separatedBy: ": Decouple.TitledContent").count - 1 == 5_000)
        print("5,000 files: peak resident \(peak / 1_048_576) MiB")
        #expect(peak < 2_000_000_000, "peak resident memory \(peak) bytes")
    }

    /// Runs `body` (which starts one child process) and returns its result with the largest peak
    /// resident size of any child so far, in bytes.
    private func measure<T>(_ body: () throws -> T) throws -> (T, Int) {
        let result = try body()
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return (result, Int(usage.ru_maxrss) * 1024)   // kilobytes on Linux
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        return (result, Int(usage.ru_maxrss))          // bytes on Darwin
        #endif
    }
}
