import Foundation
import TagEmulator

/// The one way the CLI writes files a user names (`page --out`, `sim export`): every target is
/// checked before the first byte is written, so a refusal leaves every file as it was.
///
/// - An existing file is replaced only with `--force`; without it the refusal lists every file
///   that would be replaced.
/// - A symbolic link is never followed, neither as the file nor as a folder between the target
///   directory and the file: writing through one could reach any file outside the directory.
/// - Each file is written atomically (a new copy beside it, renamed into place: ``FileBytes``),
///   keeping an existing file's permission bits; a new file gets the umask's.
enum OutputFiles {
    /// A file to write: where, and what.
    struct File {
        var path: String
        var bytes: [UInt8]
    }

    /// Checks every file of `files`, then writes them all (creating folders under `directory`).
    static func write(_ files: [File], into directory: String?, force: Bool) throws {
        var existing: [String] = []
        for file in files {
            if let link = firstLink(on: file.path, below: directory) { throw OutputFileError.symbolicLink(path: link) }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) {
                if isDirectory.boolValue { throw OutputFileError.isDirectory(path: file.path) }
                existing.append(file.path)
            }
        }
        if !existing.isEmpty && !force { throw OutputFileError.wouldReplace(paths: existing) }
        for file in files {
            let folder = (file.path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw OutputFileError.cannotWrite(path: file.path, reason: FileFailureReason.of(error))
                }
            }
            try FileBytes.write(file.bytes, to: file.path)
        }
    }

    /// The first path, from `directory` (or the file's own folder) down to `path` itself, that is
    /// a symbolic link; `directory` itself may be one (the user named it).
    static func firstLink(on path: String, below directory: String?) -> String? {
        // The paths as given (no standardizing: that may resolve the very links looked for).
        let base = directory ?? (path as NSString).deletingLastPathComponent
        var candidates = [path]
        var current = (path as NSString).deletingLastPathComponent
        while current.count > base.count, current.hasPrefix(base) {
            candidates.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        return candidates.reversed().first { candidate in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)) != nil
        }
    }
}
