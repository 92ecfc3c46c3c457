import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TestSupport
import Testing

/// The two chips' answers, byte for byte against shared/reference/type4-type5-ntag424.md §3 and
/// the catalog's cited facts.
@Suite struct Type5ChipTests {
    @Test func systemInformationOfICODESLIX2FollowsTraceLayout() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        let response = try #require(try await tag.answer(request(0x22, 0x2B)))
        // V-T5T-1 layout: 0F, UID LSB first, DSFID, AFI, blocks − 1 (80 → 4F), size − 1, IC ref.
        #expect(response.flags == 0x00)
        #expect(response.payload == bytes("0F E7 44 40 02 08 01 04 E0 00 00 4F 03 01"))
    }

    @Test func systemInformationOfST25DV04K() async throws {
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        let response = try #require(try await tag.answer(request(0x02, 0x2B)))
        // 128 blocks → 7F, 4-byte blocks → 03, IC reference 24h; DSFID FF as the catalog assumes.
        #expect(response.payload == bytes("0F 55 44 33 22 11 24 02 E0 FF 00 7F 03 24"))
        // Extended GET SYSTEM INFO asking for every field: block count on two bytes, LSB first.
        let extended = try #require(try await tag.answer(request(0x02, 0x3B, [0x0F])))
        #expect(extended.payload == bytes("0F 55 44 33 22 11 24 02 E0 FF 00 7F 00 03 24"))
        let onlyMemory = try #require(try await tag.answer(request(0x02, 0x3B, [0x04])))
        #expect(onlyMemory.payload == bytes("04 55 44 33 22 11 24 02 E0 7F 00 03"))
    }

    @Test func formattedTagReadsLikeTheTrace() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        // MLEN (316 − 4) / 8 = 39 = 27h; READ SINGLE BLOCK with the option flag: status byte first.
        #expect(try await tag.answer(request(0x42, 0x20, [0x00]))?.payload == bytes("00 E1 40 27 00"))
        #expect(try await tag.answer(request(0x42, 0x20, [0x01]))?.payload == bytes("00 03 00 FE 00"))
        #expect(try await tag.answer(request(0x02, 0x20, [0x01]))?.payload == bytes("03 00 FE 00"))
        let st = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        #expect(try await st.answer(request(0x02, 0x20, [0x00]))?.payload == bytes("E1 40 3F 00"))
        let blank = EmulatedType5Tag(model: .st25dv04k, uid: stUID, formatted: false)
        #expect(try await blank.answer(request(0x02, 0x20, [0x00]))?.payload == [0, 0, 0, 0])
    }

    @Test func inventoryAnswersDSFIDAndUIDLSBFirst() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        #expect(try await tag.answer(request(0x26, 0x01, [0x00]))?.payload == bytes("00 E7 44 40 02 08 01 04 E0"))
        // A mask of the low 8 bits that matches (E7) and one that does not.
        #expect(try await tag.answer(request(0x26, 0x01, [0x08, 0xE7])) != nil)
        #expect(try await tag.answer(request(0x26, 0x01, [0x08, 0xE6])) == nil)
    }

    @Test func addressingSelectionAndQuiet() async throws {
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        var other = stUID
        other[7] ^= 0xFF
        // Another UID: silence, memory untouched.
        #expect(try await tag.answer(request(0x22, 0x21, [0x02, 1, 2, 3, 4]), to: other) == nil)
        #expect(tag.memory.blocks[2] == [0, 0, 0, 0])
        // Select flag before SELECT: silence; after it: answered.
        #expect(try await tag.answer(request(0x12, 0x20, [0x00])) == nil)
        #expect(try await tag.answer(request(0x22, 0x25))?.flags == 0x00)
        #expect(tag.state == .selected)
        #expect(try await tag.answer(request(0x12, 0x20, [0x00])) != nil)
        // Address and select together: silence.
        #expect(try await tag.answer(request(0x32, 0x20, [0x00])) == nil)
        // SELECT for another UID drops the chip back to Ready.
        #expect(try await tag.answer(request(0x22, 0x25), to: other) == nil)
        #expect(tag.state == .ready)
        // STAY QUIET: no answer; then non-addressed and inventory requests are ignored, addressed ones not.
        #expect(try await tag.answer(request(0x22, 0x02)) == nil)
        #expect(tag.state == .quiet)
        #expect(try await tag.answer(request(0x02, 0x20, [0x00])) == nil)
        #expect(try await tag.answer(request(0x26, 0x01, [0x00])) == nil)
        #expect(try await tag.answer(request(0x22, 0x20, [0x00])) != nil)
        // RESET TO READY (addressed) and a new RF session both end Quiet.
        #expect(try await tag.answer(request(0x22, 0x26))?.flags == 0x00)
        #expect(try await tag.answer(request(0x02, 0x20, [0x00])) != nil)
        _ = try await tag.answer(request(0x22, 0x02))
        tag.present()
        #expect(tag.state == .ready)
    }

    @Test func everyErrorCode() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        func code(_ flags: UInt8, _ command: UInt8, _ parameters: [UInt8]) async throws -> UInt8? {
            try await tag.answer(request(flags, command, parameters))?.errorCode
        }
        #expect(try await code(0x02, 0x3F, []) == 0x01)  // not supported
        // SLIX2 has no WRITE MULTIPLE.
        #expect(try await code(0x02, 0x24, [0, 0] + [UInt8](repeating: 0, count: 4)) == 0x01)
        #expect(try await code(0x02, 0x30, [0, 0]) == 0x01)  // no extended commands
        #expect(try await code(0x02, 0x20, []) == 0x02)  // not recognised
        #expect(try await code(0x02, 0x21, [0x05, 1, 2, 3]) == 0x02)
        #expect(try await code(0x02, 0x2B, [0x00]) == 0x02)
        #expect(try await code(0x02, 0x20, [80]) == 0x10)  // beyond the 80 blocks
        #expect(try await code(0x02, 0x23, [79, 1]) == 0x10)
        #expect(try await code(0x02, 0x2C, [70, 20]) == 0x10)
        #expect(try await code(0x02, 0x22, [79]) == 0x0F)  // the counter block cannot be locked
        #expect(try await code(0x02, 0x22, [5]) == nil)
        #expect(try await code(0x02, 0x22, [5]) == 0x11)  // already locked
        #expect(try await code(0x02, 0x21, [5, 1, 2, 3, 4]) == 0x12)  // locked
        #expect(try await code(0x02, 0x2A, []) == nil)
        #expect(try await code(0x02, 0x29, [0x55]) == 0x12)
        #expect(try await code(0x02, 0x2A, []) == 0x11)
        tag.failWrites()
        #expect(try await code(0x02, 0x21, [6, 1, 2, 3, 4]) == 0x13)
        #expect(try await code(0x02, 0x22, [6]) == 0x14)
        #expect(try await code(0x02, 0x27, [0x11]) == 0x13)
        #expect(tag.memory.blocks[6] == [0, 0, 0, 0] && !tag.memory.locked[6] && tag.memory.afi == 0)
        tag.failWrites(false)
        #expect(try await code(0x02, 0x21, [6, 1, 2, 3, 4]) == nil)
        #expect(tag.memory.blocks[6] == [1, 2, 3, 4])
    }

    @Test func lockedBlockWriteLeavesMemoryByteIdentical() async throws {
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        _ = try await tag.answer(request(0x22, 0x21, [0x03, 0xDE, 0xAD, 0xBE, 0xEF]))
        _ = try await tag.answer(request(0x22, 0x22, [0x03]))
        let before = tag.memory
        #expect(try await tag.answer(request(0x22, 0x21, [0x03, 1, 2, 3, 4]))?.errorCode == 0x12)
        #expect(
            try await tag.answer(request(0x22, 0x24, [0x02, 0x01] + [UInt8](repeating: 9, count: 8)))?.errorCode == 0x12
        )
        #expect(try await tag.answer(request(0x22, 0x31, [0x03, 0x00, 1, 2, 3, 4]))?.errorCode == 0x12)
        #expect(tag.memory == before)
        #expect(
            try await tag.answer(request(0x42, 0x23, [0x02, 0x01]))?.payload == bytes("00 00 00 00 00 01 DE AD BE EF"))
        #expect(try await tag.answer(request(0x02, 0x2C, [0x02, 0x02]))?.payload == [0x00, 0x01, 0x00])
        #expect(try await tag.answer(request(0x02, 0x3C, [0x02, 0x00, 0x02, 0x00]))?.payload == [0x00, 0x01, 0x00])
    }

    @Test func readAndWriteMultipleLimits() async throws {
        let st = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        #expect(try await st.answer(request(0x02, 0x23, [0x00, 31]))?.payload.count == 32 * 4)
        #expect(try await st.answer(request(0x02, 0x23, [0x00, 32]))?.errorCode == 0x0F)
        #expect(try await st.answer(request(0x02, 0x33, [0x60, 0x00, 0x1F, 0x00]))?.payload.count == 32 * 4)
        let four = (0..<16).map(UInt8.init)
        #expect(try await st.answer(request(0x02, 0x24, [10, 3] + four))?.flags == 0x00)
        #expect(st.memory.blocks[10...13].flatMap { $0 } == four)
        #expect(try await st.answer(request(0x02, 0x24, [20, 4] + four + [1, 2, 3, 4]))?.errorCode == 0x0F)
        #expect(try await st.answer(request(0x02, 0x24, [20, 3] + four.dropLast()))?.errorCode == 0x02)
        #expect(try await st.answer(request(0x02, 0x34, [0x7E, 0x00, 0x01, 0x00] + four.prefix(8)))?.flags == 0x00)
        #expect(st.memory.blocks[127] == [4, 5, 6, 7])
        let slix = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        #expect(try await slix.answer(request(0x02, 0x23, [0x00, 79]))?.payload.count == 80 * 4)
    }

    @Test func slix2CustomCommandsAndCounter() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        tag.memory.signature = (0..<32).map(UInt8.init)
        #expect(try await tag.answer(request(0x02, 0xBD))?.payload == (0..<32).map(UInt8.init))
        // GET NXP SYSTEM INFO: pointer, condition, lock bits, feature flags 0000357F LSB first.
        _ = try await tag.answer(request(0x02, 0x28))
        #expect(try await tag.answer(request(0x02, 0xAB))?.payload == bytes("00 00 01 7F 35 00 00"))
        // Another maker's code: silence (Flipper's listener).
        #expect(try await tag.answer(request(0x22, 0xBD), maker: 0x02) == nil)
        tag.seedRandom(7)
        let first = try #require(try await tag.answer(request(0x02, 0xB2))?.payload)
        tag.seedRandom(7)
        #expect(try await tag.answer(request(0x02, 0xB2))?.payload == first)
        #expect(first.count == 2)
        // Counter block 79: 01 00 00 00 increments bytes 0–1; other values preset it.
        _ = try await tag.answer(request(0x02, 0x21, [79, 0xFE, 0x00, 0x00, 0x00]))
        _ = try await tag.answer(request(0x02, 0x21, [79, 0x01, 0x00, 0x00, 0x00]))
        _ = try await tag.answer(request(0x02, 0x21, [79, 0x01, 0x00, 0x00, 0x00]))
        #expect(tag.memory.blocks[79] == [0x00, 0x01, 0x00, 0x00])
        // Privacy mode: silent but for GET RANDOM NUMBER.
        tag.memory.slix?.privacyMode = true
        #expect(try await tag.answer(request(0x02, 0x2B)) == nil)
        #expect(try await tag.answer(request(0x02, 0xB2)) != nil)
    }

    @Test func checksRefuseWrongModelsAndUIDs() throws {
        #expect(throws: EmulatorError.unsupportedModel(.ntag215)) { try EmulatedType5Tag.check(model: .ntag215) }
        var slix1 = slixUID
        slix1[3] = 0x10  // bits 4–3 = 10: ICODE SLIX, not SLIX2
        #expect(throws: EmulatorError.type5UID(slix1, model: .icodeSLIX2)) {
            try EmulatedType5Tag.check(uid: slix1, model: .icodeSLIX2)
        }
        #expect(throws: EmulatorError.self) { try EmulatedType5Tag.check(uid: stUID, model: .icodeSLIX2) }
        var generator = SplitMix64(seed: 5)
        for model in EmulatedType5Tag.supportedModels {
            let facts = try #require(model.type5)
            for _ in 0..<200 {
                let uid = EmulatedType5Tag.randomUID(facts: facts, using: &generator)
                #expect(facts.matches(uid: uid))
            }
        }
    }
}
