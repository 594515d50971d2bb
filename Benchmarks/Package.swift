// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Benchmarks live in their own package so that the library never depends on ordo-one/benchmark.
// `bash Benchmarks/run.sh` builds them in release mode, runs them, and prints the ratios.

/// A path dependency is known by its folder's name, which depends on where the repository was cloned.
let decouple = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "DecoupleBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The macros (MacroHost) need the package's "Generator" trait.
        .package(path: "..", traits: ["Generator"]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "DecoupleBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DecoupleTextUI", package: decouple),
            ],
            path: "Benchmarks/DecoupleBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Builds the macros and their plug-in for `macro.compile_vs_handwritten` (see run.sh).
        .target(
            name: "MacroHost",
            dependencies: [.product(name: "DecoupleMacros", package: decouple)],
            path: "Benchmarks/MacroHost"
        ),
    ],
    swiftLanguageModes: [.v6]
)
