import DecoupleGenerator
import Foundation

// MARK: - Console

/// Where a run's text goes: its result (generated code, a report, an explanation) to the
/// output, and notes, warnings, errors and what was written to the errors. The tool's console is
/// standard output and standard error; a test's collects both in memory.
package struct Console: Sendable {
    /// Receives the result, as it would be printed: every call's text ends where the caller
    /// ended it (generated code ends with its own newline; a report line with one added).
    package var output: @Sendable (String) -> Void
    /// Receives each note, warning, error or status line, without its newline.
    package var errors: @Sendable (String) -> Void

    package init(output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.errors = errors
    }

    /// Standard output and standard error.
    package static let standard = Console(
        output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        errors: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    )

    /// Prints a line of the result.
    func print(_ line: String) { output(line + "\n") }

    /// Prints warnings, the first 100 and then how many more.
    func warn(_ warnings: [Diagnostic]) {
        for warning in warnings.prefix(100) { errors(warning.description) }
        if warnings.count > 100 { errors("decouple: … and \(warnings.count - 100) more warnings not shown") }
    }

    /// Prints every diagnostic: what a run that stops with ``ExitStatus/badInput`` says.
    func fail(_ failure: GenerationFailure) -> ExitStatus {
        errors(failure.description)
        return .badInput
    }

    /// Prints a usage problem that names no rule.
    func usageError(_ message: String) -> ExitStatus {
        errors(message)
        return .badInput
    }
}

// MARK: - ExitStatus

/// How a run ended, as the `decouple` command exits.
package enum ExitStatus: Int32, Sendable {
    /// It did what was asked.
    case success = 0
    /// `generate --check` found the output out of date.
    case outOfDate = 1
    /// Bad input or usage: nothing was written.
    case badInput = 2
}
