import DecoupleTestSupport
import Foundation
import Testing

// Every Swift snippet of the README and of the DocC articles, type-checked by itself with
// exactly the imports it shows, against the modules this test bundle was built with: a snippet
// that uses `Data` without `import Foundation`, or a type it never declares, fails here. A
// manifest (`import PackageDescription`) is checked against the toolchain's PackageDescription;
// a snippet that imports `DecoupleMacros` loads the macro plugin this package builds.

/// A fenced ```swift block and where it is.
struct Snippet: CustomStringConvertible {
    var file: String
    var line: Int
    var code: String
    var description: String { "\(file):\(line)" }
}

/// The ```swift blocks of a Markdown file, unindented (a block may sit in a list item).
func swiftSnippets(in url: URL, named name: String) throws -> [Snippet] {
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    var snippets: [Snippet] = []
    var index = 0
    while index < lines.count {
        let trimmed = lines[index].drop { $0 == " " }
        guard trimmed == "```swift" else { index += 1; continue }
        let indent = lines[index].count - trimmed.count
        var body: [String] = []
        index += 1
        while index < lines.count, lines[index].drop(while: { $0 == " " }) != "```" {
            body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
            index += 1
        }
        snippets.append(Snippet(file: name, line: index - body.count, code: body.joined(separator: "\n")))
        index += 1
    }
    return snippets
}

/// The README's snippets, and those of every DocC catalog of the package. A snippet that imports
/// a target of a manifest shown in the same document (a test importing the guide's `Shop`) is
/// checked with that target's sources: the snippet before it.
func documentationSnippets() throws -> [Snippet] {
    try documentSnippets().reduce(into: []) { all, snippet in
        let local = all.filter { $0.file == snippet.file }
        let targets = Set(local.flatMap { manifest -> [String] in
            guard manifest.code.contains("import PackageDescription") else { return [] }
            return manifest.code.components(separatedBy: ".target(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        })
        let lines = snippet.code.split(separator: "\n", omittingEmptySubsequences: false)
        let importsLocal = lines.contains { line in targets.contains { line == "import \($0)" } }
        guard importsLocal, let sources = local.last(where: { !$0.code.contains("import PackageDescription") }) else {
            return all.append(snippet)
        }
        var joined = snippet
        let own = lines.filter { line in !targets.contains { line == "import \($0)" } }.joined(separator: "\n")
        joined.code = sources.code + "\n" + own
        all.append(joined)
    }
}

private func documentSnippets() throws -> [Snippet] {
    var snippets = try swiftSnippets(in: packageRoot.appendingPathComponent("README.md"), named: "README.md")
    let sources = packageRoot.appendingPathComponent("Sources")
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
        let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
        guard let articles = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
        for article in articles.sorted() where article.hasSuffix(".md") {
            snippets += try swiftSnippets(in: catalog.appendingPathComponent(article), named: "Sources/\(module)/\(module).docc/\(article)")
        }
    }
    return snippets
}

@Suite struct DocumentationSnippetTests {
    @Test func theReadmeAndTheArticlesHaveSnippets() throws {
        let snippets = try documentationSnippets()
        #expect(snippets.filter { $0.file == "README.md" }.count >= 5)
        #expect(snippets.contains { $0.file.hasSuffix("GettingStarted.md") })
        #expect(snippets.contains { $0.file.hasSuffix("RenderingAndSubclassing.md") })
        #expect(snippets.contains { $0.file.hasPrefix("Sources/DecoupleTesting/") })
        #expect(snippets.contains { $0.file.hasPrefix("Sources/DecoupleMacros/") })
    }

    /// The README stays a guide a newcomer reads through: at most 300 lines.
    @Test func theReadme_isAtMost300Lines() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 300, "README.md has \(lines) lines")
    }

    /// The README's manifests declare every product its snippets import, and the package each
    /// product comes from: a user who copies them can build every snippet.
    @Test func theReadmesManifests_declareEveryProductItsSnippetsImport() throws {
        let readme = try documentationSnippets().filter { $0.file == "README.md" }
        let manifests = readme.filter { $0.code.contains("import PackageDescription") }.map(\.code)
        try #require(manifests.count >= 2, "the README shows the quick start's manifest and the installation's")
        let toolchainModules: Set = ["Foundation", "Testing", "Observation", "Dispatch", "PackageDescription", "Swift", "XCTest"]
        let targets = Set(manifests.flatMap { $0.components(separatedBy: ".target(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) } })
        let imported = Set(readme.flatMap { snippet in
            snippet.code.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard words.count >= 2, words[0] == "import" else { return nil }
                return String(words[1])
            }
        }).subtracting(toolchainModules).subtracting(targets)
        #expect(imported.isSuperset(of: ["Decouple", "DecoupleTextUI", "DecoupleTesting", "DecoupleMacros", "InlineSnapshotTesting"]))
        for module in imported.sorted() {
            #expect(manifests.contains { $0.contains(".product(name: \"\(module)\"") }, "no README manifest declares \(module)")
        }
        // Each product's package is a dependency of the same manifest.
        for manifest in manifests {
            let packages = Set(manifest.split(separator: "package: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
            for package in packages.sorted() {
                #expect(manifest.lowercased().contains("/\(package)\""), "a README manifest uses \(package) without depending on it")
            }
        }
    }

    @Test(arguments: try documentationSnippets())
    func eachSnippetTypeChecks_withExactlyItsOwnImports(_ snippet: Snippet) throws {
        // As `main.swift`: a snippet may run statements at the top level, as an article's do.
        var options = ["-swift-version", "6"]
        if snippet.code.contains("import PackageDescription") {
            options = ["-swift-version", "6", "-I", toolchainLibrary + "/pm/ManifestAPI", "-package-description-version", "6.1"]
        }
        // swift-snapshot-testing's inline snapshots import swift-syntax, whose C shims are found
        // by their module maps, as SwiftPM passes them when it builds.
        options += dependencyModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
        if snippet.code.contains("import DecoupleMacros") {
            options += ["-load-plugin-executable", builtProduct("DecoupleMacrosPlugin-tool").path + "#DecoupleMacrosPlugin"]
        }
        let run = try typecheck(snippet.code, options: options, fileName: snippet.code.contains("import PackageDescription") ? "Package.swift" : "main.swift")
        #expect(run.status == 0, "\(snippet) does not type-check by itself:\n\(run.stderr)")
    }
}

/// The module maps of the C targets of the packages this one depends on (swift-syntax's shims),
/// in the build folder's checkouts.
private let dependencyModuleMaps: [String] = {
    // The nearest folder above the built modules that has `checkouts`: the build folder.
    var folder = builtProduct("Modules").resolvingSymlinksInPath()
    while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("checkouts").path) {
        folder.deleteLastPathComponent()
    }
    let checkouts = folder.appendingPathComponent("checkouts")
    guard let files = FileManager.default.enumerator(atPath: checkouts.path) else { return [] }
    return files.compactMap { $0 as? String }
        .filter { $0.hasSuffix("/include/module.modulemap") && $0.contains("/Sources/") }
        .map { checkouts.appendingPathComponent($0).path }
        .sorted()
}()

/// The toolchain's `lib/swift` folder, where PackageDescription's manifest API is.
private let toolchainLibrary: String = {
    guard let run = try? ProcessRun(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-print-target-info"]),
          let data = run.stdout.data(using: .utf8),
          let info = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let paths = info["paths"] as? [String: Any],
          let library = paths["runtimeResourcePath"] as? String else { return "/usr/lib/swift" }
    return library
}()
