import TagCatalog
import TagEmulator
import TagFrames
import Testing
import Type4

/// A DESFire card in TapCard's virtual Type 4 tag file, and the cards `tapcard sim new` makes.
@Suite struct DESFireTagFileTests {
    /// A formatted card with an AES PICC key, a message in its NDEF file and a second application
    /// without ISO identifiers goes to text and back unchanged; its keys make it a secret.
    @Test func roundTrip() async throws {
        let tag = try DESFireCards.withAESMasterKey(bytes("000102030405060708090A0B0C0D0E0F"))
        try await DESFireCards.format(tag, plan: try DESFireFormatPlan.make(ndefFileSize: 100).get())
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        #expect(try await tag.exchange("00A4000C02E104") == bytes("9000"))
        #expect(try await tag.exchange("00D60000050003D00000") == bytes("9000"))
        #expect(try await tag.exchange("905A00000300000000") == bytes("9100"))
        // Application 112233: three 3K3DES keys (KeySett2 43); file 31, enciphered, RW 1, Change 2,
        // Read 0, Write 1 (wire 12 01), 64 bytes.
        #expect(try await tag.exchange("90CA0000053322110F4300") == bytes("9100"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        #expect(try await tag.exchange("90CD0000071F03120140000000") == bytes("9100"))
        let text = Type4TagFile.encode(tag)
        #expect(text.contains("# " + Type4TagFile.desfireComment))
        #expect(text.contains("PICC key type: AES"))
        #expect(text.contains("App 000001 DF name: D2 76 00 00 85 01 01"))
        #expect(text.contains("App 000001 file 02 ISO FID: E104"))
        #expect(text.contains("App 112233 key type: 3K3DES"))
        let back = try Type4TagFile.decode(text)
        #expect(back.model == .desfireEV3_4K)
        #expect(back.uid == tag.uid)
        #expect(back.memory == tag.memory)
        #expect(Type4TagFile.encode(back) == text)
        #expect(VirtualTag.type4(back).holdsSecrets)
        #expect(!VirtualTag.type4(DESFireCards.factory()).holdsSecrets)
        // Loaded, it answers as before: the NDEF message is there for a Type 4 reader.
        #expect(try await DESFireCards.ndefView(back)?.nlen == [0x00, 0x03])
    }

    /// A file that breaks the card's rules is refused with the reason.
    @Test func inconsistentCardIsRefused() throws {
        let text = Type4TagFile.encode(DESFireCards.factory())
        let wrong = text.replacingOccurrences(of: "PICC key type: DES", with: "PICC key type: 3K3DES")
        #expect(throws: EmulatorError.self) { _ = try Type4TagFile.decode(wrong) }
        let missing = text.replacingOccurrences(of: "PICC key settings: 0F\n", with: "")
        #expect(throws: EmulatorError.malformedType4File(path: "x", .missingKey("PICC key settings"))) {
            _ = try Type4TagFile.decode(missing, path: "x")
        }
    }

    /// `sim new desfire-ev3-4k --blank`: a factory card, no application; without `--blank`, the
    /// AN11004 card. Both can be asked for.
    @Test func factoryFresh() throws {
        #expect(VirtualTag.canBeBlank(.desfireEV3_4K))
        #expect(VirtualTag.models.contains(.desfireEV3_4K))
        guard case .type4(let blank) = try VirtualTag.factoryFresh(.desfireEV3_4K, identifier: nil, blank: true) else {
            Issue.record("not a Type 4 tag")
            return
        }
        #expect(blank.picc == DESFirePICC.factory)
        #expect(blank.uid.count == 7 && blank.uid.first == 0x04)
        #expect(blank.facts.ats == bytes("067577810280"))
        #expect(TagModel.desfireEV3_4K.displayName == "MIFARE DESFire EV3 (4 KB)")
        #expect(TagModel.desfireEV3_4K.userMemoryBytes == 4096)
        #expect(TagModel.desfireEV3_4K.maximumNDEFMessageBytes == 2046)
    }
}
