import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TapCardSupport
import Testing
import Type4

/// The emulated MIFARE DESFire EV3 4K's native commands, unauthenticated: GetVersion, the PICC
/// level, applications and standard data files, and the statuses of the datasheet's error cases.
@Suite struct DESFireChipTests {
    /// The GetVersion chain answers the EV3 4K's parts (DESFireVersionTests.ev3, a real card's)
    /// with this card's UID, 7 + 7 + 14 bytes over `91 AF`, `91 AF`, `91 00`; the mapping reads an
    /// EV3 of exactly 4096 bytes.
    @Test func getVersionChains() async throws {
        let tag = DESFireCards.factory()
        let part1 = try await tag.exchange("9060000000")
        let part2 = try await tag.exchange("90AF000000")
        let part3 = try await tag.exchange("90AF000000")
        #expect(part1 == bytes("04010133001805 91AF"))
        #expect(part2 == bytes("04010103001805 91AF"))
        #expect(part3 == DESFireCards.uid + bytes("20326830302022 9100"))
        let version = try DESFireVersion.parse(parts: [part1, part2, part3].map { Array($0.dropLast(2)) }).get()
        #expect(version.generation == .ev3)
        #expect(version.storageSize.bytes == 4096 && version.storageSize.isExact)
        #expect(version.uid == DESFireCards.uid)
        // A fourth AF has no chain to continue: illegal command.
        #expect(try await tag.exchange("90AF000000") == bytes("911C"))
    }

    /// A factory card: no application, 4096 bytes free (assumed figure), PICC key settings 0F
    /// with one DES key (KeySett2 01), the mapping's parsers read the answers.
    @Test func factoryCard() async throws {
        let tag = DESFireCards.factory()
        #expect(try await tag.exchange("906A000000") == bytes("9100"))
        let free = try await tag.exchange("906E000000")
        #expect(free == bytes("001000 9100"))
        #expect(try DESFireAnswer.freeMemory(Array(free.dropLast(2))).get() == 4096)
        #expect(try await tag.exchange("9045000000") == bytes("0F01 9100"))
        #expect(tag.picc == DESFirePICC.factory)
        // No application answers the NDEF DF name: not an NDEF card.
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("6A82"))
    }

    /// CreateApplication, SelectApplication, CreateStdDataFile, WriteData and ReadData natively,
    /// with the ReadData `BD` answer chained at 59 bytes per frame and `AD` in one answer.
    @Test func applicationAndFileNatively() async throws {
        let tag = DESFireCards.factory()
        // AID 112233 (wire 33 22 11), KeySett1 0F, two AES keys (KeySett2 82).
        #expect(try await tag.exchange("90CA0000053322110F8200") == bytes("9100"))
        #expect(try await tag.exchange("906A000000") == bytes("332211 9100"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        #expect(tag.selectedApplication == 0x112233)
        // File 05, plain, access EEEE (wire EE EE), 100 bytes (64 00 00).
        #expect(try await tag.exchange("90CD0000070500EEEE64000000") == bytes("9100"))
        #expect(try await tag.exchange("906F000000") == bytes("05 9100"))
        #expect(try await tag.exchange("90F500000105 00") == bytes("0000EEEE640000 9100"))
        #expect(try await tag.exchange("9045000000") == bytes("0F82 9100"))
        // WriteData 3D: 4 bytes at offset 3.
        #expect(try await tag.exchange("903D00000B05030000040000DEADBEEF00") == bytes("9100"))
        // ReadData BD of the whole file (length 0): 59 + 41 bytes.
        var expected = [UInt8](repeating: 0, count: 100)
        expected.replaceSubrange(3..<7, with: bytes("DEADBEEF"))
        let first = try await tag.exchange("90BD0000070500000000000000")
        #expect(first == Array(expected[0..<59]) + bytes("91AF"))
        let second = try await tag.exchange("90AF000000")
        #expect(second == Array(expected[59...]) + bytes("9100"))
        // ReadData AD: ISO chaining is the carrier's, one answer.
        #expect(try await tag.exchange("90AD0000070500000000000000") == expected + bytes("9100"))
        #expect(tag.picc?.application(0x112233)?.files.first?.contents == expected)
        // Free memory: 4096 − 64 (application, two keys) − 128 (100 bytes in 32-byte units) = 3904.
        #expect(try await tag.exchange("906E000000") == bytes("400F00 9100"))
    }

    /// The datasheet's error statuses, each from one command, and a refusal changes nothing.
    @Test func statuses() async throws {
        let tag = DESFireCards.factory()
        // 91 7E length error: CreateApplication with 4 bytes.
        #expect(try await tag.exchange("90CA0000043322110F00") == bytes("917E"))
        // 91 9E parameter error: 15 keys; AID 000000.
        #expect(try await tag.exchange("90CA0000053322110F0F00") == bytes("919E"))
        #expect(try await tag.exchange("90CA0000050000000F8100") == bytes("919E"))
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("9100"))
        // 91 DE duplicate application.
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("91DE"))
        // 91 A0 application not found.
        #expect(try await tag.exchange("905A00000344444400") == bytes("91A0"))
        // 91 9D: a file command at the PICC level (modelling choice).
        #expect(try await tag.exchange("906F000000") == bytes("919D"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        // 91 0E out of memory: a file of 5000 bytes.
        #expect(try await tag.exchange("90CD0000070100EEEE88130000") == bytes("910E"))
        // File 01: read E, write never, RW never, change 0 (wire F0 EF); file 02: read and write key 0 (wire 00 00).
        #expect(try await tag.exchange("90CD0000070100F0EF10000000") == bytes("9100"))
        #expect(try await tag.exchange("90CD0000070200000010000000") == bytes("9100"))
        // 91 DE duplicate file.
        #expect(try await tag.exchange("90CD0000070100EEEE10000000") == bytes("91DE"))
        // 91 9E: a right naming key 5 of a one-key application.
        #expect(try await tag.exchange("90CD0000070300EE5E10000000") == bytes("919E"))
        // 91 F0 file not found.
        #expect(try await tag.exchange("90BD0000070900000000000000") == bytes("91F0"))
        #expect(try await tag.exchange("90F500000109 00") == bytes("91F0"))
        // 91 9D permission denied: WriteData to a write-never file.
        #expect(try await tag.exchange("903D00000801000000010000AA00") == bytes("919D"))
        // 91 AE authentication error: ReadData of a key-0 file without a session.
        #expect(try await tag.exchange("90BD0000070200000000000000") == bytes("91AE"))
        // 91 BE boundary error: read from offset 16 of a 16-byte file; write past its end.
        #expect(try await tag.exchange("90BD0000070110000001000000") == bytes("91BE"))
        // 91 40 no such key: EV2First with key 3 of a one-key application.
        #expect(try await tag.exchange("9071000002030000") == bytes("9140"))
        // 91 1C illegal command: ChangeKey is not modelled.
        #expect(try await tag.exchange("90C400000100 00") == bytes("911C"))
        // None of the refusals changed the card: one application, two files of zeros.
        let application = try #require(tag.picc?.application(0x112233))
        #expect(application.files.map(\.number) == [1, 2])
        #expect(application.files.allSatisfy { $0.contents == [UInt8](repeating: 0, count: 16) })
    }

    /// 91 BE on a WriteData that runs past the end of the file, before anything is written.
    @Test func writeDataPastTheEnd() async throws {
        let tag = DESFireCards.factory()
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("9100"))
        #expect(try await tag.exchange("905A00000333221100") == bytes("9100"))
        #expect(try await tag.exchange("90CD0000070100EEEE10000000") == bytes("9100"))
        // Offset 15, 2 bytes, into a 16-byte file.
        #expect(try await tag.exchange("903D000009010F0000020000AABB00") == bytes("91BE"))
        #expect(tag.picc?.application(0x112233)?.files.first?.contents == [UInt8](repeating: 0, count: 16))
    }

    /// 91 CE: the 29th application; 91 AE: CreateApplication when the PICC key settings do not
    /// allow it without the PICC master key.
    @Test func applicationCountAndPICCSettings() async throws {
        let tag = DESFireCards.factory()
        for number in 1...28 {
            let aid = Hex.encode([UInt8(number), 0x00, 0x00], uppercase: true)
            #expect(try await tag.exchange("90CA000005\(aid)0F8100") == bytes("9100"))
        }
        #expect(try await tag.exchange("90CA0000051D00000F8100") == bytes("91CE"))
        // GetApplicationIDs of 28 applications: 19 AIDs (57 bytes) in the first frame, 9 after 90 AF.
        let first = try await tag.exchange("906A000000")
        #expect(first.count == 57 + 2 && first.suffix(2) == [0x91, 0xAF])
        let rest = try await tag.exchange("90AF000000")
        #expect(rest.count == 27 + 2 && rest.suffix(2) == [0x91, 0x00])
        let frames = [first, rest].map {
            ResponseAPDU(data: Array($0.dropLast(2)), status: StatusWord(sw1: $0[$0.count - 2], sw2: $0[$0.count - 1]))
        }
        #expect(try DESFireAnswer.applicationIDs(frames).get().map(\.value) == (1...28).map { UInt32($0) })
        let locked = DESFireCards.factory()
        var memory = locked.memory
        memory.picc?.keySettings = 0x09
        locked.memory = memory
        #expect(try await locked.exchange("90CA0000053322110F8100") == bytes("91AE"))
        #expect(try await locked.exchange("906A000000") == bytes("91AE"))
        #expect(locked.picc?.applications.isEmpty == true)
    }
}
