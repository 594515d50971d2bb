import Foundation

// MARK: - ProcessRun

/// What a finished process said and how it ended.
public struct ProcessRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Runs `executable` with `arguments` in `folder` and waits for it.
    ///
    /// - Parameters:
    ///   - input: What the process reads from its standard input, a pipe; none if `nil`.
    ///   - mergingOutput: Send standard error into standard output, as a terminal shows them;
    ///     `stderr` is then empty.
    public init(_ executable: URL, _ arguments: [String] = [], in folder: URL? = nil, input: String? = nil, mergingOutput: Bool = false) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = mergingOutput ? out : Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let input, let stdin {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        // Read before waiting, so a large output cannot fill a pipe and stall the process. The
        // two pipes are read on two threads, so neither can fill while the other is read: a
        // thread of its own, not a global queue's, whose few workers (one per core) are taken by
        // every other test's blocked read, so a read queued behind them started only when
        // those processes ended (a test of 2 s took over a minute beside the suite).
        let errData = Shared(Data())
        let done = DispatchSemaphore(value: 0)
        if !mergingOutput {
            Thread {
                errData.mutate { $0 = err.fileHandleForReading.readDataToEndOfFile() }
                done.signal()
            }.start()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        if !mergingOutput { done.wait() }
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = String(decoding: outData, as: UTF8.self)
        stderr = String(decoding: errData.value, as: UTF8.self)
    }
}
