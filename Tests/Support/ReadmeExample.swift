import Foundation
import Testing

/// Checks that the code between `// README example begins` and `// README example ends` in a
/// test file appears, verbatim, in the README: a README example that drifted from its test
/// fails here.
public func expectReadmeContainsExample(of testFile: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectDocument("README.md", containsExampleOf: testFile, marker: "README example", sourceLocation: sourceLocation)
}

/// Checks that the code between `// MARKER begins` and `// MARKER ends` in a test file appears,
/// verbatim but for indentation, in the document at `path` from the package root (a DocC
/// article, say).
public func expectDocument(
    _ path: String, containsExampleOf testFile: String, marker: String = "Article example",
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let source = try String(contentsOfFile: testFile, encoding: .utf8)
    let document = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    guard let start = source.range(of: "// \(marker) begins\n"),
          let end = source.range(of: "// \(marker) ends", range: start.upperBound..<source.endIndex) else {
        Issue.record("no \(marker) markers in \(testFile)", sourceLocation: sourceLocation)
        return
    }
    let example = String(source[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .newlines)
    #expect(!example.isEmpty, sourceLocation: sourceLocation)
    // Verbatim but for indentation, so an example may sit inside a list item.
    #expect(unindented(document).contains(unindented(example)), "\(path) must show this example verbatim:\n\(example)", sourceLocation: sourceLocation)
}

private func unindented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.drop { $0 == " " } }
        .joined(separator: "\n")
}

/// Checks that text a test printed appears, verbatim, in the README.
public func expectReadmeContains(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectDocument("README.md", contains: text, sourceLocation: sourceLocation)
}

/// Checks that text a test printed appears, verbatim, in the document at `path` from the package
/// root.
public func expectDocument(_ path: String, contains text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let document = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    #expect(document.contains(text), "\(path) must show:\n\(text)", sourceLocation: sourceLocation)
}
