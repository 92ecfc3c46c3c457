import CommandLineKit
import Foundation
import TagCatalog
import TagEmulator
import TapCardSupport

/// Which virtual tag file a command works on: the one named by `--tag FILE`, or the default
/// virtual NTAG213 in the user's data directory, created on first use.
///
/// Its ``TagFileLock`` is taken (waiting up to `--wait` seconds while another tapcard uses it)
/// *before* the file is read, and the command keeps it until it closes the ``OpenedTag``, after
/// its last save: two commands on one tag take turns, and neither works on a stale copy.
enum TagTarget {
    /// The default virtual tag's file name inside the data directory.
    static let defaultTagFileName = "virtual-ntag213.nfc"

    static let options: [OptionSpec] =
        [.value("--tag", "FILE", completion: .file, "A virtual tag file (default: the virtual NTAG213).")]
        + ReaderOptions.options

    static let helpLines = """
          --tag FILE     A virtual tag file (Flipper Zero .nfc for NTAG/Ultralight, SLIX/ISO15693-3
                         and FeliCa; TapCard's text file for Type 4 tags; see 'tapcard sim'). Without it, the
                         default virtual NTAG213 in the data directory is used ($TAPCARD_HOME, else
                         $XDG_DATA_HOME/tapcard or ~/.local/share/tapcard; ~/Library/Application
                         Support/TapCard on macOS),
                         created on first use.
          --json         Print one JSON object instead of text.
        \(ReaderOptions.help)
        """

    /// Takes `--tag` and `--wait` from `arguments`, locks the tag file for `access` and reads the
    /// tag; says on stderr (one line) when the default tag is used or created, and once when it
    /// waits for another tapcard. Call ``close()`` when the session is over.
    static func lockFile(
        _ arguments: inout Arguments, io: some CommandIO, access: TagFileLock.Access
    ) async throws -> (path: String, isDefault: Bool, lock: TagFileLock, wait: Int) {
        let wait = try ReaderOptions.waitSeconds(&arguments)
        if let path = try arguments.option("--tag") {
            return (path, false, try await lock(path, access: access, wait: wait, creatingWith: nil, io: io), wait)
        }
        let directory = try DataDirectory.path(environment: io.environment)
        let path = directory + "/" + defaultTagFileName
        // A command line with a stray word is refused before the default tag is created.
        try arguments.refuseStrayPositionals()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw TagTargetError.cannotCreateDirectory(path: directory, reason: FileFailureReason.of(error))
        }
        let fresh = Array(VirtualTagFile.encode(EmulatedTag(model: .ntag213)).utf8)
        let lock = try await lock(path, access: access, wait: wait, creatingWith: fresh, io: io)
        if lock.created {
            io.note("Created the default virtual NTAG213 at \(path) (no --tag given).")
        } else {
            io.note("Using the default virtual NTAG213 at \(path).")
        }
        return (path, true, lock, wait)
    }

    /// Locks `path` again, for `access`, after its lock was released (same wait, same messages).
    static func relock(_ path: String, access: TagFileLock.Access, wait: Int, io: some CommandIO) async throws
        -> TagFileLock
    {
        try await lock(path, access: access, wait: wait, creatingWith: nil, io: io)
    }

    private static func lock(
        _ path: String, access: TagFileLock.Access, wait: Int, creatingWith bytes: [UInt8]?, io: some CommandIO
    ) async throws -> TagFileLock {
        do {
            return try await TagFileLock.acquire(path, for: access, waitingUpTo: wait, creatingWith: bytes) {
                io.note("Waiting for another tapcard using \(path) (up to \(wait) s)…")
            }
        } catch .lockTimeout(let path, let seconds) {
            throw TagTargetError.busy(path: path, seconds: seconds)
        }
    }

    /// Writes the tag's state back to its file, crash-safely, keeping the lock.
}
