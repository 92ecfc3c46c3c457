/// Where a chip keeps its dynamic lock bits and what each one covers: the one home of the lock-bit
/// layout. The Type 2 mapping reads it to say which pages are locked and to plan a lock; the
/// emulator reads it to refuse writes to locked pages, with its own code.
///
/// Dynamic lock bits lock pages from 16 on (pages 3–15 have the static lock bytes in page 2). A
/// block-locking bit freezes some lock bits: once it is set, those can no longer be set.
public struct DynamicLockMap: Sendable, Equatable {
    /// A bit of the dynamic lock page: byte 0–3, bit 0–7.
    public struct Position: Sendable, Equatable {
        public var byte: Int
        public var bit: Int

        public init(byte: Int, bit: Int) {
            self.byte = byte
            self.bit = bit
        }

        public var mask: UInt8 { 1 << UInt8(bit) }
    }

    /// A lock bit and the pages it makes read-only.
    public struct LockBit: Sendable, Equatable {
        public var position: Position
        public var pages: ClosedRange<Int>

        public init(position: Position, pages: ClosedRange<Int>) {
            self.position = position
            self.pages = pages
        }
    }

    /// A block-locking bit and the lock bits (indices into ``DynamicLockMap/lockBits``) it freezes.
    public struct BlockBit: Sendable, Equatable {
        public var position: Position
        public var freezes: [Int]

        public init(position: Position, freezes: [Int]) {
            self.position = position
            self.freezes = freezes
        }
    }

    /// The page holding the dynamic lock bytes.
    public var page: Int
    public var lockBits: [LockBit]
    public var blockBits: [BlockBit]

    public init(page: Int, lockBits: [LockBit], blockBits: [BlockBit]) {
        self.page = page
        self.lockBits = lockBits
        self.blockBits = blockBits
    }

    /// The NTAG21x pattern: lock bit i is byte i ÷ 8, bit i mod 8, locking `pagesPerBit` pages from
    /// page 16 on up to `lastPage`; byte 2 holds the block-locking bits, each freezing `groupSize`
    /// consecutive lock bits (`nil`: no block-locking bits are known).
    public static func contiguous(page: Int, lastPage: Int, pagesPerBit: Int, groupSize: Int?) -> DynamicLockMap {
        let count = (lastPage - 16) / pagesPerBit + 1
        let lockBits = (0..<count).map { index in
            LockBit(
                position: Position(byte: index / 8, bit: index % 8),
                pages: (16 + index * pagesPerBit)...min(lastPage, 16 + (index + 1) * pagesPerBit - 1))
        }
        guard let groupSize else { return DynamicLockMap(page: page, lockBits: lockBits, blockBits: []) }
        let blockBits = stride(from: 0, to: count, by: groupSize).enumerated().map { group, first in
            BlockBit(position: Position(byte: 2, bit: group), freezes: Array(first..<min(first + groupSize, count)))
        }
        return DynamicLockMap(page: page, lockBits: lockBits, blockBits: blockBits)
    }

    /// The lock bit that covers `page`, if any.
    public func lockBit(covering page: Int) -> LockBit? {
        lockBits.first { $0.pages.contains(page) }
    }

    /// The lock bits that cover pages of `pages` (for a lock of the user memory: not a counter or
    /// configuration page a chip may also lock).
    public func lockBits(within pages: ClosedRange<Int>) -> [LockBit] {
        lockBits.filter { pages.contains($0.pages.lowerBound) }
    }

    /// Pages per lock bit over `pages`, when every lock bit there covers the same number (true of
    /// every chip TapCard knows); the last bit may cover fewer where the memory ends.
    public func pagesPerBit(within pages: ClosedRange<Int>) -> Int? {
        let bits = lockBits(within: pages)
        guard let first = bits.first else { return nil }
        let size = first.pages.count
        return bits.dropLast().allSatisfy { $0.pages.count == size } ? size : nil
    }

    /// The map of `model`, or `nil` where the chip has no dynamic lock bytes.
    ///
    /// - NTAG213: 2 pages per bit over pages 16–39, 12 bits; byte 2 holds 6 block-locking bits,
    ///   each freezing 2 lock bits (NTAG213/215/216 datasheet §8.5.2; NXP's answer on its community
    ///   forum, "the actual values to lock pages 16/17/18/19 should be [0x03 0x00 0x00]"; the
    ///   factory Lock Control TLV `A0 0C 34` says the same: 12 bits, 8 bytes each).
    /// - NTAG215/216: 16 pages per bit, block-locking bits freezing 2 lock bits (datasheet §8.5.2;
    ///   the real NTAG216 in Tests/Fixtures has byte 2 = 7Fh, its 7 block-locking bits).
    /// - NTAG212: 2 pages per bit over pages 16–35, 10 bits, as its factory Lock Control TLV
    ///   `90 0A 34` says (8 bytes per bit). The block-locking grouping is UNVERIFIED (assumed as on
    ///   NTAG213).
    /// - Ultralight EV1 128 bytes (MF0UL21): UNVERIFIED (datasheet not at hand): 4 pages per bit over
    ///   pages 16–35, one block-locking bit per lock bit. The lock bytes sit right after the data
    ///   area, where the NFC Forum default looks for them.
    /// - NTAG203: as read from the NTAG203 datasheet Rev. 3.0 §8.5.2 figure 7 "Lock bytes 3 and 4"
    ///   (page 28h): byte 0 bits 0–2 lock pages 16–19, 20–23, 24–27 and bit 3 freezes them; bits
    ///   4–6 lock 28–31, 32–35, 36–39 and bit 7 freezes them; byte 1 bit 1 locks the counter page
    ///   41 and bit 4 freezes it. UNVERIFIED bit order: the figure names its block-locking bits
    ///   "BLOCK LOCKING BIT 1-3" and "BIT 5-7", which would rather put them at bits 0 and 4, the
    ///   order given for MIFARE Ultralight C below. A lock sets every lock bit and the
    ///   block-locking bits that freeze them, so `tapcard lock` locks the whole user memory under
    ///   either reading.
    /// - MIFARE Ultralight C: 4 pages per bit over pages 16–39 ("organized in blocks of 4 pages";
    ///   bits 5, 6 and 7 of byte 0 lock pages 28–39: Michael Roland's answer on Stack Overflow,
    ///   question 30121809, after the MF0ICU2 datasheet §7.5.3); so bits 1–3 lock 16–27, and bits 0
    ///   and 4 are the block-locking bits for each group of three. The bits for the counter,
    ///   authentication and key pages (41–47) are UNVERIFIED and not listed.
    /// - NTAG I2C: 16 pages per bit as on NTAG216, block-locking bits unknown; UNVERIFIED (as
    ///   TapCard models it: one sector, user pages from 4).
    public static func of(_ model: TagModel) -> DynamicLockMap? {
        guard let layout = model.type2Layout, let page = layout.dynamicLockPage else { return nil }
        let lastUserPage = layout.userPages.upperBound
        switch model {
        case .ntag212, .ntag213:
            return .contiguous(page: page, lastPage: lastUserPage, pagesPerBit: 2, groupSize: 2)
        case .ntag215, .ntag216:
            return .contiguous(page: page, lastPage: lastUserPage, pagesPerBit: 16, groupSize: 2)
        case .ntagI2C1k, .ntagI2C2k:
            return .contiguous(page: page, lastPage: lastUserPage, pagesPerBit: 16, groupSize: nil)
        case .ultralightEV1_128:
            return .contiguous(page: page, lastPage: lastUserPage, pagesPerBit: 4, groupSize: 1)
        // MF0AES(H)20: "01 00 00 00 locks pages 10h–11h" (StuStaPay's programming commands), so
        // a bit per 2 pages from page 10h, as on NTAG213, whose user area it shares (04h–27h). The
        // block-locking bits are ASSUMED to follow NTAG213's (no datasheet copy at hand).
        case .ultralightAES:
            return .contiguous(page: page, lastPage: lastUserPage, pagesPerBit: 2, groupSize: 2)
        case .ntag203:
            let bit = Position.init
            return DynamicLockMap(
                page: page,
                lockBits: [
                    LockBit(position: bit(0, 0), pages: 16...19), LockBit(position: bit(0, 1), pages: 20...23),
                    LockBit(position: bit(0, 2), pages: 24...27), LockBit(position: bit(0, 4), pages: 28...31),
                    LockBit(position: bit(0, 5), pages: 32...35), LockBit(position: bit(0, 6), pages: 36...39),
                    LockBit(position: bit(1, 1), pages: 41...41),
                ],
                blockBits: [
                    BlockBit(position: bit(0, 3), freezes: [0, 1, 2]),
                    BlockBit(position: bit(0, 7), freezes: [3, 4, 5]),
                    BlockBit(position: bit(1, 4), freezes: [6]),
                ])
        case .ultralightC:
            let bit = Position.init
            return DynamicLockMap(
                page: page,
                lockBits: [
                    LockBit(position: bit(0, 1), pages: 16...19), LockBit(position: bit(0, 2), pages: 20...23),
                    LockBit(position: bit(0, 3), pages: 24...27), LockBit(position: bit(0, 5), pages: 28...31),
                    LockBit(position: bit(0, 6), pages: 32...35), LockBit(position: bit(0, 7), pages: 36...39),
                ],
                blockBits: [
                    BlockBit(position: bit(0, 0), freezes: [0, 1, 2]),
                    BlockBit(position: bit(0, 4), freezes: [3, 4, 5]),
                ])
        case .ntag210, .ultralight, .ultralightEV1_48, .genericType4, .ntag424DNA, .icodeSLIX2, .st25dv04k,
            .feliCaLiteS, .desfireEV1_4K, .desfireEV2_8K, .desfireEV3_4K, .mifareClassic1K, .mifareClassic4K:
            return nil
        }
    }
}
