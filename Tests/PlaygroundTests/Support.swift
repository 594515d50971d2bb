import DecoupleTestSupport
import Foundation

/// Runs a playground's executable and returns what it printed.
func runPlayground(_ name: String) throws -> (output: String, status: Int32) {
    let run = try ProcessRun(try playgroundProducts.get().appending(path: name + "Playground"), mergingOutput: true)
    return (run.stdout, run.status)
}

/// The folder of the playgrounds' executables, built once for the whole test run: the
/// playgrounds are a package of their own (Playgrounds/Package.swift), built exactly as
/// `bash Playgrounds/run.sh` builds them, in their own build folder.
private let playgroundProducts: Result<URL, PlaygroundBuildFailure> = {
    let package = packageRoot.appending(path: "Playgrounds").path(percentEncoded: false)
    let swift = URL(fileURLWithPath: "/usr/bin/env")
    do {
        let build = try ProcessRun(swift, ["swift", "build", "--package-path", package], mergingOutput: true)
        guard build.status == 0 else { return .failure(PlaygroundBuildFailure(description: build.stdout)) }
        let path = try ProcessRun(swift, ["swift", "build", "--package-path", package, "--show-bin-path"])
        guard path.status == 0 else { return .failure(PlaygroundBuildFailure(description: path.stdout + path.stderr)) }
        return .success(URL(fileURLWithPath: path.stdout.trimmingCharacters(in: .whitespacesAndNewlines), isDirectory: true))
    } catch {
        return .failure(PlaygroundBuildFailure(description: "cannot run swift build: \(error)"))
    }
}()

struct PlaygroundBuildFailure: Error, CustomStringConvertible {
    var description: String
}
