import DecoupleGenerator
import Testing

/// Where a `// decouple:` annotation may stand: wherever a reader sees it annotate a type (above
/// it, or among its attributes and modifiers). Anywhere else it is refused where it is written,
/// never dropped without a word.
@Suite struct AnnotationPlacementTests {
    private let content = "protocol Headlined { var headline: String { get } }\n"

    /// Between an attribute and the type's keyword, on a line of its own or after the attribute.
    @Test(arguments: [
        "@MainActor\n// decouple: Headlined(headline: name)\nfinal class Story { var name = \"\" }\n",
        "@MainActor // decouple: Headlined(headline: name)\nfinal class Story { var name = \"\" }\n",
        "@MainActor\n// decouple: Headlined(headline: name)\npublic final class Story { public var name = \"\" }\n",
        "@available(macOS 10.15, *)\n// decouple: Headlined(headline: name)\nextension Story {}\nstruct Story { var name = \"\" }\n",
    ])
    func anAnnotationAmongAttributes_annotatesTheType(source: String) throws {
        let result = try judged(["Sources/App/Story.swift": content + source])
        let code = try #require(result.code, "\(result)")
        #expect(code.contains("extension Story: @Swift.MainActor Headlined") || code.contains("extension Story: Headlined"), "\(code)")
        #expect(result.compiles, "\(result)")
    }

    /// Above a typealias, a member, a protocol, inside a body, or last in a file: attached to no
    /// type, so refused at the comment.
    @Test(arguments: [
        ("// decouple: Headlined(headline: name)\ntypealias Item = Story\nstruct Story { var name = \"\" }\n", 2),
        ("struct Story {\n    // decouple: Headlined(headline: name)\n    var name = \"\"\n}\n", 3),
        ("// decouple: Headlined(headline: name)\nprotocol Other {}\nstruct Story { var name = \"\" }\n", 2),
        ("struct Story { var name = \"\" }\nfunc make() {\n    // decouple: Headlined(headline: name)\n    struct Local { var name = \"\" }\n}\n", 4),
        ("struct Story { var name = \"\" } // decouple: Headlined(headline: name)\n", 2),
        ("struct Story { var name = \"\" }\n// decouple: Headlined(headline: name)\n", 3),
    ] as [(String, Int)])
    func anAnnotationAttachedToNoType_isRefusedWhereItIsWritten(source: String, line: Int) throws {
        let result = try judged(["Sources/App/Story.swift": content + source])
        let refusal = try #require(result.refusal, "\(result)")
        #expect(refusal.hasPrefix("Sources/App/Story.swift:\(line):"), "\(refusal)")
        #expect(refusal.contains("attached to no type"), "\(refusal)")
    }
}
