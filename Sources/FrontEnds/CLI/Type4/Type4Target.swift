import PCSCTransport
import TagCatalog
import TagEmulator
import TagTransport
import TagWorkflows

/// A Type 4 tag a command works on: a virtual Type 4 tag file (locked for the command, saved
/// after it) or an ISO-DEP card on a PC/SC reader.
final class Type4Target {
    /// "virtual tag PATH" or "reader 'NAME'", as the Type 2 commands print them.
    let label: String
    let channel: any ISODepChannel
    /// The emulated tag behind a virtual file (for tears and saving); `nil` on a reader.
    let emulated: EmulatedType4Tag?
    let uid: [UInt8]?
    private let lock: TagFileLock?
    private let session: PCSCTagSession?

    init(path: String, tag: EmulatedType4Tag, lock: TagFileLock) {
        self.label = path
        self.channel = tag
        self.emulated = tag
        self.uid = tag.uid
        self.lock = lock
        self.session = nil
    }

    init(reader session: PCSCTagSession) {
        self.label = ReaderTagCommands.label(session)
        self.channel = session.isoDepCard
        self.emulated = nil
        let uid = session.detected.identifier
        self.uid = uid.isEmpty ? nil : uid
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
    func driver() -> Type4Tag {
        Type4Tag(channel: channel, declaredModel: emulated?.model, uid: uid)
    }

    /// Saves a virtual tag's file (crash-safely, keeping the lock); nothing on a reader.
    func save() throws {
        if let lock, let emulated { try VirtualTag.type4(emulated).save(to: lock) }
    }

    /// Runs an operation that writes nothing (read, info) and saves a virtual tag's file when the
    /// tag's persistent memory changed all the same — an NTAG 424 DNA's SDMReadCtr goes up on each
    /// mirrored read, and a file that forgot it would serve the same SUN URL again. Nothing on a
    /// reader; the file is not rewritten when nothing changed, nor when it is read-only.
    func reading<Result>(_ operation: () async throws -> Result) async throws -> Result {
        let before = emulated?.memory
        let mustSave = { self.lock?.access == .writing && self.emulated?.memory != before }
        do {
            let result = try await operation()
            if mustSave() { try save() }
            return result
        } catch {
            if mustSave() { try save() }
            throw error
        }
    }

    /// Lets go of the file's lock, or of the reader.
    func close() {
        lock?.release()
        session?.close()
    }
}
