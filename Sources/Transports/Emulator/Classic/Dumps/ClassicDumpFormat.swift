/// The files other tools keep a MIFARE Classic card in, as TapCard recognises them from their
/// content (never from the file's name).
public enum ClassicDumpFormat: String, Sendable, Equatable, CaseIterable {
    /// Flipper Zero `.nfc`, `Device type: Mifare Classic` (``ClassicFlipperFile``): TapCard's own
    /// virtual tag format for these cards.
    case flipper
    /// Proxmark3 `hf mf dump` JSON (`"FileType": "mfcard"`, `"mfc v2"`, `"mfc v3"`): `Card`,
    /// `blocks`, `SectorKeys` (``ProxmarkClassicJSON``).
    case proxmark3JSON = "proxmark3-json"
    /// Proxmark3 `.eml`: one block a line, 32 hex digits (``ProxmarkClassicEML``).
    case proxmark3EML = "proxmark3-eml"
    /// MIFARE Classic Tool `.mct`: `+Sector: N` then the sector's blocks, `-` for an unknown
    /// hex digit (``MCTClassicFile``).
    case mct
    /// Every block one after the other, keys in the trailers: Proxmark3's `.bin` and libnfc
    /// `nfc-mfclassic`'s `.mfd` are the same bytes (``ClassicRawImage``).
    case rawImage = "raw-image"

    public var displayName: String {
        switch self {
        case .flipper: "Flipper Zero .nfc file"
        case .proxmark3JSON: "Proxmark3 JSON dump"
        case .proxmark3EML: "Proxmark3 .eml dump"
        case .mct: "MIFARE Classic Tool dump"
        case .rawImage: "raw MIFARE Classic image (Proxmark3 .bin, libnfc .mfd)"
        }
    }
}
