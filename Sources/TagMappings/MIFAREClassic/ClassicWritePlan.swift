/// The data-block writes that put an NDEF message in a MIFARE Classic card's NDEF area
/// (``ClassicNDEFArea``: the NDEF sectors' data blocks as one TLV area, AN1304 §6) so that a tear
/// at any write leaves the old message, an empty one or the new one, in that order: the order
/// Type 5's plan keeps (TS T5T 1.0 §7.5.3), on 16-byte blocks that may lie in different sectors.
///
/// 1. `.clearLength`: the block holding the NDEF TLV's first length byte, with that byte 0 (and
///    the type byte `03` when it shares the block). From here the card reads as empty.
/// 2. `.data`: every other block the new TLV and its terminator `FE` (when the area has room)
///    cover, the type byte's block first; then the length block with every new byte but the
///    first length byte, still 0 (a 3-byte length `FF HH LL` has its `HH LL` written here).
/// 3. `.commit`: the length block again, differing from step 2 in the first length byte only.
///
/// Blocks whose bytes do not change are not written. An erase (empty message) ends with the
/// length block holding `03 00 FE` as `.commit`. The plan needs the area read through the last
/// block the new TLV covers, and the old NDEF TLV whole (so what the card held is known): bytes
/// beyond are neither read nor written, so a short message on a 4K card costs a few sectors, not
/// forty.
public struct ClassicWritePlan: Sendable, Equatable {
    /// The writes, in the order they must be sent.
    public var writes: [ClassicDataWrite]
    /// The block holding the first length byte.
    public var lengthBlock: Int
    /// 1, or 3 from 255 bytes on.
    public var lengthFieldBytes: Int
    public var messageLength: Int
    /// The area's bytes once every write landed.
    public var finalArea: [UInt8]

    /// Plans writing `message` (the encoded NDEF message; empty to erase) into `area`.
    public static func make(message: [UInt8], area: ClassicNDEFArea) -> Result<ClassicWritePlan, ClassicWriteError> {
        let size = ClassicLayout.blockSize
        let walk = area.walk
        if case .notRead(let upTo)? = walk.problem {
            return .failure(.areaNotRead(read: area.bytes.count, needed: max(upTo, area.bytes.count + 1)))
        }
        let slot = walk.ndef?.typeAddress ?? walk.ndefSlot ?? 0
        let lengthFieldBytes = message.count < 255 ? 1 : 3
        let available = walk.area.usableCount(from: slot)
        guard message.count <= 0xFFFE, 1 + lengthFieldBytes + message.count <= available else {
            return .failure(
                .tooBig(needed: message.count, capacity: area.capacity, available: available, tlvOffset: slot))
        }
        var tlv: [UInt8] = [0x03]
        tlv +=
            lengthFieldBytes == 1
            ? [UInt8(message.count)] : [0xFF, UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        tlv += message
        if available > tlv.count { tlv.append(0xFE) }
        let needed = (slot + tlv.count + size - 1) / size * size
        guard area.bytes.count >= needed else {
            return .failure(.areaNotRead(read: area.bytes.count, needed: needed))
        }
        let current = area.bytes
        var target = current
        target.replaceSubrange(slot..<slot + tlv.count, with: tlv)
        let lengthAddress = slot + 1
        let lengthUnit = lengthAddress / size
        let typeUnit = slot / size
        let lastUnit = (slot + tlv.count - 1) / size

        func bytes(_ memory: [UInt8], _ unit: Int) -> [UInt8] { Array(memory[unit * size..<(unit + 1) * size]) }
        var afterClear = current
        afterClear[lengthAddress] = 0
        if typeUnit == lengthUnit { afterClear[slot] = 0x03 }
        var beforeCommit = target
        beforeCommit[lengthAddress] = 0

        var writes: [ClassicDataWrite] = []
        func add(_ unit: Int, _ content: [UInt8], _ role: ClassicDataWrite.Role) {
            writes.append(ClassicDataWrite(block: area.blocks[unit], bytes: content, role: role))
        }
        var lengthState = bytes(current, lengthUnit)
        if bytes(afterClear, lengthUnit) != lengthState {
            lengthState = bytes(afterClear, lengthUnit)
            add(lengthUnit, lengthState, .clearLength)
        }
        var dataUnits = Array(typeUnit...lastUnit).filter {
            $0 != lengthUnit && bytes(current, $0) != bytes(target, $0)
        }
        if let index = dataUnits.firstIndex(of: typeUnit), index > 0 {
            dataUnits.remove(at: index)
            dataUnits.insert(typeUnit, at: 0)
        }
        for unit in dataUnits { add(unit, bytes(target, unit), .data) }
        if bytes(beforeCommit, lengthUnit) != lengthState {
            lengthState = bytes(beforeCommit, lengthUnit)
            add(lengthUnit, lengthState, .data)
        }
        if bytes(target, lengthUnit) != lengthState {
            add(lengthUnit, bytes(target, lengthUnit), .commit)
        } else if let last = writes.lastIndex(where: { $0.block == area.blocks[lengthUnit] }) {
            writes[last].role = .commit
        }
        return .success(
            ClassicWritePlan(
                writes: writes, lengthBlock: area.blocks[lengthUnit], lengthFieldBytes: lengthFieldBytes,
                messageLength: message.count, finalArea: target))
    }
}
