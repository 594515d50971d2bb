// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let targets: [Target] = [
    // The core that apps import beside SwiftUI and UIKit: no package dependencies, and no public
    // name that SwiftUI, UIKit, Observation, Combine or Foundation also export.
    .target(name: "Decouple"),
    // Views, tables, navigation and windows that render to text: UIKit's shapes, for tests,
    // playgrounds and Linux tools. Re-exports `Decouple`.
    .target(name: "DecoupleTextUI", dependencies: ["Decouple"]),
    // Each fails with a message naming the trait to enable, before a target that needs it is
    // compiled (which would otherwise fail on a missing module).
    .target(name: "GeneratorTraitCheck"),
    .target(name: "SnapshotTestingTraitCheck"),
    .target(
        name: "DecoupleTesting",
        dependencies: [
            "DecoupleTextUI",
            "SnapshotTestingTraitCheck",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]
    ),
    .target(
        name: "DecoupleGenerator",
        dependencies: [
            "GeneratorTraitCheck",
            .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftSyntaxBuilder", package: "swift-syntax", condition: .when(traits: ["Generator"])),
        ]
    ),
    .macro(
        name: "DecoupleMacrosPlugin",
        dependencies: [
            "DecoupleGenerator",
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["Generator"])),
        ]
    ),
    .target(name: "DecoupleMacros", dependencies: ["Decouple", "DecoupleMacrosPlugin"]),
    // Models adapted with `@Adapts`, compiled: the macro's expansion builds and runs.
    .target(name: "MacroClientFixture", dependencies: ["DecoupleMacros"], path: "Tests/Fixtures/MacroClient"),
    .plugin(name: "DecouplePlugin", capability: .buildTool(), dependencies: [.target(name: "decouple")]),
    .plugin(
        name: "GenerateAdapters",
        capability: .command(
            intent: .custom(verb: "generate-adapters", description: "Write DecoupleAdapters.swift into each target that has a decouple.json"),
            permissions: [.writeToPackageDirectory(reason: "to write DecoupleAdapters.swift beside the models it adapts")]
        ),
        dependencies: [.target(name: "decouple")]
    ),
    // The same models as MacroClient, adapted by the build plugin from decouple.json.
    .target(
        name: "PluginClientFixture", dependencies: ["Decouple"], path: "Tests/Fixtures/PluginClient",
        exclude: ["decouple.json"], plugins: ["DecouplePlugin"]
    ),
    // A model in a target of its own, adapted by the build plugin of a target that depends on it.
    .target(name: "PluginModelsFixture", path: "Tests/Fixtures/PluginModelsFixture"),
    .target(
        name: "PluginDependencyFixture", dependencies: ["Decouple", "PluginModelsFixture"], path: "Tests/Fixtures/PluginDependency",
        exclude: ["decouple.json"], plugins: ["DecouplePlugin"]
    ),
    // The same models again, with the file `swift package generate-adapters` wrote, committed.
    .target(name: "CommittedAdaptersFixture", dependencies: ["Decouple"], path: "Tests/Fixtures/CommittedAdapters", exclude: ["decouple.json"]),
    // A model of a target it depends on, with the file `swift package generate-adapters` wrote, committed.
    .target(
        name: "CommittedDependencyFixture", dependencies: ["PluginModelsFixture"], path: "Tests/Fixtures/CommittedDependency",
        exclude: ["decouple.json"]
    ),
    .testTarget(
        name: "DecoupleMacrosTests",
        dependencies: [
            "DecoupleMacrosPlugin",
            "DecoupleGenerator",
            "decouple",
            "MacroClientFixture",
            "PluginClientFixture",
            "PluginDependencyFixture",
            "PluginModelsFixture",
            "DecoupleTextUI",
            "DecoupleTestSupport",
            "CommittedAdaptersFixture",
            "CommittedDependencyFixture",
            .product(name: "MacroTesting", package: "swift-macro-testing", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax", condition: .when(traits: ["Generator"])),
        ]
    ),
    // What the `decouple` command does, as a library: finding sources and the configuration,
    // the cache, writing the output, and each command's run (`Frontend`).
    .target(name: "DecoupleTool", dependencies: ["DecoupleGenerator"]),
    // The command line over `DecoupleTool`: it parses the arguments and calls the frontend.
    // Named like its product: SwiftPM finds a plugin's tool in the same package only then.
    .executableTarget(
        name: "decouple",
        dependencies: [
            "DecoupleGenerator",
            "DecoupleTool",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Generator"])),
        ],
        path: "Sources/DecoupleCLI"
    ),
    // The bundled example, compiled with its generated code: proof that the output builds.
    .target(name: "DecoupleExamples", dependencies: ["Decouple"], path: "Examples", exclude: ["decouple.json", "README.md"]),
    // Every source feature the generator reads, compiled with its generated code.
    .target(name: "GeneratorCoverageFixture", dependencies: ["Decouple"], path: "Tests/Fixtures/Coverage", exclude: ["decouple.json"]),
    // An app-shaped tree: a target per folder under Tests/Fixtures/AppTree/Sources (named as the
    // tool names modules), `#if` variants, protobuf-style files, a Sourcery template the build
    // excludes, namesakes across targets; adapters in all three styles generated for the whole tree.
    .target(name: "AppTreeCore", path: "Tests/Fixtures/AppTree/Sources/AppTreeCore", exclude: ["Generated/AutoDisplay.swift"]),
    .target(name: "AppTreeWidget", path: "Tests/Fixtures/AppTree/Sources/AppTreeWidget"),
    .target(name: "AppTreeProto", path: "Tests/Fixtures/AppTree/Sources/AppTreeProto"),
    .target(
        name: "AppTreeAdapters", dependencies: ["Decouple", "AppTreeCore", "AppTreeWidget", "AppTreeProto"],
        path: "Tests/Fixtures/AppTree/Sources/AppTreeAdapters"
    ),
    .testTarget(name: "AppTreeTests", dependencies: ["Decouple", "AppTreeCore", "AppTreeWidget", "AppTreeProto", "AppTreeAdapters"]),
    .testTarget(name: "DecoupleExamplesTests", dependencies: ["Decouple", "DecoupleExamples"]),
    .testTarget(name: "GeneratorCoverageTests", dependencies: ["Decouple", "GeneratorCoverageFixture"]),
    .testTarget(
        name: "DecoupleCLITests",
        dependencies: [
            "decouple",
            "DecoupleTool",
            "DecoupleTestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Generator"])),
            .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]
    ),
    // Stand-ins for the public type names of SwiftUI, Observation, Combine and UIKit, which do not
    // exist on Linux, and an app-side target that uses each of them, unqualified, beside
    // `Decouple`: it compiles only while the core exports none of those names.
    .target(name: "AppleFrameworkNames", path: "Tests/Fixtures/AppleFrameworkNames"),
    .target(name: "AppSideImports", dependencies: ["Decouple", "AppleFrameworkNames"], path: "Tests/Fixtures/AppSideImports"),
    // What the tests share: the seed's models, the package root, running processes, a locked log.
    .target(
        name: "DecoupleTestSupport",
        dependencies: ["Decouple", .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"]))],
        path: "Tests/Support"
    ),
    .testTarget(
        name: "DecoupleTests",
        dependencies: [
            "Decouple",
            "DecoupleTestSupport",
            "AppSideImports",
            .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]
    ),
    .testTarget(
        name: "DecoupleTextUITests",
        dependencies: [
            "DecoupleTextUI",
            "DecoupleTestSupport",
            .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]
    ),
    .testTarget(
        name: "DecoupleTestingTests",
        dependencies: [
            "DecoupleTesting",
            "DecoupleTestSupport",
            .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]
    ),
    .testTarget(
        name: "DecoupleGeneratorTests",
        dependencies: [
            "DecoupleGenerator",
            "DecoupleTestSupport",
            .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            // The line table is checked against swift-syntax's converter.
            .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Generator"])),
            // The rendered code is held to swift-syntax's formatter.
            .product(name: "SwiftBasicFormat", package: "swift-syntax", condition: .when(traits: ["Generator"])),
        ]
    ),
    // Builds the playgrounds' own package (Playgrounds/Package.swift) and asserts what each prints.
    .testTarget(
        name: "PlaygroundTests",
        dependencies: ["DecoupleTestSupport", .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"]))]
    ),
]

// CI's sanitizer runs (`DECOUPLE_SANITIZE=thread` or `address`): only this package's targets are
// instrumented, so the runs reuse the swift-syntax the ordinary build compiled instead of building
// it again instrumented (`--sanitize` instruments every dependency). Users never set it.
let sanitizer = Context.environment["DECOUPLE_SANITIZE"]
let instrumented = sanitizer.map { sanitizer in
    targets.map { target in
        guard target.type != .plugin else { return target }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        return target
    }
} ?? targets

let package = Package(
    name: "Decouple",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
    products: [
        // The core, for apps: content protocols, class-cluster factory, forwarding proxy,
        // observation and bindings. It has no package dependencies (depending on it compiles no
        // swift-syntax) and exports no name of SwiftUI, UIKit, Observation or Combine.
        .library(name: "Decouple", targets: ["Decouple"]),
        // The text UI kit: UIKit-shaped views that render to plain text, for tests, playgrounds
        // and Linux tools. Depends on `Decouple` and re-exports it.
        .library(name: "DecoupleTextUI", targets: ["DecoupleTextUI"]),
        // Reads model sources and writes adapters; what the `decouple` tool is built on.
        .library(name: "DecoupleGenerator", targets: ["DecoupleGenerator"]),
        .executable(name: "decouple", targets: ["decouple"]),
        // Snapshot strategies that render any view, controller or window as text, for users'
        // own tests. Separate from `Decouple` so the core stays free of dependencies.
        .library(name: "DecoupleTesting", targets: ["DecoupleTesting"]),
        // `@Adapts` and `@Maps`: conformances written at the model, expanded by the generator's
        // own emitter. Depending on it compiles swift-syntax; depending on `Decouple` does not.
        .library(name: "DecoupleMacros", targets: ["DecoupleMacros"]),
        // Build-tool plugin: runs `decouple generate` on a target with its decouple.json.
        .plugin(name: "DecouplePlugin", targets: ["DecouplePlugin"]),
        // `swift package generate-adapters`: writes the generated file into the source tree.
        .plugin(name: "GenerateAdapters", targets: ["GenerateAdapters"]),
    ],
    // A package that depends on this one with no traits gets `Decouple` and `DecoupleTextUI`, and
    // resolves, fetches and compiles no other package. The rest is behind traits:
    //   .package(url: "…/decouple", from: "…", traits: ["Generator"])   // the tool, plugins, macros
    //   .package(url: "…/decouple", from: "…", traits: ["SnapshotTesting"])   // DecoupleTesting
    // Working on this package itself: `swift build --enable-all-traits` (every command, the same).
    traits: [
        .trait(name: "Generator", description: "The generator, the decouple tool, its plugins and the @Adapts macro: swift-syntax and swift-argument-parser."),
        .trait(name: "SnapshotTesting", description: "DecoupleTesting's snapshot strategies: swift-snapshot-testing."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        // `swift package generate-documentation --target Decouple` (or any module users import):
        // each has a DocC catalog, `Sources/MODULE/MODULE.docc`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: instrumented,
    swiftLanguageModes: [.v6]
)
