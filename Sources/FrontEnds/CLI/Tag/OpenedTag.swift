import PCSCTransport
import TagEmulator

/// The tag a tag command works on, opened once: a virtual tag file of either kind, or the tag on
/// a PC/SC reader (``TagSource``'s rule). Type 2 tags go to the Type 2 driver as before; Type 4
/// tags (a virtual Type 4 file, or an ISO-DEP card on a reader) to ``Type4Commands``; Type 5 tags
/// (a virtual SLIX / ISO15693-3 file, or an ISO 15693 card on a reader) to ``Type5Commands``; Type
/// 3 tags (a virtual FeliCa Lite-S file) to ``Type3Commands``.
enum OpenedTag {
    case type2Reader(PCSCTagSession)
    case type2Virtual(TagTarget)
    case type4(Type4Target)
    case type3(Type3Target)
    case type5(Type5Target)

    /// True for a Type 5 tag (a virtual file or an ISO 15693 card on a reader).
    var isType5: Bool {
        if case .type5 = self { return true }
        return false
    }

    /// Lets go of the tag without using it (a refusal before anything was sent).
    func close() {
        switch self {
        case .type2Reader(let session): session.close()
        case .type2Virtual(let target): target.close()
        case .type4(let target): target.close()
        case .type3(let target): target.close()
        case .type5(let target): target.close()
        }
    }

    /// Applies the reader rule, then opens the virtual tag file (locked for `access`).
    static func open(
        _ arguments: inout Arguments, io: some CommandIO, access: TagFileLock.Access = .writing
    ) async throws -> OpenedTag {
        if let session = try ReaderTagCommands.session(&arguments, io: io) {
            if case .isoDep = session.kind { return .type4(Type4Target(reader: session)) }
            if session.kind.isISO15693 { return .type5(Type5Target(reader: session)) }
            if session.kind.isFeliCa {
                session.close()
                throw ReaderTagError.feliCaCannotCross(reader: session.readerName, kind: session.kind.summary)
            }
            return .type2Reader(session)
        }
        let (path, isDefault, opened, wait) = try await TagTarget.lockFile(&arguments, io: io, access: access)
        var lock = opened
        // A read of a virtual Type 4 tag may change it (an NTAG 424 DNA's SDM read counter goes up),
        // so it holds the file for writing, as a write does; a file that cannot be written is
        // still read, without saving.
        if lock.access == .reading, case .type4? = try? VirtualTag.load(from: lock) {
            lock.release()
            do {
                lock = try await TagTarget.relock(path, access: .writing, wait: wait, io: io)
            } catch {
                lock = try await TagTarget.relock(path, access: .reading, wait: wait, io: io)
            }
        }
        do {
            switch try VirtualTag.load(from: lock) {
            case .type2(let tag):
                return .type2Virtual(TagTarget(path: path, tag: tag, isDefault: isDefault, lock: lock))
            case .type4(let tag): return .type4(Type4Target(path: path, tag: tag, lock: lock))
            case .type3(let tag): return .type3(Type3Target(path: path, tag: tag, lock: lock))
            case .type5(let tag): return .type5(Type5Target(path: path, tag: tag, lock: lock))
            }
        } catch {
            lock.release()
            throw error
        }
    }
}
