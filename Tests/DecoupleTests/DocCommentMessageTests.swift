import DecoupleTestSupport
import Foundation
import Testing

// The doc comments of the class-cluster factory, the forwarding proxy and the content they make
// are what a new user reads first, in Xcode's Quick Help as on the documentation site. Their
// examples must compile as written (given the imports a doc comment leaves out), and their text
// must not lean on names the user never saw.

/// A fenced ```swift block of a doc comment, and where it is.
struct DocCommentExample: CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var code: String
    var description: String { "\(file):\(line)" }
}

/// The Swift files of these folders, or these files, from the package root, sorted.
func docCommentFiles(_ paths: [String]) throws -> [String] {
    try paths.flatMap { path -> [String] in
        guard !path.hasSuffix(".swift") else { return [path] }
        return try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(path).path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { "\(path)/\($0)" }
    }
}

/// The doc comment lines of a file, `///` and the one space after it taken off, with their
/// line numbers; a line that is not a doc comment ends a block, as `nil`.
func docCommentLines(of file: String) throws -> [(line: Int, text: String)?] {
    let source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    return source.components(separatedBy: "\n").enumerated().map { index, line in
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("///") else { return nil }
        let text = trimmed.dropFirst(3)
        return (index + 1, String(text.hasPrefix(" ") ? text.dropFirst() : text))
    }
}

/// The ```swift blocks of the doc comments of `files`, unindented (a block may sit in a list item).
func docCommentExamples(in files: [String]) throws -> [DocCommentExample] {
    var examples: [DocCommentExample] = []
    for file in files {
        let lines = try docCommentLines(of: file)
        var index = 0
        while index < lines.count {
            guard let opening = lines[index], opening.text.drop(while: { $0 == " " }) == "```swift" else { index += 1; continue }
            let indent = opening.text.prefix { $0 == " " }.count
            var body: [String] = []
            index += 1
            while index < lines.count, let line = lines[index], line.text.drop(while: { $0 == " " }) != "```" {
                body.append(String(line.text.dropFirst(min(indent, line.text.prefix { $0 == " " }.count))))
                index += 1
            }
            examples.append(DocCommentExample(file: file, line: opening.line, code: body.joined(separator: "\n")))
            index += 1
        }
    }
    return examples
}

/// Type-checks an example as `main.swift`, as a user would paste it: with the imports doc
/// comments leave out, in Swift 6.
func expectTypeChecks(_ example: DocCommentExample, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let run = try typecheck("import Foundation\nimport Decouple\nimport DecoupleTextUI\n" + example.code)
    #expect(run.status == 0, "the example at \(example) does not compile:\n\(example.code)\n\(run.stderr)", sourceLocation: sourceLocation)
}

/// Names from the articles the library grew out of, which a user never read, and phrasings that
/// assume them.
let unseenNames = ["seed", "CCModel", "CCAModel", "CCBModel", "CCAContent", "CCBContent", "CCView", "CCProxy",
                   "MYApp", "setModel", "abstract face", "NSProxy with", "_object"]

/// Checks that no doc comment of `file` names what a new user never saw, and that "class
/// cluster" is explained where a doc comment first says it.
func expectDocCommentsSpeakToANewUser(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let lines = try docCommentLines(of: file)
    for case let (line, text)? in lines {
        for name in unseenNames where text.range(of: name, options: .caseInsensitive) != nil {
            Issue.record("\(file):\(line) names '\(name)', which a new user never saw: \(text)", sourceLocation: sourceLocation)
        }
    }
    // The paragraph where "class cluster" first appears says what one is.
    guard let first = lines.firstIndex(where: { $0?.text.lowercased().contains("class cluster") == true }) else { return }
    let isBreak: ((line: Int, text: String)?) -> Bool = { $0 == nil || $0!.text.allSatisfy { $0 == " " } }
    let start = lines[..<first].lastIndex(where: isBreak).map { $0 + 1 } ?? 0
    let end = lines[first...].firstIndex(where: isBreak) ?? lines.count
    let paragraph = lines[start..<end].compactMap { $0?.text }.joined(separator: " ")
    #expect(paragraph.contains("hands back one of several hidden concrete types") && paragraph.contains("NSNumber"),
            "\(file):\(lines[first]!.line) says \"class cluster\" without saying what one is: \(paragraph)", sourceLocation: sourceLocation)
}

// MARK: - The factory, the proxy and the content

private let contentFactoryFiles = (try? docCommentFiles(["Sources/Decouple/ClassCluster"])) ?? []
private let forwardingProxyFiles = (try? docCommentFiles([
    "Sources/Decouple/Forwarding", "Sources/Decouple/Content", "Sources/DecoupleTextUI/Views/TitledContentView.swift",
])) ?? []

@Suite struct DocCommentMessageTests {
    @Test func theFactoryAndProxyFilesHaveExamples() throws {
        #expect(contentFactoryFiles.contains("Sources/Decouple/ClassCluster/ContentFactory.swift"))
        #expect(try docCommentExamples(in: contentFactoryFiles).count >= 3)
        #expect(forwardingProxyFiles.contains("Sources/Decouple/Forwarding/ForwardingProxy.swift"))
        #expect(try docCommentExamples(in: forwardingProxyFiles).count >= 8)
    }

    @Test(arguments: try docCommentExamples(in: contentFactoryFiles + forwardingProxyFiles))
    func eachExample_compilesAsWritten(_ example: DocCommentExample) throws {
        try expectTypeChecks(example)
    }

    @Test(arguments: contentFactoryFiles + forwardingProxyFiles)
    func docComments_speakToANewUser(_ file: String) throws {
        try expectDocCommentsSpeakToANewUser(file)
    }

    /// The array-taking `adapt` says, with an example, what an element it cannot adapt does to
    /// the call.
    @Test func adaptingAList_isDocumented() throws {
        let file = "Sources/Decouple/ClassCluster/ContentFactory.swift"
        let source = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
        let declaration = try #require(source.firstIndex { $0.contains("public func adapt(_ models: [Any])") })
        let comment = source[..<declaration].reversed().prefix { $0.drop { $0 == " " }.hasPrefix("///") }.reversed()
            .map { $0.drop { $0 == " " }.dropFirst(3) }.joined(separator: "\n")
        #expect(comment.contains("```swift"), "no example:\n\(comment)")
        #expect(comment.contains("- Parameters:"), "no parameters:\n\(comment)")
        #expect(comment.contains("no adapter registered for model type"), "the example does not show an element with no adapter:\n\(comment)")
        #expect(comment.components(separatedBy: "\n\n").count >= 3, "no discussion:\n\(comment)")
    }
}
