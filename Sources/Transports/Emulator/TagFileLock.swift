/// One process's hold on a tag file for a whole command session: an advisory `flock(2)` taken
/// before the file is read and kept until after the last save, so that two commands on the same
/// virtual tag run one after the other instead of both loading, working and saving (and one of
/// the two results being lost).
///
/// **The lock is on the tag file itself, not on a sibling `.lock` file.** A sibling file would
/// have to be created next to every tag (impossible in a read-only directory, where reading a
/// tag must still work), would clutter the user's folders, and could never be deleted safely: a
/// process that opened it just before the unlink would lock a file nobody else sees. Locking the
/// file itself leaves nothing behind, ever. The catch is that a save replaces the file (a new
/// inode renamed over the old one), and a lock belongs to an inode, not a name. Two rules close
/// that gap:
/// - a save locks its new copy *before* renaming it into place and only then lets go of the old
///   one (``write(_:secret:)``), so the name always points at a locked file while a session lasts;
/// - a process that gets the lock checks that the path still names the file it locked (same
///   device and inode) and, when a save replaced it meanwhile, opens the new file and waits again.
///
/// Symbolic links are followed to the real file first, so a link and its target are one tag.
/// The lock is advisory: it orders TapCard processes, not other programs. Descriptors are opened
/// close-on-exec, so a child process never inherits (and prolongs) the lock. Locks taken through
/// an NFS mount depend on the server's lock support.
///
/// Readers share the lock (`LOCK_SH`), so two `read`s do not wait for each other; anything that
/// may save holds it exclusively (`LOCK_EX`). Either way nobody sees a session half-applied.
public final class TagFileLock {
    /// What the session will do with the file.
    public enum Access: Sendable, Equatable {
        /// Read only; other readers may hold the lock at the same time.
        case reading
        /// May save; nobody else holds the lock meanwhile.
        case writing
    }

    /// The path as the caller gave it (for messages).
    public let path: String
    /// The real file: `path` with its symbolic links followed.
    public let file: String
    public let access: Access
    /// True when this lock created the file (see ``acquire(_:for:waitingUpTo:creatingWith:whileWaiting:)``).
    public let created: Bool
    private var descriptor: Int32

    private init(path: String, file: String, access: Access, created: Bool, descriptor: Int32) {
        self.path = path
        self.file = file
        self.access = access
        self.created = created
        self.descriptor = descriptor
    }

    deinit { release() }

    /// How often a waiting process tries the lock again.
    static let pollInterval = Duration.milliseconds(10)

    /// Takes the lock on `path` for `access`, waiting up to `seconds` while another process holds
    /// it. `whileWaiting` is called once, when the first try finds the lock taken.
    ///
    /// With `initialBytes`, a file that does not exist is created holding them, atomically: of two
    /// processes creating it at once, one creates it and the other then waits for it and reads it.
    /// A session for ``Access/writing`` is refused before any wait when the file cannot be
    /// replaced (read-only, not a regular file, its directory closed to new files).
    ///
    /// Throws ``EmulatorError/lockTimeout(path:seconds:)`` when the wait runs out, and the
    /// ``EmulatorError/fileUnreadable(path:reason:)`` family for a path that is not a tag file.
    public static func acquire(
        _ path: String, for access: Access, waitingUpTo seconds: Int, creatingWith initialBytes: [UInt8]? = nil,
        whileWaiting: () -> Void = {}
    ) async throws(EmulatorError) -> TagFileLock {
        let file: String
        switch SystemFile.resolvingLinks(path) {
        case .success(let resolved): file = resolved
        case .failure(let failure): throw .fileUnreadable(path: path, reason: SystemFile.reason(failure.code))
        }
        let deadline = ContinuousClock.now + .seconds(max(0, seconds))
        var saidWaiting = false
        while true {
            let descriptor: Int32
            switch SystemFile.openForReading(file) {
            case .success(let opened):
                descriptor = opened
            case .failure(let failure) where failure.isNoSuchFile && initialBytes != nil:
                if let lock = try create(path: path, file: file, access: access, bytes: initialBytes ?? []) {
                    return lock
                }
                continue  // someone else created it first: lock theirs
            case .failure(let failure):
                throw .fileUnreadable(path: path, reason: SystemFile.reason(failure.code))
            }
            let opened: SystemFile.Status
            switch SystemFile.status(descriptor: descriptor) {
            case .success(let status): opened = status
            case .failure(let failure):
                SystemFile.close(descriptor)
                throw .fileUnreadable(path: path, reason: SystemFile.reason(failure.code))
            }
            if let reason = opened.notAFileReason {
                SystemFile.close(descriptor)
                throw .fileUnreadable(path: path, reason: reason)
            }
            if access == .writing {
                do {
                    _ = try FileBytes.replaceableFile(path)
                } catch {
                    SystemFile.close(descriptor)
                    throw error
                }
            }
            while true {
                switch SystemFile.tryLock(descriptor, exclusive: access == .writing) {
                case .success(true): break
                case .success(false):
                    if !saidWaiting {
                        saidWaiting = true
                        whileWaiting()
                    }
                    guard ContinuousClock.now < deadline else {
                        SystemFile.close(descriptor)
                        throw .lockTimeout(path: path, seconds: seconds)
                    }
                    do {
                        try await Task.sleep(for: pollInterval)
                    } catch {
                        SystemFile.close(descriptor)
                        throw .lockTimeout(path: path, seconds: seconds)
                    }
                    continue
                case .failure(let failure):
                    SystemFile.close(descriptor)
                    throw .fileUnreadable(
                        path: path, reason: "it cannot be locked (\(SystemFile.reason(failure.code)))")
                }
                break
            }
            // Locked. If a save replaced the file while we waited, this is the old inode: try the new one.
            if case .success(let current) = SystemFile.status(file), current.isSameFile(as: opened) {
                // Copies left by saves that were killed (their process is gone) may hold keys.
                FileBytes.removeStaleTemporaries(of: file)
                return TagFileLock(path: path, file: file, access: access, created: false, descriptor: descriptor)
            }
            SystemFile.close(descriptor)
        }
    }

    /// Creates `file` holding `bytes`, already locked, unless it exists by the time it would
    /// appear (then `nil`). `link(2)` puts it in place because it fails when the name is taken,
    /// where a rename would replace a tag another process has just created.
    private static func create(
        path: String, file: String, access: Access, bytes: [UInt8]
    ) throws(EmulatorError) -> TagFileLock? {
        let (_, existing) = try FileBytes.replaceableFile(path)
        guard existing == nil else { return nil }
        let shown = file == path ? path : "\(path) (a link to \(file))"
        let copy = try FileBytes.Temporary.make(for: file, shown: shown, bytes: bytes, like: nil, locked: true)
        if FileBytes.injectedFailure.get() == .rename { throw copy.discard(.rename, .inputOutput) }
        switch SystemFile.link(copy.path, to: file) {
        case .success:
            SystemFile.remove(copy.path)
        case .failure(let failure) where failure.isAlreadyExisting:
            copy.discard()
            return nil
        case .failure(let failure) where failure.isNoHardLinks:
            // A file system without hard links (FAT, some network shares): a rename is the best
            // left, and only a creation at the very same moment can be replaced by it.
            if case .failure(let failure) = SystemFile.rename(copy.path, to: file) {
                throw copy.discard(.rename, failure)
            }
        case .failure(let failure):
            throw copy.discard(.rename, failure)
        }
        try FileBytes.syncDirectory(of: file, shown: shown)
        return TagFileLock(path: path, file: file, access: access, created: true, descriptor: copy.descriptor)
    }

    /// True until ``release()``.
    public var isHeld: Bool { descriptor >= 0 }

    /// The file's bytes, read through the locked descriptor.
    public func read() throws(EmulatorError) -> [UInt8] {
        precondition(isHeld, "TagFileLock.read() after release()")
        return try FileBytes.read(descriptor: descriptor, path: path)
    }

    /// Replaces the file's bytes crash-safely (see ``FileBytes``) and keeps the lock: the new file
    /// is locked before it is renamed into place, then the old one is let go.
    public func write(_ bytes: [UInt8], secret: Bool = false) throws(EmulatorError) {
        precondition(isHeld && access == .writing, "TagFileLock.write(_:) needs a held lock for writing")
        try FileBytes.replace(path, with: bytes, lockingNewFile: true, secret: secret) { newDescriptor in
            SystemFile.close(descriptor)
            descriptor = newDescriptor
        }
    }

    /// Lets go of the lock (closing the descriptor); a process waiting for it goes ahead. Calling
    /// it again does nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        SystemFile.close(descriptor)
        descriptor = -1
    }
}
