import Foundation

/// Runs a playground's executable, built next to this test bundle, and returns what it printed.
func runPlayground(_ name: String) throws -> (output: String, status: Int32) {
    let executable = Bundle.main.bundleURL.appendingPathComponent(name + "Playground")
    let process = Process()
    process.executableURL = executable
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}
