import Foundation
import Testing

/// Checks that the code between `// README example begins` and `// README example ends` in a
/// test file appears, verbatim, in the README: a README example that drifted from its test
/// fails here.
public func expectReadmeContainsExample(of testFile: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let source = try String(contentsOfFile: testFile, encoding: .utf8)
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    guard let start = source.range(of: "// README example begins\n"),
          let end = source.range(of: "// README example ends", range: start.upperBound..<source.endIndex) else {
        Issue.record("no README example markers in \(testFile)", sourceLocation: sourceLocation)
        return
    }
    let example = String(source[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .newlines)
    #expect(!example.isEmpty, sourceLocation: sourceLocation)
    // Verbatim but for indentation, so an example may sit inside a list item.
    #expect(unindented(readme).contains(unindented(example)), "the README must show this example verbatim:\n\(example)", sourceLocation: sourceLocation)
}

private func unindented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.drop { $0 == " " } }
        .joined(separator: "\n")
}

/// Checks that text a test printed appears, verbatim, in the README.
public func expectReadmeContains(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains(text), "the README must show:\n\(text)", sourceLocation: sourceLocation)
}
