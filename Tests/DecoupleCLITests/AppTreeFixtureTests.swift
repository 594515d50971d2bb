import Foundation
import Testing

/// The tool on the app-shaped fixture tree (Tests/Fixtures/AppTree), as `.ci/run` runs it.
@Suite struct AppTreeFixtureTests {
    @Test func theWholeTree_generatesTheCommittedAdapters_skippingOnlyTheTemplate() throws {
        let run = try runTool(
            ["generate", "Tests/Fixtures/AppTree", "--config", "Tests/Fixtures/AppTree/decouple.json"], in: packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        // The Sourcery template is the only file left out, with one warning naming it.
        #expect(run.stderr == """
            Tests/Fixtures/AppTree/Sources/AppTreeCore/Generated/AutoDisplay.swift:2:2: warning: syntax error: unexpected code '%' in closure; \
            the file is skipped, since no adapter needs what it declares (exclude it with --exclude to silence this) [#SkippedUnparsableFile]

            """)
        let committed = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/AppTree/Sources/AppTreeAdapters/Generated.swift"), encoding: .utf8)
        #expect(run.stdout.trimmingCharacters(in: .newlines) == committed.trimmingCharacters(in: .newlines))
    }
}
