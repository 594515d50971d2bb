import DecoupleTestSupport
import Foundation

/// Runs a playground's executable, built next to this test bundle, and returns what it printed.
func runPlayground(_ name: String) throws -> (output: String, status: Int32) {
    let run = try ProcessRun(builtProduct(name + "Playground"), mergingOutput: true)
    return (run.stdout, run.status)
}
