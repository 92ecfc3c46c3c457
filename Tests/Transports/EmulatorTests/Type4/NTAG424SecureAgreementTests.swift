import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

/// Agreement: the emulated NTAG 424 DNA driven by the reader-side EV2 code of module Type4
/// (`NTAG424Authentication`, `NTAG424Session`), an implementation written separately from the
/// chip's. Whatever one side gets wrong about MACs, IVs, padding or the counter, the other refuses.
@Suite struct NTAG424SecureAgreementTests {
    static let zeroKey = [UInt8](repeating: 0, count: 16)
    static let uid = bytes("04958CAA5C5E80")

    func selectedTag() async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        return tag
    }

    func authenticate(_ tag: EmulatedType4Tag, key number: UInt8, value: [UInt8] = zeroKey) async throws
        -> NTAG424Session
    {
        let authentication = try NTAG424Authentication.first(keyNumber: number, key: value)
        let proof = try authentication.respond(to: try await tag.transmit(authentication.command))
        return try proof.finish(try await tag.transmit(proof.command))
    }

    /// Wraps a command with `make`, sends it and unwraps the answer in `mode`.
    func exchange(
        _ tag: EmulatedType4Tag, _ session: inout NTAG424Session, mode: NTAG424CommMode,
        _ make: (inout NTAG424Session) throws -> CommandAPDU
    ) async throws -> [UInt8] {
        let command = try make(&session)
        return try session.unwrap(try await tag.transmit(command), mode: mode)
    }

    @Test("Factory key 0: write-never NDEF file, the CC's write-access byte, ChangeKey of key 2, its new key")
    func personalisation() async throws {
        let tag = try await selectedTag()
        var session = try await authenticate(tag, key: 0)
        #expect(tag.authenticatedKeyNumber == 0)
        // ChangeFileSettings of file 2: plain, RW = F, Change = 0, R = E, W = F.
        #expect(
            try await exchange(tag, &session, mode: .mac) {
                try $0.changeFileSettings(file: 2, settings: bytes("00 F0EF"))
            } == [])
        #expect(
            try await exchange(tag, &session, mode: .mac) { try $0.getFileSettings(file: 2) }
                == bytes("00 00 F0EF 000100"))
        #expect(tag.commandCounter == session.commandCounter)
        // ISO UPDATE BINARY in the session: 69 82 (no secure messaging for ISO commands), session over.
        #expect(try await tag.exchange("00A4000C02E104") == bytes("9000"))
        #expect(try await tag.exchange("00D6000001AA") == bytes("6982"))
        #expect(tag.authenticatedKeyNumber == nil)
        // Unauthenticated, the file is now write-never for both ISO and native writes.
        #expect(try await tag.exchange("00D6000001AA") == bytes("6982"))
        #expect(try await tag.exchange("908D00000802000000010000AA 00") == bytes("919D"))
        #expect(tag.contents(ofFile: 0xE104)?.first == 0x00)
        // GetFileSettings without a session: plain, same answer.
        #expect(try await tag.exchange("90F500000102 00") == bytes("00 00 F0EF 000100 9100"))

        // The CC is write-protected by key 0 (W = 0): WriteData of FF into byte 14 (NDEF write access)
        // works under key 0, in the CC's plain mode, and still counts.
        session = try await authenticate(tag, key: 0)
        #expect(
            try await exchange(tag, &session, mode: .plain) {
                try $0.writeData(file: 1, offset: 14, data: [0xFF], mode: .plain)
            }
                == [])
        #expect(tag.contents(ofFile: 0xE103)?[14] == 0xFF)
        #expect(tag.commandCounter == 1 && session.commandCounter == 1)
        // The next MACed command proves both sides counted the plain one.
        #expect(try await exchange(tag, &session, mode: .mac) { try $0.getKeyVersion(2) } == [0x00])

        // ChangeKey of key 2, then authenticate with the new key.
        let newKey = bytes("F3847D627727ED3BC9C4CC050489B966")
        #expect(
            try await exchange(tag, &session, mode: .mac) {
                try $0.changeKey(2, to: newKey, version: 0x01, replacing: Self.zeroKey)
            } == [])
        #expect(try await exchange(tag, &session, mode: .mac) { try $0.getKeyVersion(2) } == [0x01])
        #expect(try await exchange(tag, &session, mode: .full) { try $0.getCardUID() } == Self.uid)
        _ = try await authenticate(tag, key: 2, value: newKey)
        #expect(tag.authenticatedKeyNumber == 2)

        // The old key no longer works: 91 AE at step 2, and the tag is left unauthenticated.
        let wrong = try NTAG424Authentication.first(keyNumber: 2, key: Self.zeroKey)
        let proof = try wrong.respond(to: try await tag.transmit(wrong.command))
        #expect(try await tag.transmit(proof.command).status == StatusWord(0x91AE))
        #expect(tag.authenticatedKeyNumber == nil)
    }

    @Test("The proprietary file in FULL and MAC modes: read with key 2, write with key 3, mode changed by key 0")
    func proprietaryFileModes() async throws {
        let tag = try await selectedTag()
        var writer = try await authenticate(tag, key: 3)
        let data = (0..<40).map { UInt8($0) }
        #expect(
            try await exchange(tag, &writer, mode: .mac) {
                try $0.writeData(file: 3, offset: 8, data: data, mode: .full)
            } == [])
        var reader = try await authenticate(tag, key: 2)
        let read = try await exchange(tag, &reader, mode: .full) {
            try $0.readData(file: 3, offset: 8, length: 40, mode: .full)
        }
        #expect(read == data)
        // Key 2 may read but not write (W = 3): 91 AE, and the error ends the session.
        let refused = try reader.writeData(file: 3, offset: 0, data: [1], mode: .full)
        #expect(try await tag.transmit(refused).status == StatusWord(0x91AE))
        #expect(tag.authenticatedKeyNumber == nil)
        // Key 0 switches the file to MAC mode; key 2 then reads it with a MAC on the response.
        var master = try await authenticate(tag, key: 0)
        #expect(
            try await exchange(tag, &master, mode: .mac) {
                try $0.changeFileSettings(file: 3, settings: bytes("01 3023"))
            } == [])
        reader = try await authenticate(tag, key: 2)
        let whole = try await exchange(tag, &reader, mode: .mac) {
            try $0.readData(file: 3, offset: 0, length: 0, mode: .mac)
        }
        #expect(whole.count == 128 && Array(whole[8..<48]) == data)
    }

    @Test("A MAC flipped by one bit is 91 1E: nothing changes and the session ends")
    func flippedMACIsRefused() async throws {
        let tag = try await selectedTag()
        var session = try await authenticate(tag, key: 0)
        let before = tag.memory
        let command = try session.changeFileSettings(file: 2, settings: bytes("00 F0EF"))
        var data = command.data
        data[data.count - 1] ^= 0x01
        let tampered = CommandAPDU(
            cla: command.cla, ins: command.ins, p1: command.p1, p2: command.p2, data: data, le: 256)
        #expect(try await tag.transmit(tampered).bytes == bytes("911E"))
        #expect(tag.memory == before)
        #expect(tag.authenticatedKeyNumber == nil)
        // The same for a flipped ciphertext bit in ChangeKey (the MAC covers the ciphertext).
        session = try await authenticate(tag, key: 0)
        let changeKey = try session.changeKey(
            1, to: bytes("00112233445566778899AABBCCDDEEFF"), version: 1, replacing: Self.zeroKey)
        var keyData = changeKey.data
        keyData[3] ^= 0x80
        let bad = CommandAPDU(cla: 0x90, ins: 0xC4, p1: 0, p2: 0, data: keyData, le: 256)
        #expect(try await tag.transmit(bad).bytes == bytes("911E"))
        #expect(tag.memory == before)
    }

    @Test(arguments: TearMode.allCases)
    func tearDuringChangeFileSettings(mode: TearMode) async throws {
        let tag = try await selectedTag()
        var session = try await authenticate(tag, key: 0)
        let old = tag.memory.files[1].settings
        let new = bytes("00 40 00E0 000100 C1 F121 200000 430000 430000")
        let command = try session.changeFileSettings(file: 2, settings: Array(new[1...3]) + Array(new[7...]))
        tag.tearAfter(commands: 0, mode: mode)
        await #expect(throws: ChannelError.self) { _ = try await tag.transmit(command) }
        let settings = tag.memory.files[1].settings
        #expect(settings == old || settings == new, "never a mix of old and new settings")
        // Not delivered: never applied. Reply lost: applied. Corrupted: committed whole or not at all (not).
        #expect(settings == (mode == .replyLost ? new : old))
        tag.present()
        #expect(tag.authenticatedKeyNumber == nil)
    }

    @Test("Keys, versions and changed file settings survive saving and loading the tag")
    func persistence() async throws {
        let tag = try await selectedTag()
        var session = try await authenticate(tag, key: 0)
        let sdm = bytes("40 00E0 C1 F121 200000 430000 430000")
        #expect(
            try await exchange(tag, &session, mode: .mac) { try $0.changeFileSettings(file: 2, settings: sdm) } == [])
        let key = bytes("0F0E0D0C0B0A09080706050403020100")
        #expect(
            try await exchange(tag, &session, mode: .mac) {
                try $0.changeKey(4, to: key, version: 9, replacing: Self.zeroKey)
            } == [])
        let loaded = try Type4TagFile.decode(Type4TagFile.encode(tag))
        #expect(loaded.memory == tag.memory)
        #expect(loaded.memory.keys[4] == Type4Key(value: key, version: 9))
        _ = try await loaded.exchange("00A4040007D276000085010100")
        #expect(
            try await loaded.exchange("90F500000102 00") == bytes("00 40 00E0 000100 C1F121 200000 430000 430000 9100"))
        _ = try await authenticate(loaded, key: 4, value: key)
        #expect(loaded.authenticatedKeyNumber == 4)
    }
}
