import DecoupleTestSupport
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxMacros

/// `assertMacro` as swift-macro-testing has it, holding the test process's inline-snapshot lock
/// (see `Tests/Support/InlineSnapshot.swift`): its inline snapshots share swift-snapshot-testing's
/// unlocked source cache with every other test's. Declared in this module, it shadows the
/// library's, so the expansion tests call it unchanged.
func assertMacro(
    _ macros: [String: Macro.Type]? = nil,
    indentationWidth: Trivia? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    of originalSource: () throws -> String,
    diagnostics diagnosedSource: (() -> String)? = nil,
    fixes fixedSource: (() -> String)? = nil,
    expansion expandedSource: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    withInlineSnapshotLock {
        MacroTesting.assertMacro(
            macros, indentationWidth: indentationWidth, record: record, of: originalSource,
            diagnostics: diagnosedSource, fixes: fixedSource, expansion: expandedSource,
            fileID: fileID, file: filePath, function: function, line: line, column: column)
    }
}
