#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileReader

/// Reads whole files with the fewest system calls: open, one status, one read, close.
///
/// A run served from the cache reads every source, the configuration and the cached output and
/// does little else, so how a file is read is most of its time. Foundation's
/// `FileManager.contents(atPath:)` asks for the file's status twice, and hands back a new `Data`
/// that is then copied again into a `String`: twice the fresh memory, each page of it a fault.
package enum FileReader {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The system's error: the file is missing, or not readable, say.
        case system(SystemError)
        /// A folder, FIFO, device or socket: never read, so that nothing blocks the run.
        case notARegularFile(FileStatus.Kind)
        /// Larger than one read into memory can take (2 GiB).
        case tooLarge(Int64)

        package var description: String {
            switch self {
            case .system(let error): "\(error)"
            case .notARegularFile(let kind): "it is \(kind.rawValue), not a regular file"
            case .tooLarge(let size): "it is too large (\(size) bytes)"
            }
        }
    }

    /// Calls `body` with the bytes of the regular file at `path` (following links), and returns
    /// what it returns. The bytes are valid only inside `body`.
    ///
    /// Only a regular file is read, so a FIFO or a device never blocks the run. A file read
    /// while another process writes it comes back with the length it had when opened, or shorter.
    package static func withContents<Result>(
        of path: String, _ body: (UnsafeRawBufferPointer, FileStatus) -> Result
    ) -> Swift.Result<Result, Failure> {
        withOpenFile(path) { descriptor, status in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(status.size), alignment: 16)
            defer { buffer.deallocate() }
            return fill(buffer, from: descriptor).map { count in body(UnsafeRawBufferPointer(rebasing: buffer[..<count]), status) }
        }
    }

    /// Opens the regular file at `path` for `body`, and closes it after.
    private static func withOpenFile<Result>(
        _ path: String, _ body: (Int32, FileStatus) -> Swift.Result<Result, Failure>
    ) -> Swift.Result<Result, Failure> {
        // Non-blocking, so that opening a FIFO does not wait for a writer before it is refused.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.system(SystemError(code: errno))) }
        defer { close(descriptor) }
        switch FileStatus.of(descriptor: descriptor) {
        case .failure(let error): return .failure(.system(error))
        case .success(let status) where status.kind != .regular: return .failure(.notARegularFile(status.kind))
        case .success(let status) where status.size >= Int64(Int32.max): return .failure(.tooLarge(status.size))
        case .success(let status): return body(descriptor, status)
        }
    }

    /// Fills `buffer` from the file, or up to its end; returns how many bytes were read.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Swift.Result<Int, Failure> {
        var count = 0
        while count < buffer.count {
            let result = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(.system(SystemError(code: errno)))
            }
            if result == 0 { break }
            count += result
        }
        return .success(count)
    }

    /// The text of the regular file at `path`, or `nil` when it is not UTF-8.
    ///
    /// Read straight into the string's own storage: source files are nearly always ASCII, and
    /// then the bytes are copied once, from the system to the string. Other bytes are checked
    /// for UTF-8 as they are decoded into a string of their own: the file is read once either way.
    package static func text(of path: String) -> Swift.Result<String?, Failure> {
        withOpenFile(path) { descriptor, status in
            var outcome: Swift.Result<String?, Failure>?
            let ascii = String(unsafeUninitializedCapacity: Int(status.size)) { buffer in
                switch Self.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor) {
                case .failure(let error):
                    outcome = .failure(error)
                    return 0
                case .success(let count):
                    let bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<count])
                    if Self.isASCII(bytes) { return count }
                    outcome = .success(Self.text(bytes))   // a string of its own, checked
                    return 0
                }
            }
            return outcome ?? .success(ascii)
        }
    }

    /// Whether every byte is below 0x80, eight at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            bits |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            bits |= UInt64(bytes[offset])
            offset += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// `bytes` as text, or `nil` when they are not valid UTF-8.
    package static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs what is not UTF-8, so valid input is exactly what comes out.
        let valid = text.withUTF8 { decoded in
            decoded.count == bytes.count && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return valid ? text : nil
    }
}
