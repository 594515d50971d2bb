#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileReader

/// Reads whole files with the fewest system calls (open, one status, one read, close) into one
/// buffer it reuses.
///
/// A run served from the cache reads every source, the configuration and the cached output and
/// does little else, so how a file is read is most of its time. Foundation's
/// `FileManager.contents(atPath:)` asks for the file's status twice, and hands back a new `Data`
/// that is then copied again into a `String`: twice the fresh memory, each page of it a fault.
///
/// Not thread-safe: one reader per thread.
package final class FileReader {
    private var storage: UnsafeMutableRawBufferPointer

    package init() {
        storage = .allocate(byteCount: 64 << 10, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    /// Calls `body` with the bytes of the regular file at `path` (following links), and returns
    /// what it returns. The bytes are valid only inside `body`.
    ///
    /// Only a regular file is read, so a FIFO or a device never blocks the run: anything else
    /// is `EINVAL`, as is a file that cannot be held in memory. A file read while another
    /// process writes it comes back with the length it had when opened, or shorter.
    package func withContents<Result>(
        of path: String, _ body: (UnsafeRawBufferPointer, FileStatus) -> Result
    ) -> Swift.Result<Result, SystemError> {
        Self.withOpenFile(path) { descriptor, status in
            let size = Int(status.size)
            if storage.count < size {
                storage.deallocate()
                storage = .allocate(byteCount: max(size, storage.count * 2), alignment: 16)
            }
            return Self.fill(UnsafeMutableRawBufferPointer(rebasing: storage[..<size]), from: descriptor)
                .map { count in body(UnsafeRawBufferPointer(rebasing: storage[..<count]), status) }
        }
    }

    /// Opens the regular file at `path` for `body`, and closes it after.
    private static func withOpenFile<Result>(
        _ path: String, _ body: (Int32, FileStatus) -> Swift.Result<Result, SystemError>
    ) -> Swift.Result<Result, SystemError> {
        // Non-blocking, so that opening a FIFO does not wait for a writer before it is refused.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        defer { close(descriptor) }
        switch FileStatus.of(descriptor: descriptor) {
        case .failure(let error): return .failure(error)
        case .success(let status) where status.kind == .regular && status.size < Int64(Int32.max): return body(descriptor, status)
        case .success: return .failure(SystemError(code: EINVAL))
        }
    }

    /// Fills `buffer` from the file, or up to its end; returns how many bytes were read.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> Swift.Result<Int, SystemError> {
        var count = 0
        while count < buffer.count {
            let result = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(code: errno))
            }
            if result == 0 { break }
            count += result
        }
        return .success(count)
    }

    /// The text of the regular file at `path`, or `nil` when it is not UTF-8.
    ///
    /// Read straight into the string's own storage: source files are nearly always ASCII, and
    /// then the bytes are copied once, from the system to the string. Other text is read again
    /// and checked for UTF-8.
    package func text(of path: String) -> Swift.Result<String?, SystemError> {
        var isASCII = true
        let direct = Self.withOpenFile(path) { descriptor, status -> Swift.Result<String, SystemError> in
            var failure: SystemError?
            let text = String(unsafeUninitializedCapacity: Int(status.size)) { buffer in
                switch Self.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor) {
                case .failure(let error):
                    failure = error
                    return 0
                case .success(let count):
                    isASCII = Self.isASCII(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<count]))
                    return isASCII ? count : 0
                }
            }
            if let failure { return .failure(failure) }
            return .success(text)
        }
        guard case .success = direct, !isASCII else { return direct.map { Optional($0) } }
        return withContents(of: path) { bytes, _ in Self.text(bytes) }
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
