import TapCardSupport

/// Whole-file reads and crash-safe writes of tag files, with the system's failure turned into our
/// own error.
///
/// **How a save replaces a file.** The new bytes go to a temporary file in the *same directory*
/// as the real file (so the rename stays on one file system), named `.NAME.tapcard-PID-RANDOM.tmp`;
/// it gets the old file's permission bits (and owner, where the process may set it), is
/// `fsync`ed, then `rename`d over the file, and the directory is `fsync`ed so the rename itself
/// survives a power cut. A reader sees the old file or the new one, never half of either.
///
/// - A symbolic link is written *through*: its target is replaced and the link stays a link.
/// - A file nobody may write (no `w` permission bit, or `access(W_OK)` says no) is refused with
///   ``EmulatorError/fileReadOnly(path:)`` and left byte-identical. A rename only needs the
///   directory to be writable, so without this check a read-only tag would be silently replaced.
/// - A path that is not a regular file (a directory, `/dev/null`, a FIFO) is refused before any
///   temporary file exists.
/// - Any failure after the temporary file is created (a full disk, an I/O error, a failed rename)
///   removes it before the error is thrown. Only a crash between those two moments can leave one,
///   and its random name never stands in the way of a later save.
public enum FileBytes {
    /// The steps of a save after the temporary file exists, where tests inject a failure.
    public enum Step: String, Sendable, CaseIterable {
        case write, permissions, sync, lock, rename
    }

    /// A failure to inject at `Step` in saves made by this task (tests only):
    /// `FileBytes.injectedFailure.withValue(.sync) { … }`. Spelled out rather than `@TaskLocal`,
    /// which is a macro only in Swift 6 SDKs.
    public static let injectedFailure = TaskLocal<Step?>(wrappedValue: nil)

    /// Reads a whole regular file.
    public static func read(_ path: String) throws(EmulatorError) -> [UInt8] {
        let descriptor: Int32
        switch SystemFile.openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw .fileUnreadable(path: path, reason: SystemFile.reason(failure.code))
        }
        defer { SystemFile.close(descriptor) }
        return try read(descriptor: descriptor, path: path)
    }

    /// Every byte behind an open descriptor, which must be a regular file of at most
    /// `InputSizeLimit.bytes` (TapCardSupport) bytes: a larger one is refused from its size before it
    /// is read, and one that grows past the limit while it is read is refused after one byte more.
    static func read(descriptor: Int32, path: String) throws(EmulatorError) -> [UInt8] {
        let limit = InputSizeLimit.bytes
        switch SystemFile.status(descriptor: descriptor) {
        case .failure(let failure): throw .fileUnreadable(path: path, reason: SystemFile.reason(failure.code))
        case .success(let status):
            if let reason = status.notAFileReason { throw .fileUnreadable(path: path, reason: reason) }
            if status.size > limit { throw .fileTooLarge(path: path, size: status.size, limit: limit) }
        }
        switch SystemFile.readAll(descriptor, limit: limit + 1) {
        case .success(let bytes) where bytes.count > limit:
            var size = bytes.count
            if case .success(let status) = SystemFile.status(descriptor: descriptor) { size = max(size, status.size) }
            throw .fileTooLarge(path: path, size: size, limit: limit)
        case .success(let bytes): return bytes
        case .failure(let failure): throw .fileUnreadable(path: path, reason: SystemFile.reason(failure.code))
        }
    }

    /// Replaces the file at `path` (or creates it) with `bytes`, crash-safely (see ``FileBytes``).
    public static func write(_ bytes: [UInt8], to path: String, secret: Bool = false) throws(EmulatorError) {
        try replace(path, with: bytes, lockingNewFile: false, secret: secret) { SystemFile.close($0) }
    }

    /// What stands at a path a command is about to create a file at.
    public enum CreationTarget: Equatable, Sendable {
        /// Nothing: the file will be new.
        case absent
        /// A regular file, which only a command's `--force` replaces.
        case file
        /// A symbolic link, dangling or not: never written through, not even with `--force`.
        case symbolicLink
        /// Something that is not a regular file (a directory, a device); the reason says what.
        case other(reason: String)
    }

    /// What is at `path` now, without following a link there (`lstat`). A folder on the way may
    /// be a link: the user named it.
    public static func creationTarget(_ path: String) throws(EmulatorError) -> CreationTarget {
        switch SystemFile.linkStatus(path) {
        case .success(let status) where status.isSymbolicLink: return .symbolicLink
        case .success(let status):
            if let reason = status.notAFileReason { return .other(reason: reason) }
            return .file
        case .failure(let failure) where failure.isNoSuchFile: return .absent
        case .failure(let failure): throw .fileUnwritable(path: path, reason: SystemFile.reason(failure.code))
        }
    }

    /// Creates the file at `path` that a command makes (a new virtual tag, an export, a keys
    /// file, a web page): the one writer for every file the CLI creates.
    ///
    /// - A symbolic link at `path`, even a dangling one, is refused (``EmulatorError/fileInTheWay(path:reason:)``)
    ///   whatever `replacing` says: a link could lead anywhere, and a dangling one would create
    ///   its target.
    /// - An existing file is replaced only when `replacing` (a command's `--force`); a file that
    ///   appears while the new one is written is never replaced without it (`link(2)` puts a new
    ///   file in place, and fails when the name is taken).
    /// - The bytes go to a temporary file in the same directory, flushed, then put in place
    ///   (`link` or `rename`, which replace a directory entry and never follow a link), and the
    ///   directory is flushed.
    /// - A replaced file keeps its permission bits and owner; a new file gets 0666 less the
    ///   umask; a `secret` file (keys in clear) is 0600 from its creation on, whatever was there.
    public static func create(_ bytes: [UInt8], at path: String, replacing: Bool, secret: Bool = false)
        throws(EmulatorError)
    {
        var existing: SystemFile.Status?
        switch try creationTarget(path) {
        case .symbolicLink: throw .fileInTheWay(path: path, reason: linkReason)
        case .other(let reason): throw .fileUnwritable(path: path, reason: reason)
        case .file:
            guard replacing else { throw .fileInTheWay(path: path, reason: existsReason) }
            switch SystemFile.status(path) {
            case .success(let status):
                // The filesystem's own reason first: on a read-only mount, no chmod helps.
                let denial = SystemFile.writeDenial(path)
                if let denial, !denial.isPermission {
                    throw .fileUnwritable(path: path, reason: SystemFile.reason(denial.code))
                }
                if status.hasNoWriteBits { throw .fileReadOnly(path: path) }
                if let denial { throw .fileUnwritable(path: path, reason: SystemFile.reason(denial.code)) }
                existing = status
            case .failure(let failure): throw .fileUnwritable(path: path, reason: SystemFile.reason(failure.code))
            }
        case .absent:
            let directory = SystemFile.directory(of: path)
            switch SystemFile.status(directory) {
            case .success(let status) where status.isDirectory: break
            case .success: throw .fileUnwritable(path: path, reason: "\(directory) is not a directory")
            case .failure(let failure) where failure.isNoSuchFile:
                throw .fileUnwritable(path: path, reason: "its directory \(directory) does not exist")
            case .failure(let failure):
                throw .fileUnwritable(path: path, reason: "its directory: \(SystemFile.reason(failure.code))")
            }
        }
        let directory = SystemFile.directory(of: path)
        if let denial = SystemFile.writeDenial(directory) {
            throw .fileUnwritable(
                path: path,
                reason:
                    "the directory \(directory) does not let TapCard create files (\(SystemFile.reason(denial.code)))")
        }
        let copy = try Temporary.make(
            for: path, shown: path, bytes: bytes, like: existing, locked: false, secret: secret)
        if injectedFailure.get() == .rename { throw copy.discard(.rename, .inputOutput) }
        if existing == nil {
            switch SystemFile.link(copy.path, to: path) {
            case .success:
                SystemFile.remove(copy.path)
            case .failure(let failure) where failure.isAlreadyExisting:
                copy.discard()
                // Someone made it meanwhile: say what is there now.
                var isLink = false
                if case .success(let status) = SystemFile.linkStatus(path) { isLink = status.isSymbolicLink }
                throw .fileInTheWay(path: path, reason: isLink ? linkReason : existsReason)
            case .failure(let failure) where failure.isNoHardLinks:
                // No hard links here (FAT, some network shares): a rename, which replaces the
                // entry itself, is the best left.
                if case .failure(let failure) = SystemFile.rename(copy.path, to: path) {
                    throw copy.discard(.rename, failure)
                }
            case .failure(let failure):
                throw copy.discard(.rename, failure)
            }
        } else if case .failure(let failure) = SystemFile.rename(copy.path, to: path) {
            throw copy.discard(.rename, failure)
        }
        SystemFile.close(copy.descriptor)
        try syncDirectory(of: path, shown: path)
    }

    static let linkReason =
        "is a symbolic link; TapCard never writes through one (it could lead anywhere, and a dangling one would create its target), not even with --force. Remove the link or name another file"
    static let existsReason = "exists and would be replaced"

    /// Removes the temporary copies of `path` that processes which no longer exist left behind (a
    /// save killed between creating its copy and renaming it: `.NAME.tapcard-PID-RANDOM.tmp`). A
    /// copy whose process is alive may be a save in progress and is left alone. Returns the names
    /// removed.
    @discardableResult
    public static func removeStaleTemporaries(of path: String) -> [String] {
        guard case .success(let file) = SystemFile.resolvingLinks(path) else { return [] }
        let directory = SystemFile.directory(of: file)
        let prefix = ".\(SystemFile.name(of: file)).tapcard-"
        var removed: [String] = []
        for name in SystemFile.names(in: directory) where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let pidText = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pidText), pid != SystemFile.processID, !SystemFile.processExists(pid) else {
                continue
            }
            SystemFile.remove("\(directory)/\(name)")
            removed.append(name)
        }
        return removed
    }

    /// The file a save of `path` replaces — `path` with its symbolic links followed — and its
    /// status when it exists. Throws when it cannot be replaced: not a regular file, read-only, or
    /// its directory missing or closed to new files.
    static func replaceableFile(_ path: String) throws(EmulatorError) -> (file: String, existing: SystemFile.Status?) {
        let file: String
        switch SystemFile.resolvingLinks(path) {
        case .success(let resolved): file = resolved
        case .failure(let failure): throw .fileUnwritable(path: path, reason: SystemFile.reason(failure.code))
        }
        let shown = file == path ? path : "\(path) (a link to \(file))"
        let directory = SystemFile.directory(of: file)
        var existing: SystemFile.Status?
        switch SystemFile.status(file) {
        case .success(let status):
            if let reason = status.notAFileReason { throw .fileUnwritable(path: shown, reason: reason) }
            // The filesystem's own reason first: on a read-only mount, no chmod helps.
            let denial = SystemFile.writeDenial(file)
            if let denial, !denial.isPermission {
                throw .fileUnwritable(path: shown, reason: SystemFile.reason(denial.code))
            }
            if status.hasNoWriteBits { throw .fileReadOnly(path: shown) }
            if let denial { throw .fileUnwritable(path: shown, reason: SystemFile.reason(denial.code)) }
            existing = status
        case .failure(let failure) where failure.isNoSuchFile:
            switch SystemFile.status(directory) {
            case .success(let status) where status.isDirectory: break
            case .success: throw .fileUnwritable(path: shown, reason: "\(directory) is not a directory")
            case .failure(let failure) where failure.isNoSuchFile:
                throw .fileUnwritable(path: shown, reason: "its directory \(directory) does not exist")
            case .failure(let failure):
                throw .fileUnwritable(path: shown, reason: "its directory: \(SystemFile.reason(failure.code))")
            }
        case .failure(let failure):
            throw .fileUnwritable(path: shown, reason: SystemFile.reason(failure.code))
        }
        if let denial = SystemFile.writeDenial(directory) {
            throw .fileUnwritable(
                path: shown,
                reason:
                    "the directory \(directory) does not let TapCard create files (\(SystemFile.reason(denial.code))); a save writes a new copy there and renames it into place"
            )
        }
        return (file, existing)
    }

    /// The save itself. With `lockingNewFile`, the new file is `flock`ed (exclusively) before it is
    /// renamed into place, so whoever holds the lock on the old file holds the lock on the new
    /// one the moment it appears. `inPlace` receives the new file's open descriptor once the rename
    /// succeeded (and owns it from then on); on any error no descriptor and no temporary file remain.
    static func replace(
        _ path: String, with bytes: [UInt8], lockingNewFile: Bool, secret: Bool = false, inPlace: (Int32) -> Void
    ) throws(EmulatorError) {
        let (file, existing) = try replaceableFile(path)
        let shown = file == path ? path : "\(path) (a link to \(file))"
        let copy = try Temporary.make(
            for: file, shown: shown, bytes: bytes, like: existing, locked: lockingNewFile, secret: secret)
        if let failure = injectedFailure.get() == .rename ? SystemFile.Failure.inputOutput : nil {
            throw copy.discard(.rename, failure)
        }
        if case .failure(let failure) = SystemFile.rename(copy.path, to: file) { throw copy.discard(.rename, failure) }
        inPlace(copy.descriptor)
        try syncDirectory(of: file, shown: shown)
    }

    /// Flushes the directory entry of `file` after a rename or link put it there.
    static func syncDirectory(of file: String, shown: String) throws(EmulatorError) {
        let directory = SystemFile.directory(of: file)
        if case .failure(let failure) = SystemFile.syncDirectory(directory) {
            throw .fileUnwritable(
                path: shown,
                reason:
                    "the new contents are in place, but flushing the directory \(directory) failed (\(SystemFile.reason(failure.code)))"
            )
        }
    }

    /// A new copy of a file, written and flushed beside it, not yet in place.
    struct Temporary {
        let path: String
        let descriptor: Int32
        /// The path the errors name.
        let shown: String
        /// Whether it is to replace a file (or create one).
        let replacing: Bool

        /// Writes `bytes` to a fresh temporary file in `file`'s directory, with `existing`'s
        /// permission bits and owner (a new file gets 0666 less the umask), flushed to disk and,
        /// when `locked`, holding an exclusive `flock`. A `secret` copy (a tag holding keys that
        /// are not the factory's) is created 0600 and stays 0600 whatever the old file's bits.
        static func make(
            for file: String, shown: String, bytes: [UInt8], like existing: SystemFile.Status?, locked: Bool,
            secret: Bool = false
        ) throws(EmulatorError) -> Temporary {
            let directory = SystemFile.directory(of: file)
            var copy: Temporary?
            for _ in 0..<100 {
                let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
                let path = "\(directory)/.\(SystemFile.name(of: file)).tapcard-\(SystemFile.processID)-\(random).tmp"
                switch SystemFile.createExclusive(path, mode: secret ? 0o600 : 0o666) {
                case .success(let descriptor):
                    copy = Temporary(
                        path: path, descriptor: descriptor, shown: shown, replacing: existing != nil)
                case .failure(let failure) where failure.isAlreadyExisting: continue
                case .failure(let failure):
                    throw .fileUnwritable(
                        path: shown,
                        reason: "could not create its new copy in \(directory): \(SystemFile.reason(failure.code))")
                }
                break
            }
            guard let copy else {
                throw .fileUnwritable(path: shown, reason: "no free temporary name in \(directory)")
            }
            func injected(_ step: Step) -> SystemFile.Failure? {
                injectedFailure.get() == step ? SystemFile.Failure.inputOutput : nil
            }
            if let failure = injected(.write) { throw copy.discard(.write, failure) }
            if case .failure(let failure) = SystemFile.writeAll(bytes, to: copy.descriptor) {
                throw copy.discard(.write, failure)
            }
            if existing != nil || secret {
                if let failure = injected(.permissions) { throw copy.discard(.permissions, failure) }
                let permissions: UInt32 = secret ? 0o600 : existing?.permissions ?? 0o666
                if case .failure(let failure) = SystemFile.setPermissions(copy.descriptor, permissions) {
                    throw copy.discard(.permissions, failure)
                }
                if let existing { SystemFile.keepOwner(copy.descriptor, owner: existing.owner, group: existing.group) }
            }
            if let failure = injected(.sync) { throw copy.discard(.sync, failure) }
            if case .failure(let failure) = SystemFile.sync(copy.descriptor) { throw copy.discard(.sync, failure) }
            if locked {
                if let failure = injected(.lock) { throw copy.discard(.lock, failure) }
                switch SystemFile.tryLock(copy.descriptor, exclusive: true) {
                case .success(true): break
                case .success(false): throw copy.discard(.lock, .wouldBlock)
                case .failure(let failure): throw copy.discard(.lock, failure)
                }
            }
            return copy
        }

        /// Closes and removes the copy; the error to throw for `failure` at `step`.
        func discard(_ step: Step, _ failure: SystemFile.Failure) -> EmulatorError {
            discard()
            let what =
                switch step {
                case .write: "writing its new copy failed"
                case .permissions: "giving its new copy the file's permissions failed"
                case .sync: "flushing its new copy to disk failed"
                case .lock: "locking its new copy failed"
                case .rename: "renaming its new copy into place failed"
                }
            return .fileUnwritable(
                path: shown,
                reason:
                    "\(what) (\(SystemFile.reason(failure.code))); \(replacing ? "the file is unchanged" : "no file was created")"
            )
        }

        /// Closes and removes the copy.
        func discard() {
            SystemFile.close(descriptor)
            SystemFile.remove(path)
        }
    }
}
