/// The kind of key a MIFARE DESFire application (or the PICC level) holds: bits 7-6 of KeySett2
/// in CreateApplication and GetKeySettings (MIFARE DESFire EV1 datasheet, "CreateApplication"):
/// `00` DES or 2K3DES, `01` 3K3DES, `10` AES. Every key of one application has the same kind.
public enum DESFireKeyType: String, Sendable, CaseIterable {
    /// DES or 2-key 3DES: 16 bytes (DES when both halves are equal). A factory card's PICC master
    /// key is this kind, all zeros.
    case des = "DES"
    /// 3-key 3DES: 24 bytes.
    case tdes3K = "3K3DES"
    /// AES-128: 16 bytes. AuthenticateEV2First and AuthenticateAES need it.
    case aes = "AES"

    /// The key's length in bytes.
    public var keyLength: Int { self == .tdes3K ? 24 : 16 }

    /// Bits 7-6 of KeySett2.
    public var settingsBits: UInt8 {
        switch self {
        case .des: 0x00
        case .tdes3K: 0x40
        case .aes: 0x80
        }
    }

    /// The kind bits 7-6 of KeySett2 name; `nil` for `11` (RFU).
    public init?(settingsBits byte: UInt8) {
        switch byte & 0xC0 {
        case 0x00: self = .des
        case 0x40: self = .tdes3K
        case 0x80: self = .aes
        default: return nil
        }
    }
}
