import Testing

@testable import PCSCTransport

/// The one header check every vpcd storage-card bridge (Type 2, ISO 15693, MIFARE Classic) makes
/// before its own instructions: what a reader's firmware answers to an APDU that is not one of
/// its CLA FF pseudo-APDUs.
@Suite struct ReaderPseudoAPDUTests {
    @Test func aReaderAnswersWhatIsNotItsPseudoAPDU() {
        #expect(ReaderPseudoAPDU.parse([]) == .failure(.init(status: [0x67, 0x00])))
        #expect(ReaderPseudoAPDU.parse([0xFF, 0xB0, 0x00]) == .failure(.init(status: [0x67, 0x00])))
        // An ISO 7816-4 SELECT (a Type 4 reader's) to a storage card: no such file.
        #expect(
            ReaderPseudoAPDU.parse([0x00, 0xA4, 0x04, 0x00, 0x07]) == .failure(.init(status: [0x6A, 0x82])))
        // A proprietary class (CLA 90, a DESFire native command): class not supported.
        #expect(ReaderPseudoAPDU.parse([0x90, 0x60, 0x00, 0x00, 0x00]) == .failure(.init(status: [0x6E, 0x00])))
        #expect(ReaderPseudoAPDU.parse([0x80, 0xA4, 0x00, 0x00]) == .failure(.init(status: [0x6E, 0x00])))
    }

    @Test func aPseudoAPDUGivesItsInstructionAndAddress() throws {
        let header = try ReaderPseudoAPDU.parse([0xFF, 0xB0, 0x01, 0x04, 0x10]).get()
        #expect(header.ins == 0xB0 && header.p1 == 0x01 && header.p2 == 0x04)
        #expect(header.address == 0x0104)
    }
}
