/// The four air technologies an NFC tag can speak, one channel each (NFC-A frames, ISO-DEP
/// APDUs, ISO 15693 requests, FeliCa commands).
public enum AirTechnology: String, Sendable, Hashable, CaseIterable, Codable {
    /// ISO/IEC 14443-3 type A frames: NFC Forum Type 2 tags (`30 04` READ).
    case nfcA = "nfc-a"
    /// ISO/IEC 14443-4 (ISO-DEP) carrying ISO/IEC 7816-4 APDUs: NFC Forum Type 4 tags.
    case isoDep = "iso-dep"
    /// ISO/IEC 15693 vicinity requests: NFC Forum Type 5 tags.
    case iso15693 = "iso15693"
    /// JIS X 6319-4 (FeliCa) commands: NFC Forum Type 3 tags.
    case felica = "felica"

    /// The name people use.
    public var displayName: String {
        switch self {
        case .nfcA: "NFC-A"
        case .isoDep: "ISO-DEP"
        case .iso15693: "ISO 15693"
        case .felica: "FeliCa"
        }
    }
}
