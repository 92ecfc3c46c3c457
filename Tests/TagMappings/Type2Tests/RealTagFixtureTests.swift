import TagCatalog
import TapCardSupport
import Testing

@testable import Type2

/// Every real tag image decodes to the facts in its `expected.json`.
@Suite struct RealTagFixtureTests {
    static let names = (try? RealTagFixture.all().map(\.name)) ?? []

    @Test func fixturesArePresent() {
        #expect(Self.names.count == 6)
    }

    @Test(arguments: names)
    func decodesToExpectedFacts(_ name: String) throws {
        let fixture = try RealTagFixture.load(name)
        let identification = ChipIdentification.fromVersion(try #require(fixture.version))
        let model = try #require(identification.model)
        let expectedModel: TagModel =
            switch fixture.string("tag_type") {
            case "NTAG213": .ntag213
            case "NTAG215": .ntag215
            case "NTAG216": .ntag216
            case "MIFARE Ultralight EV1 (MF0UL11)": .ultralightEV1_48
            default: .genericType4
            }
        #expect(model == expectedModel)
        let layout = try #require(model.type2Layout)
        #expect(fixture.memory.count / 4 == fixture.int("total_pages"))
        #expect(layout.totalPages == fixture.int("total_pages"))
        #expect(layout.userMemoryBytes == fixture.int("user_memory_bytes"))

        let snapshot = Type2Snapshot(memory: fixture.memory, model: model)
        let uid = try #require(snapshot.uid)
        #expect(uid.hex == fixture.string("uid_hex"))
        #expect(uid.checkBytesValid == true)
        #expect(uid.manufacturer.code == 0x04)
        #expect(Hex.encode(try #require(snapshot.cc).bytes) == fixture.string("cc_hex"))
        let formatted = fixture.bool("ndef_formatted") == true
        #expect(snapshot.cc?.isNDEFFormatted == formatted)
        #expect((formatted ? snapshot.cc?.version : nil) == fixture.string("cc_version"))
        #expect((formatted ? snapshot.cc?.dataAreaBytes ?? -1 : 0) == fixture.int("data_area_bytes"))

        // expected.json lists the TLVs that carry content; NULL padding and the Terminator are
        // reported by the walk too (with their offsets) but are not in the fixture's list.
        let expectedTLVs = (fixture.expected["tlvs"] as? [[String: Any]]) ?? []
        let tlvs = (snapshot.walk?.tlvs ?? []).filter { $0.kind != .null && $0.kind != .terminator }
        #expect(tlvs.count == expectedTLVs.count)
        for (tlv, expected) in zip(tlvs, expectedTLVs) {
            #expect(tlv.kind.name == expected["type"] as? String)
            #expect(tlv.offset == expected["offset"] as? Int)
            #expect(tlv.length == expected["length"] as? Int)
            if let value = expected["value_hex"] as? String {
                #expect(Hex.encode(tlv.value) == value)
            }
        }
        #expect(snapshot.walk?.problem == nil)
        #expect(snapshot.ndef.map { Hex.encode($0.message) } == fixture.string("ndef_message_hex"))
        #expect(snapshot.ndef?.offset == fixture.int("ndef_tlv_offset"))
        #expect(snapshot.ndef?.lengthFieldBytes == fixture.int("ndef_length_format"))
        #expect(snapshot.capacity.bytes == fixture.int("max_ndef_message_bytes"))
        #expect(snapshot.capacity.source == .reported)

        let staticLock = try #require(snapshot.staticLock)
        #expect(Hex.encode([staticLock.bytes.0, staticLock.bytes.1]) == fixture.string("static_lock_hex"))
        #expect(staticLock.lockedPages == (fixture.expected["static_lock_pages_locked"] as? [Int]))
        #expect(snapshot.dynamicLockPageBytes.map { Hex.encode($0) } == fixture.string("dynamic_lock_hex"))
        #expect((snapshot.status == .readOnly) == fixture.bool("read_only"))
        #expect((snapshot.status == .readWrite) == fixture.bool("writable"))
    }

    /// The Ultralight EV1 game card is not NDEF-formatted and its CC is blank: formatting is
    /// possible as far as the CC goes, but pages 4–7 are statically locked, so TapCard refuses
    /// before sending anything.
    @Test func unformattedGameCardCannotBeFormattedBecausePagesAreLocked() throws {
        let fixture = try RealTagFixture.load("real_dave_busters_ul_ev1_unformatted")
        let snapshot = Type2Snapshot(memory: fixture.memory, model: .ultralightEV1_48)
        #expect(snapshot.status == .notSupported)
        #expect(throws: Type2PlanError.pageLocked(page: 4)) { try Type2FormatPlan.make(snapshot: snapshot) }
        #expect(throws: Type2PlanError.notFormatted) {
            try Type2WritePlan.make(message: [0xD0, 0x00, 0x00], snapshot: snapshot)
        }
    }

    /// An NTAG216 carrying an NTAG213 CC (144-byte data area): capacity follows the CC (137),
    /// and its copied Lock Control TLV (pointing at page 40, user memory on this chip) is not
    /// taken as the chip's lock bytes, which live on page 226.
    @Test func ntag216WithNTAG213LayoutFollowsItsCC() throws {
        let fixture = try RealTagFixture.load("real_rickroll_ntag216_cc213")
        let snapshot = Type2Snapshot(memory: fixture.memory, model: .ntag216)
        #expect(snapshot.capacity.bytes == 137)
        #expect(snapshot.dynamicLockArea?.byteAddress == 226 * 4)
        #expect(snapshot.isLocked(page: 40) == false)
    }
}
