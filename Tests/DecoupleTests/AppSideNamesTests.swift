import DecoupleTestSupport
import Foundation
import Testing

/// The compile-time proof is the `AppSideImports` target: it uses every public type name of
/// SwiftUI, Observation, Combine and UIKit unqualified beside `Decouple`, and stops compiling if
/// the core exports one. These tests keep that proof whole and name a clash in words.
@Suite struct AppSideNamesTests {
    private static func matches(_ pattern: String, in path: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    private static func standIns() throws -> [String] {
        try matches(#"^public struct (\w+) \{\}"#, in: "Tests/Fixtures/AppleFrameworkNames/AppleFrameworkNames.swift")
    }

    @Test func everyStandInIsUsedUnqualified_inTheAppSideTarget() throws {
        let standIns = try Self.standIns()
        let used = Set(try Self.matches(#"^typealias Uses_\w+ = (\w+)"#, in: "Tests/Fixtures/AppSideImports/AppSideImports.swift"))
        #expect(standIns.count > 1_000, "SwiftUI alone has hundreds of public types")
        #expect(Set(standIns).count == standIns.count, "a stand-in is declared twice")
        #expect(standIns.filter { !used.contains($0) } == [], "stand-ins that AppSideImports never uses")
    }

    @Test func theCoreDeclaresNoPublicTypeOfThoseFrameworks() throws {
        let frameworkNames = Set(try Self.standIns())
        let core = packageRoot.appendingPathComponent("Sources/Decouple")
        var clashes: [String] = []
        let files = FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = "Sources/Decouple/" + file.path.dropFirst(core.path.count + 1)
            let pattern = #"^\s*(?:@\w+\s+)*(?:public|open)\s+(?:final\s+)?(?:class|struct|enum|protocol|typealias|actor)\s+(\w+)"#
            for name in try Self.matches(pattern, in: relative) where frameworkNames.contains(name) {
                clashes.append("\(relative): \(name)")
            }
        }
        #expect(clashes == [])
    }
}
