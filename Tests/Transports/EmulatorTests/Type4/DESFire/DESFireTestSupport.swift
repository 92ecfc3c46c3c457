import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

/// What the DESFire emulator tests share: cards, and the format flow of `DESFireFormatPlan` run
/// the way a driver runs it (authentication steps done with module Type4's reader-side EV2 code,
/// the plan's commands MACed once a session exists).
enum DESFireCards {
    static let uid = bytes("04C381FA401290")
    static let zeroKey = [UInt8](repeating: 0, count: 16)
    static let facts = TagModel.desfireEV3_4K.type4?.desfire

    /// A factory card: DES PICC master key of zeros, key settings 0F, no application.
    static func factory() -> EmulatedType4Tag { EmulatedType4Tag(model: .desfireEV3_4K, uid: uid) }

    /// A card whose PICC master key is the AES key `key`.
    static func withAESMasterKey(_ key: [UInt8]) throws -> EmulatedType4Tag {
        try EmulatedType4Tag(model: .desfireEV3_4K, uid: uid, picc: DESFirePICC.factory.withAESMasterKey(key))
    }

    /// AuthenticateEV2First with key `number` of the current level, RndA chosen by the caller.
    static func authenticate(
        _ tag: EmulatedType4Tag, key number: UInt8, value: [UInt8] = zeroKey, rndA: [UInt8]? = nil
    ) async throws -> NTAG424Session {
        let authentication = try NTAG424Authentication.first(keyNumber: number, key: value)
        let challenge = try await tag.transmit(authentication.command)
        let proof =
            try rndA.map { try authentication.respond(to: challenge, rndA: $0) }
            ?? authentication.respond(to: challenge)
        return try proof.finish(try await tag.transmit(proof.command))
    }

    /// Runs `plan` on `tag` the way the driver does: every command in plain (AN11004's files are
    /// plain and the CC is written while its rights are free). With `piccKey`, the PICC master key
    /// is proven right after the PICC level is selected and CreateApplication goes MACed inside
    /// that session (what the driver does when the card refuses it plain with `91 AE`). Every
    /// answer must be `91 00`; a tear throws.
    static func format(_ tag: EmulatedType4Tag, plan: DESFireFormatPlan, piccKey: [UInt8]? = nil) async throws {
        var session: NTAG424Session?
        for step in plan.steps {
            if var current = session, step.purpose == .createApplication {
                let wrapped = try current.wrap(ins: step.command.ins, header: step.command.data, mode: .mac)
                _ = try current.unwrap(try await tag.transmit(wrapped), mode: .mac)
                session = current
                continue
            }
            let response = try await tag.transmit(step.command)
            #expect(response.status == .nativeSuccess, "\(step.purpose)")
            session = nil
            if step.purpose == .selectPICC, let piccKey {
                session = try await authenticate(tag, key: 0, value: piccKey)
            }
        }
    }

    /// What the card holds of AN11004's application, read from the emulator's own state: the
    /// input a driver builds with GetApplicationIDs, GetFileIDs, GetFileSettings and ReadData.
    static func state(_ tag: EmulatedType4Tag) -> DESFireNDEFState {
        guard let application = tag.picc?.application(0x000001) else { return .absent }
        let cc = application.files.first { $0.number == 0x01 }
        let rights = cc.map {
            UInt16($0.accessRights.read) << 12 | UInt16($0.accessRights.write) << 8
                | UInt16($0.accessRights.readWrite) << 4 | UInt16($0.accessRights.change)
        }
        var size: Int?
        if let cc, rights == DESFireNDEFApplication.ccAccessRights, cc.contents.count >= 13 {
            size = Int(cc.contents[11]) << 8 | Int(cc.contents[12])
        }
        return DESFireNDEFState(
            applicationExists: true, files: Set(application.files.map(\.number)), ccAccessRights: rights,
            ccNDEFFileSize: size)
    }

    /// What a Type 4 reader finds: the CC and NLEN when the card is an NDEF card (SELECT by DF
    /// name, SELECT E103, READ BINARY 15, SELECT E104, READ BINARY 2 all answer `90 00`), `nil`
    /// otherwise.
    static func ndefView(_ tag: EmulatedType4Tag) async throws -> (cc: [UInt8], nlen: [UInt8])? {
        guard try await tag.exchange("00A4040007D276000085010100") == bytes("9000"),
            try await tag.exchange("00A4000C02E103") == bytes("9000")
        else { return nil }
        let cc = try await tag.exchange("00B000000F")
        guard cc.suffix(2) == [0x90, 0x00], try await tag.exchange("00A4000C02E104") == bytes("9000") else {
            return nil
        }
        let nlen = try await tag.exchange("00B0000002")
        guard nlen.suffix(2) == [0x90, 0x00] else { return nil }
        return (Array(cc.dropLast(2)), Array(nlen.dropLast(2)))
    }
}
