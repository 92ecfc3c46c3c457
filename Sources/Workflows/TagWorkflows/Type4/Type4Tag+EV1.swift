import TagFrames
import Type4

/// MIFARE DESFire EV1's AuthenticateAES (`AA`) and the EV1 secure messaging `format` and `lock`
/// use on a card that knows no AuthenticateEV2First (``/Type4/DESFireEV1Session``).
extension Type4Tag {
    /// AuthenticateAES with `keyNumber` of the current level: the card's challenge, our proof, its
    /// proof. A wrong key is the card's `91 AE` to our proof (``Type4LockRefusal/ev1KeyRefused(keyNumber:status:)``).
    func authenticateAES(keyNumber: UInt8, key: [UInt8]) async throws -> DESFireEV1Session {
        let authentication = try DESFireEV1Authentication.start(keyNumber: keyNumber, key: key)
        let challenge = try await sendOrThrow(authentication.command)
        let proof: DESFireEV1AuthenticationProof
        do throws(NTAG424SecureError) {
            proof = try authentication.respond(to: challenge)
        } catch {
            throw Self.ev1KeyRefusal(error, keyNumber: keyNumber)
        }
        let answer = try await sendOrThrow(proof.command)
        do throws(NTAG424SecureError) {
            return try proof.finish(answer)
        } catch {
            throw Self.ev1KeyRefusal(error, keyNumber: keyNumber)
        }
    }

    /// `91 AE` (wrong key), `91 40` (no such key) or a card that does not prove the key: the key
    /// was refused; anything else stays what it was.
    static func ev1KeyRefusal(_ error: NTAG424SecureError, keyNumber: UInt8) -> any Error {
        if case .refused(_, let status) = error, status == StatusWord(0x91AE) || status == StatusWord(0x9140) {
            return Type4LockRefusal.ev1KeyRefused(keyNumber: Int(keyNumber), status: status)
        }
        if case .keyNotProven = error {
            return Type4LockRefusal.ev1KeyRefused(keyNumber: Int(keyNumber), status: StatusWord(0x9100))
        }
        return Type4Failure.secure(error)
    }

    /// True when an EV1's files cannot be locked through EV1 secure messaging as written here:
    /// the CC file must travel plain (AN11004's does) for its WriteData, and neither file's
    /// settings may carry more than FileOption and access rights (no EV2 additions).
    static func ev1LockObstacle(cc: NTAG424FileSettings, ndef: NTAG424FileSettings) -> Bool {
        cc.fileOption & 0x03 != 0 || !cc.trailing.isEmpty || !ndef.trailing.isEmpty
    }

    /// The lock's `steps` on a DESFire EV1, in an AuthenticateAES session with key 0 of the NDEF
    /// application: WriteData (`3D`) of FF into the CC's write-access byte, sent plain with its CMAC
    /// moving the IV; ChangeFileSettings (`5F`) of each file to the locked rights, enciphered with
    /// CRC32 when its Change right is a key (libfreefare `mifare_desfire_change_file_settings`),
    /// plain otherwise. Every answer's CMAC is checked.
    func lockEV1(
        _ steps: [Type4LockReport.Step], key: [UInt8], cc: NTAG424FileSettings, ndef: NTAG424FileSettings
    ) async throws {
        var session = try await authenticateAES(keyNumber: 0, key: key)
        var completed: [Type4LockReport.Step] = []
        for step in steps {
            let command: CommandAPDU
            switch step {
            case .ccWriteAccess:
                let write = DESFireCommand.writeData(file: 1, offset: 14, data: [0xFF])
                command = session.plain(ins: write.ins, data: write.data)
            case .ndefFileSettings:
                command = Self.ev1LockSettings(&session, file: 2, settings: ndef)
            case .ccFileSettings:
                command = Self.ev1LockSettings(&session, file: 1, settings: cc)
            }
            do throws(Type4Failure) {
                let response = try await sendOrThrow(command)
                do throws(NTAG424SecureError) {
                    _ = try session.verify(response, ins: command.ins)
                } catch {
                    throw .secure(error)
                }
            } catch {
                throw Type4LockInterrupted(completed: completed, failed: step, cause: error)
            }
            completed.append(step)
        }
    }

    /// ChangeFileSettings of `file` to the locked rights, keeping its FileOption.
    static func ev1LockSettings(_ session: inout DESFireEV1Session, file: UInt8, settings: NTAG424FileSettings)
        -> CommandAPDU
    {
        let data = [settings.fileOption] + lockedRights(keepingRead: settings.accessRights.read).bytes
        let ins = DESFireInstruction.changeFileSettings.rawValue
        if settings.accessRights.change == .free { return session.plain(ins: ins, data: [file] + data) }
        return session.enciphered(ins: ins, header: [file], data: data)
    }
}
