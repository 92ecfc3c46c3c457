import TagCatalog
import TestSupport
import Testing

@testable import Type5

@Suite struct Type5CapabilityContainerTests {
    /// Trace V-T5T-1 (reference §3.5): `E1 40 0E 01` on an ICODE SLIX of 28 × 4 = 112 bytes: version
    /// 1.0, free access, MLEN 14, MBREAD — MLEN × 8 = 112 is the whole memory, CC included.
    @Test func slixTraceCCFollowsTheWholeMemoryConvention() throws {
        let cc = try Type5CapabilityContainer.parse([0xE1, 0x40, 0x0E, 0x01], memoryBytes: 112).get()
        #expect(cc.majorVersion == 1 && cc.minorVersion == 0)
        #expect(cc.isReadable && cc.writeAccess == .free)
        #expect(cc.mlen == 14 && cc.length == 4 && !cc.usesExtendedCommands)
        #expect(cc.features == [.multipleBlockRead])
        #expect(cc.mlenConvention == .wholeMemory)
        #expect(cc.dataAreaBytes == 108)
        #expect(cc.problems == [.mlenIsWholeMemory(declared: 112, memoryBytes: 112, dataAreaBytes: 108)])
        // Without the memory size the CC's own figure stands.
        #expect(try Type5CapabilityContainer.parse([0xE1, 0x40, 0x0E, 0x01]).get().dataAreaBytes == 112)
    }

    /// ST's formatter (reference §3.3): MLEN = total ÷ 8 − 1, the data area after the CC.
    @Test func stConventionIsTheDataArea() throws {
        let cc = try Type5CapabilityContainer.parse([0xE1, 0x40, 0x3F, 0x00], memoryBytes: 512).get()
        #expect(cc.mlenConvention == .dataArea)
        #expect(cc.dataAreaBytes == 504)
        #expect(cc.problems.isEmpty)
        #expect(cc.maximumMessageBytes == 500)
    }

    @Test func eightByteFormAndE2() throws {
        let bytes: [UInt8] = [0xE2, 0x40, 0x00, 0x08, 0x00, 0x00, 0x01, 0x2B]
        let cc = try Type5CapabilityContainer.parse(bytes, memoryBytes: 2400).get()
        #expect(cc.length == 8 && cc.usesExtendedCommands && cc.mlen == 0x12B)
        #expect(cc.features == [.lockBlock])
        #expect(cc.dataAreaBytes == 0x12B * 8)
        #expect(cc.bytes == bytes)
        #expect(
            Type5CapabilityContainer.parse(Array(bytes.prefix(6)))
                == .failure(.truncated(bytes: Array(bytes.prefix(6)), needed: 8)))
    }

    @Test func accessBitsAndVersions() throws {
        #expect(try Type5CapabilityContainer.parse([0xE1, 0x43, 0x10, 0x00]).get().writeAccess == .readOnly)
        #expect(try Type5CapabilityContainer.parse([0xE1, 0x41, 0x10, 0x00]).get().writeAccess == .proprietary(1))
        #expect(try !Type5CapabilityContainer.parse([0xE1, 0x44, 0x10, 0x00]).get().isReadable)
        #expect(
            Type5CapabilityContainer.parse([0xE1, 0x80, 0x10, 0x00])
                == .failure(.unsupportedVersion(major: 2, minor: 0, bytes: [0xE1, 0x80, 0x10, 0x00])))
        #expect(Type5CapabilityContainer.parse([0, 0, 0, 0]) == .failure(.noMagic(bytes: [0, 0, 0, 0])))
        let error = Type5CCError.unsupportedVersion(major: 2, minor: 0, bytes: [0xE1, 0x80, 0x10, 0x00])
        #expect(error.sentence.contains("version 2.0") && error.origin == .tag)
    }

    @Test func androidOverflowFormatTakesTheDataAreaFromMemory() throws {
        let cc = try Type5CapabilityContainer.parse([0xE1, 0x40, 0xFF, 0x05], memoryBytes: 8192).get()
        #expect(cc.mlenConvention == .overflow)
        #expect(cc.dataAreaBytes == 8188)
    }

    /// Property: every CC that parses encodes back to the bytes it came from, and no input traps.
    @Test func parseEncodeRoundTripOverRandomBytes() {
        var random = SplitMix64(seed: 0x7_5CC)
        var parsed = 0
        for _ in 0..<20000 {
            var bytes = random.bytes(Int.random(in: 0...10, using: &random))
            if !bytes.isEmpty && Bool.random(using: &random) { bytes[0] = Bool.random(using: &random) ? 0xE1 : 0xE2 }
            if bytes.count > 1 && Bool.random(using: &random) { bytes[1] = bytes[1] & 0x3F | 0x40 }
            if bytes.count > 2 && Bool.random(using: &random) { bytes[2] = 0 }
            let memory = Bool.random(using: &random) ? Int.random(in: 0...9000, using: &random) : nil
            if case .success(let cc) = Type5CapabilityContainer.parse(bytes, memoryBytes: memory) {
                #expect(cc.bytes == Array(bytes.prefix(cc.length)))
                #expect(cc.dataAreaBytes <= cc.declaredDataAreaBytes || cc.mlenConvention == .overflow)
                parsed += 1
            }
        }
        print("Type5CapabilityContainer round trip: \(parsed) CCs parsed and re-encoded")
        #expect(parsed > 1000)
    }
}

@Suite struct Type5SystemInfoTests {
    /// V-T5T-1 (reference §3.5): `00 0F E7 44 40 02 50 01 04 E0 00 00 1B 03 01` after the flags.
    @Test func traceVector() throws {
        let payload: [UInt8] = [0x0F, 0xE7, 0x44, 0x40, 0x02, 0x50, 0x01, 0x04, 0xE0, 0x00, 0x00, 0x1B, 0x03, 0x01]
        let info = try Type5SystemInfo.parse(payload).get()
        #expect(info.uid == [0xE0, 0x04, 0x01, 0x50, 0x02, 0x40, 0x44, 0xE7])
        #expect(info.dsfid == 0 && info.afi == 0 && info.icReference == 0x01)
        #expect(info.blockCount == 28 && info.blockSize == 4 && info.memoryBytes == 112)
        #expect(info.payload == payload)
        let identified = Type5Identification.identify(uid: info.uid, icReference: info.icReference)
        // Bits 4–3 of UID byte 4 (0x50) are 10: ICODE SLIX, not the catalog's SLIX2 (01).
        #expect(identified.model == nil)
        #expect(identified.evidence.contains("manufacturer 0x04 (NXP Semiconductors)"))
    }

    @Test func truncatedAnswersAreErrorsNeverTraps() {
        #expect(Type5SystemInfo.parse([0x0F, 1, 2]) == .failure(.truncated(payload: [0x0F, 1, 2], needed: 9)))
        var random = SplitMix64(seed: 0x2B)
        for _ in 0..<5000 {
            let bytes = random.bytes(Int.random(in: 0...16, using: &random))
            if case .success(let info) = Type5SystemInfo.parse(bytes) { #expect(info.uid.count == 8) }
        }
    }

    @Test func identificationByUID() {
        let slix2: [UInt8] = [0xE0, 0x04, 0x01, 0x08, 0x12, 0x34, 0x56, 0x78]
        #expect(Type5Identification.identify(uid: slix2).model == .icodeSLIX2)
        let st: [UInt8] = [0xE0, 0x02, 0x24, 0x00, 0x12, 0x34, 0x56, 0x78]
        let identified = Type5Identification.identify(uid: st, icReference: 0x26)
        #expect(identified.model == .st25dv04k)
        #expect(identified.evidence.contains("differs"))
        let ti = Type5Identification.identify(uid: [0xE0, 0x07, 0, 0, 0, 0, 0, 1])
        #expect(ti.model == nil && ti.evidence.contains("manufacturer 0x07 (Texas Instruments)"))
    }
}
