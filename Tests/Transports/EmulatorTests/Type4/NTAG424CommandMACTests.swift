import Ciphers
import TagFrames
import Testing

@testable import TagEmulator

/// The emulated NTAG 424 DNA checks a command's MAC at every position and at its exact length
/// (datasheet §9.1.9: MACt is 8 bytes): in a session, a command whose MAC is wrong in any one of
/// its 8 bytes is `91 1E`, and a MAC one byte short or long, or the right MAC with bytes appended, is
/// a length error `91 7E`; every refusal ends the session without counting the command. (Mutation audit,
/// issue 29: with `ConstantTime.equal` loosened to a prefix match, a GetVersion whose data was the
/// right MAC followed by anything would pass, had the chip not checked the length itself.)
@Suite struct NTAG424CommandMACTests {
    static let zeroKey = [UInt8](repeating: 0, count: 16)
    static let ti = bytes("01020304")

    static func sessionTag() throws -> (EmulatedType4Tag, EV2TagSession) {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"))
        let session = try #require(
            EV2TagSession(
                keyNumber: 0, transactionIdentifier: ti, commandCounter: 0, encryptionKey: zeroKey, macKey: zeroKey))
        return (tag, session)
    }

    func start(_ tag: EmulatedType4Tag) async throws {
        _ = try await tag.exchange("00A4040007D276000085010100")
        #expect(
            tag.installSession(
                keyNumber: 0, transactionIdentifier: Self.ti, commandCounter: 0, encryptionKey: Self.zeroKey,
                macKey: Self.zeroKey))
    }

    /// Sends `data` as GetVersion's (MAC mode, no header) in a fresh session; its status word.
    func getVersion(_ data: [UInt8]) async throws -> (status: StatusWord, sessionEnded: Bool) {
        let (tag, _) = try Self.sessionTag()
        try await start(tag)
        let response = try await tag.transmit(CommandAPDU(cla: 0x90, ins: 0x60, p1: 0, p2: 0, data: data, le: 256))
        return (response.status, tag.authenticatedKeyNumber == nil)
    }

    /// Sends GetFileSettings of file 2 (MAC mode, a 1-byte header) with `mac` in a fresh session.
    func getFileSettings(mac: [UInt8]) async throws -> (status: StatusWord, sessionEnded: Bool) {
        let (tag, _) = try Self.sessionTag()
        try await start(tag)
        let response = try await tag.transmit(
            CommandAPDU(cla: 0x90, ins: 0xF5, p1: 0, p2: 0, data: [0x02] + mac, le: 256))
        return (response.status, tag.authenticatedKeyNumber == nil)
    }

    @Test func theRightMACIsAcceptedAndAnyOneWrongByteIsNot() async throws {
        let (_, session) = try Self.sessionTag()
        let versionMAC = session.commandMAC(ins: 0x60, body: [])
        let settingsMAC = session.commandMAC(ins: 0xF5, body: [0x02])
        #expect(try await getVersion(versionMAC).status == .additionalFrame)
        #expect(try await getFileSettings(mac: settingsMAC).status == .nativeSuccess)
        for index in 0..<8 {
            for bit: UInt8 in [0x01, 0x80] {
                var wrong = versionMAC
                wrong[index] ^= bit
                let version = try await getVersion(wrong)
                #expect(version.status == StatusWord(0x911E) && version.sessionEnded, "GetVersion MAC byte \(index)")
                wrong = settingsMAC
                wrong[index] ^= bit
                let settings = try await getFileSettings(mac: wrong)
                #expect(
                    settings.status == StatusWord(0x911E) && settings.sessionEnded, "GetFileSettings MAC byte \(index)")
            }
        }
    }

    @Test func aMACOfTheWrongLengthIsRefusedLongerOrShorter() async throws {
        let (_, session) = try Self.sessionTag()
        let mac = session.commandMAC(ins: 0x60, body: [])
        let candidates: [[UInt8]] = [
            [], Array(mac.prefix(1)), Array(mac.prefix(7)), mac + [0x00], mac + mac, mac + [0xFF, 0xFF, 0xFF],
        ]
        for data in candidates {
            let result = try await getVersion(data)
            // A length error (91 7E, §10.2 Table 22), decided before any MAC is computed.
            #expect(result.status == StatusWord(0x917E), "\(data.count) bytes")
            #expect(result.sessionEnded, "\(data.count) bytes")
        }
    }
}
