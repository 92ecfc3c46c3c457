import TagCatalog
import TestSupport
import Testing

@testable import Type5

@Suite struct Type5PlansTests {
    /// Format (users-asks.md §3/§5): CC `E1 40 MLEN` with MBREAD clear, then `03 00 FE 00` at
    /// block 1; the TLV block is written before the CC.
    @Test func formatWritesTheTLVThenTheCC() throws {
        let geometry = Type5Image.slix2
        let blank = Type5Image.blank(geometry)
        let plan = try Type5FormatPlan.make(snapshot: Type5Image.snapshot(blank, geometry), memoryBytes: 316).get()
        #expect(plan.writes.map(\.block) == [1, 0])
        #expect(plan.writes[0].bytes == [0x03, 0x00, 0xFE, 0x00])
        // MLEN = TagModel.type5FormattedMLEN (39 for SLIX2); LOCK BLOCK bit from the catalog.
        let mlen = try #require(TagModel.icodeSLIX2.type5).userBytes
        #expect(
            plan.writes[1].bytes == [0xE1, 0x40, UInt8(TagModel.type5FormattedMLEN(TagModel.icodeSLIX2.type5!)), 0x08])
        #expect(mlen == 316)
        // Torn after the TLV: still no CC.
        let half = plan.writes[0].applied(to: blank)
        #expect(!Type5Image.snapshot(half, geometry).isFormatted)
        let done = plan.writes[1].applied(to: half)
        let snapshot = Type5Image.snapshot(done, geometry)
        #expect(snapshot.message == [])
        #expect(Type5Compatibility.warnings(for: snapshot).isEmpty)
        #expect(snapshot.capacity.bytes == TagModel.icodeSLIX2.maximumNDEFMessageBytes)
    }

    @Test func largeTagsGetTheEightByteCCAndE2() throws {
        let geometry = Type5Image.large8
        let plan = try Type5FormatPlan.make(
            snapshot: Type5Image.snapshot(Type5Image.blank(geometry), geometry), memoryBytes: geometry.memoryBytes
        ).get()
        #expect(plan.capabilityContainer.length == 8 && plan.capabilityContainer.magic == 0xE2)
        #expect(plan.capabilityContainer.mlen == (2400 - 8) / 8)
        #expect(plan.writes.map(\.block) == [1, 0])
        #expect(plan.writes.allSatisfy { $0.extended })
        #expect(
            Type5FormatPlan.make(
                snapshot: Type5Image.snapshot(Type5Image.blank(geometry), geometry, security: [0: true]),
                memoryBytes: 2400)
                == .failure(.blockLocked(block: 0)))
    }

    /// Apple forums 713375 (MBREAD), ST community 191575 (block 1), AOSP rw_i93 "Invalid type".
    @Test func compatibilityWarningsAndTheIOSFix() throws {
        let geometry = Type5Image.slix2
        var memory = Type5Image.blank(geometry)
        memory.replaceSubrange(0..<12, with: [0xE1, 0x40, 0x0E, 0x01, 0x00, 0x00, 0x03, 0x01, 0xD0, 0xFE, 0, 0])
        let snapshot = Type5Image.snapshot(memory, geometry)
        #expect(
            Type5Compatibility.warnings(for: snapshot) == [.multipleBlockReadSet, .ndefNotAtBlockOne(offset: 2)])
        let fix = try Type5Compatibility.fixForIOS(snapshot: snapshot).get()
        #expect(fix.map(\.block) == [0] && fix[0].bytes == [0xE1, 0x40, 0x0E, 0x00])
        #expect(Type5Compatibility.warnings(for: Type5Image.snapshot(fix[0].applied(to: memory), geometry)).count == 1)
        #expect(
            Type5Compatibility.fixForIOS(snapshot: Type5Image.snapshot(memory, geometry, security: [0: true]))
                == .failure(.blockLocked(block: 0)))
        memory[4] = 0x01
        #expect(
            Type5Compatibility.warnings(for: Type5Image.snapshot(memory, geometry)).contains(
                .androidRejectsTLVType(offset: 0, typeByte: 0x01)))
        #expect(
            Type5Compatibility.warnings(for: Type5Image.snapshot(Type5Image.blank(geometry), geometry)) == [
                .noCapabilityContainer
            ])
    }

    @Test func lockWritesTheCCThenLocksDataBlocksThenTheCCBlock() throws {
        let geometry = Type5Image.slix2
        var memory = Type5Image.blank(geometry)
        memory.replaceSubrange(0..<12, with: [0xE1, 0x40, 0x27, 0x08, 0x03, 0x05, 1, 2, 3, 4, 5, 0xFE])
        let plan = try Type5LockPlan.make(snapshot: Type5Image.snapshot(memory, geometry, security: [2: true])).get()
        #expect(plan.isPermanent)
        #expect(plan.steps.map(\.block) == [0, 1, 0])
        guard case .writeCapabilityContainer(let write) = plan.steps[0] else {
            Issue.record("first step is not the CC write")
            return
        }
        #expect(write.bytes == [0xE1, 0x43, 0x27, 0x08])
        #expect(plan.steps.map(\.request.command) == [0x21, 0x22, 0x22])
        #expect(plan.steps.last?.label == "locked CC block 0")
    }

    @Test func readPlanChunksByTheChipOrTheCC() throws {
        let cc = try Type5CapabilityContainer.parse([0xE1, 0x40, 0x3F, 0x01], memoryBytes: 512).get()
        let st = try Type5ReadPlan.make(cc: cc, blockSize: 4, model: .st25dv04k).get()
        #expect(st.blocksPerRead == 32)
        #expect(st.reads.map(\.first) == [1, 33, 65, 97])
        // Data area bytes 4..<508: blocks 1…126 (block 127 lies past MLEN × 8).
        #expect(st.reads.map(\.count) == [32, 32, 32, 30])
        let unknown = try Type5ReadPlan.make(cc: cc, blockSize: 4).get()
        #expect(unknown.blocksPerRead == 63)  // (256 − 3) ÷ 4
        let noMBREAD = try Type5CapabilityContainer.parse([0xE1, 0x40, 0x3F, 0x00], memoryBytes: 512).get()
        #expect(
            try Type5ReadPlan.make(cc: noMBREAD, blockSize: 4).get().reads.allSatisfy { $0.request.command == 0x20 })
        #expect(Type5ReadPlan.capabilityContainerReads(blockZero: [0xE2, 0x40, 0x00, 0x00], blockSize: 4).count == 1)
        let answer = try Type5ReadPlan.capabilityContainerRead.bytes(
            from: .init(flags: 0, payload: [0xE1, 0x40, 0x0E, 0x01]), blockSize: 4)
        #expect(answer == [0xE1, 0x40, 0x0E, 0x01])
        #expect(throws: Type5StatusError.refused(command: .iso15693(0x20), block: 0, code: 0x10)) {
            try Type5ReadPlan.capabilityContainerRead.bytes(from: .init(flags: 1, payload: [0x10]), blockSize: 4)
        }
    }

    @Test func icodeSystemInfoLayout() throws {
        let info = try #require(ICODESystemInfo.parse([0x10, 0x02, 0x05, 0x01, 0x02, 0x03, 0x04]))
        #expect(info.protectionPointer == 0x10 && info.isAFILocked && info.isDSFIDLocked && !info.isEASLocked)
        #expect(info.featureFlags == 0x0403_0201)
        #expect(info.payload == [0x10, 0x02, 0x05, 0x01, 0x02, 0x03, 0x04])
        #expect(ICODESystemInfo.parse([1, 2, 3]) == nil)
        #expect(ICODECommand.signature().isCustom && ICODECommand.signature().parameters.isEmpty)
    }
}
