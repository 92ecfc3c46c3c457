import TLVArea
import TagCatalog
import TestSupport
import Testing

@testable import Type2

@Suite struct TLVWalkTests {
    /// Pages 0–3 of a tag with a 64-byte data area (CC E1 10 08 00), then `data`.
    func memory(_ data: [UInt8], dataAreaBytes: Int = 64) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 16 + dataAreaBytes)
        memory.replaceSubrange(12..<16, with: [0xE1, 0x10, UInt8(dataAreaBytes / 8), 0x00])
        memory.replaceSubrange(16..<16 + data.count, with: data)
        return memory
    }

    @Test func nullsLockControlNDEFAndTerminator() throws {
        // 00 NULL | 01 03 A0 0C 34 Lock Control | 03 02 D0 00 NDEF (empty record) | FE
        let snapshot = Type2Snapshot(
            memory: memory([0x00, 0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x03, 0xD0, 0x00, 0x00, 0xFE]), model: nil)
        let walk = try #require(snapshot.walk)
        #expect(walk.tlvs.map(\.kind) == [.null, .lockControl, .ndef, .terminator])
        #expect(walk.tlvs.map(\.offset) == [0, 1, 6, 11])
        #expect(snapshot.ndef?.message == [0xD0, 0x00, 0x00])
        // Lock bytes at byte 160 lie outside this 64-byte data area: nothing skipped.
        #expect(walk.area.skipped.isEmpty)
        // 64 − 6 usable bytes from the NDEF TLV, minus T and L.
        #expect(snapshot.capacity.bytes == 56)
    }

    /// A Memory Control TLV reserving 4 bytes at byte 24 (page 1 of 16-byte pages, offset 8):
    /// the NDEF message skips them.
    @Test func memoryControlBytesAreSkipped() throws {
        // Memory Control 02 03 | 18 04 04: page 1 of 16-byte pages (byte 16), offset 8 → byte 24;
        // 4 reserved bytes.
        let data: [UInt8] =
            [0x02, 0x03, 0x18, 0x04, 0x04]  // bytes 16–20: Memory Control TLV
            + [0x03, 0x05, 0xD1]  // 21 T, 22 L = 5, 23 first message byte
            + [0xEE, 0xEE, 0xEE, 0xEE]  // 24–27 reserved: skipped
            + [0x01, 0xAA, 0xBB, 0xCC]  // 28–31 the other four message bytes
            + [0xFE]  // 32 Terminator (data-area offset 16)
        let snapshot = Type2Snapshot(memory: memory(data), model: nil)
        let walk = try #require(snapshot.walk)
        #expect(walk.controlAreas == [ControlArea(kind: .reserved, byteAddress: 24, byteCount: 4)])
        #expect(snapshot.ndef?.message == [0xD1, 0x01, 0xAA, 0xBB, 0xCC])
        #expect(walk.tlvs.last?.kind == .terminator)
        #expect(walk.tlvs.last?.offset == 16)
    }

    @Test func threeByteLength() throws {
        var data: [UInt8] = [0x03, 0xFF, 0x01, 0x04]
        data += [UInt8](repeating: 0x55, count: 260)
        data.append(0xFE)
        let snapshot = Type2Snapshot(memory: memory(data, dataAreaBytes: 496), model: nil)
        #expect(snapshot.ndef?.length == 260)
        #expect(snapshot.ndef?.lengthFieldBytes == 3)
        #expect(snapshot.capacity.bytes == 492)
    }

    @Test func lengthPastDataAreaIsAProblemNotACrash() throws {
        let snapshot = Type2Snapshot(memory: memory([0x03, 0xFF, 0xFF, 0xF0]), model: nil)
        #expect(snapshot.walk?.problem == .lengthBeyondDataArea(offset: 0, length: 0xFFF0, available: 60))
        #expect(snapshot.ndef == nil)
    }

    @Test func truncatedMemoryIsReportedAsNotRead() {
        var bytes = memory([0x03, 0x10, 0xD1])
        bytes.removeLast(bytes.count - 24)
        let snapshot = Type2Snapshot(memory: bytes, model: nil)
        #expect(snapshot.walk?.problem == .notRead(upTo: 34))
    }

    @Test func emptyFormattedTagHasEmptyMessage() throws {
        let snapshot = Type2Snapshot(memory: FactoryImage.formatted(.ntag215), model: .ntag215)
        #expect(snapshot.status == .readWrite)
        #expect(snapshot.ndef?.message == [])
        #expect(snapshot.capacity.bytes == 492)
        let ntag213 = Type2Snapshot(memory: FactoryImage.formatted(.ntag213), model: .ntag213)
        #expect(ntag213.capacity.bytes == 137)
        let ntag216 = Type2Snapshot(memory: FactoryImage.formatted(.ntag216), model: .ntag216)
        #expect(ntag216.capacity.bytes == 868)
    }

    /// Random bytes never crash the walk or the snapshot (parsers are total).
    @Test func randomMemoryNeverTraps() {
        var rng = SplitMix64(seed: 0x7A9C)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...200, using: &rng)
            var bytes = rng.bytes(count)
            if count >= 16, Bool.random(using: &rng) { bytes.replaceSubrange(12..<14, with: [0xE1, 0x10]) }
            let snapshot = Type2Snapshot(memory: bytes, model: Bool.random(using: &rng) ? .ntag213 : nil)
            #expect(snapshot.capacity.bytes >= 0)
        }
    }

    /// A formatted tag whose data area holds only NULL bytes (no NDEF TLV, no terminator) has
    /// room for an NDEF TLV at the start: 64 − 2 bytes, not 0.
    @Test func allNullDataAreaStillHasRoomForAMessage() throws {
        let snapshot = Type2Snapshot(memory: memory([]), model: nil)
        let walk = try #require(snapshot.walk)
        #expect(walk.problem == nil)
        #expect(walk.ndefSlot == 16)
        #expect(snapshot.capacity.bytes == 62)
    }

    /// NULL padding after a Lock Control TLV, then a TLV cut off at the end of the data area
    /// (`03 FF` with no 2-byte length): the tag reads as an interrupted write, and a rewrite
    /// must be able to put the NDEF TLV straight after the control TLV (capacity 64 − 5 − 2).
    @Test func truncatedTLVAfterPaddingLeavesRoomForARewrite() throws {
        var data: [UInt8] = [0x01, 0x03, 0xA0, 0x0C, 0x34] + [UInt8](repeating: 0, count: 57)
        data += [0x03, 0xFF]
        let snapshot = Type2Snapshot(memory: memory(data), model: nil)
        let walk = try #require(snapshot.walk)
        #expect(walk.problem == .missingLength(offset: 62))
        #expect(walk.ndefSlot == 16 + 5)
        #expect(snapshot.capacity.bytes == 57)
    }

    /// A proprietary TLV, then a Memory Control TLV reserving 4 bytes, then a terminator: a
    /// new NDEF TLV goes after the control TLV (keeping the proprietary TLV), not over it, so a
    /// reader still skips the reserved bytes. Found by the `type2` fuzz target (crash-c6289e…).
    @Test func controlTLVAfterAProprietaryTLVIsNeverOverwritten() throws {
        let layout: [UInt8] =
            [0xFD, 0x02, 0xAB, 0xCD]  // 16–19 proprietary TLV
            + [0x02, 0x03, 0x1C, 0x04, 0x04]  // 20–24 Memory Control: byte 16 + 12 = 28, 4 bytes
            + [0x00, 0x00, 0x00]  // 25–27 NULL padding
            + [0xEE, 0xEE, 0xEE, 0xEE]  // 28–31 reserved
            + [0xFE]  // 32 Terminator
        let snapshot = Type2Snapshot(memory: memory(layout), model: nil)
        let walk = try #require(snapshot.walk)
        #expect(walk.controlAreas.map(\.byteRange) == [28..<32])
        #expect(walk.ndef == nil)
        // The terminator after the control TLV, not the proprietary TLV (16).
        #expect(walk.ndefSlot == 32)
        let message: [UInt8] = [0xD1, 0x01, 0x04, 0x54, 0x02, 0x65, 0x6E, 0x61]
        let plan = try Type2WritePlan.make(message: message, snapshot: snapshot)
        #expect(Array(plan.finalMemory[16..<32]) == Array(memory(layout)[16..<32]))
        #expect(Type2Snapshot(memory: plan.finalMemory, model: nil).ndef?.message == message)
    }
}
