import TagEmulator
import TagTransport
import TagWorkflows

/// A Type 3 (FeliCa) card a command works on: a virtual FeliCa Lite-S file, locked for the
/// command and saved after it. FeliCa does not cross PC/SC in TapCard (the reader side recognises
/// FeliCa cards and says so), so there is no reader case; the phone reaches the same driver
/// through CoreNFC.
final class Type3Target {
    /// The file's path, as the other tag commands print it.
    let label: String
    let emulated: EmulatedType3Tag
    private let lock: TagFileLock

    init(path: String, tag: EmulatedType3Tag, lock: TagFileLock) {
        self.label = path
        self.emulated = tag
        self.lock = lock
    }

    /// `arguments.finish()`, letting go of the file when it throws.
    func finish(_ arguments: inout Arguments) throws {
        do {
            try arguments.finish()
        } catch {
            close()
            throw error
        }
    }

    /// A driver for this card; the file declares its model.
    func driver() -> Type3Tag {
        Type3Tag(channel: emulated, declaredModel: emulated.model)
    }

    /// Saves the file (crash-safely, keeping the lock).
    func save() throws {
        try VirtualTag.type3(emulated).save(to: lock)
    }

    /// Lets go of the file's lock.
    func close() {
        lock.release()
    }
}
