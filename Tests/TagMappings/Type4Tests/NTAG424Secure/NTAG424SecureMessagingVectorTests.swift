import TagFrames
import Testing

@testable import Type4

/// Secure messaging against AN12196 (reference §2.5, V-SM-1 … V-SM-6): every command byte for
/// byte, every response MAC verified and deciphered, and the counter after each exchange.
@Suite struct NTAG424SecureMessagingVectorTests {
    typealias F = Fixture

    @Test("V-SM-1 (AN12196 §5.3): GetFileSettings in MAC mode, command and response MAC")
    func getFileSettingsMAC() throws {
        var session = try NTAG424Session(
            keyNumber: 0, transactionIdentifier: F.bytes("7A21085E"), commandCounter: 0, encryptionKey: F.zeroKey,
            macKey: F.bytes("8248134A386E86EB7FAF54A52E536CB6"))
        #expect(try session.getFileSettings(file: 2).bytes == F.bytes("90F5000009 02 6597A457C8CD442C 00"))
        let settings = "0040EEEE000100D1FE001F00004400004400002000006A0000"
        let data = try session.unwrap(F.response(settings + "2A474282E7A47986"), mode: .mac)
        #expect(data == F.bytes(settings))
        #expect(session.commandCounter == 1)
    }

    @Test("V-SM-2 (AN12196 §6.12): WriteData FULL of 10 bytes to file 3, and the response MAC")
    func writeDataFull() throws {
        var session = try F.auth2Session(counter: 0)
        let command = try session.writeData(file: 3, offset: 0, data: F.bytes("0102030405060708090A"), mode: .full)
        #expect(
            command.bytes
                == F.bytes("908D00001F 030000000A0000 6B5E6804909962FC4E3FF5522CF0F843 6C0C53315B9C73AA 00"))
        #expect(try session.unwrap(F.response("C26D236E4A7C046D"), mode: .mac) == [])
        #expect(session.commandCounter == 1)
    }

    @Test("V-SM-3 (AN12196 §7.3): GetCardUID FULL, the UID deciphered with IVr")
    func getCardUID() throws {
        var session = try NTAG424Session(
            keyNumber: 0, transactionIdentifier: F.bytes("DF055522"), commandCounter: 0,
            encryptionKey: F.bytes("2B4D963C014DC36F24F69A50A394F875"),
            macKey: F.bytes("379D32130CE61705DD5FD8C36B95D764"))
        #expect(try session.getCardUID().bytes == F.bytes("90510000088E2C155ADDA99BE300"))
        let uid = try session.unwrap(
            F.response("70756055688505B52A5E26E59E329CD6 595F672298EA41B7"), mode: .full)
        #expect(uid == F.bytes("04958CAA5C5E80"))
    }

    @Test("V-SM-4: ChangeFileSettings FULL of file 2 at CmdCtr 1 (IVc, APDU, response MAC)")
    func changeFileSettings() throws {
        var session = try F.auth1Session(counter: 1)
        #expect(
            try session.initialisationVector([0xA5, 0x5A], counter: 1) == F.bytes("3E27082AB2ACC1EF55C57547934E9962"))
        let command = try session.changeFileSettings(file: 2, settings: F.bytes("40 00E0 C1 F121 200000 430000 430000"))
        #expect(command.bytes == F.bytes("905F000019 02 61B6D97903566E84C3AE5274467E89EA D799B7C1A0EF7A04 00"))
        #expect(try session.unwrap(F.response("57BFF87B1241E93D"), mode: .mac) == [])
        #expect(session.commandCounter == 2)
    }

    @Test("V-SM-5 (AN12196 §5.16.1): ChangeKey of key 2 (not the authenticated key), CRC32 of the new key")
    func changeOtherKey() throws {
        var session = try F.auth3Session(counter: 2)
        #expect(
            try session.initialisationVector([0xA5, 0x5A], counter: 2) == F.bytes("307EDE1814707F30CFE603DD6CA62353"))
        let command = try session.changeKey(
            2, to: F.bytes("F3847D627727ED3BC9C4CC050489B966"), version: 0x01, replacing: F.zeroKey)
        #expect(
            command.bytes
                == F.bytes(
                    "90C4000029022CF362B7BF4311FF3BE1DAA295E8C68DE09050560D19B9E16C2393AE9CD1FAC75D0CE20BCD1D06E600"))
        #expect(try session.unwrap(F.response("203BB55D1089D587"), mode: .mac) == [])
        #expect(session.commandCounter == 3)
    }

    @Test("V-SM-6: ChangeKey of the authenticated key 0 at CmdCtr 3 (New ‖ KeyVer, no CRC, no response MAC)")
    func changeAuthenticatedKey() throws {
        var session = try F.auth3Session(counter: 3)
        #expect(
            try session.initialisationVector([0xA5, 0x5A], counter: 3) == F.bytes("01602D579423B2797BE8B478B0B4D27B"))
        let command = try session.changeKey(0, to: F.bytes("5004BF991F408672B1EF00F08F9E8647"), version: 0x01)
        #expect(
            command.bytes
                == F.bytes(
                    "90C400002900C0EB4DEEFEDDF0B513A03A95A75491818580503190D4D05053FF75668A01D6FDA6610234BDED643200"))
        #expect(try session.unwrap(ResponseAPDU(status: .nativeSuccess), mode: .plain) == [])
    }
}
