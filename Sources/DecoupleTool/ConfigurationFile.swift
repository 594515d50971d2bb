import DecoupleGenerator
import Foundation

// MARK: - ConfigurationFile

/// A run's configuration, read once: the text as read, which the output cache's key covers, and
/// the configuration parsed from that same text. Reading it once also lets the configuration
/// come from a pipe (`--config /dev/stdin`), which can be read only once.
struct ConfigurationFile {
    static let defaultName = "decouple.json"

    /// Where the configuration was read from; `nil` when there is none.
    let path: String?
    /// Which file that is, so the output can never be it.
    let identity: FileStatus.Identity?
    /// The file's text, or "" when there is no file.
    let text: String
    /// The configuration, parsed and checked.
    let configuration: Configuration

    /// Reads the explicit file, or else the `decouple.json` found for the sources (see
    /// ``discover(for:)``, which a note on the console names); with neither, the configuration is
    /// empty.
    ///
    /// - Throws: ``GenerationFailure`` when the file cannot be read or its content is wrong.
    static func read(explicit: String?, forSources sources: [String], console: Console) throws(GenerationFailure) -> ConfigurationFile {
        guard let path = explicit ?? discover(for: sources) else {
            return ConfigurationFile(path: nil, identity: nil, text: "", configuration: Configuration())
        }
        if explicit == nil, path != defaultName {
            console.errors("decouple: note: using the configuration \(displayPath(path))")
        }
        let shown = displayPath(path)
        let status: FileStatus
        switch FileStatus.of(path) {
        case .failure(let error) where error.isLinkLoop:
            throw failure("the configuration \(shown) is a symbolic link loop: following it never reaches a file")
        case .failure(let error) where error.isMissing:
            throw failure("no configuration file at \(shown)")
        case .failure(let error):
            throw failure("cannot read the configuration \(shown): \(error)")
        case .success(let found):
            status = found
        }
        switch status.kind {
        case .regular, .fifo, .characterDevice, .socket:
            break  // a pipe or terminal (`--config /dev/stdin`) is read like a file
        default:
            throw failure("the configuration \(shown) is \(status.kind.rawValue), not a file; name the decouple.json file itself")
        }
        let bytes: [UInt8]
        do {
            bytes = try contents(of: path, discovered: explicit == nil)
        } catch {
            throw failure(error.message(shown))
        }
        let start = SourcePosition(file: path, line: 1, column: 1)
        if bytes.isEmpty {
            throw GenerationFailure([Diagnostic(
                "the configuration \(shown) is empty; it must hold a JSON object such as {\"adapters\": []}", rule: .configurationNotJSON, at: start)])
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw GenerationFailure([Diagnostic("\(shown) is UTF-16 text; save it as UTF-8", rule: .configurationNotJSON, at: start)])
        }
        guard let text = bytes.withUnsafeBytes({ FileReader.text($0) }) else {
            throw GenerationFailure([Diagnostic("\(shown) is not UTF-8 text", rule: .configurationNotJSON, at: start)])
        }
        let identity = status.kind == .regular ? status.identity : nil
        return ConfigurationFile(path: path, identity: identity, text: text, configuration: try Configuration.parse(text, path: path))
    }

    /// The most a configuration may hold. A thousand adapters are about 100 kB; this only stops
    /// a file, or a stream such as `/dev/stdin`, that never ends from filling the memory.
    static let maximumSize = 64 << 20

    /// Why the configuration's bytes were not read.
    enum ReadProblem: Error {
        case system(SystemError)
        case notAFile(FileStatus.Kind)
        case tooLarge
        case nothingWritten

        func message(_ shown: String) -> String {
            switch self {
            case .system(let error):
                "cannot read the configuration \(shown): \(error)"
            case .notAFile(let kind):
                "the configuration \(shown) is \(kind.rawValue), not a regular file; name the decouple.json file itself"
            case .tooLarge:
                "the configuration \(shown) is larger than \(maximumSize >> 20) MiB, which no configuration needs; nothing was read past that"
            case .nothingWritten:
                "the configuration \(shown) is a FIFO that nothing wrote to (no writer was connected, or it closed without writing)"
            }
        }
    }

    /// The bytes of the configuration, at most ``maximumSize``. A regular file is read; so is a
    /// pipe or a terminal named explicitly (`--config /dev/stdin`), but a pipe only while a writer
    /// is connected to it, so that a FIFO nobody writes to never blocks the run. Other devices
    /// (`/dev/zero`, `/dev/null`), and anything but a regular file found by discovery, are refused.
    private static func contents(of path: String, discovered: Bool) throws(ReadProblem) -> [UInt8] {
        // Non-blocking, so that opening a FIFO does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(SystemError(code: errno)) }
        defer { close(descriptor) }
        let status: FileStatus
        switch FileStatus.of(descriptor: descriptor) {
        case .failure(let error): throw .system(error)
        case .success(let found): status = found
        }
        switch status.kind {
        case .regular where status.size > Int64(maximumSize): throw .tooLarge
        case .regular: break
        case .fifo where !discovered, .socket where !discovered: break
        case .characterDevice where !discovered && isatty(descriptor) == 1: break
        default: throw .notAFile(status.kind)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: status.kind == .regular ? Int(status.size) + 1 : 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0) }
            if count > 0 {
                bytes += chunk[..<count]
                if bytes.count > maximumSize { throw .tooLarge }
            } else if count == 0 {
                if bytes.isEmpty, status.kind == .fifo { throw .nothingWritten }
                return bytes
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // A writer is connected but has written nothing yet: wait for it, as `cat` would.
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&request, 1, -1)
            } else if errno != EINTR {
                throw .system(SystemError(code: errno))
            }
        }
    }

    private static func failure(_ message: String) -> GenerationFailure {
        GenerationFailure([Diagnostic(message, rule: .unreadableInput, at: nil)])
    }

    /// The configuration for the given sources: a `decouple.json` beside the first of them that
    /// has one (in the folder named, or the named file's folder), else in a folder above it, up
    /// to and including the current folder.
    static func discover(for sources: [String]) -> String? {
        let fileManager = FileManager.default
        let current = URL(fileURLWithPath: fileManager.currentDirectoryPath).standardizedFileURL.path
        for source in sources {
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: source, isDirectory: &isFolder) else { continue }
            var folder = URL(fileURLWithPath: source).standardizedFileURL
            if !isFolder.boolValue { folder.deleteLastPathComponent() }
            while true {
                let candidate = folder.appendingPathComponent(defaultName).path
                // Whatever is there: a FIFO or device of that name is refused when read, not
                // passed over for a configuration further up.
                if case .success = FileStatus.of(candidate) {
                    return relative(candidate, to: current)
                }
                // Look upward only while inside the current folder, which may be `/`.
                guard folder.path != current, isInside(folder.path, current) else { break }
                folder.deleteLastPathComponent()
            }
        }
        if case .success = FileStatus.of(defaultName) { return defaultName }
        return nil
    }

    /// Whether `path` is inside `folder` (both absolute and standardized), `folder` excluded.
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path != folder && path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    private static func relative(_ path: String, to folder: String) -> String {
        guard isInside(path, folder) else { return path }
        return String(path.dropFirst(folder.hasSuffix("/") ? folder.count : folder.count + 1))
    }
}

/// `read(2)` into `buffer`, named apart from ``ConfigurationFile/read(explicit:forSources:)``.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress!, buffer.count)
}
