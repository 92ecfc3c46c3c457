import Foundation
import TagCatalog
import TagEmulator
import TapCardSupport

/// The tag a command works on: the virtual tag file named by `--tag FILE`, or the default virtual
/// NTAG213 in the user's data directory, created on first use.
struct TagTarget {
    let path: String
    let tag: EmulatedTag
    let isDefault: Bool

    /// The default virtual tag's file name inside the data directory.
    static let defaultTagFileName = "virtual-ntag213.nfc"

    static let helpLines = """
          --tag FILE     A virtual tag file (Flipper Zero .nfc; see 'tapcard sim'). Without it, the
                         default virtual NTAG213 in the data directory is used ($TAPCARD_HOME, else
                         $XDG_DATA_HOME/tapcard or ~/.local/share/tapcard; ~/Library/Application
                         Support/TapCard on macOS),
                         created on first use.
          --json         Print one JSON object instead of text.
        \(ReaderOptions.help)
        """

    /// Takes `--tag` from `arguments` and opens the tag; says on stderr (one line) when the
    /// default tag is used or created.
    static func open(_ arguments: inout Arguments, io: some CommandIO) throws -> TagTarget {
        if let path = try arguments.option("--tag") {
            return TagTarget(path: path, tag: try VirtualTagFile.load(path), isDefault: false)
        }
        let directory = try DataDirectory.path(environment: io.environment)
        let path = directory + "/" + defaultTagFileName
        if FileManager.default.fileExists(atPath: path) {
            io.printError("Using the default virtual NTAG213 at \(path).")
            return TagTarget(path: path, tag: try VirtualTagFile.load(path), isDefault: true)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw TagTargetError.cannotCreateDirectory(path: directory, reason: (error as NSError).localizedDescription)
        }
        let tag = EmulatedTag(model: .ntag213)
        try VirtualTagFile.save(tag, to: path)
        io.printError("Created the default virtual NTAG213 at \(path) (no --tag given).")
        return TagTarget(path: path, tag: tag, isDefault: true)
    }

    /// Writes the tag's state back to its file.
    func save() throws {
        try VirtualTagFile.save(tag, to: path)
    }
}
