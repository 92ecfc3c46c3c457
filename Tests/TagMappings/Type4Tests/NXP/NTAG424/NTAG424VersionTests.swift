import TagCatalog
import Testing
import Type4

/// GetVersion of a real tag (NXP community "NTagJavaSampleApp: NTAG424 not supported", reference §2.1).
@Suite struct NTAG424VersionTests {
    static let realParts: [[UInt8]] = [
        [0x04, 0x04, 0x08, 0x30, 0x00, 0x11, 0x05],
        [0x04, 0x04, 0x02, 0x01, 0x02, 0x11, 0x05],
        [0x04, 0x87, 0x3D, 0x2A, 0xAA, 0x61, 0x80, 0xCD, 0x65, 0x94, 0x51, 0x10, 0x39, 0x18],
    ]

    @Test func realTag() throws {
        let version = try NTAG424Version.parse(parts: Self.realParts).get()
        #expect(version.hardware.vendor == 0x04 && version.hardware.type == 0x04)
        #expect(version.hardware.subtype == 0x08)
        #expect(version.hardware.majorVersion == 0x30 && version.hardware.minorVersion == 0x00)
        #expect(version.hardware.storageSize == 0x11 && version.hardware.protocolType == 0x05)
        #expect(version.software.subtype == 0x02)
        #expect(version.software.majorVersion == 0x01 && version.software.minorVersion == 0x02)
        #expect(version.uid == [0x04, 0x87, 0x3D, 0x2A, 0xAA, 0x61, 0x80])
        #expect(version.batch == [0xCD, 0x65, 0x94, 0x51, 0x10])
        #expect(version.productionWeek == 39 && version.productionYear == 2018)
        #expect(version.parts == Self.realParts)
    }

    @Test func catalogParts() throws {
        let facts = try #require(TagModel.ntag424DNA.type4)
        let parts = try #require(facts.versionParts)
        let third = [0x04, 1, 2, 3, 4, 5, 6] + (facts.versionPart3Tail ?? [])
        let version = try NTAG424Version.parse(parts: parts + [third]).get()
        #expect(!version.isTagTamper)
        #expect(version.productionWeek == 39 && version.productionYear == 2018)
    }

    @Test func wrongShapes() throws {
        #expect(NTAG424Version.parse(parts: []) == .failure(.versionPartCount(0)))
        var parts = Self.realParts
        parts[1].removeLast()
        #expect(NTAG424Version.parse(parts: parts) == .failure(.versionPartLength(part: 2, bytes: 6, expected: 7)))
        parts = Self.realParts
        parts[2] = Array(parts[2].prefix(13))
        #expect(NTAG424Version.parse(parts: parts) == .failure(.versionPartLength(part: 3, bytes: 13, expected: 14)))
        // A week byte that is not BCD gives no week, not a trap; bit 7 is masked.
        parts = Self.realParts
        parts[2][12] = 0xBA
        #expect(try NTAG424Version.parse(parts: parts).get().productionWeek == nil)
        parts[2][12] = 0x80 | 0x12
        #expect(try NTAG424Version.parse(parts: parts).get().productionWeek == 12)
    }
}
