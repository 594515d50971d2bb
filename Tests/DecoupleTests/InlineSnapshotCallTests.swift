import DecoupleTestSupport
import Foundation
import Testing

/// Every test file asserts inline snapshots through `DecoupleTestSupport`, which lets one run at a
/// time in the test process: swift-snapshot-testing's own, called from tests running in
/// parallel, crashes the whole process with SIGSEGV when two fail at once (its cache of test
/// sources has no lock), hiding every other result.
@Suite struct InlineSnapshotCallTests {
    @Test func noTestFileImportsTheLibrarysAssertion() throws {
        let tests = packageRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "InlineSnapshot.swift" }
        #expect(files.count > 50)
        let importing = try files.filter { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").contains { $0.hasPrefix("import InlineSnapshotTesting") }
        }
        #expect(importing.map(\.lastPathComponent) == [], "import DecoupleTestSupport instead")
    }
}
