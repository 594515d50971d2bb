import Foundation

// MARK: - FileStatus

/// What the file system says about a path: which file it is (device and inode, so two spellings
/// of one file compare equal however they differ: `..`, relative paths, symbolic and hard
/// links) and what kind of file it is.
package struct FileStatus: Sendable {
    /// A file's identity on this machine.
    package struct Identity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
    }

    package enum Kind: String, Sendable {
        case regular = "a regular file"
        case directory = "a folder"
        case symbolicLink = "a symbolic link"
        case fifo = "a FIFO"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case other = "not a regular file"
    }

    package var identity: Identity
    package var kind: Kind
    /// The permission bits, kept when a file is replaced.
    package var permissions: UInt32
    /// The size in bytes.
    package var size: Int64
    /// When the content last changed: seconds and nanoseconds since 1970.
    package var modified: (seconds: Int64, nanoseconds: Int64)

    /// The status of `path`, following symbolic links unless `followingLinks` is false; on
    /// failure, the `errno` the system gave (`ELOOP` for a link loop, `ENOENT` for nothing there).
    package static func of(_ path: String, followingLinks: Bool = true) -> Result<FileStatus, SystemError> {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return .failure(SystemError(code: errno)) }
        return .success(FileStatus(info))
    }

    /// The status of an open file.
    package static func of(descriptor: Int32) -> Result<FileStatus, SystemError> {
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
package struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    package var code: Int32

    package init(code: Int32) { self.code = code }

    package var description: String { String(cString: strerror(code)) }

    package var isLinkLoop: Bool { code == ELOOP }
    package var isMissing: Bool { code == ENOENT || code == ENOTDIR }
}
