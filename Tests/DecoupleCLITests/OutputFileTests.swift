import Foundation
import Testing
@testable import DecoupleTool

/// The suites that write files through `OutputFile` in this process, run one test at a time: a
/// write catches signals for its length, which the signal test must see alone.
@Suite(.serialized) enum InProcessWrites {}

extension InProcessWrites {
    /// Only the tool handles signals, and only while it writes: what the process had for each is
    /// put back after, and a signal it ignores (a run under `nohup`) stays ignored.
    @Suite struct OutputFileTests {
        /// The signals this process ignores and catches, as `/proc/self/status` lists them: bit
        /// `n - 1` for signal `n`.
        private func dispositions() throws -> (ignored: UInt64, caught: UInt64) {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            func mask(_ name: String) throws -> UInt64 {
                let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(name + ":") })
                return try #require(UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
            }
            return (try mask("SigIgn"), try mask("SigCgt"))
        }

        private func bit(_ number: Int32) -> UInt64 { 1 << UInt64(number - 1) }

        @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads the signal masks in /proc/self/status, which Linux has"))
        func aWrite_catchesSignalsLeftAtTheirDefault_only_andPutsBackWhatWasThere() throws {
            let hangUp = signal(SIGHUP, SIG_IGN)  // ignored, as under `nohup`
            let interrupt = signal(SIGINT, SIG_DFL)
            let terminate = signal(SIGTERM, SIG_DFL)
            defer {
                signal(SIGHUP, hangUp)
                signal(SIGINT, interrupt)
                signal(SIGTERM, terminate)
            }
            let before = try dispositions()
            #expect(before.ignored & bit(SIGHUP) != 0 && before.caught & (bit(SIGINT) | bit(SIGTERM)) == 0)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decouple-signals-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let during = try TemporaryFileGuard.removing("\(folder)/.Out.swift.tmp") { Result { try dispositions() } }.get()
            #expect(during.caught & bit(SIGINT) != 0 && during.caught & bit(SIGTERM) != 0)
            #expect(during.caught & bit(SIGHUP) == 0 && during.ignored & bit(SIGHUP) != 0)
            #expect(try dispositions() == before)

            // A whole write, too.
            #expect(try OutputFile.write("text\n", to: "\(folder)/Out.swift") == .written)
            #expect(try dispositions() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Out.swift"])
        }
    }
}
