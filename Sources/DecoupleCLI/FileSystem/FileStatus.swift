import Foundation

// MARK: - FileStatus

/// What the file system says about a path: which file it is (device and inode, so two spellings
/// of one file compare equal however they differ: `..`, relative paths, symbolic and hard
/// links) and what kind of file it is.
public struct FileStatus: Sendable {
    /// A file's identity on this machine.
    public struct Identity: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64
    }

    public enum Kind: String, Sendable {
        case regular = "a regular file"
        case directory = "a folder"
        case symbolicLink = "a symbolic link"
        case fifo = "a FIFO"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case other = "not a regular file"
    }

    public var identity: Identity
    public var kind: Kind
    /// The permission bits, kept when a file is replaced.
    public var permissions: UInt32
    /// The size in bytes.
    public var size: Int64
    /// When the content last changed: seconds and nanoseconds since 1970.
    public var modified: (seconds: Int64, nanoseconds: Int64)

    /// The status of `path`, following symbolic links unless `followingLinks` is false; on
    /// failure, the `errno` the system gave (`ELOOP` for a link loop, `ENOENT` for nothing there).
    public static func of(_ path: String, followingLinks: Bool = true) -> Result<FileStatus, SystemError> {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return .failure(SystemError(code: errno)) }
        return .success(FileStatus(info))
    }

    /// The status of an open file.
    public static func of(descriptor: Int32) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(SystemError(code: errno)) }
        return .success(FileStatus(info))
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        permissions = UInt32(info.st_mode & 0o7777)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
        #else
        modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        #endif
    }
}

/// An `errno` value with the system's words for it.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    public var description: String { String(cString: strerror(code)) }

    public var isLinkLoop: Bool { code == ELOOP }
    public var isMissing: Bool { code == ENOENT || code == ENOTDIR }
}
