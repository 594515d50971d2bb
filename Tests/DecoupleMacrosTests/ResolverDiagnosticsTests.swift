import DecoupleMacrosPlugin
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// The resolver's structured diagnostics as the macro attaches them: at the node they are about,
/// with their notes at the nodes those point to. (`assertMacro` shows fix-its but not notes.)
@Suite struct ResolverDiagnosticsTests {
    @Test func clashingMember_isPointedToByANote() throws {
        let diagnostics = try expand("""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \\TitledContent.title) let name: String
                let subtitle: String
            }
            """)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].node.trimmedDescription == #"\TitledContent.title"#)
        #expect(!diagnostics[0].message.contains(" (at "))
        try #require(diagnostics[0].notes.count == 1)
        #expect(diagnostics[0].notes[0].message == "'title' is declared here")
        #expect(diagnostics[0].notes[0].node.trimmedDescription == "title")
        #expect(diagnostics[0].notes[0].node.parent?.parent?.as(PatternBindingSyntax.self)?.trimmedDescription == "title: String")
    }

    /// The generator counts lines as the compiler does (`\r` and `\r\n` end one too); the macro
    /// finds the nodes it reports at with the same count.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func diagnosticsAndNotes_landOnTheirNodes_whateverTheLineBreaks(lineBreak: String) throws {
        let diagnostics = try expand([
            "@Adapts(TitledContent.self)", "struct User {", "    let title: String",
            "    @Maps(to: \\TitledContent.title) let name: String", "    let subtitle: String", "}",
        ].joined(separator: lineBreak))
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].node.trimmedDescription == #"\TitledContent.title"#)
        try #require(diagnostics[0].notes.count == 1)
        #expect(diagnostics[0].notes[0].node.trimmedDescription == "title")
    }

    @Test func optionalWithoutDefault_landsOnTheAttribute_withItsFixIt() throws {
        let diagnostics = try expand("""
            @Adapts(TitledContent.self)
            struct User {
                let title: String
                @Maps(to: \\TitledContent.subtitle) let count: Int?
            }
            """)
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].node.is(AttributeSyntax.self))
        #expect(diagnostics[0].message == "'count' is optional but 'TitledContent.subtitle' is String; give a default for when it is nil [#OptionalWithoutDefault]")
        #expect(diagnostics[0].fixIts.map(\.message.message) == ["Add a default for when 'count' is nil"])
    }

    /// Runs `@Adapts` on the first type of the source, as the compiler does.
    private func expand(_ source: String) throws -> [Diagnostic] {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext()
        _ = try AdaptsMacro.expansion(
            of: attribute, attachedTo: declaration, providingExtensionsOf: TypeSyntax("\(raw: declaration.name.text)"),
            conformingTo: [], in: context)
        return context.diagnostics
    }
}
