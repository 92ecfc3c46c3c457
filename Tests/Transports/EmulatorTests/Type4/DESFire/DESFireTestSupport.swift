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

    /// The communication mode the chip wants a plan command in during a session: data commands on
    /// AN11004's plain files are plain, management commands MAC.
    static func mode(of command: CommandAPDU) -> NTAG424CommMode {
        [0x8D, 0x3D, 0xAD, 0xBD].contains(command.ins) ? .plain : .mac
    }

    /// Runs `plan` on `tag` as the driver does: every step in plain (the CC file is written while
    /// its rights are free, then restricted with a plain ChangeFileSettings). With `piccKey`, the
    /// CreateApplication goes inside an AuthenticateEV2First session with it, in MAC mode. Every
    /// answer must be `91 00`; a tear throws.
    static func format(_ tag: EmulatedType4Tag, plan: DESFireFormatPlan, piccKey: [UInt8]? = nil) async throws {
        for step in plan.steps {
            if step.purpose == .createApplication, let piccKey {
                var session = try await authenticate(tag, key: 0, value: piccKey)
                let wrapped = try session.wrap(ins: step.command.ins, header: step.command.data, mode: .mac)
                _ = try session.unwrap(try await tag.transmit(wrapped), mode: .mac)
                continue
            }
            let response = try await tag.transmit(step.command)
            #expect(response.status == .nativeSuccess, "\(step.purpose)")
        }
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
