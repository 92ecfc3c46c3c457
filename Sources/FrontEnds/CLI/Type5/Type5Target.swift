import PCSCTransport
import TagCatalog
import TagEmulator
import TagTransport
import TagWorkflows

/// A Type 5 tag a command works on: a virtual Type 5 tag file (Flipper SLIX / ISO15693-3, locked
/// for the command, saved after it) or an ISO 15693 card on a PC/SC reader (its Part 3
/// storage-card channel, which carries READ and WRITE SINGLE BLOCK only).
final class Type5Target {
    /// "PATH" or "reader 'NAME'", as the other tag commands print them.
    let label: String
    let channel: any ISO15693Channel
    /// The emulated tag behind a virtual file (for tears and saving); `nil` on a reader.
    let emulated: EmulatedType5Tag?
    private let lock: TagFileLock?
    private let session: PCSCTagSession?

    init(path: String, tag: EmulatedType5Tag, lock: TagFileLock) {
        self.label = path
        self.channel = tag
        self.emulated = tag
        self.lock = lock
        self.session = nil
    }

    init(reader session: PCSCTagSession) {
        self.label = ReaderTagCommands.label(session)
        self.channel = session.iso15693Card
        self.emulated = nil
        self.lock = nil
        self.session = session
    }

    /// `arguments.finish()`, letting go of the tag when it throws.
    func finish(_ arguments: inout Arguments) throws {
        do {
            try arguments.finish()
        } catch {
            close()
            throw error
        }
    }

    /// A driver for this tag; a virtual file declares its model.
    func driver() -> Type5Tag {
        Type5Tag(channel: channel, declaredModel: emulated?.model)
    }

    /// Saves a virtual tag's file (crash-safely, keeping the lock); nothing on a reader.
    func save() throws {
        if let lock, let emulated { try VirtualTag.type5(emulated).save(to: lock) }
    }

    /// Lets go of the file's lock, or of the reader.
    func close() {
        lock?.release()
        session?.close()
    }
}
