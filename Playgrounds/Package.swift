// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The playgrounds' own package. They need only `DecoupleTextUI`, and a build here compiles only
// that and the core: in the root package, every build first builds the `decouple` tool (and so
// swift-syntax), because the root applies its build plugin to a test fixture.
//
// Playgrounds/NAME.playground is what Xcode opens. On Linux each is also the executable target
// `NAMEPlayground` here (its `Contents.swift` linked from Runners/NAME/main.swift), which
// `bash Playgrounds/run.sh` builds and runs; the root package's `PlaygroundTests` assert what
// they print.

/// A path dependency is known by its folder's name, which depends on where the repository was cloned.
let decouple = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

let playgrounds = ["MVC", "MVCVariant", "MVP", "Contacts", "Decoupling", "MVVM", "MVVMObservable", "Login", "HomePage", "Layered", "Feed"]

let package = Package(
    name: "DecouplePlaygrounds",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
    dependencies: [.package(path: "..")],
    targets: playgrounds.map { name in
        .executableTarget(
            name: name + "Playground",
            dependencies: [.product(name: "DecoupleTextUI", package: decouple)],
            // SwiftPM skips `.playground` folders, so it reads each through a symbolic link.
            path: "Runners/\(name)"
        )
    },
    swiftLanguageModes: [.v6]
)
