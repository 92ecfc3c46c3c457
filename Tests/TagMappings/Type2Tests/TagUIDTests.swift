import Testing

@testable import Type2

@Suite struct TagUIDTests {
    /// NTAG213 "Talking Sasquach" pages 0–2: 04 5E C8 | 1A | BA 07 4F 81 | 73.
    /// BCC0 = 88 ⊕ 04 ⊕ 5E ⊕ C8 = 1A; BCC1 = BA ⊕ 07 ⊕ 4F ⊕ 81 = 73.
    @Test func checkBytesKnownAnswer() throws {
        let memory: [UInt8] = [0x04, 0x5E, 0xC8, 0x1A, 0xBA, 0x07, 0x4F, 0x81, 0x73, 0x48, 0x00, 0x00]
        let uid = try #require(TagUID.fromMemory(memory))
        #expect(uid.hex == "045EC8BA074F81")
        #expect(uid.expectedBCC0 == 0x1A)
        #expect(uid.expectedBCC1 == 0x73)
        #expect(uid.checkBytesValid == true)
        #expect(uid.manufacturer.name == "NXP Semiconductors")
    }

    @Test func corruptedCheckByteIsReported() throws {
        let memory: [UInt8] = [0x02, 0x5E, 0xC8, 0x1A, 0xBA, 0x07, 0x4F, 0x81, 0x73]
        let uid = try #require(TagUID.fromMemory(memory))
        #expect(uid.checkBytesValid == false)
        #expect(uid.manufacturer.name == "STMicroelectronics")
        #expect(Manufacturer(code: 0x7E).displayName == "unknown manufacturer 0x7E")
    }

    @Test func shortMemoryHasNoUID() {
        #expect(TagUID.fromMemory([0x04, 0x01]) == nil)
    }
}
