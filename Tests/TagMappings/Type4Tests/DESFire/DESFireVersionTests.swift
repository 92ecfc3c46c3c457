import Testing
import Type4

/// GetVersion answers of real cards, each as the three frames' data (status words removed).
@Suite struct DESFireVersionTests {
    /// DESFire EV1 2K, Flipper Zero dump in flipperdevices/flipperzero-firmware issue #1430
    /// ("PICC Version: 04 01 01 01 00 16 05 04 01 01 01 04 16 05 04 8B 37 FA F3 39 80 BA 54 90 DB 80 21 14").
    static let ev1: [UInt8] = [
        0x04, 0x01, 0x01, 0x01, 0x00, 0x16, 0x05,
        0x04, 0x01, 0x01, 0x01, 0x04, 0x16, 0x05,
        0x04, 0x8B, 0x37, 0xFA, 0xF3, 0x39, 0x80, 0xBA, 0x54, 0x90, 0xDB, 0x80, 0x21, 0x14,
    ]
    /// DESFire EV2 8K, the DESFire example of flipperdevices/flipperzero-firmware
    /// `documentation/file_formats/NfcFileFormats.md` (a real card's dump, free memory 7520).
    static let ev2: [UInt8] = [
        0x04, 0x01, 0x01, 0x12, 0x00, 0x1A, 0x05,
        0x04, 0x01, 0x01, 0x02, 0x01, 0x1A, 0x05,
        0x04, 0x2F, 0x19, 0x0A, 0xCD, 0x66, 0x80, 0xCE, 0xED, 0xD4, 0x51, 0x80, 0x31, 0x19,
    ]
    /// DESFire EV3 4K, a Flipper Zero NFC file posted at pastebin.com/q9RDpy2y (2023-09-08).
    static let ev3: [UInt8] = [
        0x04, 0x01, 0x01, 0x33, 0x00, 0x18, 0x05,
        0x04, 0x01, 0x01, 0x03, 0x00, 0x18, 0x05,
        0x04, 0xC3, 0x81, 0xFA, 0x40, 0x12, 0x90, 0x20, 0x32, 0x68, 0x30, 0x30, 0x20, 0x22,
    ]
    /// NTAG 424 DNA (TagTamper), NXP community "NTagJavaSampleApp: NTAG424 not supported"
    /// (shared/reference/type4-type5-ntag424.md §2.1): it answers the same command.
    static let ntag424: [UInt8] = [
        0x04, 0x04, 0x08, 0x30, 0x00, 0x11, 0x05,
        0x04, 0x04, 0x02, 0x01, 0x02, 0x11, 0x05,
        0x04, 0x87, 0x3D, 0x2A, 0xAA, 0x61, 0x80, 0xCD, 0x65, 0x94, 0x51, 0x10, 0x39, 0x18,
    ]

    static func parts(_ bytes: [UInt8]) -> [[UInt8]] {
        [Array(bytes[0..<7]), Array(bytes[7..<14]), Array(bytes[14...])]
    }

    @Test func ev1Card() throws {
        let version = try DESFireVersion.parse(parts: Self.parts(Self.ev1)).get()
        #expect(version.product == .desfire && version.product.isDESFire)
        #expect(version.generation == .ev1)
        #expect(version.hardware.majorVersion == 0x01 && version.hardware.minorVersion == 0x00)
        #expect(version.software.majorVersion == 0x01 && version.software.minorVersion == 0x04)
        #expect(version.hardware.protocolType == 0x05 && version.software.protocolType == 0x05)
        #expect(version.storageSize.bytes == 2048 && version.storageSize.isExact)
        #expect(version.uid == [0x04, 0x8B, 0x37, 0xFA, 0xF3, 0x39, 0x80])
        #expect(version.batch == [0xBA, 0x54, 0x90, 0xDB, 0x80])
        #expect(version.productionWeek == 21 && version.productionYear == 2014)
        #expect(version.bytes == Self.ev1)
    }

    @Test func ev2Card() throws {
        let version = try DESFireVersion.parse(Self.ev2).get()
        #expect(version.generation == .ev2)
        #expect(version.software.majorVersion == 0x02 && version.software.minorVersion == 0x01)
        #expect(version.storageSize.bytes == 8192 && version.storageSize.isExact)
        #expect(version.uid == [0x04, 0x2F, 0x19, 0x0A, 0xCD, 0x66, 0x80])
        #expect(version.productionWeek == 31 && version.productionYear == 2019)
        #expect(version.parts == Self.parts(Self.ev2))
    }

    @Test func ev3Card() throws {
        let version = try DESFireVersion.parse(Self.ev3).get()
        #expect(version.generation == .ev3)
        #expect(version.storageSize.bytes == 4096 && version.storageSize.description == "4096 bytes")
        #expect(version.batch == [0x20, 0x32, 0x68, 0x30, 0x30])
        #expect(version.productionWeek == 20 && version.productionYear == 2022)
    }

    @Test func ntag424IsNotADESFire() throws {
        let version = try DESFireVersion.parse(Self.ntag424).get()
        #expect(version.product == .ntagDNA)
        #expect(!version.product.isDESFire)
        #expect(version.generation == nil)
        // The same major version 30 on a type-08 chip would be DESFire Light: the type decides.
        var light = Self.ntag424
        light[1] = 0x08
        #expect(try DESFireVersion.parse(light).get().generation == .light)
    }

    @Test(arguments: [
        (UInt8(0x00), DESFireGeneration.d40), (0x01, .ev1), (0x12, .ev2), (0x22, .ev2), (0x42, .ev2), (0x33, .ev3),
        (0x30, .unknown(majorVersion: 0x30)), (0x02, .unknown(majorVersion: 0x02)),
    ])
    func generations(major: UInt8, expected: DESFireGeneration) throws {
        var bytes = Self.ev1
        bytes[3] = major
        #expect(try DESFireVersion.parse(bytes).get().generation == expected)
    }

    @Test func otherProducts() throws {
        var bytes = Self.ev1
        bytes[1] = 0x02
        #expect(try DESFireVersion.parse(bytes).get().product == .plus)
        bytes[1] = 0x81  // an implementation (AN10833 high nibble 8) of a DESFire
        #expect(try DESFireVersion.parse(bytes).get().product == .desfire)
        bytes = Self.ev1
        bytes[0] = 0x05  // not NXP
        let version = try DESFireVersion.parse(bytes).get()
        #expect(version.product == .other(vendor: 0x05, type: 0x01) && version.generation == nil)
    }

    @Test func wrongShapes() {
        #expect(DESFireVersion.parse(parts: []) == .failure(.versionPartCount(0)))
        var parts = Self.parts(Self.ev1)
        parts[1].removeLast()
        #expect(DESFireVersion.parse(parts: parts) == .failure(.versionPartLength(part: 2, bytes: 6, expected: 7)))
        parts = Self.parts(Self.ev1)
        parts[2].append(0x00)
        #expect(DESFireVersion.parse(parts: parts) == .failure(.versionPartLength(part: 3, bytes: 15, expected: 14)))
        #expect(DESFireVersion.parse(Array(Self.ev1.prefix(27))) == .failure(.versionLength(bytes: 27)))
        #expect(DESFireVersion.parse(Self.ev1 + [0]) == .failure(.versionLength(bytes: 29)))
        #expect(!DESFireParseError.versionLength(bytes: 27).sentence.isEmpty)
    }

    @Test func nonBCDDates() throws {
        var bytes = Self.ev1
        bytes[26] = 0x1A
        bytes[27] = 0xF0
        let version = try DESFireVersion.parse(bytes).get()
        #expect(version.productionWeek == nil && version.productionYear == nil)
    }
}
