import TagCatalog
import TagFrames
import TagTransport

/// The memory and the authentication state of a MIFARE Classic chip (MF1S50yyX 1K, MF1S70yyX 4K),
/// with the rules the chip enforces on each access, answering the operations of a
/// ``/TagTransport/ClassicChannel`` as a PC/SC reader reports them. The field (presence, tears)
/// is the harness's (``EmulatedClassicTag``).
///
/// - An authentication compares the stored key A or key B of the block's sector with the key
///   given (Crypto1 itself is not run: the key either matches or not) and, when it matches, makes
///   that sector the authenticated one. A mismatch, a blocked sector (access bytes that break
///   their inverted copies, datasheet §8.7.1) or an empty key slot answer `63 00` and leave
///   nothing authenticated.
/// - READ and WRITE address only the authenticated sector, under its access bits (datasheet
///   §8.7.2 and §8.7.3, decoded by ``ClassicAccessRules``); any other block, or an operation the
///   bits refuse, answers `69 82` and ends the authentication, as the chip's NAK sends it to
///   IDLE. A block beyond the card is `6A 82`.
/// - Reading a trailer gives key A as zeros (never readable), the access bits and the GPB as
///   stored where the bits let the key read them (zeros otherwise), key B as stored only where it
///   is readable (zeros otherwise).
/// - Writing a trailer replaces key A, the access bits with the GPB, and key B each only where the
///   bits let the key write that part, and keeps the rest; a trailer write that may change none
///   of them is refused. That the chip writes the permitted parts of a partly permitted trailer
///   write is this model's reading of the tables (UNVERIFIED against a card).
/// - Block 0 (UID and manufacturer data) is read-only, as on the chip.
/// - Bytes a dump did not know (``unknown``: a Flipper's `??`, MIFARE Classic Tool's `-`, a
///   sector Proxmark3 did not read) stand in the memory as zeros, but no key whose bytes are
///   unknown authenticates, no sector whose access bytes are unknown does either (nobody can say
///   what the card would allow), and a read that would return an unknown byte is refused (`69 82`):
///   the reader learns nothing the dump did not hold. A write makes what it writes known.
struct ClassicChip {
    let facts: ClassicFacts
    var blocks: [[UInt8]]
    /// Offsets (block × 16 + byte) of the bytes the dump this card came from did not know.
    var unknown: Set<Int> = []
    /// The reader's volatile key slots 0 and 1.
    var keySlots: [UInt8: [UInt8]] = [:]
    /// The sector authenticated and the key it was authenticated with.
    private(set) var session: (sector: Int, role: ClassicKeyRole)?

    init(facts: ClassicFacts, blocks: [[UInt8]]) {
        self.facts = facts
        self.blocks = blocks
    }

    /// A new activation: nothing authenticated.
    mutating func reset() { session = nil }

    // MARK: Geometry (MF1S70yyX §8.6: 32 sectors of 4 blocks, then 8 of 16)

    func sector(ofBlock block: Int) -> Int { block < 128 ? block / 4 : 32 + (block - 128) / 16 }
    func firstBlock(ofSector sector: Int) -> Int { sector < 32 ? sector * 4 : 128 + (sector - 32) * 16 }
    func blocksInSector(_ sector: Int) -> Int { sector < 32 ? 4 : 16 }
    func trailerBlock(ofSector sector: Int) -> Int { firstBlock(ofSector: sector) + blocksInSector(sector) - 1 }

    func rules(ofSector sector: Int) -> ClassicAccessRules {
        ClassicAccessRules(accessBytes: Array(blocks[trailerBlock(ofSector: sector)][6..<9]))
    }

    // MARK: Operations

    mutating func loadKey(_ key: [UInt8], slot: UInt8) throws(ChannelError) {
        guard key.count == 6, slot <= 1 else {
            throw .statusWord(sw1: 0x63, sw2: 0x00, command: ClassicCommand.loadKey(slot: slot))
        }
        keySlots[slot] = key
    }

    mutating func authenticate(block: Int, role: ClassicKeyRole, slot: UInt8) throws(ChannelError) {
        let label = ClassicCommand.authenticate(block: block, role: role)
        session = nil
        guard block >= 0, block < facts.blocks else { throw .statusWord(sw1: 0x6A, sw2: 0x82, command: label) }
        let sector = sector(ofBlock: block)
        let trailer = blocks[trailerBlock(ofSector: sector)]
        let stored = role == .a ? Array(trailer[0..<6]) : Array(trailer[10..<16])
        let trailerStart = trailerBlock(ofSector: sector) * ClassicFacts.blockSize
        let keyRange = role == .a ? trailerStart..<trailerStart + 6 : trailerStart + 10..<trailerStart + 16
        let knowable =
            !keyRange.contains(where: unknown.contains)
            && !(trailerStart + 6..<trailerStart + 9).contains(where: unknown.contains)
        guard let key = keySlots[slot], key == stored, knowable, !rules(ofSector: sector).isBlocked else {
            throw .statusWord(sw1: 0x63, sw2: 0x00, command: label)
        }
        session = (sector, role)
    }

    mutating func read(block: Int) throws(ChannelError) -> [UInt8] {
        let label = ClassicCommand.read(block: block)
        let (sector, role, index) = try authorised(block: block, label: label)
        let rules = rules(ofSector: sector)
        let stored = blocks[block]
        let start = block * ClassicFacts.blockSize
        func known(_ range: Range<Int>) -> Bool { !range.contains { unknown.contains(start + $0) } }
        guard index == blocksInSector(sector) - 1 else {
            let group = ClassicAccessRules.group(ofBlock: index, blocksInSector: blocksInSector(sector))
            guard rules.mayRead(dataGroup: group, with: role), known(0..<16) else { throw refuse(label) }
            return stored
        }
        let zeros6 = [UInt8](repeating: 0, count: 6)
        let readsBits = rules.mayReadAccessBits(with: role)
        let readsKeyB = rules.mayReadKeyB(with: role)
        guard !readsBits || known(6..<10), !readsKeyB || known(10..<16) else { throw refuse(label) }
        let bits = readsBits ? Array(stored[6..<10]) : [0, 0, 0, 0]
        let keyB = readsKeyB ? Array(stored[10..<16]) : zeros6
        return zeros6 + bits + keyB
    }

    /// Writes `data`; `torn` keeps the block as it was (this model takes a block write as atomic:
    /// a tear during it leaves the old 16 bytes; UNVERIFIED, the datasheets promise nothing
    /// either way) after the checks have passed.
    mutating func write(block: Int, data: [UInt8], torn: Bool = false) throws(ChannelError) {
        let label = ClassicCommand.write(block: block)
        guard data.count == ClassicFacts.blockSize else { throw .statusWord(sw1: 0x67, sw2: 0x00, command: label) }
        let (sector, role, index) = try authorised(block: block, label: label)
        guard block != 0 else { throw refuse(label) }
        let rules = rules(ofSector: sector)
        var updated = blocks[block]
        var written: [Range<Int>] = []
        if index == blocksInSector(sector) - 1 {
            let keyA = rules.mayWriteKeyA(with: role)
            let bits = rules.mayWriteAccessBits(with: role)
            let keyB = rules.mayWriteKeyB(with: role)
            guard keyA || bits || keyB else { throw refuse(label) }
            if keyA { written.append(0..<6) }
            if bits { written.append(6..<10) }
            if keyB { written.append(10..<16) }
        } else {
            let group = ClassicAccessRules.group(ofBlock: index, blocksInSector: blocksInSector(sector))
            guard rules.mayWrite(dataGroup: group, with: role) else { throw refuse(label) }
            written.append(0..<16)
        }
        for range in written {
            updated.replaceSubrange(range, with: data[range])
            // A torn write lands its first 8 bytes only (below).
            for offset in range where !torn || offset < 8 { unknown.remove(block * ClassicFacts.blockSize + offset) }
        }
        // A MIFARE Classic block write has no tearing protection (the datasheets promise none): a
        // write torn while the EEPROM is programmed lands its first 8 bytes and leaves the last 8
        // as they were (the split is assumed, as the FeliCa Lite-S emulator's). A torn trailer
        // can so get access bits whose inverted copies disagree: a sector blocked for good.
        blocks[block] = torn ? Array(updated[0..<8]) + Array(blocks[block][8..<16]) : updated
    }

    /// The sector, key and index in its sector of `block`, when `block` lies in the sector
    /// authenticated; the refusal otherwise.
    private mutating func authorised(block: Int, label: CommandLabel) throws(ChannelError) -> (
        Int, ClassicKeyRole, Int
    ) {
        guard block >= 0, block < facts.blocks else { throw .statusWord(sw1: 0x6A, sw2: 0x82, command: label) }
        let sector = sector(ofBlock: block)
        guard let session, session.sector == sector else { throw refuse(label) }
        return (sector, session.role, block - firstBlock(ofSector: sector))
    }

    /// `69 82`; the chip's NAK ends the authentication.
    private mutating func refuse(_ label: CommandLabel) -> ChannelError {
        session = nil
        return .statusWord(sw1: 0x69, sw2: 0x82, command: label)
    }
}
