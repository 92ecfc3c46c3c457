import Foundation
import TagCatalog
import TagEmulator
import TapCardSupport
import Testing

/// Proxmark3 `hf 15 dump` JSON (`15693 v4`/`v5`) as Type 5 tags: what the format carries is
/// kept, what it does not (an SLIX2's signature, its other passwords) is a new chip's.
@Suite struct Proxmark3ISO15693Tests {
    static let dumps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps")

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.dumps.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Flipper firmware's SLIX test file and the Proxmark3 dump made from it agree on every
    /// byte the Proxmark3 format carries.
    @Test func theSLIXFixturesAgree() throws {
        let flipper = try Type5FlipperFile.parse(try text("flipper/Slix_cap_default.nfc"))
        let proxmark3 = try Proxmark3ISO15693.parse(Array(try text("proxmark3/slix-cap-default-15693.json").utf8))
        #expect(proxmark3.model == .icodeSLIX2)
        #expect(proxmark3.uid == [0xE0, 0x04, 0x01, 0x08, 0x49, 0xD0, 0xDC, 0x81])
        #expect(proxmark3.memory.blocks == flipper.memory.blocks)
        #expect(proxmark3.memory.locked == flipper.memory.locked)
        #expect(proxmark3.memory.dsfid == 0x01 && proxmark3.memory.afi == 0x3D)
        #expect(proxmark3.memory.dsfidLocked && proxmark3.memory.afiLocked)
        #expect(proxmark3.memory.slix?.privacyPassword == [0x0F, 0x0F, 0x0F, 0x0F])
        // Not in the format: the signature is unknown (zeros), not the Flipper file's.
        #expect(flipper.memory.signature.first == 0xA6)
        #expect(proxmark3.memory.signature.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k])
    func roundTripKeepsEveryByteTheFormatCarries(model: TagModel) throws {
        let uid: [UInt8] =
            model == .icodeSLIX2
            ? [0xE0, 0x04, 0x01, 0x08, 0x11, 0x22, 0x33, 0x44] : [0xE0, 0x02, 0x24, 0x11, 0x22, 0x33, 0x44, 0x55]
        let facts = try #require(model.type5)
        var memory = Type5Memory(facts: facts, formatted: true)
        memory.blocks = memory.blocks.enumerated().map { index, block in block.map { $0 ^ UInt8(index & 0xFF) } }
        memory.locked = memory.locked.enumerated().map { index, _ in index % 7 == 3 }
        memory.dsfid = 0x42
        memory.afi = 0x07
        memory.afiLocked = true
        let tag = try EmulatedType5Tag(model: model, uid: uid, memory: memory)
        let again = try Proxmark3ISO15693.parse(Array(Proxmark3ISO15693.render(tag).utf8))
        #expect(again.model == model)
        #expect(again.uid == uid)
        #expect(again.memory.blocks == tag.memory.blocks)
        #expect(again.memory.locked == tag.memory.locked)
        #expect(again.memory.dsfid == 0x42 && again.memory.afi == 0x07)
        #expect(again.memory.afiLocked && !again.memory.dsfidLocked)
    }

    /// The client stores the UID least significant byte first; one written E0 first is read as is.
    @Test func readsTheUIDInEitherOrder() throws {
        let json = try text("proxmark3/slix-cap-default-15693.json")
        let msbFirst = json.replacingOccurrences(of: "\"81DCD049080104E0\"", with: "\"E004010849D0DC81\"")
        #expect(msbFirst != json)
        #expect(
            try Proxmark3ISO15693.parse(Array(msbFirst.utf8)).uid == [0xE0, 0x04, 0x01, 0x08, 0x49, 0xD0, 0xDC, 0x81])
    }

    @Test func refusesWhatCannotBeAType5Tag() throws {
        let json = try text("proxmark3/slix-cap-default-15693.json")
        let otherChip = json.replacingOccurrences(of: "\"81DCD049080104E0\"", with: "\"81DCD0490801AAE0\"")
        #expect(throws: Proxmark3DumpError.unknownType5Chip(uid: [0xE0, 0xAA, 0x01, 0x08, 0x49, 0xD0, 0xDC, 0x81])) {
            try Proxmark3ISO15693.parse(Array(otherChip.utf8))
        }
        let short = json.replacingOccurrences(of: ",\n    \"79\": \"E5FF0001\"", with: "")
        #expect(throws: Proxmark3DumpError.type5Geometry(blocks: 79, blockSize: 4, expectedBlocks: 80, expectedSize: 4))
        {
            try Proxmark3ISO15693.parse(Array(short.utf8))
        }
        #expect(throws: Proxmark3DumpError.unsupportedFileType("mfu")) {
            try Proxmark3ISO15693.parse(Array(try text("proxmark3/sasquach-ntag213.json").utf8))
        }
    }
}
