import Ciphers
import TagFrames
import Testing

@testable import Type4

/// The session's rules beyond the published vectors: counting, refusals, tampering, framing.
@Suite struct NTAG424SessionTests {
    typealias F = Fixture

    /// A FULL response as the tag would build it for `session` (tag side written out here from
    /// the reference text, for the tests only): E(ENC, IVr, pad(data)) ‖ MACt.
    static func fullResponse(_ session: NTAG424Session, plain: [UInt8], padded: Bool = true) throws -> ResponseAPDU {
        let counter = session.commandCounter + 1
        let iv = try session.initialisationVector([0x5A, 0xA5], counter: counter)
        let cipher = try session.encryption.encryptCBC(padded ? ISO9797Padding.pad(plain) : plain, iv: iv)
        let mac = session.truncatedMAC(
            [0x00, UInt8(counter & 0xFF), UInt8(counter >> 8)] + session.transactionIdentifier + cipher)
        return ResponseAPDU(data: cipher + mac, status: .nativeSuccess)
    }

    @Test("Plain commands in the authenticated state still count, and carry header ‖ data unchanged")
    func plainCounts() throws {
        var session = try F.auth1Session(counter: 0)
        let read = try session.readData(file: 2, offset: 0, length: 0, mode: .plain)
        // reference §2.3: `90 AD 00 00 07 02 000000 000000 00` reads all of file 2.
        #expect(read.bytes == F.bytes("90 AD 00 00 07 02 000000 000000 00"))
        #expect(try session.unwrap(F.response("0000"), mode: .plain) == [0, 0])
        #expect(session.commandCounter == 1)
        let write = try session.writeData(file: 2, offset: 0x010203, data: [0xAB], mode: .plain)
        #expect(write.data == F.bytes("02 030201 010000 AB"))
        _ = try session.unwrap(F.response(""), mode: .plain)
        #expect(session.commandCounter == 2)
    }

    @Test("A FULL ReadData is MACed only; its enciphered answer round-trips; the counter moves once")
    func fullReadRoundTrip() throws {
        var session = try F.auth1Session(counter: 7)
        let command = try session.readData(file: 3, offset: 0, length: 20, mode: .full)
        #expect(command.data.count == 7 + 8)
        let content = (0..<20).map { UInt8($0) }
        let response = try Self.fullResponse(session, plain: content)
        #expect(try session.unwrap(response, mode: .full) == content)
        #expect(session.commandCounter == 8)
    }

    @Test("A tampered response MAC is refused (and the exchange still counted, as the tag counted it)")
    func tamperedMAC() throws {
        var session = try F.auth2Session(counter: 0)
        _ = try session.writeData(file: 3, offset: 0, data: F.bytes("0102030405060708090A"), mode: .full)
        #expect(throws: NTAG424SecureError.responseMACMismatch(ins: 0x8D)) {
            try session.unwrap(F.response("C26D236E4A7C046C"), mode: .mac)
        }
        #expect(session.commandCounter == 1)
        #expect(NTAG424SecureError.responseMACMismatch(ins: 0x8D).sentence.contains("WriteData (90 8D)"))
        // The right MAC at the wrong counter is also refused.
        var late = try F.auth2Session(counter: 1)
        _ = try late.writeData(file: 3, offset: 0, data: F.bytes("0102030405060708090A"), mode: .full)
        #expect(throws: NTAG424SecureError.responseMACMismatch(ins: 0x8D)) {
            try late.unwrap(F.response("C26D236E4A7C046D"), mode: .mac)
        }
    }

    @Test("Deciphered data without 80 00… padding, or not whole blocks, is refused")
    func badPadding() throws {
        var session = try F.auth1Session(counter: 0)
        _ = try session.getCardUID()
        let unpadded = try Self.fullResponse(session, plain: [UInt8](repeating: 0x11, count: 16), padded: false)
        #expect(throws: NTAG424SecureError.badPadding(ins: 0x51)) { try session.unwrap(unpadded, mode: .full) }
        _ = try session.getCardUID()
        #expect(throws: NTAG424SecureError.unexpectedResponse(ins: 0x51, bytes: 5, expected: "at least 8 (MACt)")) {
            try session.unwrap(F.response("0102030405"), mode: .full)
        }
    }

    @Test("Error statuses name the status word and leave the counter alone")
    func errorStatus() throws {
        var session = try F.auth1Session(counter: 4)
        _ = try session.getKeyVersion(1)
        let status = StatusWord(0x919D)
        #expect(throws: NTAG424SecureError.refused(ins: 0x64, status: status)) {
            try session.unwrap(ResponseAPDU(status: status), mode: .mac)
        }
        #expect(session.commandCounter == 4)
        #expect(
            NTAG424SecureError.refused(ins: 0x64, status: status).sentence
                == "The tag refused GetKeyVersion (90 64) with 91 9D (permission denied).")
    }

    @Test("One wrap, one unwrap: sequencing and the counter's last value are enforced")
    func sequencing() throws {
        var session = try F.auth1Session(counter: 0)
        #expect(throws: NTAG424SecureError.noExchangeInProgress) { try session.unwrap(F.response(""), mode: .plain) }
        _ = try session.getCardUID()
        #expect(throws: NTAG424SecureError.exchangeInProgress(ins: 0x51)) { try session.getCardUID() }
        var last = try F.auth1Session(counter: 0xFFFF)
        #expect(throws: NTAG424SecureError.counterExhausted) { try last.getCardUID() }
    }

    @Test("ChangeKey of another key needs the old key; keys, offsets and lengths are checked")
    func changeKeyInputs() throws {
        var session = try F.auth1Session(counter: 0)
        #expect(throws: NTAG424SecureError.oldKeyRequired(keyNumber: 1)) {
            try session.changeKey(1, to: F.zeroKey, version: 1)
        }
        #expect(throws: NTAG424SecureError.noSuchKey(7)) { try session.changeKey(7, to: F.zeroKey, version: 1) }
        #expect(throws: NTAG424SecureError.wrongLength(what: "new key", bytes: 3, expected: 16)) {
            try session.changeKey(0, to: [1, 2, 3], version: 1)
        }
        #expect(throws: NTAG424SecureError.outOfRange(field: "offset", value: 0x100_0000, maximum: 0xFF_FFFF)) {
            try session.readData(file: 2, offset: 0x100_0000, length: 0, mode: .plain)
        }
        #expect(throws: NTAG424SecureError.wrongLength(what: "transaction identifier", bytes: 3, expected: 4)) {
            try NTAG424Session(
                keyNumber: 0, transactionIdentifier: [1, 2, 3], commandCounter: 0, encryptionKey: F.zeroKey,
                macKey: F.zeroKey)
        }
        // A refused input leaves no exchange outstanding.
        #expect(session.pendingInstruction == nil)
    }

    @Test("FileOption bits 1-0 select the mode: 00/10 plain, 01 MAC, 11 FULL; other bits ignored")
    func commModeFromFileOption() {
        #expect(NTAG424CommMode(fileOption: 0x00) == .plain)
        #expect(NTAG424CommMode(fileOption: 0x02) == .plain)
        #expect(NTAG424CommMode(fileOption: 0x01) == .mac)
        #expect(NTAG424CommMode(fileOption: 0x03) == .full)
        #expect(NTAG424CommMode(fileOption: 0x43) == .full)
        #expect(NTAG424CommMode(fileOption: 0x40) == .plain)
    }
}
