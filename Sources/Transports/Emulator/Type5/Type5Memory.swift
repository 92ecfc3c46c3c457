import TagCatalog

/// What an emulated Type 5 chip stores: its blocks (every block GET SYSTEM INFO counts, ICODE
/// SLIX2's counter block 79 included), each block's lock bit, DSFID and AFI with their lock bits,
/// and the NXP extras (``SLIXSettings``, the originality signature). Setting it on a tag bypasses
/// every rule: it is for tests and fixtures; ``EmulatedType5Tag/check(memory:model:)`` says
/// whether it fits a model.
public struct Type5Memory: Sendable, Equatable {
    /// The blocks, each ``/TagCatalog/Type5Facts/blockSize`` bytes.
    public var blocks: [[UInt8]]
    /// One entry per block: true once LOCK BLOCK locked it (security status `01`).
    public var locked: [Bool]
    public var dsfid: UInt8
    public var afi: UInt8
    public var dsfidLocked: Bool
    public var afiLocked: Bool
    /// The originality signature READ SIGNATURE returns (32 bytes on ICODE SLIX2, empty otherwise).
    public var signature: [UInt8]
    /// ICODE SLIX2's passwords, privacy, protection pointer and lock bits; `nil` on other chips.
    public var slix: SLIXSettings?

    public init(
        blocks: [[UInt8]], locked: [Bool], dsfid: UInt8, afi: UInt8, dsfidLocked: Bool = false,
        afiLocked: Bool = false, signature: [UInt8] = [], slix: SLIXSettings? = nil
    ) {
        self.blocks = blocks
        self.locked = locked
        self.dsfid = dsfid
        self.afi = afi
        self.dsfidLocked = dsfidLocked
        self.afiLocked = afiLocked
        self.signature = signature
        self.slix = slix
    }

    /// A chip as TapCard's formatter leaves it (`formatted`: CC and `03 00 FE 00`,
    /// ``/TagCatalog/Type5Facts/formattedImage``) or as shipped (all zeros: the datasheets read
    /// do not state the delivery contents of user memory, so zeros are an UNVERIFIED assumption).
    /// Nothing is locked; DSFID and AFI are the catalog's; the signature is zeros (only NXP can
    /// sign a UID).
    public init(facts: Type5Facts, formatted: Bool) {
        let image =
            formatted ? facts.formattedImage : [UInt8](repeating: 0, count: facts.blockCount * facts.blockSize)
        self.init(
            blocks: stride(from: 0, to: image.count, by: facts.blockSize).map {
                Array(image[$0..<min(image.count, $0 + facts.blockSize)])
            },
            locked: [Bool](repeating: false, count: facts.blockCount), dsfid: facts.dsfid, afi: facts.afi,
            signature: [UInt8](repeating: 0, count: facts.signatureLength ?? 0),
            slix: facts.manufacturerCode == 0x04 ? SLIXSettings() : nil)
    }

    /// All blocks, one after the other.
    public var bytes: [UInt8] { blocks.flatMap { $0 } }

    /// The lock bit of `block`, false outside the memory.
    public func isLocked(_ block: Int) -> Bool { locked.indices.contains(block) && locked[block] }
}
