import ArgumentParser
import DecoupleGenerator
import Foundation

// MARK: - DecoupleCommand

/// `decouple`: generates the code that adapts models to the content protocols views declare.
@main
struct DecoupleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decouple",
        abstract: "Generate adapters that make your models the content your views declare.",
        discussion: """
            Exit status: 0 on success; 1 when `generate --check` finds the output out of date; \
            2 for bad input or usage. Errors are printed as `path:line:column: error: message`.
            """,
        version: version,
        subcommands: [Generate.self, Init.self, Inspect.self, Explain.self, PluginUsers.self]
    )

    /// The tool's version, which every cache key names (``OutputCache/toolIdentity``). A
    /// constant: a run served from the cache reads it without building the command's
    /// configuration.
    static let version = "0.1.0"

    /// Runs the command with the exit codes the contract promises: usage errors are 2, not 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Foundation.exit(0)
            }
            printError(message)
            Foundation.exit(2)
        }
    }
}

/// Exit statuses of the `decouple` command.
enum Status {
    static let stale = ExitCode(1)
    static let badInput = ExitCode(2)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Prints warnings to standard error, the first 100 and then how many more.
func printWarnings(_ warnings: [Diagnostic]) {
    for warning in warnings.prefix(100) { printError(warning.description) }
    if warnings.count > 100 { printError("decouple: … and \(warnings.count - 100) more warnings not shown") }
}

/// Prints every diagnostic to standard error and stops with status 2.
func fail(_ failure: GenerationFailure) -> ExitCode {
    printError(failure.description)
    return Status.badInput
}

/// Prints `message` to standard error and stops with status 2: a usage problem that names no rule.
func usageError(_ message: String) -> ExitCode {
    printError(message)
    return Status.badInput
}
