import PCSCTransport
import TagEmulator

/// The tag a tag command works on, opened once: a virtual tag file of either kind, or the tag on
/// a PC/SC reader (``TagSource``'s rule). Type 2 tags go to the Type 2 driver as before; Type 4
/// tags (a virtual Type 4 file, or an ISO-DEP card on a reader) to ``Type4Commands``; Type 3 tags
/// (a virtual FeliCa Lite-S file) to ``Type3Commands``.
enum OpenedTag {
    case type2Reader(PCSCTagSession)
    case type2Virtual(TagTarget)
    case type4(Type4Target)
    case type3(Type3Target)

    /// Lets go of the tag without using it (a refusal before anything was sent).
    func close() {
        switch self {
        case .type2Reader(let session): session.close()
        case .type2Virtual(let target): target.close()
        case .type4(let target): target.close()
        case .type3(let target): target.close()
        }
    }

    /// Applies the reader rule, then opens the virtual tag file (locked for `access`).
    static func open(
        _ arguments: inout Arguments, io: some CommandIO, access: TagFileLock.Access = .writing
    ) async throws -> OpenedTag {
        if let session = try ReaderTagCommands.session(&arguments, io: io) {
            if case .isoDep = session.kind { return .type4(Type4Target(reader: session)) }
            return .type2Reader(session)
        }
        let (path, isDefault, lock) = try await TagTarget.lockFile(&arguments, io: io, access: access)
        do {
            switch try VirtualTag.load(from: lock) {
            case .type2(let tag):
                return .type2Virtual(TagTarget(path: path, tag: tag, isDefault: isDefault, lock: lock))
            case .type4(let tag): return .type4(Type4Target(path: path, tag: tag, lock: lock))
            case .type5:
                // The Type 5 commands are not wired yet: refuse before anything is sent.
                throw EmulatorError.type5NotSupported(path: path)
            case .type3(let tag): return .type3(Type3Target(path: path, tag: tag, lock: lock))
            }
        } catch {
            lock.release()
            throw error
        }
    }
}
