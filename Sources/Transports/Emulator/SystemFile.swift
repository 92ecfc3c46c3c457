import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls the tag files need (open, flock, fsync, rename…), with `errno` turned into
/// words a person can act on. One place for the platform differences: Glibc/Musl on Linux,
/// Darwin on macOS and iOS.
enum SystemFile {
    /// A failed system call: the `errno` it left.
    struct Failure: Error {
        var code: Int32
        static var last: Failure { Failure(code: errno) }
        /// EIO, for failures injected by tests.
        static var inputOutput: Failure { Failure(code: EIO) }
        /// EWOULDBLOCK: a lock someone else holds.
        static var wouldBlock: Failure { Failure(code: EWOULDBLOCK) }
        /// ENOENT.
        var isNoSuchFile: Bool { code == ENOENT }
        /// EEXIST.
        var isAlreadyExisting: Bool { code == EEXIST }
        /// A permission refusal (`EACCES`, `EPERM`): what the file's bits or owner decide, not
        /// the filesystem.
        var isPermission: Bool { code == EACCES || code == EPERM }
        /// What `link(2)` says on a file system without hard links.
        var isNoHardLinks: Bool { code == EPERM || code == ENOTSUP || code == EOPNOTSUPP }
    }

    /// What `stat` says about a path, reduced to what the tag files need.
    struct Status {
        var mode: UInt32
        var device: UInt64
        var inode: UInt64
        var owner: UInt32
        var group: UInt32
        /// The size in bytes (`st_size`).
        var size: Int

        init(_ raw: stat) {
            mode = UInt32(raw.st_mode)
            device = UInt64(bitPattern: Int64(raw.st_dev))
            inode = UInt64(raw.st_ino)
            owner = UInt32(raw.st_uid)
            group = UInt32(raw.st_gid)
            size = Int(raw.st_size)
        }

        /// The file-type bits (`S_IFMT`); the values are the same on Linux and Darwin.
        var type: UInt32 { mode & 0o170000 }
        var isRegularFile: Bool { type == 0o100000 }
        var isDirectory: Bool { type == 0o040000 }
        var isSymbolicLink: Bool { type == 0o120000 }
        /// The permission bits (with setuid, setgid and sticky), as `chmod` takes them.
        var permissions: UInt32 { mode & 0o7777 }
        /// True when nobody may write the file: no `w` bit for owner, group or others.
        var hasNoWriteBits: Bool { mode & 0o222 == 0 }

        /// Whether this is the same file (device and inode) as `other`.
        func isSameFile(as other: Status) -> Bool { device == other.device && inode == other.inode }

        /// Why a path that is not a regular file cannot be a tag file, or `nil` for a regular file.
        var notAFileReason: String? {
            switch type {
            case 0o100000: nil
            case 0o040000: "it is a directory"
            case 0o020000: "it is a character device (like /dev/null), not a file"
            case 0o060000: "it is a block device, not a file"
            case 0o010000: "it is a named pipe (FIFO), not a file"
            case 0o140000: "it is a socket, not a file"
            default: "it is not a regular file"
            }
        }
    }

    /// `stat` (follows symbolic links).
    static func status(_ path: String) -> Result<Status, Failure> {
        var raw = stat()
        guard stat(path, &raw) == 0 else { return .failure(.last) }
        return .success(Status(raw))
    }

    /// `lstat` (does not follow a final symbolic link).
    static func linkStatus(_ path: String) -> Result<Status, Failure> {
        var raw = stat()
        guard lstat(path, &raw) == 0 else { return .failure(.last) }
        return .success(Status(raw))
    }

    /// `fstat`.
    static func status(descriptor: Int32) -> Result<Status, Failure> {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { return .failure(.last) }
        return .success(Status(raw))
    }

    /// Opens for reading, never blocking on a FIFO, closed on exec.
    static func openForReading(_ path: String) -> Result<Int32, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        return descriptor >= 0 ? .success(descriptor) : .failure(.last)
    }

    /// Creates a new file that must not exist yet (`O_EXCL`), `mode` (0666 by default) less the
    /// umask: a file that will hold secrets is created 0600, so it is never readable by others,
    /// not even between its creation and a later chmod.
    static func createExclusive(_ path: String, mode: UInt32 = 0o666) -> Result<Int32, Failure> {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        return descriptor >= 0 ? .success(descriptor) : .failure(.last)
    }

    /// The names in `directory` (without `.` and `..`); empty when it cannot be listed.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        // The name is read in place, up to its NUL: `entry.pointee` would copy the whole dirent,
        // whose d_name array (256 bytes) may run past the record readdir returned (d_reclen is
        // often shorter, and the last record ends the buffer). AddressSanitizer caught that copy.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        while let entry = readdir(stream) {
            let bytes = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = String(cString: bytes)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// False only when no process `pid` exists (`kill(pid, 0)` fails with ESRCH); a process of
    /// another user (EPERM) is alive.
    static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
            _ = Musl.close(descriptor)
        #elseif canImport(Darwin)
            _ = Darwin.close(descriptor)
        #endif
    }

    /// Every byte of the file from offset 0, or its first `limit` bytes (`pread`, so the
    /// descriptor's offset does not matter).
    static func readAll(_ descriptor: Int32, limit: Int = .max) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress, wanted, off_t(bytes.count))
            }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.last)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(bytes)
    }

    /// Writes every byte (a short write is continued; EINTR is retried).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Result<Void, Failure> {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.last)
            }
            written += count
        }
        return .success(())
    }

    static func sync(_ descriptor: Int32) -> Result<Void, Failure> {
        fsync(descriptor) == 0 ? .success(()) : .failure(.last)
    }

    /// Flushes a directory's entries (after a rename or link in it). File systems that cannot
    /// sync a directory (EINVAL, ENOTSUP) count as done: there is nothing more to ask of them.
    static func syncDirectory(_ path: String) -> Result<Void, Failure> {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.last) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL, errno != ENOTSUP {
            return .failure(.last)
        }
        return .success(())
    }

    static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) -> Result<Void, Failure> {
        fchmod(descriptor, mode_t(permissions)) == 0 ? .success(()) : .failure(.last)
    }

    /// Gives the file `owner` and `group` when they are not ours already; a process that may not
    /// (anyone but root, for another user's file) keeps its own, which is not an error.
    static func keepOwner(_ descriptor: Int32, owner: UInt32, group: UInt32) {
        guard owner != UInt32(geteuid()) || group != UInt32(getegid()) else { return }
        _ = fchown(descriptor, uid_t(owner), gid_t(group))
    }

    static func rename(_ from: String, to: String) -> Result<Void, Failure> {
        #if canImport(Glibc)
            let status = Glibc.rename(from, to)
        #elseif canImport(Musl)
            let status = Musl.rename(from, to)
        #elseif canImport(Darwin)
            let status = Darwin.rename(from, to)
        #endif
        return status == 0 ? .success(()) : .failure(.last)
    }

    /// A second name for a file; fails with EEXIST when `to` exists (which is what makes it an
    /// atomic "create unless someone else did").
    static func link(_ from: String, to: String) -> Result<Void, Failure> {
        #if canImport(Glibc)
            let status = Glibc.link(from, to)
        #elseif canImport(Musl)
            let status = Musl.link(from, to)
        #elseif canImport(Darwin)
            let status = Darwin.link(from, to)
        #endif
        return status == 0 ? .success(()) : .failure(.last)
    }

    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Why the process may not write `path` (`access(W_OK)`'s errno: `EROFS` on a read-only
    /// filesystem, even for root, `EACCES` for permission bits), or `nil` when it may.
    static func writeDenial(_ path: String) -> Failure? {
        access(path, W_OK) == 0 ? nil : .last
    }

    /// `flock` without blocking: `true` when taken, `false` when another process holds it.
    static func tryLock(_ descriptor: Int32, exclusive: Bool) -> Result<Bool, Failure> {
        while true {
            if flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 { return .success(true) }
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return .success(false)
            default: return .failure(.last)
            }
        }
    }

    /// The target of the symbolic link at `path`.
    static func linkTarget(_ path: String) -> Result<String, Failure> {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count) }
        guard count >= 0 else { return .failure(.last) }
        return .success(String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// `path` with every symbolic link in its last component followed (at most 32, like the
    /// kernel's limit), so the file that is really meant is the one replaced. The target of a
    /// dangling link is returned as it is: a save creates it.
    static func resolvingLinks(_ path: String) -> Result<String, Failure> {
        var current = path
        for _ in 0..<32 {
            switch linkStatus(current) {
            case .failure(let failure) where failure.code == ENOENT: return .success(current)
            case .failure(let failure): return .failure(failure)
            case .success(let status) where !status.isSymbolicLink: return .success(current)
            case .success:
                switch linkTarget(current) {
                case .failure(let failure): return .failure(failure)
                case .success(let target):
                    current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
                }
            }
        }
        return .failure(Failure(code: ELOOP))
    }

    /// The directory part of `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static var processID: Int32 { getpid() }

    /// What `code` means, in the words our messages use.
    static func reason(_ code: Int32) -> String { SystemErrorText.reason(code) }
}
