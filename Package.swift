// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// Playgrounds/NAME.playground, each also an executable target `NAMEPlayground` (its
/// `Contents.swift` linked from Playgrounds/Runners/NAME/main.swift) so that `Playgrounds/run.sh`
/// and the tests build and run it on Linux.
let playgrounds = ["MVC", "MVCVariant", "MVP", "Contacts", "Decoupling", "MVVM", "Login", "HomePage", "Layered"]

let package = Package(
    name: "Decouple",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
    products: [
        // The core: content protocols, class-cluster factory, forwarding proxy, text UI.
        // It has no package dependencies, so depending on it compiles no swift-syntax.
        .library(name: "Decouple", targets: ["Decouple"]),
        // Reads model sources and writes adapters; what the `decouple` tool is built on.
        .library(name: "DecoupleGenerator", targets: ["DecoupleGenerator"]),
        .executable(name: "decouple", targets: ["DecoupleCLI"]),
        // Snapshot strategies that render any view, controller or window as text, for users'
        // own tests. Separate from `Decouple` so the core stays free of dependencies.
        .library(name: "DecoupleTesting", targets: ["DecoupleTesting"]),
        // `@Adapts` and `@Maps`: conformances written at the model, expanded by the generator's
        // own emitter. Depending on it compiles swift-syntax; depending on `Decouple` does not.
        .library(name: "DecoupleMacros", targets: ["DecoupleMacros"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    ],
    targets: [
        .target(name: "Decouple"),
        .target(
            name: "DecoupleTesting",
            dependencies: [
                "Decouple",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .target(
            name: "DecoupleGenerator",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "DecoupleMacrosPlugin",
            dependencies: [
                "DecoupleGenerator",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(name: "DecoupleMacros", dependencies: ["Decouple", "DecoupleMacrosPlugin"]),
        // Models adapted with `@Adapts`, compiled: the macro's expansion builds and runs.
        .target(name: "MacroClientFixture", dependencies: ["DecoupleMacros"], path: "Tests/Fixtures/MacroClient"),
        .testTarget(
            name: "DecoupleMacrosTests",
            dependencies: [
                "DecoupleMacrosPlugin",
                "DecoupleGenerator",
                "MacroClientFixture",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]
        ),
        .executableTarget(
            name: "DecoupleCLI",
            dependencies: [
                "DecoupleGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The bundled example, compiled with its generated code: proof that the output builds.
        .target(name: "DecoupleExamples", dependencies: ["Decouple"], path: "Examples", exclude: ["decouple.json", "README.md"]),
        // Every source feature the generator reads, compiled with its generated code.
        .target(name: "GeneratorCoverageFixture", dependencies: ["Decouple"], path: "Tests/Fixtures/Coverage", exclude: ["decouple.json"]),
        .testTarget(name: "DecoupleExamplesTests", dependencies: ["Decouple", "DecoupleExamples"]),
        .testTarget(name: "GeneratorCoverageTests", dependencies: ["Decouple", "GeneratorCoverageFixture"]),
        .testTarget(
            name: "DecoupleCLITests",
            dependencies: [
                "DecoupleCLI",
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "DecoupleTests",
            dependencies: [
                "Decouple",
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "DecoupleTestingTests",
            dependencies: [
                "DecoupleTesting",
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "DecoupleGeneratorTests",
            dependencies: [
                "DecoupleGenerator",
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "PlaygroundTests",
            dependencies: playgrounds.map { .target(name: $0 + "Playground") }
                + [.product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing")]
        ),
    ] + playgrounds.map { name in
        .executableTarget(
            name: name + "Playground",
            dependencies: ["Decouple"],
            // SwiftPM skips `.playground` folders, so it reads each through a symbolic link.
            path: "Playgrounds/Runners/\(name)"
        )
    },
    swiftLanguageModes: [.v6]
)
