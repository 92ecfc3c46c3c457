import CommandLineKit
import Foundation
import TagEmulator

/// The one way the CLI creates the files a user names: new virtual tags (`sim new`, `sim
/// import`), exports (`sim export --flipper/--bin/--proxmark3`), web pages (`page --out`), keys files
/// (`ntag424 keys --new-keys-out`). Every target is checked before the first byte is written, so
/// a refusal leaves every file as it was; each file is then written by ``FileBytes/create(_:at:replacing:secret:)``.
///
/// - An existing file is replaced only with `--force`; without it the refusal lists every file
///   that would be replaced.
/// - A symbolic link is never followed, not even with `--force`: neither as the file (dangling
///   or not) nor as a folder between the target directory and the file.
/// - Each file is written atomically (a temporary file in the same directory, flushed, put in
///   place), keeping an existing file's permission bits; a new file gets the umask's, and a file
///   holding secrets (keys in clear) is 0600 from its first byte.
enum OutputFiles {
    /// A file to write: where, what, and whether it holds secrets.
    struct File {
        var path: String
        var bytes: [UInt8]
        var secret = false
    }

    /// A virtual tag as its file (0600 when it holds keys that are not the factory's).
    static func tag(_ tag: VirtualTag, at path: String) -> File {
        File(path: path, bytes: Array(tag.encoded.utf8), secret: tag.holdsSecrets)
    }

    /// Refuses, before anything is written, every path of `paths` that ``write(_:into:force:)``
    /// would refuse: for a command that writes several files one after another, each from its
    /// own code, and must not write the first when a later one cannot be (`sim export` to two
    /// formats).
    static func check(_ paths: [String], into directory: String? = nil, force: Bool) throws {
        var existing: [String] = []
        if paths.contains(where: \.isEmpty) {
            throw UsageError("An output file needs a path; an empty one was given. Nothing was written.")
        }
        for path in paths {
            if let link = try firstLink(on: path, below: directory) {
                throw OutputFileError.symbolicLink(path: link)
            }
            switch try FileBytes.creationTarget(path) {
            case .absent: break
            case .file: existing.append(path)
            case .symbolicLink: throw OutputFileError.symbolicLink(path: path)
            case .other(let reason):
                // A folder says so in the user's words; anything else (a device, a pipe) as what it is.
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    throw OutputFileError.isDirectory(path: path)
                }
                throw OutputFileError.cannotWrite(path: path, reason: reason)
            }
        }
        if !existing.isEmpty && !force { throw OutputFileError.wouldReplace(paths: existing) }
    }

    /// Checks every file of `files`, then writes them all (creating the folders under `directory`).
    static func write(_ files: [File], into directory: String? = nil, force: Bool) throws {
        try check(files.map(\.path), into: directory, force: force)
        for file in files {
            let folder = Self.parent(of: file.path)
            // Folders are made only inside a directory the user named for them (`page --out`); a
            // single file's missing folder is an error that names it (a typo, not a request).
            if directory != nil, !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw OutputFileError.cannotWrite(path: file.path, reason: FileFailureReason.of(error))
                }
            }
            try FileBytes.create(file.bytes, at: file.path, replacing: force, secret: file.secret)
        }
    }

    /// The first path, from `directory` (or the file's own folder) down to `path` itself, that is
    /// a symbolic link; `directory` itself may be one (the user named it).
    static func firstLink(on path: String, below directory: String?) throws -> String? {
        // The paths as given (no standardizing: that may resolve the very links looked for).
        let base = directory ?? parent(of: path)
        var candidates = [path]
        var current = parent(of: path)
        while current.count > base.count, current.hasPrefix(base) {
            candidates.append(current)
            current = parent(of: current)
        }
        for candidate in candidates.reversed() where try FileBytes.creationTarget(candidate) == .symbolicLink {
            return candidate
        }
        return nil
    }

    /// The folder part of `path` as written ("" for a bare name, "/" for a file at the root),
    /// trailing slashes ignored. Foundation's `deletingLastPathComponent` traps on some bare names
    /// on Linux (a symbolic link or a folder given as `L`), so the CLI never asks it.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// True when both paths lead to one existing file (links followed): the same device and inode.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
