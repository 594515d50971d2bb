import Foundation

/// The package's root folder, for reading committed fixtures and running the package's tools.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Where `swift build` put the package's executables: beside the test bundle.
public func builtProduct(_ name: String) -> URL {
    Bundle.main.bundleURL.appendingPathComponent(name)
}
