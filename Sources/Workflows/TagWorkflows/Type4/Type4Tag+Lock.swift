import TagCatalog
import TagFrames
import Type4

extension Type4Tag {
    /// The NTAG 424 DNA's factory key 0 (all zeros), used when no key is given.
    public static let factoryKey = [UInt8](repeating: 0, count: 16)

    /// Rights that make a file permanently unwritable: read as before, write, read-write and
    /// change settings never (NT4H2421Gx §8.2.3.3, nibble F).
    static func lockedRights(keepingRead read: NTAG424AccessCondition) -> NTAG424AccessRights {
        NTAG424AccessRights(read: read, write: .never, readWrite: .never, change: .never)
    }

    static func isLocked(_ settings: NTAG424FileSettings) -> Bool {
        settings.accessRights.write == .never && settings.accessRights.readWrite == .never
            && settings.accessRights.change == .never
    }

    /// Makes the tag read-only for good, where the chip allows it.
    ///
    /// A generic Type 4 tag has no standard procedure (the T4T mapping defines none): refused with
    /// ``Type4LockRefusal/noProcedure(model:)``. An NTAG 424 DNA, or a DESFire EV2/EV3 formatted
    /// per AN11004, is locked with key 0 of its NDEF application (`key`; the factory key, all
    /// zeros, by default: the key `format` gives the application), authenticated with
    /// AuthenticateEV2First (AuthenticateAES on a DESFire EV1, in EV1 secure messaging:
    /// `lockEV1(_:key:cc:ndef:)`), in three steps, each
    /// skipped when already in place, every one of which a rerun can repeat:
    /// 1. WriteData of FF into the CC file's NDEF write-access byte, so readers see read-only;
    /// 2. ChangeFileSettings of the NDEF file: write, read-write and change never (FULL mode);
    /// 3. the same for the CC file, so it can never claim the NDEF file writable again.
    /// The settings are read back afterwards (GetFileSettings, the CC) to verify.
    public func lock(confirmation: LockConfirmation?, key: [UInt8] = Type4Tag.factoryKey) async throws
        -> Type4LockReport
    {
        beginOperation()
        let identification = try await identify()
        let ev1 = !identification.speaksEV2 && identification.desfire?.generation == .ev1
        guard identification.speaksEV2 || ev1 else {
            throw Type4LockRefusal.noProcedure(model: identification.model)
        }
        guard confirmation != nil else {
            throw identification.desfire != nil
                ? Type4LockRefusal.confirmationRequiredNotPermanent : Type4LockRefusal.confirmationRequired
        }
        if hasNDEFApplication == false { throw WritePreflightError.notFormatted }
        if identification.desfire != nil {
            // Application 000001 is changed only when it is provably AN11004's, as format takes it.
            let card = try await desfireCardInfo()
            if let foreign = try await desfireNDEFState(applications: card.applications ?? []).foreign {
                throw Type4LockRefusal.foreignApplication(foreign)
            }
            forgetSelection()
        }
        let (cc, _) = try await readCapabilityContainer(whole: false)
        let ccSettings = try await fileSettings(1)
        let ndefSettings = try await fileSettings(2)
        if ev1 && Self.ev1LockObstacle(cc: ccSettings, ndef: ndefSettings) {
            throw Type4LockRefusal.noProcedure(model: identification.model)
        }
        var steps: [Type4LockReport.Step] = []
        if cc.ndefFile.writeAccess != .never { steps.append(.ccWriteAccess) }
        if !Self.isLocked(ndefSettings) { steps.append(.ndefFileSettings) }
        if !Self.isLocked(ccSettings) { steps.append(.ccFileSettings) }
        if !steps.isEmpty && ev1 {
            try await lockEV1(steps, key: key, cc: ccSettings, ndef: ndefSettings)
        } else if !steps.isEmpty {
            var session = try await authenticate(keyNumber: 0, key: key)
            var completed: [Type4LockReport.Step] = []
            for step in steps {
                do throws(Type4Failure) {
                    switch step {
                    case .ccWriteAccess:
                        let mode = NTAG424CommMode(fileOption: ccSettings.fileOption)
                        try await secure(&session, mode: mode) { session throws(NTAG424SecureError) in
                            try session.writeData(file: 1, offset: 14, data: [0xFF], mode: mode)
                        }
                    case .ndefFileSettings:
                        try await changeSettings(&session, file: 2, settings: ndefSettings)
                    case .ccFileSettings:
                        try await changeSettings(&session, file: 1, settings: ccSettings)
                    }
                } catch {
                    throw Type4LockInterrupted(completed: completed, failed: step, cause: error)
                }
                completed.append(step)
            }
        }
        // Read back in a new session: SELECT again, the CC, the settings.
        forgetSelection()
        let (after, _) = try await readCapabilityContainer(whole: false)
        let settings: [UInt8: NTAG424FileSettings] = [1: try await fileSettings(1), 2: try await fileSettings(2)]
        let undo = identification.desfire != nil ? try await desfireLockUndo() : nil
        return Type4LockReport(
            identification: identification, uid: uid, steps: steps, ccWriteAccess: after.ndefFile.writeAccess,
            fileSettings: settings, desfireUndo: undo, statistics: takeStatistics())
    }

    /// The key settings that say who can undo a DESFire lock: GetKeySettings in application
    /// `000001`, then at the PICC level (plain; a refusal leaves the figure out).
    func desfireLockUndo() async throws(Type4Failure) -> DESFireLockUndo {
        forgetSelection()
        try await native(DESFireCommand.selectApplication(DESFireNDEFApplication.applicationID))
        let application = try await sendOrThrow(DESFireCommand.getKeySettings)
        try await native(DESFireCommand.selectApplication(.picc))
        let picc = try await sendOrThrow(DESFireCommand.getKeySettings)
        forgetSelection()
        return DESFireLockUndo(
            applicationKeySettings: application.status == .nativeSuccess ? application.data.first : nil,
            piccKeySettings: picc.status == .nativeSuccess ? picc.data.first : nil)
    }

    /// GetFileSettings of `file`, unauthenticated (plain).
    func fileSettings(_ file: UInt8) async throws -> NTAG424FileSettings {
        let data = try await expectSuccess(NTAG424Command.getFileSettings(file), file: nil)
        return try NTAG424FileSettings.parse(data).get()
    }

    /// AuthenticateEV2First with `keyNumber`: the tag's challenge, our proof, its proof. A wrong
    /// key is the tag's `91 AE`, said with the key number.
    func authenticate(keyNumber: UInt8, key: [UInt8]) async throws -> NTAG424Session {
        let authentication = try NTAG424Authentication.first(keyNumber: keyNumber, key: key)
        let challenge = try await sendOrThrow(authentication.command)
        let proof: NTAG424AuthenticationProof
        do throws(NTAG424SecureError) {
            proof = try authentication.respond(to: challenge)
        } catch {
            throw Self.keyRefusal(error, keyNumber: keyNumber, model: model)
        }
        let answer = try await sendOrThrow(proof.command)
        do throws(NTAG424SecureError) {
            return try proof.finish(answer)
        } catch {
            throw Self.keyRefusal(error, keyNumber: keyNumber, model: model)
        }
    }

    /// An authentication the tag refused with `91 AE` (wrong key) or `91 40` (no such key) says
    /// which key to give, one refused with `91 9D` that the tag is in LRP mode; anything else
    /// stays what it was.
    static func keyRefusal(_ error: NTAG424SecureError, keyNumber: UInt8, model: TagModel?) -> any Error {
        if case .refused(_, let status) = error, status == StatusWord(0x91AE) || status == StatusWord(0x9140) {
            return Type4LockRefusal.keyRefused(keyNumber: Int(keyNumber), status: status, model: model)
        }
        if case .refused(_, let status) = error, status == StatusWord(0x919D) {
            return Type4LockRefusal.lrpMode(keyNumber: Int(keyNumber), status: status)
        }
        if case .keyNotProven = error {
            return Type4LockRefusal.keyRefused(keyNumber: Int(keyNumber), status: StatusWord(0x9100), model: model)
        }
        return Type4Failure.secure(error)
    }

    func sendOrThrow(_ command: CommandAPDU) async throws(Type4Failure) -> ResponseAPDU {
        do {
            return try await send(command)
        } catch {
            throw .channel(error)
        }
    }

    /// One command of an authenticated session: wrapped, sent, its answer unwrapped (the response
    /// MAC checked in MAC and FULL mode). A refusal is the tag's; a bad MAC is a tag problem too.
    private func secure(
        _ session: inout NTAG424Session, mode: NTAG424CommMode,
        _ make: (inout NTAG424Session) throws(NTAG424SecureError) -> CommandAPDU
    ) async throws(Type4Failure) {
        let command: CommandAPDU
        do {
            command = try make(&session)
        } catch {
            throw .secure(error)
        }
        let response = try await sendOrThrow(command)
        do {
            _ = try session.unwrap(response, mode: mode)
        } catch {
            throw .secure(error)
        }
    }

    /// ChangeFileSettings of `file` to the locked rights, keeping its FileOption and SDM settings.
    private func changeSettings(_ session: inout NTAG424Session, file: UInt8, settings: NTAG424FileSettings)
        async throws(Type4Failure)
    {
        let rights = Self.lockedRights(keepingRead: settings.accessRights.read)
        let data = [settings.fileOption] + rights.bytes + settings.trailing
        // The command travels in FULL mode; its answer carries only the response MAC.
        try await secure(&session, mode: .mac) { session throws(NTAG424SecureError) in
            try session.changeFileSettings(file: file, settings: data)
        }
    }
}
