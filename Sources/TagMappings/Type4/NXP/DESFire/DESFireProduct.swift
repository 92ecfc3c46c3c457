/// What kind of NXP ISO-DEP product answered the DESFire GetVersion, from the hardware vendor
/// and type bytes.
///
/// NXP AN10833 ("MIFARE type identification procedure") codes the product in the type byte's low
/// nibble (`01` MIFARE DESFire, `02` MIFARE Plus, `04` NTAG, `08` DESFire Light) and the form in
/// its high nibble (`0` a native IC, `8` an implementation, `9` a Java Card applet, `A` MIFARE
/// 2GO). An NTAG 424 DNA answers the very same command with type `04`, which is why apps that
/// check only "GetVersion answered" call it a DESFire (metrodroid#817): recognition here looks at
/// the type byte, never at the fact of an answer.
public enum DESFireProduct: Sendable, Hashable, CustomStringConvertible {
    /// MIFARE DESFire D40/EV1/EV2/EV3 (type low nibble `01`, vendor NXP).
    case desfire
    /// MIFARE DESFire Light (type low nibble `08`).
    case desfireLight
    /// NTAG 4xx DNA (type `04`): NTAG 424 DNA, NTAG 413 DNA. Not a DESFire.
    case ntagDNA
    /// MIFARE Plus (type low nibble `02`).
    case plus
    /// Another vendor or type, kept as answered.
    case other(vendor: UInt8, type: UInt8)

    /// NXP's vendor byte.
    public static let nxpVendor: UInt8 = 0x04

    public init(vendor: UInt8, type: UInt8) {
        guard vendor == Self.nxpVendor else {
            self = .other(vendor: vendor, type: type)
            return
        }
        switch type & 0x0F {
        case 0x01: self = .desfire
        case 0x08: self = .desfireLight
        case 0x04: self = .ntagDNA
        case 0x02: self = .plus
        default: self = .other(vendor: vendor, type: type)
        }
    }

    /// True for the DESFire family (D40 to EV3, and Light), false for everything else.
    public var isDESFire: Bool {
        switch self {
        case .desfire, .desfireLight: true
        case .ntagDNA, .plus, .other: false
        }
    }

    public var description: String {
        switch self {
        case .desfire: "MIFARE DESFire"
        case .desfireLight: "MIFARE DESFire Light"
        case .ntagDNA: "NTAG DNA (not a DESFire)"
        case .plus: "MIFARE Plus"
        case .other(let vendor, let type):
            "vendor \(String(vendor, radix: 16, uppercase: true)), type \(String(type, radix: 16, uppercase: true))"
        }
    }
}
