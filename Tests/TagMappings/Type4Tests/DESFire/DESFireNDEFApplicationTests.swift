import Testing
import Type4

/// AN11004's values, and the CC they give read back by the Type 4 mapping's own CC parser.
@Suite struct DESFireNDEFApplicationTests {
    @Test func identifiers() {
        #expect(DESFireNDEFApplication.applicationID.wire == [0x01, 0x00, 0x00])
        #expect(DESFireNDEFApplication.applicationID.description == "000001")
        #expect(DESFireNDEFApplication.version1ApplicationID.description == "EEEE10")
        #expect(DESFireNDEFApplication.version1ApplicationID.wire == [0x10, 0xEE, 0xEE])
        #expect(DESFireNDEFApplication.dfName == [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01])
        #expect(DESFireNDEFApplication.dfFileID == 0xE110)
        #expect(DESFireNDEFApplication.ccFileNumber == 0x01 && DESFireNDEFApplication.ccFileID == 0xE103)
        #expect(DESFireNDEFApplication.ndefFileNumber == 0x02 && DESFireNDEFApplication.ndefFileID == 0xE104)
        #expect(DESFireNDEFApplication.mapping(of: DESFireNDEFApplication.applicationID) == .version2)
        #expect(DESFireNDEFApplication.mapping(of: DESFireNDEFApplication.version1ApplicationID) == .version1)
        #expect(DESFireNDEFApplication.mapping(of: .picc) == nil)
        #expect(DESFireNDEFApplication.Mapping.version1.ccFileNumber == 0x03)
        #expect(DESFireNDEFApplication.Mapping.version1.ndefFileNumber == 0x04)
    }

    @Test func applicationIDs() {
        #expect(DESFireApplicationID(0x1000000) == nil)
        #expect(DESFireApplicationID(0xEEEE10) == DESFireNDEFApplication.version1ApplicationID)
        #expect(DESFireApplicationID(0x0)?.description == "000000")
    }

    @Test func capabilityContainer() throws {
        // libfreefare's transcription of AN11004 v2 for a 2048-byte NDEF file:
        // 000F 20 003B 0034 04 06 E104 0800 00 00.
        let cc = try DESFireNDEFApplication.capabilityContainer(ndefFileSize: 0x0800).get()
        #expect(cc == [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00])
        #expect(cc.count == DESFireNDEFApplication.ccFileSize)
    }

    @Test(arguments: [5, 0x0800, 0x1000, 0x1E00, 0xFFFE])
    func capabilityContainerReadsBack(size: Int) throws {
        let bytes = try DESFireNDEFApplication.capabilityContainer(ndefFileSize: size).get()
        let cc = try Type4CapabilityContainer.parse(bytes).get()
        #expect(cc.majorVersion == 2 && cc.minorVersion == 0)
        #expect(cc.maximumResponseData == 0x3B && cc.maximumCommandData == 0x34)
        #expect(cc.ndefFile.identifier == 0xE104 && cc.ndefFile.maximumSize == size)
        #expect(cc.ndefFile.readAccess.isFree && cc.ndefFile.writeAccess.isFree)
        #expect(cc.bytes == bytes)
    }

    @Test func capabilityContainerRefusals() {
        for size in [-1, 0, 4, 0xFFFF, 0x1_0000] {
            #expect(
                DESFireNDEFApplication.capabilityContainer(ndefFileSize: size)
                    == .failure(.ndefFileSize(bytes: size, minimum: 5, maximum: 0xFFFE)))
        }
    }
}
