/// The facts of a FeliCa (NFC Forum Type 3) card model: its blocks, the system codes it answers
/// polling with, its PMm and the limits of Check and Update. The emulator builds its cards from
/// these; the Type 3 mapping reads the attribute information block from the card and uses these
/// only to name the chip and as assumptions.
///
/// Sources: nfcpy `src/nfc/tag/tt3_sony.py` (`FelicaLiteS`), multi-technology.md §2.5 and §2.7;
/// figures not found there are marked UNVERIFIED.
public struct Type3Facts: Sendable, Equatable {
    /// FeliCa blocks are 16 bytes.
    public static let blockSize = 16
    /// The NFC Forum Type 3 system code a card answers when NDEF is enabled.
    public static let ndefSystemCode: UInt16 = 0x12FC

    /// The user blocks (S_PAD0 …): block 0 is the attribute information block once NDEF-formatted.
    public var userBlocks: ClosedRange<Int>
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

    public init(
        userBlocks: ClosedRange<Int>, systemCode: UInt16, pmm: [UInt8], maximumBlocksPerCheck: Int,
        maximumBlocksPerUpdate: Int, readService: UInt16, writeService: UInt16
    ) {
        self.userBlocks = userBlocks
        self.systemCode = systemCode
        self.pmm = pmm
        self.maximumBlocksPerCheck = maximumBlocksPerCheck
        self.maximumBlocksPerUpdate = maximumBlocksPerUpdate
        self.readService = readService
        self.writeService = writeService
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
        // FeliCa Lite-S (RC-S966): S_PAD0–13 (14 blocks) are user memory; system code 88B4; IC
        // code F1 (nfcpy `tt3_sony.py` IC_CODE_MAP); Check reads up to 4 blocks, Update writes 1
        // (the Nbr/Nbw nfcpy formats with); services 000B (read) and 0009 (read/write) without
        // encryption. PMm beyond the IC code: UNVERIFIED.
        case .feliCaLiteS:
            Type3Facts(
                userBlocks: 0...13, systemCode: 0x88B4, pmm: [0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00],
                maximumBlocksPerCheck: 4, maximumBlocksPerUpdate: 1, readService: 0x000B, writeService: 0x0009)
        default:
            nil
        }
    }
}
