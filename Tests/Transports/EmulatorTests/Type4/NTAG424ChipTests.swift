import TagCatalog
import TagEmulator
import TagFrames
import Testing

/// NTAG 424 DNA as shipped, against shared/reference/type4-type5-ntag424.md §1.5 (V-T4T-3) and
/// §2: factory CC, GetVersion, GetFileSettings, access rights, short file identifiers, native codes.
@Suite struct NTAG424ChipTests {
    static let uid = bytes("04873D2AAA6180")
    static let selectApplication = "00A4040007D276000085010100"

    func selectedTag() async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        #expect(try await tag.exchange(Self.selectApplication) == bytes("9000"))
        return tag
    }

    @Test func factoryCapabilityContainer() async throws {
        let tag = try await selectedTag()
        #expect(try await tag.exchange("00A4000C02E103") == bytes("9000"))
        // V-T4T-3: CCLEN 23, v2.0, MLe 256, MLc 255, NDEF E104 256 bytes free, E105 128 bytes keys 2/3, then 9 × 00.
        let cc = bytes("0017 20 0100 00FF 0406E10401000000 0506E10500808283") + [UInt8](repeating: 0, count: 9)
        #expect(try await tag.exchange("00B0000020") == cc + [0x90, 0x00])
        // Le 00 (256) reads the whole 32-byte file, 90 00.
        #expect(try await tag.exchange("00B0000000") == cc + [0x90, 0x00])
    }

    @Test func getVersionInThreeParts() async throws {
        let tag = try await selectedTag()
        let part1 = try #require(TagModel.ntag424DNA.type4?.versionParts?.first)
        #expect(part1 == bytes("04 04 02 30 00 11 05"))
        #expect(try await tag.exchange("9060000000") == bytes("04 04 02 30 00 11 05 91AF"))
        #expect(try await tag.exchange("90AF000000") == bytes("04 04 02 01 02 11 05 91AF"))
        #expect(try await tag.exchange("90AF000000") == bytes("04873D2AAA6180 CD65945110 39 18 9100"))
        // The chain is over: a fourth AF is an illegal command.
        #expect(try await tag.exchange("90AF000000") == bytes("911C"))
    }

    @Test func getVersionAnswersBeforeTheApplicationIsSelected() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        #expect(try await tag.exchange("9060000000") == bytes("04 04 02 30 00 11 05 91AF"))
        // File commands before the application: 91 40.
        #expect(try await tag.exchange("90F50000010200") == bytes("9140"))
    }

    @Test func factoryFileSettings() async throws {
        let tag = try await selectedTag()
        // §2.2: FileType · FileOption · AccessRights · FileSize (LSB first).
        #expect(try await tag.exchange("90F500000101 00") == bytes("00 00 00E0 200000 9100"))
        #expect(try await tag.exchange("90F500000102 00") == bytes("00 00 E0EE 000100 9100"))
        #expect(try await tag.exchange("90F500000103 00") == bytes("00 03 3023 800000 9100"))
        #expect(try await tag.exchange("90F500000104 00") == bytes("91F0"))
    }

    @Test func proprietaryFileRefusesUnauthenticatedAccess() async throws {
        let tag = try await selectedTag()
        #expect(try await tag.exchange("00A4000C02E105") == bytes("9000"))
        // Hardware-confirmed: unauthenticated ISOReadBinary of E105 (read key 2) → 69 82.
        #expect(try await tag.exchange("00B0000010") == bytes("6982"))
        #expect(try await tag.exchange("00D6000001AA") == bytes("6982"))
        // Datasheet Tables 80 and 83: a condition names a key that is not authenticated → AUTHENTICATION_ERROR.
        #expect(try await tag.exchange("90AD00000703000000100000 00") == bytes("91AE"))
        #expect(try await tag.exchange("908D00000803000000010000AA 00") == bytes("91AE"))
    }

    @Test func capabilityContainerCannotBeWritten() async throws {
        let tag = try await selectedTag()
        _ = try await tag.exchange("00A4000C02E103")
        #expect(try await tag.exchange("00D6000001FF") == bytes("6982"))
        // W = 0, RW = 0: key 0 is needed (91 AE), not "never" (91 9D).
        #expect(try await tag.exchange("908D00000801000000010000FF 00") == bytes("91AE"))
        #expect(tag.contents(ofFile: 0xE103)?.first == 0x00)
    }

    @Test func shortFileIdentifierReadBinary() async throws {
        let ndef = bytes("0005 D1 01 01 54 00") + [UInt8](repeating: 0x11, count: 249)
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid, contents: [0xE104: ndef])
        _ = try await tag.exchange(Self.selectApplication)
        // §2.3: 00 B0 82 05 00 = file 2 from offset 5, the whole file.
        let answer = try await tag.exchange("00B0820500")
        #expect(answer == Array(ndef[5...]) + [0x90, 0x00])
        // SFID 3 is the proprietary file: still key 2.
        #expect(try await tag.exchange("00B0830010") == bytes("6982"))
        #expect(try await tag.exchange("00B0850010") == bytes("6A82"))
    }

    @Test func readAndWriteDataOnTheNDEFFile() async throws {
        let tag = try await selectedTag()
        #expect(try await tag.exchange("908D0000090200000002000003D0 00") == bytes("9100"))
        #expect(try await tag.exchange("90AD00000702000000040000 00") == bytes("03D00000 9100"))
        // Length 0 reads to the end of the file: all 256 bytes in one response (chaining is the carrier's).
        let whole = try await tag.exchange("90AD00000702000000000000 00")
        #expect(whole.count == 258)
        #expect(Array(whole.suffix(2)) == [0x91, 0x00])
        // Past the end: boundary error. A data length that disagrees with Length: length error.
        #expect(try await tag.exchange("90AD00000702FF0000020000 00") == bytes("91BE"))
        #expect(try await tag.exchange("908D00000902000000030000AABB 00") == bytes("917E"))
    }

    @Test func signatureAndOtherNativeAnswers() async throws {
        let tag = try await selectedTag()
        #expect(try await tag.exchange("903C00000100 00") == [UInt8](repeating: 0, count: 56) + [0x91, 0x00])
        tag.signature = (0..<56).map { UInt8($0) }
        #expect(try await tag.exchange("903C00000100 00") == (0..<56).map { UInt8($0) } + [0x91, 0x00])
        #expect(try await tag.exchange("906400000100 00") == bytes("00 9100"))
        // AuthenticateEV2First with LenCap 3 gets its 16-byte challenge; ChangeKey without a session: 91 AE.
        let challenge = try await tag.exchange("9071000005000300000000")
        #expect(challenge.count == 18 && Array(challenge.suffix(2)) == bytes("91AF"))
        #expect(try await tag.exchange("90C40000010000") == bytes("91AE"))
        #expect(try await tag.exchange("90F7000000") == bytes("911C"))
        #expect(try await tag.exchange("90EE000000") == bytes("911C"))
        #expect(try await tag.exchange("80B0000002") == bytes("6E00"))
    }

    @Test func factsThatTheCarrierUses() {
        let facts = TagModel.ntag424DNA.type4
        #expect(facts?.frameSize == 128)
        #expect(facts?.ats == bytes("067777710280"))
        #expect(facts?.frameWaitingIndex == 7)
    }
}
