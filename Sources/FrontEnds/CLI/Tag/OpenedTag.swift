import CommandLineKit
import PCSCTransport
import TagCatalog
import TagEmulator
import TagTransport
import TagWorkflows

/// The tag a tag command works on, opened once: a virtual tag file of any type, or the tag on a
/// PC/SC reader (``TagSource``'s rule). Every verb gets its driver here, as `any TagDriver`, and
/// saves a virtual file here; nothing after this point asks which type the tag is, but the
/// printers of the per-type detail.
final class OpenedTag {
    /// "PATH" of a virtual tag, or "reader 'NAME'".
    let label: String
    /// The emulated tag behind a virtual file; `nil` on a reader.
    let virtual: VirtualTag?
    /// True for the default virtual NTAG213 (no `--tag`).
    let isDefault: Bool
    private let lock: TagFileLock?
    private let session: PCSCTagSession?
    /// The file's text as last read or saved: a save happens only when the tag changed.
    private var savedText: String?

    private init(label: String, virtual: VirtualTag?, isDefault: Bool, lock: TagFileLock?, session: PCSCTagSession?) {
        self.label = label
        self.virtual = virtual
        self.isDefault = isDefault
        self.lock = lock
        self.session = session
        self.savedText = virtual?.encoded
    }

    /// The tag as a connection offering its channels (a virtual tag's chip, or the reader's card).
    var connection: any TagConnection {
        if let virtual { return VirtualTagConnection(virtual) }
        guard let session else { preconditionFailure("an opened tag is a virtual file or a reader's") }
        return session
    }

    /// The NFC Forum type (2, 3, 4 or 5) of the tag, from the channels it offers (the recogniser's
    /// order); 0 for a MIFARE Classic, which has none (`TagFacts.typePhrase(forumType:)`).
    var forumType: Int {
        let connection = connection
        if connection.isoDep != nil { return 4 }
        if connection.iso15693 != nil { return 5 }
        if connection.felica != nil { return 3 }
        if connection.classic != nil { return 0 }
        return 2
    }

    /// The tear and field controls of a virtual tag (`nil` on a reader).
    var fieldControl: (any FieldControl)? { virtual?.fieldControl }

    /// An ISO-DEP tag's channel, UID and declared model (for the NTAG 424 DNA verbs, which need
    /// the `Type4Tag` itself); `nil` for another type.
    struct ISODepCarrier {
        let channel: any ISODepChannel
        let uid: [UInt8]?
        let model: TagModel?
    }

    var isoDepCarrier: ISODepCarrier? {
        let connection = connection
        guard let channel = connection.isoDep else { return nil }
        let uid = connection.detected.identifier
        return ISODepCarrier(channel: channel, uid: uid.isEmpty ? nil : uid, model: virtual?.model)
    }

    /// The reader, when the tag is on one.
    var readerName: String? { session?.readerName }

    /// A fresh driver for the tag. `--password`/`--pack` are the NTAG21x / Ultralight EV1 page
    /// password: on any other tag they are a usage error, said once for every type.
    func driver(password: PasswordOptions = PasswordOptions(), command: String) throws -> any TagDriver {
        if forumType != 2, password.password != nil || password.acknowledge != nil || password.key != nil {
            throw UsageError(
                password.key != nil
                    ? "--auth-key is the 16-byte key of a Type 2 chip's AUTHENTICATE; this is \(TagFacts.kindPhrase(forumType: forumType)), which has no such key."
                    : "--password and --pack are the NTAG21x / Ultralight EV1 page password; this is \(TagFacts.kindPhrase(forumType: forumType)), which has no such password.",
                command: command)
        }
        if let driver = Recognizer.driver(
            for: connection, declaredModel: virtual?.model, password: password.password,
            acknowledge: password.acknowledge, key: password.key)
        {
            return driver
        }
        let reader = readerName ?? label
        throw ReaderTagError.notSupported(reader: reader, kind: session?.kind.summary ?? "unknown")
    }

    /// Runs `operation` and saves a virtual tag whose file would now read differently (a write,
    /// a failed password that counts against AUTHLIM, an NTAG 424 DNA's SDM read counter), also
    /// when the operation failed: the file keeps what the chip holds. A file opened for reading
    /// only is never written.
    func operating<Result>(_ operation: () async throws -> Result) async throws -> Result {
        do {
            let result = try await operation()
            try saveIfChanged()
            return result
        } catch {
            try saveIfChanged()
            throw error
        }
    }

    /// Saves a virtual tag when its file's text changed; nothing on a reader.
    func saveIfChanged() throws {
        guard let lock, lock.access == .writing, let virtual else { return }
        let text = virtual.encoded
        guard text != savedText else { return }
        try virtual.save(to: lock)
        savedText = text
    }

    /// The tag as it is now, as a separate copy (a virtual tag's, for reading what it held before
    /// a write without sending it a command); `nil` on a reader.
    func copy() -> VirtualTag? {
        guard let virtual else { return nil }
        return try? VirtualTag.decode(virtual.encoded)
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

    /// Lets go of the file's lock, or of the reader.
    func close() {
        lock?.release()
        session?.close()
    }

    /// Applies the reader rule, then opens the virtual tag file (locked for `access`).
    static func open(
        _ arguments: inout Arguments, io: some CommandIO, access: TagFileLock.Access = .writing
    ) async throws -> OpenedTag {
        if let session = try ReaderTagCommands.session(&arguments, io: io) {
            if session.kind.isFeliCa {
                session.close()
                throw ReaderTagError.feliCaCannotCross(reader: session.readerName, kind: session.kind.summary)
            }
            return OpenedTag(
                label: ReaderTagCommands.label(session), virtual: nil, isDefault: false, lock: nil, session: session)
        }
        let (path, isDefault, opened, wait) = try await TagTarget.lockFile(&arguments, io: io, access: access)
        var lock = opened
        // A read may change a virtual tag (an NTAG 424 DNA's SDM read counter goes up), so it
        // holds such a file for writing, as a write does; a file that cannot be written is
        // still read, without saving.
        // Another tool's dump is never saved over (it would become ours), so it is not relocked.
        let dumpFormat: String?
        do {
            dumpFormat = VirtualTag.dumpFormat(bytes: try lock.read())
        } catch {
            lock.release()
            throw error
        }
        // A dump is refused to every command that would change it before anything else, whatever
        // its format and whether or not the command would change a byte.
        if lock.access == .writing, let dumpFormat {
            lock.release()
            throw EmulatorError.dumpIsReadOnly(path: path, format: dumpFormat)
        }
        if lock.access == .reading, dumpFormat == nil, (try? VirtualTag.load(from: lock))?.mayChangeWhenRead == true {
            lock.release()
            do {
                lock = try await TagTarget.relock(path, access: .writing, wait: wait, io: io)
            } catch {
                lock = try await TagTarget.relock(path, access: .reading, wait: wait, io: io)
            }
        }
        do {
            let virtual = try VirtualTag.load(from: lock)
            // A dump's unknowns (keys, unread pages, an absent CC) are said whenever it is opened.
            // A MIFARE Classic dump says its unknown sectors its own way (and may be binary); what
            // its header contradicts or leaves open (block 0 and the blocks win) is said here.
            let notes: [String]
            var contradictions: [String] = []
            switch virtual {
            case .classic(let tag):
                notes = []
                for note in tag.dumpNotes { io.note("\(path): \(note).") }
            default:
                let text = String(decoding: try lock.read(), as: UTF8.self)
                // TapCard's own virtual tag says what its dump lacked when read (read, info), not
                // on every command that changes it.
                notes =
                    access == .writing && VirtualTagFile.isOwn(text) ? [] : try VirtualTag.dumpNotes(text, path: path)
                // Where the dump's header contradicts its memory, as sim import says it.
                if access != .writing { contradictions = try VirtualTag.dumpContradictions(text, path: path) }
            }
            if !notes.isEmpty { io.note("\(path): not in the dump: " + notes.joined(separator: "; ") + ".") }
            for contradiction in contradictions { io.note("\(path): \(contradiction).") }
            TestSDMPadding.apply(to: virtual, io: io)
            return OpenedTag(label: path, virtual: virtual, isDefault: isDefault, lock: lock, session: nil)
        } catch {
            lock.release()
            throw error
        }
    }
}

extension OpenedTag {
    /// Refuses, before anything is read or sent, a `--tag` in `arguments` that is another tool's
    /// dump (``VirtualTag/dumpFormat(bytes:)``), with the error ``open(_:io:access:)`` gives: for
    /// a command that reads something else first (`copy` reads its source, whose NTAG 424 DNA
    /// counter a read advances). `arguments` are not consumed.
    static func refuseDumpTarget(_ arguments: Arguments) throws {
        var peek = arguments
        guard let path = try peek.option("--tag") else { return }
        if let format = VirtualTag.dumpFormat(bytes: try FileBytes.read(path)) {
            throw EmulatorError.dumpIsReadOnly(path: path, format: format)
        }
    }

    /// A driver for a copy of a virtual tag (to read what it held, sending the real tag nothing).
    static func driver(for virtual: VirtualTag, password: PasswordOptions) -> (any TagDriver)? {
        Recognizer.driver(
            for: VirtualTagConnection(virtual), declaredModel: virtual.model, password: password.password,
            acknowledge: password.acknowledge, key: password.key)
    }
}
