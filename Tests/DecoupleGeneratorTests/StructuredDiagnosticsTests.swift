import DecoupleGenerator
import Testing

/// The resolver's diagnostics are data: a position, a message, notes and fix-its that say what
/// would repair the input. The tool prints the text; the macro attaches the rest to syntax.
@Suite struct StructuredDiagnosticsTests {
    private let models = "struct Profile { var name: String; var bio: String?; var subTitle: String }"

    @Test func optionalWithoutDefault_offersADefaultOfTheRequirementsType() throws {
        let diagnostics = problems(["Models.swift": models], config: #"""
            {"adapters": [{"model": "Profile", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "bio"}}]}
            """#)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].position == SourcePosition(file: "Models.swift", line: 1, column: 40))
        #expect(diagnostics[0].severity == .error)
        #expect(diagnostics[0].fixIts == [.addDefault(requirement: "subtitle", member: "bio", value: #""""#)])
        #expect(diagnostics[0].notes.isEmpty)
    }

    @Test func missingRequirement_offersTheNearestUnmappedMember() throws {
        let diagnostics = problems(["Models.swift": models], config: #"""
            {"adapters": [{"model": "Profile", "protocol": "TitledContent", "map": {"title": "name"}}]}
            """#)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].fixIts == [.map(requirement: "subtitle", toMember: "subTitle")])
    }

    @Test func missingRequirement_neverOffersAMemberThatIsAlreadyMapped() throws {
        let diagnostics = problems(["Models.swift": "struct Row { var subTitle: String }"], config: #"""
            {"adapters": [{"model": "Row", "protocol": "TitledContent", "map": {"title": "subTitle"}}]}
            """#)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].message.hasPrefix("'TitledContent.subtitle' has no mapping for 'Row'"))
        #expect(diagnostics[0].fixIts.isEmpty)
    }

    @Test func missingRequirement_offersAnyFreeMember_butNotOneReadByName() throws {
        let diagnostics = problems(["Models.swift": "struct Row { var title: String; var note: String }"], config: #"""
            {"adapters": [{"model": "Row", "protocol": "TitledContent"}]}
            """#)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].fixIts == [.map(requirement: "subtitle", toMember: "note")])
    }

    @Test func theToolCitesOtherPlacesInItsText_notInNotes() throws {
        let diagnostics = problems(
            ["M.swift": "struct Event { var title: Int; var name: String }"],
            config: #"{"adapters": [{"model": "Event", "protocol": "TitledContent", "map": {"title": "name", "subtitle": "name"}}]}"#)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].message.contains("(at M.swift:1:20)"))
        #expect(diagnostics[0].notes.isEmpty)
    }

    @Test func notesArePrintedAfterTheirDiagnostic_likeTheCompilersOwn() {
        let diagnostic = Diagnostic(
            "'title' is mapped twice", rule: .requirementMappedTwice, at: SourcePosition(file: "M.swift", line: 3, column: 5),
            notes: [Diagnostic.Note("first mapped here", at: SourcePosition(file: "M.swift", line: 2, column: 5))])
        #expect(diagnostic.description == """
            M.swift:3:5: error: 'title' is mapped twice [#RequirementMappedTwice]
            M.swift:2:5: note: first mapped here
            """)
    }

    /// The diagnostics of a run that fails, or none.
    private func problems(_ files: [String: String], config: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        let sources = files.keys.sorted().map { SourceFile(path: $0, text: files[$0]!) }
        do {
            _ = try Generator.generate(sources: sources, configuration: Configuration.parse(config, path: "decouple.json")).get()
            Issue.record("expected the run to fail", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics
        }
    }
}
