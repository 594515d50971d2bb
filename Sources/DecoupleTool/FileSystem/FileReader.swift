import Foundation

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

    /// The text after the first line of the regular file at `path`, when `accept` takes that
    /// line (without its newline) and the bytes after it; `nil` when it does not, or the file
    /// has no newline. Read straight into the string's storage, and the body moved to its start:
    /// no second buffer, no second copy of a body that can be megabytes long. Bytes that are not
    /// UTF-8 would be repaired, as `String` repairs them: the cache's `accept` checks the body's
    /// digest, so a body it accepts is the text it wrote.
    ///
    /// Only a regular file is read, so a FIFO or a device never blocks the run. A file read
    /// while another process writes it comes back with the length it had when opened, or shorter.
    package static func body(
        of path: String, accept: (_ firstLine: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> Bool
    ) -> Swift.Result<String?, Failure> {
        withOpenFile(path) { descriptor, status in
            string(from: descriptor, size: status.size) { bytes in
                guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
                      accept(UnsafeRawBufferPointer(rebasing: bytes[..<newline]), UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...]))
                else { return .instead(nil) }
                let length = bytes.count - newline - 1
                UnsafeMutableRawPointer(bytes.baseAddress!).copyMemory(from: bytes.baseAddress! + newline + 1, byteCount: length)
                return .keep(length)
            }
        }
    }

    /// Calls `body` with the bytes of the regular file at `path`, read into `buffer` (grown when
    /// the file is larger), and returns what it returns. The bytes are valid only inside `body`.
    ///
    /// For reading many files without keeping them: one buffer serves them all, where a new one
    /// for each file costs a page fault per 4 kB of it.
    package static func withContents<Result>(
        of path: String, in buffer: inout ReadBuffer, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Swift.Result<Result, Failure> {
        withOpenFile(path) { descriptor, status in
            let storage = buffer.storage(for: Int(status.size))
            return fill(UnsafeMutableRawBufferPointer(rebasing: storage[..<Int(status.size)]), from: descriptor).map { count in
                body(UnsafeRawBufferPointer(rebasing: storage[..<count]))
            }
        }
    }

    /// Memory that ``withContents(of:in:_:)`` reads files into, reused from one file to the next.
    package struct ReadBuffer: ~Copyable {
        private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)

        package init() {}

        deinit { storage.deallocate() }

        /// At least `count` bytes; the contents are not kept when it grows.
        mutating func storage(for count: Int) -> UnsafeMutableRawBufferPointer {
            if storage.count < count {
                storage.deallocate()
                storage = .allocate(byteCount: max(count, storage.count * 2), alignment: 16)
            }
            return storage
        }
    }

    /// Whether `bytes` are UTF-8: ASCII checked eight bytes at a time, anything else decoded.
    package static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isASCII(bytes) || text(bytes) != nil
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
            string(from: descriptor, size: status.size) { bytes in
                // Not ASCII: a string of its own, checked.
                isASCII(UnsafeRawBufferPointer(bytes)) ? .keep(bytes.count) : .instead(text(UnsafeRawBufferPointer(bytes)))
            }
        }
    }

    /// What a string read from a file keeps: the first `count` bytes of its storage, or another
    /// answer instead.
    private enum Shape {
        case keep(Int)
        case instead(String?)
    }

    /// A string read straight from the file into its storage: `shape` gets the bytes read, in
    /// that storage, and says how many it keeps (after moving them, if it likes), or what to
    /// answer instead.
    private static func string(
        from descriptor: Int32, size: Int64, _ shape: (UnsafeMutableRawBufferPointer) -> Shape
    ) -> Swift.Result<String?, Failure> {
        var outcome: Swift.Result<String?, Failure>?
        let text = String(unsafeUninitializedCapacity: Int(size)) { buffer in
            let storage = UnsafeMutableRawBufferPointer(buffer)
            switch fill(storage, from: descriptor) {
            case .failure(let error):
                outcome = .failure(error)
                return 0
            case .success(let count):
                switch shape(UnsafeMutableRawBufferPointer(rebasing: storage[..<count])) {
                case .keep(let kept):
                    return kept
                case .instead(let answer):
                    outcome = .success(answer)
                    return 0
                }
            }
        }
        return outcome ?? .success(text)
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
