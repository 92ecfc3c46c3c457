/// The IC manufacturer named by the first UID byte (ISO/IEC 7816-6 registration codes).
public struct Manufacturer: Sendable, Equatable {
    /// UID byte 0.
    public var code: UInt8

    public init(code: UInt8) { self.code = code }

    /// The registered name, or `nil` for a code TapCard does not know.
    public var name: String? {
        switch code {
        case 0x01: "Motorola"
        case 0x02: "STMicroelectronics"
        case 0x03: "Hitachi"
        case 0x04: "NXP Semiconductors"
        case 0x05: "Infineon Technologies"
        case 0x06: "Cylink"
        case 0x07: "Texas Instruments"
        case 0x08: "Fujitsu"
        case 0x09: "Matsushita"
        case 0x0A: "NEC"
        case 0x0B: "Oki Electric"
        case 0x0C: "Toshiba"
        case 0x0D: "Mitsubishi Electric"
        case 0x0E: "Samsung Electronics"
        case 0x0F: "Hynix"
        case 0x10: "LG Semiconductors"
        case 0x16: "EM Microelectronic-Marin"
        default: nil
        }
    }

    /// The name, or "unknown manufacturer 0xNN".
    public var displayName: String {
        name ?? "unknown manufacturer 0x\(String(code, radix: 16, uppercase: true))"
    }
}
