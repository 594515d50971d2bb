import DecoupleTestSupport
import Foundation
import Testing

/// The `DeliveryContract` article names the tests that hold each of its promises: each name must
/// be a test, or a suite, that exists.
@Suite struct DeliveryContractArticleTests {
    @Test func everyTestTheArticleNames_exists() throws {
        let article = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/Decouple/Decouple.docc/DeliveryContract.md"),
            encoding: .utf8)
        // Code spans that read as test names: a lower-case start and an underscore, or a suite.
        let names = article.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { name in
                name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                    && ((name.first?.isLowercase == true && name.contains("_")) || name.hasSuffix("Tests"))
            }
        #expect(names.count >= 30, "the article names \(names.count) tests")
        let tests = try testSources()
        for name in Set(names) {
            let found = tests.contains { $0.contains("func \(name)(") || $0.contains("struct \(name)") }
            #expect(found, "the article names \(name), which is no test")
        }
    }

    private func testSources() throws -> [String] {
        let root = packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }
    }
}
