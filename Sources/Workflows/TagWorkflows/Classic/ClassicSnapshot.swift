import MIFAREClassic
import TagCatalog

/// What a read of a MIFARE Classic card found: the MAD (or why there is none), the NDEF area as
/// far as it was read, the NDEF sectors' trailers that were read, and the key A that opened each
/// sector.
public struct ClassicSnapshot: Sendable, Equatable {
    public var layout: ClassicLayout
    public var mad: Result<MAD, ClassicNDEFError>
    public var area: ClassicNDEFArea?
    /// Trailers of NDEF sectors, as read (key A reads as zeros).
    public var trailers: [Int: SectorTrailer]
    /// The key A that opened each sector.
    public var keys: [Int: ClassicKey]

    public init(
        layout: ClassicLayout, mad: Result<MAD, ClassicNDEFError>, area: ClassicNDEFArea?,
        trailers: [Int: SectorTrailer], keys: [Int: ClassicKey]
    ) {
        self.layout = layout
        self.mad = mad
        self.area = area
        self.trailers = trailers
        self.keys = keys
    }

    /// A MAD gives the NFC Forum AID at least one sector.
    public var isFormatted: Bool { area != nil }

    /// The NDEF sectors whose trailers were read and refuse writing the data with key A: by the
    /// access bits (AN1304's read-only `07 8F 0F`) or by the GPB's write-access bits.
    public var readOnlySectors: [Int] {
        trailers.filter { _, trailer in
            !trailer.accessBits.groups[0].dataBlock.write.allowsKeyA
                || !GeneralPurposeByte.ndefWritable(trailer.generalPurposeByte)
        }.map(\.key).sorted()
    }

    public var isReadOnly: Bool { !readOnlySectors.isEmpty }

    /// The largest message the NDEF sectors hold (the TLV's header taken off), reported: the MAD
    /// the card carries says which sectors; 0 when not formatted.
    public var capacity: Capacity {
        .reported(NDEFCapacity.type2MaximumMessage(dataAreaBytes: area?.capacity ?? 0), model: layout.model)
    }

    /// What the NDEF area holds, as a reader sees it.
    public var content: NDEFContent {
        guard let area else { return .notFormatted }
        return NDEFContent.from(walk: area.walk, places: .classicBlocks(area.blocks), mapping: .classic)
    }
}

extension ClassicLayout {
    /// The catalog's model of this geometry (none for Mini, which TapCard does not name).
    public var model: TagModel? {
        switch self {
        case .oneK: .mifareClassic1K
        case .fourK: .mifareClassic4K
        case .mini: nil
        }
    }
}
