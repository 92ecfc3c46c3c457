/// The IC manufacturer an ISO/IEC 15693 UID names in its byte 1 (after `E0`): ISO/IEC 7816-6
/// registration codes, the ones AOSP `tags_defs.h` names (`I93_UID_IC_MFG_CODE_STM 0x02`,
/// `_NXP 0x04`, `_TI 0x07`, `_ONS 0x67`) plus EM Microelectronic (0x16), Infineon (0x05) and Fujitsu
/// (0x08) from the same registry (as Type2's `Manufacturer` table has them; the design moves that
/// table into TagCatalog later, shared/design/multi-technology.md §2.2).
public enum Type5Manufacturer {
    /// The name for `code`, or `nil`.
    public static func name(_ code: UInt8) -> String? {
        switch code {
        case 0x02: "STMicroelectronics"
        case 0x04: "NXP Semiconductors"
        case 0x05: "Infineon Technologies"
        case 0x07: "Texas Instruments"
        case 0x08: "Fujitsu"
        case 0x16: "EM Microelectronic-Marin"
        case 0x67: "onsemi"
        default: nil
        }
    }

    /// "manufacturer 0x07 (Texas Instruments)", or "manufacturer 0x99 (not in TapCard's table)".
    public static func phrase(_ code: UInt8) -> String {
        let hex = "0x" + String(code, radix: 16, uppercase: true).leftPadded(to: 2)
        return "manufacturer \(hex) (\(name(code) ?? "not in TapCard's table"))"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
