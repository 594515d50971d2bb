import DecoupleGenerator
import Foundation
import Testing

/// `ManifestReader`: which targets of a `Package.swift` apply the build plugin, so that the
/// command plugin does not write a second producer of their adapters.
@Suite struct ManifestReaderTests {
    private func uses(_ manifest: String) -> ManifestReader.PluginUses {
        ManifestReader.uses(ofPlugin: "DecouplePlugin", inManifest: manifest, path: "Package.swift")
    }

    @Test func everySpellingOfAUseInATargetDeclarationNamesTheTarget() {
        let found = uses("""
            // swift-tools-version: 6.0
            import PackageDescription
            let decouple: Target.PluginUsage = .plugin(name: "DecouplePlugin", package: "decouple")
            let shared = [decouple]
            let package = Package(
                name: "App",
                dependencies: [.package(path: "../decouple")],
                targets: [
                    .target(name: "Literal", plugins: ["DecouplePlugin"]),
                    .target(name: "Qualified", dependencies: [], plugins: [.plugin(name: "DecouplePlugin", package: "decouple")]),
                    .executableTarget(name: "ThroughAConstant", plugins: [decouple]),
                    Target.target(name: "ThroughTwoConstants", plugins: shared),
                    .testTarget(name: "Tests", plugins: [.plugin(name: "DecouplePlugin", package: "decouple")]),
                    .target(name: "OtherPlugin", plugins: [.plugin(name: "SwiftLintPlugin", package: "SwiftLint")]),
                    .target(name: "NoPlugins"),
                    .target(name: "Literal", plugins: ["DecouplePlugin"]),
                ]
            )
            """)
        #expect(found.targets == ["Literal", "Qualified", "ThroughAConstant", "ThroughTwoConstants", "Tests"])
        #expect(found.unattributed.isEmpty)
    }

    @Test func aUseThatNoTargetNameCanBeReadForIsReportedWhereItIs() {
        let found = uses("""
            import PackageDescription
            func feature(_ name: String) -> Target {
                .target(name: name, plugins: ["DecouplePlugin"])
            }
            let package = Package(name: "App", targets: [feature("Feed"), .target(name: "Plain")])
            for target in package.targets where target.type == .regular {
                target.plugins = (target.plugins ?? []) + [.plugin(name: "DecouplePlugin", package: "decouple")]
            }
            package.targets[0].plugins?.append("DecouplePlugin")
            """)
        #expect(found.targets.isEmpty)
        #expect(found.unattributed.map(\.description) == ["Package.swift:3:34", "Package.swift:7:5", "Package.swift:9:1"])
    }

    @Test func declaringThePluginIsNotUsingIt() {
        let found = uses("""
            import PackageDescription
            let package = Package(
                name: "decouple",
                products: [.plugin(name: "DecouplePlugin", targets: ["DecouplePlugin"])],
                targets: [.plugin(name: "DecouplePlugin", capability: .buildTool(), dependencies: ["decouple"])]
            )
            """)
        #expect(found.targets.isEmpty && found.unattributed.isEmpty)
    }

    @Test func thisPackagesOwnManifest_namesTheTargetsThatUseTheBuildPlugin() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)
        let found = ManifestReader.uses(ofPlugin: "DecouplePlugin", inManifest: manifest, path: "Package.swift")
        #expect(found.targets == ["PluginClientFixture", "PluginDependencyFixture"])
        #expect(found.unattributed.isEmpty)
    }

    @Test func aManifestThatDoesNotParseGivesWhatCanStillBeRead() {
        let found = uses("""
            let package = Package(name: "App", targets: [
                .target(name: "App", plugins: ["DecouplePlugin"]),
                .target(name: "Broken", plugins: [
            """)
        #expect(found.targets.contains("App"))
    }
}
