import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

/// AuthenticateEV2First and EV2 secure messaging on the emulated DESFire EV3: the chip's side is
/// the NTAG 424 DNA's code (`EV2SecureChip`), the reader's side module Type4's `NTAG424Session`,
/// written apart; and one exchange checked against MACs Python `cryptography` computed.
@Suite struct DESFireSecureTests {
    static let piccKey = bytes("000102030405060708090A0B0C0D0E0F")

    /// Agreement with an independent implementation: with PICC key 00…0F, RndA A0…AF, RndB
    /// 10…1F and TI A1 B2 C3 D4, CreateApplication of AID 112233 (`33 22 11 0F 81`) in MAC mode
    /// carries MACt D8 13 4E 17 DE 2E 7D 01 and the card answers MACt 8B 2C F2 8A CE 18 88 99.
    /// Both computed by Python `cryptography` 48 (AES-CMAC) from the datasheet's SV2 and MACt
    /// rules, outside Swift:
    ///
    /// ```
    /// sv2 = 5A A5 00 01 00 80 ‖ RndA[0:2] ‖ RndA[2:8] ⊕ RndB[0:6] ‖ RndB[6:16] ‖ RndA[8:16]
    /// mac_key = CMAC(K, sv2)            # B8 5A 5B 61 9F 6D 53 03 7F F8 AC 3F 5B 1E 22 8E
    /// MACt(m) = CMAC(mac_key, m)[1::2]
    /// command:  MACt(CA ‖ 00 00 ‖ TI ‖ 33 22 11 0F 81)
    /// response: MACt(00 ‖ 01 00 ‖ TI)
    /// ```
    @Test func createApplicationInMACModeAgreesWithPython() async throws {
        let tag = try DESFireCards.withAESMasterKey(Self.piccKey)
        tag.challenges = .scripted(
            rndB: [bytes("101112131415161718191A1B1C1D1E1F")], transactionIdentifiers: [bytes("A1B2C3D4")])
        var session = try await DESFireCards.authenticate(
            tag, key: 0, value: Self.piccKey, rndA: bytes("A0A1A2A3A4A5A6A7A8A9AAABACADAEAF"))
        #expect(session.transactionIdentifier == bytes("A1B2C3D4"))
        #expect(tag.authenticatedKeyNumber == 0)
        let command = try session.wrap(ins: 0xCA, header: bytes("3322110F81"), mode: .mac)
        #expect(command.data == bytes("3322110F81 D8134E17DE2E7D01"))
        let response = try await tag.transmit(command)
        #expect(response.bytes == bytes("8B2CF28ACE188899 9100"))
        #expect(try session.unwrap(response, mode: .mac) == [])
        #expect(tag.commandCounter == 1)
        #expect(tag.picc?.application(0x112233)?.keyType == .aes)
    }

    /// In a session a management command must carry its MAC: too short for one is `91 7E`, a
    /// wrong one `91 1E`, and either ends the session and creates nothing.
    @Test func unMACedCommandInASessionIsRefused() async throws {
        let tag = try DESFireCards.withAESMasterKey(Self.piccKey)
        _ = try await DESFireCards.authenticate(tag, key: 0, value: Self.piccKey)
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("917E"))
        #expect(tag.authenticatedKeyNumber == nil)
        _ = try await DESFireCards.authenticate(tag, key: 0, value: Self.piccKey)
        #expect(try await tag.exchange("90CA00000D3322110F81000000000000000000") == bytes("911E"))
        #expect(tag.authenticatedKeyNumber == nil)
        #expect(tag.picc?.applications.isEmpty == true)
    }

    /// A factory card's PICC master key is DES: AuthenticateEV2First cannot prove it (`91 AE`),
    /// so FormatPICC stays refused; a wrong AES key fails part 2 (`91 AE`).
    @Test func factoryDESKeyAndWrongKey() async throws {
        let factory = DESFireCards.factory()
        #expect(try await factory.exchange("9071000002000000") == bytes("91AE"))
        #expect(try await factory.exchange("90FC000000") == bytes("91AE"))
        let tag = try DESFireCards.withAESMasterKey(Self.piccKey)
        await #expect(throws: NTAG424SecureError.self) {
            _ = try await DESFireCards.authenticate(tag, key: 0, value: DESFireCards.zeroKey)
        }
        #expect(tag.authenticatedKeyNumber == nil)
    }

    /// FormatPICC: refused without the PICC master key, then in MAC mode with it; every
    /// application is gone and the free memory is whole again. GetApplicationIDs and
    /// GetFreeMemory travel MACed in the session.
    @Test func formatPICC() async throws {
        let tag = try DESFireCards.withAESMasterKey(Self.piccKey)
        try await DESFireCards.format(tag, plan: try DESFireFormatPlan.make(ndefFileSize: 256).get())
        #expect(try await tag.exchange("905A00000300000000") == bytes("9100"))
        #expect(try await tag.exchange("90FC000000") == bytes("91AE"))
        #expect(tag.picc?.applications.count == 1)
        var session = try await DESFireCards.authenticate(tag, key: 0, value: Self.piccKey)
        var command = try session.wrap(ins: 0x6A, mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == bytes("010000"))
        command = try session.wrap(ins: 0xFC, mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == [])
        command = try session.wrap(ins: 0x6E, mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == bytes("001000"))
        #expect(tag.picc?.applications.isEmpty == true)
        #expect(try await DESFireCards.ndefView(tag) == nil)
    }

    /// A Type 4 `lock`: ChangeFileSettings (FULL) of the NDEF file with application key 0 sets its
    /// write access to never (RW F, Change 0, Read E, Write F); then UPDATE BINARY is `69 82`,
    /// READ BINARY still works, and GetFileSettings (MAC) reports the new rights.
    @Test func changeFileSettingsLocksTheNDEFFile() async throws {
        let tag = DESFireCards.factory()
        try await DESFireCards.format(tag, plan: try DESFireFormatPlan.make(ndefFileSize: 256).get())
        #expect(try await tag.exchange("905A00000301000000") == bytes("9100"))
        var session = try await DESFireCards.authenticate(tag, key: 0)
        var command = try session.changeFileSettings(file: 2, settings: bytes("00 F0EF"))
        #expect(try session.unwrap(try await tag.transmit(command), mode: .full) == [])
        command = try session.getFileSettings(file: 2)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == bytes("0000F0EF000100"))
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        #expect(try await tag.exchange("00A4000C02E104") == bytes("9000"))
        #expect(try await tag.exchange("00D6000001AA") == bytes("6982"))
        #expect(try await tag.exchange("00B0000002") == bytes("0000 9000"))
        #expect(try await tag.exchange("903D00000802000000010000AA00") == bytes("919D"))
    }

    /// ReadData of a MAC file with its key: the answer's MAC verifies on the reader's side.
    @Test func readDataOfAMACFile() async throws {
        let tag = DESFireCards.factory()
        // Application 112233, one AES key, file 01: MAC (01), read key 0 (wire 00 0E: RW 0, C 0, R 0, W E), 8 bytes.
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("9100"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        #expect(try await tag.exchange("90CD0000070101000E08000000") == bytes("9100"))
        #expect(try await tag.exchange("903D00000901000000020000ABCD00") == bytes("9100"))
        var session = try await DESFireCards.authenticate(tag, key: 0)
        let command = try session.readData(file: 1, offset: 0, length: 4, mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == bytes("ABCD0000"))
    }

    /// DeleteApplication needs the PICC master key; in MAC mode it removes the application and
    /// gives its memory back. AuthenticateEV2NonFirst continues the session's counter.
    @Test func deleteApplicationAndNonFirst() async throws {
        let tag = try DESFireCards.withAESMasterKey(Self.piccKey)
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("9100"))
        #expect(try await tag.exchange("90DA00000333221100") == bytes("91AE"))
        var session = try await DESFireCards.authenticate(tag, key: 0, value: Self.piccKey)
        var command = try session.wrap(ins: 0x6E, mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == bytes("C00F00"))
        let nonFirst = try NTAG424Authentication.nonFirst(keyNumber: 0, key: Self.piccKey, continuing: session)
        let proof = try nonFirst.respond(to: try await tag.transmit(nonFirst.command))
        session = try proof.finish(try await tag.transmit(proof.command))
        #expect(tag.commandCounter == 1 && session.commandCounter == 1)
        command = try session.wrap(ins: 0xDA, header: bytes("332211"), mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == [])
        command = try session.wrap(ins: 0x6E, mode: .mac)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .mac) == bytes("001000"))
        #expect(tag.picc?.applications.isEmpty == true)
        // A second delete: application not found, and the error ends the session.
        command = try session.wrap(ins: 0xDA, header: bytes("332211"), mode: .mac)
        #expect(try await tag.transmit(command).bytes == bytes("91A0"))
        #expect(tag.authenticatedKeyNumber == nil)
    }

    /// WriteData and ReadData of an enciphered (FULL) file with its key: the reader's FULL mode
    /// and the chip's agree, and the bytes land in the file in clear.
    @Test func fullModeFile() async throws {
        let tag = DESFireCards.factory()
        // File 01: enciphered (03), read and write key 0 (wire 00 00), 32 bytes.
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("9100"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        #expect(try await tag.exchange("90CD0000070103000020000000") == bytes("9100"))
        var session = try await DESFireCards.authenticate(tag, key: 0)
        let message = bytes("00112233445566778899AABBCCDDEEFF0102")
        var command = try session.writeData(file: 1, offset: 4, data: message, mode: .full)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .full) == [])
        command = try session.readData(file: 1, offset: 4, length: message.count, mode: .full)
        #expect(try session.unwrap(try await tag.transmit(command), mode: .full) == message)
        #expect(tag.picc?.application(0x112233)?.files.first?.contents[4..<22].elementsEqual(message) == true)
        // Without a session the file refuses both (91 AE).
        tag.present()
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        #expect(try await tag.exchange("90BD0000070100000004000000") == bytes("91AE"))
    }

    /// ReadData `BD` of 100 bytes of a MAC file in a session: the card MACs the whole answer and
    /// sends it over frames of 59 bytes (`91 AF`, `90 AF`); joined, the reader's unwrap verifies it.
    @Test func chainedReadDataInMACMode() async throws {
        let tag = DESFireCards.factory()
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("9100"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        // File 01: MAC (01), read key 0, write free (wire 00 0E), 100 bytes.
        #expect(try await tag.exchange("90CD0000070101000E64000000") == bytes("9100"))
        let contents = (0..<100).map { UInt8($0) }
        var memory = tag.memory
        memory.picc?.applications[0].files[0].contents = contents
        tag.memory = memory
        var session = try await DESFireCards.authenticate(tag, key: 0)
        let command = try session.wrap(ins: 0xBD, header: bytes("01000000640000"), mode: .mac)
        let first = try await tag.transmit(command)
        #expect(first.status == .additionalFrame && first.data.count == 59)
        let second = try await tag.transmit(CommandAPDU(cla: 0x90, ins: 0xAF, p1: 0, p2: 0, data: [], le: 256))
        #expect(second.status == .nativeSuccess && second.data.count == 100 + 8 - 59)
        let joined = ResponseAPDU(data: first.data + second.data, status: second.status)
        #expect(try session.unwrap(joined, mode: .mac) == contents)
    }

    /// A torn FormatPICC: `.replyLost` carried it out, `.corruptedWrite` and `.notDelivered` left
    /// every application in place; never a card the emulator finds inconsistent.
    @Test(arguments: TearMode.allCases)
    func tornFormatPICC(mode: TearMode) async throws {
        let facts = try #require(DESFireCards.facts)
        let tag = try EmulatedType4Tag(
            model: .desfireEV3_4K, uid: DESFireCards.uid,
            picc: DESFirePICC.factory.withNDEFApplication(facts).withAESMasterKey(Self.piccKey))
        var session = try await DESFireCards.authenticate(tag, key: 0, value: Self.piccKey)
        let command = try session.wrap(ins: 0xFC, mode: .mac)
        tag.tearAfter(commands: 0, mode: mode)
        await #expect(throws: ChannelError.self) { _ = try await tag.transmit(command) }
        tag.present()
        #expect(tag.picc?.problem(facts) == nil)
        #expect(tag.picc?.applications.count == (mode == .replyLost ? 0 : 1))
    }
}
