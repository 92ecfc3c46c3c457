/// The facts of a FeliCa (NFC Forum Type 3) card model: its blocks, the system codes it answers
/// polling with, its PMm and the limits of Check and Update. The emulator builds its cards from
/// these; the Type 3 mapping reads the attribute information block from the card and uses these
/// only to name the chip, as assumptions, and to check that its formatter writes what the
/// emulator's "formatted" card holds (``formattedAttributeBlock``, ``formattedMemoryConfiguration``).
///
/// Sources: nfcpy `src/nfc/tag/tt3.py` (`Type3Tag`) and `src/nfc/tag/tt3_sony.py`
/// (`FelicaLite`, `FelicaLiteS`), Flipper Zero `lib/nfc/protocols/felica/felica.h` (the block
/// numbers), multi-technology.md §2.5 and §2.7; figures not found there are marked UNVERIFIED.
public struct Type3Facts: Sendable, Equatable {
    /// FeliCa blocks are 16 bytes.
    public static let blockSize = 16
    /// The NFC Forum Type 3 system code a card answers when NDEF is enabled.
    public static let ndefSystemCode: UInt16 = 0x12FC
    /// The attribute information block is block 0 of the NDEF service (nfcpy `tt3.py`
    /// `_read_attribute_data` reads block 0).
    public static let attributeBlock = 0

    /// The user blocks (S_PAD0 …): block 0 is the attribute information block once NDEF-formatted.
    public var userBlocks: ClosedRange<Int>
    /// Every block number the card has, user and system blocks, ascending.
    public var blocks: [Int]
    /// The memory configuration block's number (FeliCa Lite-S: MC, 88h).
    public var memoryConfigurationBlock: Int
    /// The card's own system code (FeliCa Lite-S: 88B4).
    public var systemCode: UInt16
    /// The 8-byte PMm: byte 1 is the IC code (FeliCa Lite-S: F1).
    public var pmm: [UInt8]
    /// The most blocks one Check reads and one Update writes (the attribute block's Nbr and Nbw
    /// on a formatted card).
    public var maximumBlocksPerCheck: Int
    public var maximumBlocksPerUpdate: Int
    /// Service codes without encryption: read-only and read/write access to the user blocks.
    public var readService: UInt16
    public var writeService: UInt16
    /// The MC block as the card ships (NDEF not enabled, everything writable).
    public var factoryMemoryConfiguration: [UInt8]
    /// The MC block after TapCard's formatter: the factory MC with SYS_OP = 01 (NDEF).
    public var formattedMemoryConfiguration: [UInt8]
    /// The attribute information block TapCard's formatter writes (Ln 0, WriteF 00, RW 01).
    public var formattedAttributeBlock: [UInt8]

    public init(
        userBlocks: ClosedRange<Int>, blocks: [Int], memoryConfigurationBlock: Int, systemCode: UInt16, pmm: [UInt8],
        maximumBlocksPerCheck: Int, maximumBlocksPerUpdate: Int, readService: UInt16, writeService: UInt16,
        factoryMemoryConfiguration: [UInt8], formattedMemoryConfiguration: [UInt8], formattedAttributeBlock: [UInt8]
    ) {
        self.userBlocks = userBlocks
        self.blocks = blocks
        self.memoryConfigurationBlock = memoryConfigurationBlock
        self.systemCode = systemCode
        self.pmm = pmm
        self.maximumBlocksPerCheck = maximumBlocksPerCheck
        self.maximumBlocksPerUpdate = maximumBlocksPerUpdate
        self.readService = readService
        self.writeService = writeService
        self.factoryMemoryConfiguration = factoryMemoryConfiguration
        self.formattedMemoryConfiguration = formattedMemoryConfiguration
        self.formattedAttributeBlock = formattedAttributeBlock
    }

    /// The IC code (PMm byte 1) that names the chip.
    public var icCode: UInt8 { pmm.count > 1 ? pmm[1] : 0 }
    /// Blocks of NDEF data after the attribute information block.
    public var dataBlocks: Int { max(0, userBlocks.count - 1) }
}

extension TagModel {
    /// The Type 3 facts, or `nil` for a model of another type.
    public var type3: Type3Facts? {
        switch self {
        // FeliCa Lite-S (RC-S966): S_PAD0–13 (14 blocks, 00h–0Dh) are user memory, then REG 0Eh,
        // RC 80h, MAC 81h, ID 82h, D_ID 83h, SER_C 84h, SYS_C 85h, CKV 86h, CK 87h, MC 88h,
        // WCNT 90h, MAC_A 91h, STATE 92h, CRC_CHECK A0h (Flipper `felica.h` FELICA_BLOCK_INDEX_*,
        // 28 blocks; nfcpy `tt3_sony.py` dump). System code 88B4 (multi-technology.md §2.5); IC
        // code F1 (nfcpy `tt3_sony.py` FelicaLiteS.IC_CODE_MAP). Check reads up to 4 blocks, Update
        // writes 1 (the Nbr 4 / Nbw 1 nfcpy `FelicaLite._format` writes); services 000B (read)
        // and 0009 (read/write) without encryption (nfcpy `read_without_mac`/`write_without_mac`).
        // PMm bytes other than the IC code: UNVERIFIED (byte 5 = 01 and byte 6 = 43 give the
        // Check/Update maximum response times ``Type3Timing`` decodes).
        //
        // MC as shipped: MC_SP FF FF (all S_PAD writable), MC_ALL FF (system blocks and MC
        // writable), SYS_OP 00 (NDEF off), RF_PRM 07, the rest 00. nfcpy's formatter tests exactly
        // these bytes (mc[0] bit 0, mc[2] == FF, mc[3] bit 0); the RF_PRM value 07: UNVERIFIED.
        // The formatted attribute block is what nfcpy `FelicaLite._format` writes for a card with
        // every S_PAD writable: Ver 10, Nbr 4, Nbw 1, Nmaxb 13 (00 0D), RW flag 01, Ln 0,
        // checksum 00 23 (sum of bytes 0–13).
        case .feliCaLiteS:
            Type3Facts(
                userBlocks: 0...13,
                blocks: Array(0x00...0x0E) + Array(0x80...0x88) + Array(0x90...0x92) + [0xA0],
                memoryConfigurationBlock: 0x88, systemCode: 0x88B4,
                pmm: [0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00],
                maximumBlocksPerCheck: 4, maximumBlocksPerUpdate: 1, readService: 0x000B, writeService: 0x0009,
                factoryMemoryConfiguration: [0xFF, 0xFF, 0xFF, 0x00, 0x07] + [UInt8](repeating: 0, count: 11),
                formattedMemoryConfiguration: [0xFF, 0xFF, 0xFF, 0x01, 0x07] + [UInt8](repeating: 0, count: 11),
                formattedAttributeBlock: [
                    0x10, 0x04, 0x01, 0x00, 0x0D, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x23,
                ])
        default:
            nil
        }
    }
}
