import TagCatalog
import TapCardSupport
import Testing
import Type4

/// The CC file against the vectors of shared/reference/type4-type5-ntag424.md §1.5 and the rules
/// of Android's `rw_t4t_validate_cc_file` (§1.3).
@Suite struct Type4CapabilityContainerTests {
    /// nfcpy tests/test_tag_tt4.py (V-T4T-1): 000F 20 003B 0034 04 06 E104 0800 00 00.
    static let nfcpy: [UInt8] = [
        0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00,
    ]

    static func nfcpy(read: UInt8, write: UInt8) -> [UInt8] {
        var bytes = nfcpy
        bytes[13] = read
        bytes[14] = write
        return bytes
    }

    static func parsed(_ bytes: [UInt8]) throws -> Type4CapabilityContainer {
        try Type4CapabilityContainer.parse(bytes).get()
    }

    @Test func nfcpyVector() throws {
        let cc = try Self.parsed(Self.nfcpy)
        #expect(cc.length == 15)
        #expect(cc.majorVersion == 2 && cc.minorVersion == 0)
        #expect(cc.maximumResponseData == 59)
        #expect(cc.maximumCommandData == 52)
        #expect(
            cc.ndefFile
                == Type4FileControl(identifier: 0xE104, maximumSize: 2048, readAccess: .free, writeAccess: .free))
        #expect(cc.proprietaryFiles.isEmpty)
        #expect(cc.problems.isEmpty)
        #expect(cc.lengthFieldBytes == 2)
        #expect(cc.maximumMessageBytes == 2046)
        #expect(cc.bytes == Self.nfcpy)
    }

    @Test func ntag424FactoryCC() throws {
        let file = try #require(TagModel.ntag424DNA.type4?.files.first)
        // V-T4T-3: 00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05 06 E1 05 00 80 82 83 + 9 × 00.
        let vector: [UInt8] =
            [
                0x00, 0x17, 0x20, 0x01, 0x00, 0x00, 0xFF, 0x04, 0x06, 0xE1, 0x04, 0x01, 0x00, 0x00, 0x00, 0x05, 0x06,
                0xE1, 0x05, 0x00, 0x80, 0x82, 0x83,
            ] + [UInt8](repeating: 0, count: 9)
        #expect(file.contents + [UInt8](repeating: 0, count: file.size - file.contents.count) == vector)
        let cc = try Self.parsed(vector)
        #expect(cc.length == 23)
        #expect(cc.maximumResponseData == 256)
        #expect(cc.maximumCommandData == 255)
        #expect(cc.ndefFile.identifier == 0xE104 && cc.ndefFile.maximumSize == 256)
        #expect(cc.ndefFile.readAccess == .free && cc.ndefFile.writeAccess == .free)
        #expect(
            cc.proprietaryFiles == [
                Type4FileControl(
                    identifier: 0xE105, maximumSize: 128, readAccess: .proprietary(0x82),
                    writeAccess: .proprietary(0x83))
            ])
        #expect(cc.problems.isEmpty)
        #expect(cc.unreadBytes == 0)
        #expect(cc.maximumMessageBytes == 254)
        #expect(cc.bytes == Array(vector.prefix(23)))
        // Android reads only 15 bytes: the NDEF file is known, E105 is not.
        let first = try Self.parsed(Array(vector.prefix(15)))
        #expect(first.ndefFile == cc.ndefFile && first.proprietaryFiles.isEmpty && first.unreadBytes == 8)
        #expect(first.problems.isEmpty)
    }

    /// nfcpy's access-byte cases: 00 00 read-write, 80 00 not readable, 00 80 not writable, 81 81 neither.
    @Test(arguments: [
        (UInt8(0x00), UInt8(0x00), Type4Access.free, Type4Access.free),
        (0x80, 0x00, .proprietary(0x80), .free),
        (0x00, 0x80, .free, .proprietary(0x80)),
        (0x81, 0x81, .proprietary(0x81), .proprietary(0x81)),
    ])
    func accessBytes(read: UInt8, write: UInt8, readAccess: Type4Access, writeAccess: Type4Access) throws {
        let cc = try Self.parsed(Self.nfcpy(read: read, write: write))
        #expect(cc.ndefFile.readAccess == readAccess)
        #expect(cc.ndefFile.writeAccess == writeAccess)
        #expect(cc.ndefFile.readAccess.isFree == (read == 0))
        #expect(cc.ndefFile.writeAccess.isFree == (write == 0))
        // Proprietary conditions are valid (NXPNFCLinux/linux_libnfc-nci#33 is the bug of refusing them).
        #expect(cc.problems.isEmpty)
    }

    @Test func invalidAccessBytesAreProblems() throws {
        let readNever = try Self.parsed(Self.nfcpy(read: 0xFF, write: 0x00))
        #expect(readNever.problems == [.invalidReadAccess(.never)])
        let reserved = try Self.parsed(Self.nfcpy(read: 0x05, write: 0x7F))
        #expect(reserved.problems == [.invalidReadAccess(.reserved(0x05)), .reservedWriteAccess(.reserved(0x7F))])
        // FF for write is a read-only file, not a problem.
        #expect(try Self.parsed(Self.nfcpy(read: 0x00, write: 0xFF)).problems.isEmpty)
    }

    @Test func everyTruncationFails() {
        for count in 0..<15 {
            guard
                case .failure(.truncated(let bytes, let needed)) = Type4CapabilityContainer.parse(
                    Array(Self.nfcpy.prefix(count)))
            else {
                Issue.record("\(count) bytes parsed")
                continue
            }
            #expect(bytes == count && needed == 15)
        }
    }

    @Test func extendedVersion3() throws {
        // v3.0, MLe 0x00FF, MLc 0x00FF, ENDEF TLV 06 08: E104, size 0x00010000, read 00, write 00.
        let bytes: [UInt8] = [
            0x00, 0x11, 0x30, 0x00, 0xFF, 0x00, 0xFF, 0x06, 0x08, 0xE1, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
        ]
        let cc = try Self.parsed(bytes)
        #expect(cc.majorVersion == 3)
        #expect(cc.ndefFile.isExtended)
        #expect(cc.ndefFile.maximumSize == 65536)
        #expect(cc.lengthFieldBytes == 4)
        #expect(cc.maximumMessageBytes == 65532)
        #expect(cc.problems.isEmpty)
        #expect(cc.bytes == bytes)
        for count in 0..<17 {
            guard case .failure(.truncated) = Type4CapabilityContainer.parse(Array(bytes.prefix(count))) else {
                Issue.record("\(count) bytes parsed")
                continue
            }
        }
        // The extended TLV in a v2.0 CC is read, with a problem.
        var old = bytes
        old[2] = 0x20
        #expect(try Self.parsed(old).problems == [.extendedControlBeforeVersion3(major: 2)])
    }

    @Test func hardErrorsNameTheByte() {
        var bytes = Self.nfcpy
        bytes[2] = 0x40
        #expect(Type4CapabilityContainer.parse(bytes) == .failure(.unsupportedVersion(major: 4, minor: 0)))
        #expect(
            Type4CCError.unsupportedVersion(major: 4, minor: 0).sentence
                == "The tag's CC file has mapping version 4.0 (offset 2, byte 0x40); TapCard reads major versions 1 to 3."
        )
        bytes = Self.nfcpy
        bytes[7] = 0x05
        #expect(Type4CapabilityContainer.parse(bytes) == .failure(.missingNDEFFileControl(offset: 7, tag: 0x05)))
        bytes = Self.nfcpy
        bytes[8] = 0x08
        #expect(
            Type4CapabilityContainer.parse(bytes)
                == .failure(.wrongTLVLength(offset: 7, tag: 0x04, length: 8, expected: 6)))
        bytes = Self.nfcpy
        bytes[1] = 0x0D
        #expect(Type4CapabilityContainer.parse(bytes) == .failure(.lengthTooSmall(cclen: 13, minimum: 15)))
        for identifier: UInt16 in [0xE103, 0xE102, 0x3F00, 0x3FFF, 0xFFFF, 0x0000] {
            bytes = Self.nfcpy
            bytes[9] = UInt8(identifier >> 8)
            bytes[10] = UInt8(identifier & 0xFF)
            #expect(Type4CapabilityContainer.parse(bytes) == .failure(.forbiddenNDEFFile(identifier: identifier)))
        }
        // 0000 is only forbidden from T4T 2.0 on.
        bytes[2] = 0x10
        #expect((try? Self.parsed(bytes))?.ndefFile.identifier == 0x0000)
        #expect(Type4CCError.forbiddenNDEFFile(identifier: 0xE103).origin == .tag)
        #expect(Type4CCError.forbiddenNDEFFile(identifier: 0xE103).sentence.contains("file E103"))
    }

    @Test func softLimitsAreProblems() throws {
        // MLe 000A, MLc 0000, size 0004.
        let bytes: [UInt8] = [0x00, 0x0F, 0x20, 0x00, 0x0A, 0x00, 0x00, 0x04, 0x06, 0xE1, 0x04, 0x00, 0x04, 0x00, 0x00]
        let cc = try Self.parsed(bytes)
        #expect(
            cc.problems == [
                .maximumResponseTooSmall(10), .maximumCommandTooSmall(0),
                .ndefSizeOutOfRange(size: 4, isExtended: false),
            ])
        #expect(cc.maximumMessageBytes == 2)
        #expect(
            Type4CCProblem.maximumResponseTooSmall(10).description
                == "The CC file's MLe (offset 3) is 10, below the 15 T4T 2.0 requires; reads use chunks of 10 bytes.")
    }

    @Test func tlvsAfterTheNDEFControl() throws {
        // An unknown TLV 0A 01 xx is skipped; a proprietary TLV past CCLEN stops the walk.
        let unknown = Self.nfcpy + [0x0A, 0x01, 0x99] + [0x05, 0x06, 0xE1, 0x05, 0x00, 0x80, 0x00, 0x00]
        var bytes = unknown
        bytes[1] = UInt8(bytes.count)
        var cc = try Self.parsed(bytes)
        #expect(cc.problems == [.unknownTLV(offset: 15, tag: 0x0A, length: 1)])
        #expect(cc.proprietaryFiles.map(\.identifier) == [0xE105])
        bytes[1] = 0x16
        cc = try Self.parsed(bytes)
        #expect(
            cc.problems == [
                .unknownTLV(offset: 15, tag: 0x0A, length: 1), .tlvBeyondLength(offset: 18, tag: 0x05, cclen: 22),
            ])
        #expect(cc.proprietaryFiles.isEmpty)
    }
}
