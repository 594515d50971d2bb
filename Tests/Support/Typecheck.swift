import Foundation

// MARK: - Typecheck

/// The language modes generated code must compile in: Swift 5, Swift 6, and Swift 6 with the
/// main actor as the module's default isolation (the default for new app targets).
public let languageModes: [[String]] = [
    ["-swift-version", "5"],
    ["-swift-version", "6"],
    ["-swift-version", "6", "-default-isolation", "MainActor"],
]

/// Type-checks one Swift file with the toolchain's `swiftc`, against the modules this test
/// bundle was built with (so `import Decouple` finds the library under test), and returns what
/// the compiler said. For tests that a use of the library compiles, or that the compiler
/// refuses it.
///
/// ```swift
/// let run = try typecheck("import Decouple\nlet p = ForwardingProxy()")
/// #expect(run.status == 0, "\(run.stderr)")
/// ```
///
/// - Parameter options: More `swiftc` options, e.g. `["-swift-version", "5"]`; the language
///   mode is 6 unless they say otherwise.
public func typecheck(_ source: String, options: [String] = ["-swift-version", "6"], fileName: String = "main.swift") throws -> ProcessRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(fileName)
    try Data(source.utf8).write(to: file)
    return try ProcessRun(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["swiftc", "-typecheck", "-I", builtProduct("Modules").path] + options + [file.path],
        in: folder)
}

/// Type-checks several files as one module with the toolchain's `swiftc`, against the modules
/// this test bundle was built with, in `folder` (the files are written there, by name, and left
/// for the caller to remove). Diagnostics name each file by its path in `folder`.
///
/// - Parameters:
///   - files: File name (unique, no folders) → text.
///   - module: The module's name (`-module-name`); the package is named `OraclePackage`, so
///     `package` declarations compile.
///   - options: More `swiftc` options, e.g. `["-swift-version", "5"]`.
public func typecheck(files: [(name: String, text: String)], module: String, options: [String], in folder: URL) throws -> ProcessRun {
    let paths = try writeFiles(files, in: folder)
    return try ProcessRun(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["swiftc", "-typecheck", "-I", builtProduct("Modules").path, "-module-name", module, "-package-name", "OraclePackage"]
            + options + paths,
        in: folder)
}

/// Writes each file into `folder` (made if missing) by its name; their paths, in order.
public func writeFiles(_ files: [(name: String, text: String)], in folder: URL) throws -> [String] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try files.map { file in
        let url = folder.appendingPathComponent(file.name)
        try Data(file.text.utf8).write(to: url)
        return url.path
    }
}

/// Builds `files` into the module `module` (Swift 6, no default isolation: as another target is
/// built) in `folder`, where a `typecheck(files:module:options:in:)` with `-I folder` imports it.
public func emitModule(_ files: [(name: String, text: String)], module: String, in folder: URL) throws -> ProcessRun {
    let paths = try writeFiles(files, in: folder)
    return try ProcessRun(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["swiftc", "-emit-module", "-parse-as-library", "-wmo", "-swift-version", "6", "-module-name", module,
         "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path] + paths,
        in: folder)
}
