import DecoupleGenerator
import Foundation

/// `write(2)`, which `OutputFile.write` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    write(descriptor, bytes.baseAddress, bytes.count)
}

// MARK: - OutputFile

/// Writes generated code the way build tools expect: atomically, and only when it changed.
///
/// A symbolic link is written through: its target gets the new content and the link stays. Only
/// a regular file (or nothing) is ever replaced: a FIFO, device or socket is refused before
/// anything is read or written. The new content goes to a temporary file beside the target,
/// named `.NAME.decouple-PID.tmp`, which is renamed over it; on any failure, and when the
/// process is interrupted (SIGINT, SIGTERM, SIGHUP) while writing, the temporary file is removed
/// (``TemporaryFileGuard``).
package enum OutputFile {
    package enum Outcome: Equatable, Sendable {
        case written, unchanged
    }

    /// Why an output path cannot be written.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The file a write to `path` changes: `path` itself, or where its symbolic links lead.
    ///
    /// - Throws: ``Refusal`` when that is not a regular file, or the links go round in a circle.
    package static func target(of path: String) throws(Refusal) -> String {
        var current = path
        for _ in 0..<64 {
            switch FileStatus.of(current, followingLinks: false) {
            case .failure(let error) where error.isMissing:
                return current  // a new file
            case .failure(let error):
                throw Refusal(description: "cannot write \(displayPath(path)): \(error)")
            case .success(let status) where status.kind == .symbolicLink:
                guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw Refusal(description: "cannot read the symbolic link \(displayPath(current))")
                }
                current = destination.hasPrefix("/")
                    ? destination : (current as NSString).deletingLastPathComponent.appendingPathComponentIfRelative(destination)
            case .success(let status) where status.kind == .regular:
                return current
            case .success(let status):
                throw Refusal(description: "refusing to write \(displayPath(path)): it is \(status.kind.rawValue), not a regular file")
            }
        }
        throw Refusal(description: "refusing to write \(displayPath(path)): it is a symbolic link loop")
    }

    /// Whether the file at `path` holds exactly `text`. Only a regular file is read (following
    /// links), so asking about a FIFO or device never blocks.
    package static func isCurrent(_ path: String, text: String) -> Bool {
        guard case .success(let status) = FileStatus.of(path), status.kind == .regular else { return false }
        return FileManager.default.contents(atPath: path) == Data(text.utf8)
    }

    /// Replaces the content of the file `path` names (through its links) in one step, unless it
    /// already holds `text`. A failure leaves any existing file as it was and no temporary file.
    ///
    /// - Parameter replacingLinks: Whether a symbolic link at `path` is itself replaced, rather
    ///   than written through: for a cache's entries, where a link is nothing the tool made, and
    ///   writing through it would change a file outside the cache.
    package static func write(_ text: String, to path: String, replacingLinks: Bool = false) throws -> Outcome {
        let target = replacingLinks ? path : try target(of: path)
        let existing = FileStatus.of(target, followingLinks: !replacingLinks)
        if case .success(let status) = existing, status.kind == .regular, isCurrent(target, text: text) { return .unchanged }
        var permissions: mode_t = 0o644
        if case .success(let status) = existing, status.kind == .regular { permissions = mode_t(status.permissions) }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).decouple-\(getpid()).tmp"

        let failure = TemporaryFileGuard.removing(temporary) { () -> SystemError? in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
            guard descriptor >= 0 else { return SystemError(code: errno) }
            var failure: SystemError?
            let bytes = Array(text.utf8)
            var written = 0
            while written < bytes.count, failure == nil {
                let count = bytes[written...].withUnsafeBytes { writeBytes(descriptor, $0) }
                if count < 0 {
                    if errno != EINTR { failure = SystemError(code: errno) }
                } else {
                    written += count
                }
            }
            if failure == nil, fsync(descriptor) != 0 { failure = SystemError(code: errno) }
            // The umask applied to open; give the file the permissions the old one had.
            if failure == nil, fchmod(descriptor, permissions) != 0 { failure = SystemError(code: errno) }
            if close(descriptor) != 0, failure == nil { failure = SystemError(code: errno) }
            if failure == nil, rename(temporary, target) != 0 { failure = SystemError(code: errno) }
            // Not when `open` failed: the file of that name is then not ours.
            if failure != nil { unlink(temporary) }
            return failure
        }
        if let failure { throw failure }
        return .written
    }
}

private extension String {
    func appendingPathComponentIfRelative(_ component: String) -> String {
        isEmpty ? component : self + "/" + component
    }
}

// MARK: - TemporaryFileGuard

/// Removes the temporary file being written when SIGINT, SIGTERM or SIGHUP ends the process
/// mid-write. Every write through ``OutputFile/write(_:to:)`` does this, around the write alone:
/// the generated file's, the cache's, and those of a process that links the tool (its tests):
/// before it, each signal's action is kept, and after it, put back as it was. Only a signal whose
/// action is the system's default is handled: one the process ignores (a run under `nohup`)
/// stays ignored, and one that something else handles (a test runner's) is left to it.
///
/// The handler may only call async-signal-safe functions, so the path is kept as a C string
/// made before the handler can run. One write at a time is guarded: others wait.
enum TemporaryFileGuard {
    nonisolated(unsafe) fileprivate static var path: UnsafeMutablePointer<CChar>?
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    private static let writing = NSLock()

    /// `body`'s result, with `temporary` removed if one of ``signals`` ends the process meanwhile.
    static func removing<Result>(_ temporary: String, during body: () -> Result) -> Result {
        writing.lock()
        defer { writing.unlock() }
        path = strdup(temporary)
        var kept: [(Int32, sigaction)] = []
        for number in signals {
            var previous = sigaction()
            guard sigaction(number, nil, &previous) == 0, isDefault(previous) else { continue }
            _ = signal(number, removeTemporaryAndDie)
            kept.append((number, previous))
        }
        defer {
            for (number, var previous) in kept { sigaction(number, &previous, nil) }
            free(path)
            path = nil
        }
        return body()
    }

    /// Whether the action is the system's default: the only one this guard replaces.
    private static func isDefault(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler == nil
        #else
        action.__sigaction_handler.sa_handler == nil
        #endif
    }
}

/// Removes the temporary file, then dies of the signal as the default action would have.
private func removeTemporaryAndDie(_ number: Int32) {
    if let path = TemporaryFileGuard.path { unlink(path) }
    _ = signal(number, SIG_DFL)
    raise(number)
}
