import TLVArea
import TagCatalog
import Testing

@testable import Type2

/// The mapping formats, locks and reads lock bits with the catalog's facts, and the facts agree
/// with each other where the mapping can check them: a factory Lock Control TLV names the lock
/// bytes the chip's lock-bit map has.
@Suite struct CatalogFactsTests {
    @Test(arguments: TagModel.allCases.filter { !$0.factoryTLVsBeforeNDEF.isEmpty })
    func lockControlTLVsNameTheChipsLockBytes(model: TagModel) throws {
        let tlv = model.factoryTLVsBeforeNDEF
        #expect(Array(tlv.prefix(2)) == [0x01, 0x03], "\(model): a Lock Control TLV, 3 bytes")
        let area = try #require(ControlArea.decode(kind: .lock, value: Array(tlv[2...])))
        let map = try #require(DynamicLockMap.of(model))
        let userPages = try #require(model.type2Layout?.userPages)
        #expect(area.byteAddress == map.page * Type2Page.size, "\(model): lock byte address")
        #expect(area.bytesLockedPerBit == (map.pagesPerBit(within: userPages) ?? 0) * Type2Page.size, "\(model)")
        #expect(area.lockBits >= map.lockBits(within: userPages).count, "\(model): lock bit count")
    }

    /// NTAG212 (nfcpy's factory defaults) and MIFARE Ultralight C (NXP's formatter) are formatted
    /// with their Lock Control TLV in front of the empty NDEF TLV, then the CC.
    @Test(
        arguments: [
            (TagModel.ntag212, [0x01, 0x03, 0x90, 0x0A], [0x34, 0x03, 0x00, 0xFE], [0xE1, 0x10, 0x10, 0x00]),
            (.ultralightC, [0x01, 0x03, 0xA0, 0x10], [0x44, 0x03, 0x00, 0xFE], [0xE1, 0x10, 0x12, 0x00]),
            (.ntag210, [0x03, 0x00, 0xFE, 0x00], nil, [0xE1, 0x10, 0x06, 0x00]),
        ] as [(TagModel, [UInt8], [UInt8]?, [UInt8])])
    func formattingWritesTheCatalogsDataArea(model: TagModel, page4: [UInt8], page5: [UInt8]?, cc: [UInt8]) throws {
        let plan = try Type2FormatPlan.make(
            snapshot: Type2Snapshot(memory: FactoryImage.unformatted(model), model: model))
        let expected = [page4, page5].compactMap { $0 }
        #expect(plan.writes.dropLast().map(\.bytes) == expected)
        #expect(plan.writes.last?.page == 3)
        #expect(plan.writes.last?.bytes == cc)
        let formatted = Type2Snapshot(
            memory: FactoryImage.applying(plan.writes, to: FactoryImage.unformatted(model)), model: model)
        #expect(formatted.capacity.bytes == model.maximumNDEFMessageBytes)
    }

    /// NTAG203 interleaves block-locking bits with its lock bits: a lock sets the whole first lock
    /// byte, so every user page is locked whichever way the datasheet figure is read, and leaves
    /// the counter page's lock bit alone.
    @Test func lockingAnNTAG203SetsEveryLockAndBlockBitOfItsUserPages() throws {
        let snapshot = Type2Snapshot(memory: FactoryImage.formatted(.ntag203), model: .ntag203)
        let plan = try Type2LockPlan.make(snapshot: snapshot)
        let lockPage = try #require(plan.writes.first { $0.page == 40 })
        #expect(lockPage.bytes == [0xFF, 0x00, 0x00, 0x00])
        let locked = Type2Snapshot(memory: FactoryImage.applying(plan.writes, to: snapshot.memory), model: .ntag203)
        #expect((4...39).allSatisfy { locked.isLocked(page: $0) == true })
    }

    /// On a known chip the map, not the contiguous NFC Forum reading, says which bit locks a page:
    /// NTAG203 bit 3 is a block-locking bit (so pages 28–31 are bit 4's).
    @Test func aKnownChipsLockBitsAreReadFromItsMap() {
        var memory = FactoryImage.formatted(.ntag203)
        memory[160] = 0x08  // bit 3 only
        let snapshot = Type2Snapshot(memory: memory, model: .ntag203)
        #expect((16...39).allSatisfy { snapshot.isLocked(page: $0) == false })
        memory[160] = 0x10  // bit 4
        #expect(Type2Snapshot(memory: memory, model: .ntag203).lockedPages(in: 16...39) == Array(28...31))
    }
}
