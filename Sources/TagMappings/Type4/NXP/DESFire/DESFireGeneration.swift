/// Which MIFARE DESFire generation a GetVersion answer names, from its hardware major version
/// (and, for DESFire Light, its hardware type).
///
/// The values: `00` MF3ICD40 ("D40", the first DESFire), `01` EV1 (MF3ICDx1), `12`, `22` (EV2 XL)
/// and `42` EV2, `33` EV3, and `30` with hardware type `08` DESFire Light (MF2DL(H)x0). NXP's
/// short datasheets do not print a table of these; they are the values real cards answer, as
/// Proxmark3 `cmdhfmfdes.c` (`getCardType`) and the Flipper Zero dumps cited in the tests record
/// them. Anything else is ``DESFireGeneration/unknown(majorVersion:)`` rather than a guess.
public enum DESFireGeneration: Sendable, Hashable, CustomStringConvertible {
    /// MF3ICD40: DES/3DES only, NDEF mapping version 1 (AID `EEEE10`) only.
    case d40
    /// MF3ICDx1 (hardware major `01`): AES, ISO file IDs, NDEF mapping v2.
    case ev1
    /// MF3DX2 (hardware major `12`, `22` for EV2 XL, `42`): EV2 secure messaging.
    case ev2
    /// MF3DHx3 (hardware major `33`).
    case ev3
    /// DESFire Light (hardware type `08`): fixed files, no CreateApplication.
    case light
    /// A major version this table does not list, kept as answered.
    case unknown(majorVersion: UInt8)

    /// The generation for a hardware `type` and `majorVersion`.
    public init(type: UInt8, majorVersion: UInt8) {
        switch (type & 0x0F, majorVersion) {
        case (0x08, 0x30): self = .light
        case (0x01, 0x00): self = .d40
        case (0x01, 0x01): self = .ev1
        case (0x01, 0x12), (0x01, 0x22), (0x01, 0x42): self = .ev2
        case (0x01, 0x33): self = .ev3
        default: self = .unknown(majorVersion: majorVersion)
        }
    }

    public var description: String {
        switch self {
        case .d40: "DESFire (MF3ICD40)"
        case .ev1: "DESFire EV1"
        case .ev2: "DESFire EV2"
        case .ev3: "DESFire EV3"
        case .light: "DESFire Light"
        case .unknown(let major): "DESFire, hardware version \(major >> 4).\(major & 0x0F) not known"
        }
    }
}
