import TLVArea

/// The page writes that put an NDEF message on a Type 2 tag so that a tear at any point leaves
/// the old message, an empty message or the new one.
///
/// Order (nfcpy `tt2.py` `_write_ndef_data`): first the page holding the NDEF TLV's first length
/// byte with that byte set to 0 (the tag now reads as empty), then every other changed page (the
/// type byte's page first), then the length page with the real length — one page write commits.
/// For a 3-byte length (`FF hi lo`) the `hi lo` bytes are written with the data, so the commit is
/// still the single page holding `FF`. Pages whose content does not change are not written
/// (pages past the old message that were not read are written: see ``memoryNeeded(messageLength:snapshot:)``);
/// Lock and Memory Control TLVs and the bytes they reserve are left as they are.
public struct Type2WritePlan: Sendable, Equatable {
    /// The writes, in the order they must be sent.
    public var writes: [PageWrite]
    /// The page holding the first NDEF length byte.
    public var lengthPage: Int
    /// Memory as it will be once every write landed.
    public var finalMemory: [UInt8]
    /// The NDEF TLV's type-byte offset from page 0.
    public var typeAddress: Int
    /// 1 or 3.
    public var lengthFieldBytes: Int
    public var messageLength: Int

    /// The distinct pages the plan writes, ascending.
    public var pagesWritten: [Int] { Array(Set(writes.map(\.page))).sorted() }

    /// The byte offset (exclusive, from page 0) up to which memory must have been read before
    /// a message of `messageLength` bytes can be planned: the NDEF TLV's type and length bytes,
    /// the old NDEF TLV and the byte after it (to write only the pages that change), and every
    /// reserved or lock byte the new TLV steps over (a page write must carry them unchanged).
    ///
    /// Past the old message, a page costs far more to write (a 4.1 ms programming cycle) than to
    /// read (36 bit periods, 0.34 ms, inside a FAST_READ), so those pages are read only when they
    /// may already hold what the new message needs: when a byte after the old message that was
    /// read anyway is not 0 (leftovers of an earlier, longer message, which an identical or
    /// similar rewrite may match). Otherwise, as on a factory-fresh tag, the pages the new TLV
    /// covers past the old message are written unread. So the answer can grow once more after
    /// what it asked for was read: read until it is met. (The dynamic lock bytes may be read
    /// apart: see ``Type2Snapshot/dynamicLockBytes``.)
    public static func memoryNeeded(messageLength: Int, snapshot: Type2Snapshot) -> Int {
        guard let walk = snapshot.walk, let slot = walk.ndef?.typeAddress ?? walk.ndefSlot else {
            return 16
        }
        let lengthFieldBytes = messageLength < 255 ? 1 : 3
        // Type byte and the longest length field.
        var needed = (walk.area.advance(from: slot, by: 3) ?? slot) + 1
        // The byte after the old TLV (its terminator, which an identical message keeps).
        var afterOld = slot
        if let ndef = walk.ndef {
            afterOld =
                walk.area.advance(from: ndef.typeAddress, by: 1 + ndef.lengthFieldBytes + ndef.length)
                ?? walk.area.end - 1
            needed = max(needed, afterOld + 1)
        }
        // At least one byte after the old TLV, to see whether leftovers follow it.
        needed = max(needed, afterOld + 2)
        let newEnd = walk.area.advance(from: slot, by: 1 + lengthFieldBytes + messageLength) ?? walk.area.end
        if hasLeftovers(after: afterOld, in: snapshot.memory, area: walk.area) {
            needed = max(needed, newEnd + 1)
        }
        // Reserved bytes in the pages the new TLV and its terminator cover must be read.
        let newPagesEnd = Type2Page.byteRange(ofPage: Type2Page.page(ofByte: newEnd)).upperBound
        for range in walk.area.skipped where range.lowerBound < newPagesEnd && range.upperBound > slot {
            needed = max(needed, range.upperBound)
        }
        return min(pageAligned(needed), pageAligned(walk.area.end))
    }

    /// The pages a new NDEF TLV of `messageLength` bytes (and its terminator) covers, from the
    /// slot the snapshot's walk found; `nil` when the tag has no slot or the TLV does not fit.
    public static func pagesCovered(messageLength: Int, snapshot: Type2Snapshot) -> [Int]? {
        guard let walk = snapshot.walk, let slot = walk.ndef?.typeAddress ?? walk.ndefSlot else { return nil }
        var count = 1 + (messageLength < 255 ? 1 : 3) + messageLength
        if walk.area.usableCount(from: slot) > count { count += 1 }
        guard let positions = walk.area.positions(from: slot, count: count) else { return nil }
        return Array(Set(positions.map(Type2Page.page(ofByte:)))).sorted()
    }

    /// True when a usable byte after `position` (exclusive) that `memory` holds is not 0.
    private static func hasLeftovers(after position: Int, in memory: [UInt8], area: DataArea) -> Bool {
        var cursor = area.nextUsable(from: position + 1)
        while let current = cursor, current < memory.count {
            if memory[current] != 0 { return true }
            cursor = area.nextUsable(from: current + 1)
        }
        return false
    }

    private static func pageAligned(_ offset: Int) -> Int {
        (offset + Type2Page.size - 1) / Type2Page.size * Type2Page.size
    }

    /// Plans writing `message` (the encoded NDEF message; empty for "erase").
    ///
    /// With `unreadTail`, the memory after `snapshot.memory` could not be read (the tag refused
    /// it without its password, ACCESS.PROT): a plan whose new TLV and terminator lie wholly in the
    /// memory read needs nothing more (the old message's unread tail sits after the new
    /// terminator, where no reader looks), so it is made; one that would reach further is
    /// ``Type2PlanError/memoryNotRead(upTo:)``.
    public static func make(
        message: [UInt8], snapshot: Type2Snapshot, unreadTail: Bool = false
    ) throws(Type2PlanError) -> Type2WritePlan {
        guard let cc = snapshot.cc, snapshot.status != .notSupported, let walk = snapshot.walk else {
            throw .notFormatted
        }
        guard snapshot.status == .readWrite else { throw .readOnly(access: cc.bytes[3]) }
        guard let slot = walk.ndef?.typeAddress ?? walk.ndefSlot else {
            throw .tooBig(needed: message.count, capacity: 0)
        }
        guard message.count <= snapshot.capacity.bytes else {
            throw .tooBig(needed: message.count, capacity: snapshot.capacity.bytes)
        }
        let lengthFieldBytes = message.count < 255 ? 1 : 3
        var tlv: [UInt8] = [0x03]
        if lengthFieldBytes == 1 {
            tlv.append(UInt8(message.count))
        } else {
            tlv += [0xFF, UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        }
        tlv += message
        if walk.area.usableCount(from: slot) > tlv.count { tlv.append(0xFE) }
        guard let positions = walk.area.positions(from: slot, count: tlv.count) else {
            throw .tooBig(needed: message.count, capacity: snapshot.capacity.bytes)
        }
        let needed = memoryNeeded(messageLength: message.count, snapshot: snapshot)
        let readEnough =
            needed <= snapshot.memory.count
            || (unreadTail
                && positions.last.map { Type2Page.byteRange(ofPage: Type2Page.page(ofByte: $0)).upperBound }
                    .map { $0 <= snapshot.memory.count } == true)
        guard let lastPosition = positions.last, readEnough else {
            throw .memoryNotRead(upTo: max(needed, (positions.last ?? 0) + 1))
        }
        // Pages from `unread` on were not read: they are written whatever they hold, and their
        // bytes outside the TLV (past the terminator) become 0.
        let unread = snapshot.memory.count
        var current = snapshot.memory
        let lastPageEnd = Type2Page.byteRange(ofPage: Type2Page.page(ofByte: lastPosition)).upperBound
        if current.count < lastPageEnd { current += [UInt8](repeating: 0, count: lastPageEnd - current.count) }
        var target = current
        for (position, byte) in zip(positions, tlv) { target[position] = byte }

        let lengthAddress = positions[1]
        let lengthPage = Type2Page.page(ofByte: lengthAddress)
        let typePage = Type2Page.page(ofByte: slot)
        let touchedPages = Set(positions.map(Type2Page.page(ofByte:)))
        let changed = touchedPages.filter {
            Type2Page.byteRange(ofPage: $0).upperBound > unread
                || page(of: current, page: $0) != page(of: target, page: $0)
        }.sorted()

        var writes: [PageWrite] = []
        if changed == [lengthPage] {
            writes.append(PageWrite(page: lengthPage, bytes: page(of: target, page: lengthPage), role: .commit))
        } else if !changed.isEmpty {
            var afterClear = current
            afterClear[lengthAddress] = 0x00
            if typePage == lengthPage { afterClear[slot] = 0x03 }
            if page(of: afterClear, page: lengthPage) != page(of: current, page: lengthPage) {
                writes.append(
                    PageWrite(page: lengthPage, bytes: page(of: afterClear, page: lengthPage), role: .clearLength))
            }
            var dataPages = changed.filter { $0 != lengthPage }
            if let index = dataPages.firstIndex(of: typePage), index > 0 {
                dataPages.remove(at: index)
                dataPages.insert(typePage, at: 0)
            }
            for dataPage in dataPages {
                writes.append(PageWrite(page: dataPage, bytes: page(of: target, page: dataPage), role: .data))
            }
            if page(of: target, page: lengthPage) != page(of: afterClear, page: lengthPage) {
                writes.append(PageWrite(page: lengthPage, bytes: page(of: target, page: lengthPage), role: .commit))
            } else if let last = writes.indices.last, writes[last].page == lengthPage {
                writes[last].role = .commit
            }
        }
        for write in writes where snapshot.isLocked(page: write.page) == true {
            throw .pageLocked(page: write.page)
        }
        return Type2WritePlan(
            writes: writes, lengthPage: lengthPage, finalMemory: target, typeAddress: slot,
            lengthFieldBytes: lengthFieldBytes, messageLength: message.count)
    }

    private static func page(of memory: [UInt8], page: Int) -> [UInt8] {
        Array(memory[Type2Page.byteRange(ofPage: page)])
    }
}
