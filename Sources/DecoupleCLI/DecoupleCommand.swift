import ArgumentParser
import DecoupleTool
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

    /// The tool's version, which every cache key names. A constant: a run served from the cache
    /// reads it without building the command's configuration.
    static let version = Frontend.version

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
            Console.standard.errors(message)
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
    }
}

extension ExitStatus {
    /// Ends the command with this status: returns on success, and otherwise throws the exit code
    /// that `main()` exits with.
    func exit() throws {
        if self != .success { throw ExitCode(rawValue) }
    }
}
