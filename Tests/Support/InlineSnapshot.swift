import Foundation
import InlineSnapshotTesting

/// swift-snapshot-testing's `assertInlineSnapshot`, one at a time in the whole test process.
///
/// Test files import this module instead of `InlineSnapshotTesting` (a test checks that they
/// do), and call it as they would the library's.
///
/// A failing inline snapshot looks its call up in the test's source, which the library reads
/// into a cache (`testSourceCache`, a global dictionary) that it keeps without a lock. Tests run
/// in parallel, so two snapshots failing at once, in two files, write it at once, and the whole
/// test process dies with SIGSEGV in `testSource(file:)`, hiding every other result. Here each
/// call holds one lock of the process while the library compares (the value is made before).
public func assertInlineSnapshot<Value>(
    of value: @autoclosure () throws -> Value?,
    as snapshotting: Snapshotting<Value, String>,
    message: @autoclosure () -> String = "",
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor = InlineSnapshotSyntaxDescriptor(),
    matches expected: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let value = Result { try value() }
    inlineSnapshots.lock()
    defer { inlineSnapshots.unlock() }
    InlineSnapshotTesting.assertInlineSnapshot(
        of: try value.get(), as: snapshotting, message: message(), record: record, timeout: timeout,
        syntaxDescriptor: syntaxDescriptor, matches: expected,
        fileID: fileID, file: filePath, function: function, line: line, column: column)
}

/// Runs `body` holding the lock of ``assertInlineSnapshot(of:as:message:record:timeout:syntaxDescriptor:matches:fileID:file:function:line:column:)``:
/// for another assertion that calls the library's inline snapshots (swift-macro-testing's
/// `assertMacro` does).
public func withInlineSnapshotLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    inlineSnapshots.lock()
    defer { inlineSnapshots.unlock() }
    return try body()
}

/// Held by every inline snapshot assertion of the test process.
private let inlineSnapshots = NSLock()
