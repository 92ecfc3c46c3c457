/// Which model a Type 2 tag is, from what it answers: the one rule that `info`, `watch`,
/// `sim import`, the workflows and the phone all use, so the same tag can never be named two ways.
///
/// The GET_VERSION answers themselves are facts of each model (``Type2Layout/version``); this is
/// how an answer is matched against them. The Type 2 mapping wraps the result with its evidence
/// (`ChipIdentification`), the emulator uses it to settle a Flipper dump filed under the firmware's
/// catch-all name, and `tapcard watch` names the tag on a reader with it.
extension TagModel {
    /// The model whose GET_VERSION answer `version` is, or `nil` when no model TapCard knows answers so.
    ///
    /// The 8 bytes (NTAG213F/216F datasheet Rev. 3.1, table 26 "GET_VERSION response"; the
    /// NTAG210/212, NTAG213/215/216 and MF0ULx1 datasheets use the same layout): 0 fixed header
    /// 00h, 1 vendor ID (04h, NXP), 2 product type (03h MIFARE Ultralight, 04h NTAG), 3 product
    /// subtype (01h or 02h by input capacitance; 05h NTAG I2C), 4 major and 5 minor product
    /// version, 6 storage size, 7 protocol type (03h, ISO/IEC 14443-3).
    ///
    /// The rule matches vendor, product type and storage size, which together fix the memory map;
    /// the subtype only where it tells two maps apart (NTAG I2C 1k and NTAG216 both report storage
    /// size 13h; NTAG I2C's subtype is 05h). Capacitance variants and silicon revisions therefore
    /// identify as their memory map: NTAG213F (subtype 01h, table 26) as NTAG213, MF0ULH11
    /// (subtype 02h, nfcpy `tt2_nxp.py` VERSION_MAP) as Ultralight EV1, NTAG I2C plus (version
    /// 02h 02h) as NTAG I2C.
    public static func identified(byVersion version: [UInt8]) -> TagModel? {
        guard version.count == 8 else { return nil }
        return allCases.first { model in
            guard let known = model.type2Layout?.version else { return false }
            return known[1] == version[1] && known[2] == version[2] && known[6] == version[6]
                && (known[3] == Self.ntagI2CSubtype) == (version[3] == Self.ntagI2CSubtype)
        }
    }

    /// GET_VERSION byte 3 of NTAG I2C (NT3H1101/NT3H1201; nfcpy `tt2_nxp.py` VERSION_MAP).
    static let ntagI2CSubtype: UInt8 = 0x05

    /// The model assumed when a tag refuses GET_VERSION: the first model without GET_VERSION
    /// whose NDEF-formatted CC announces `ccSize` (CC byte 2), or, for a blank CC (or none read),
    /// the first such model that ships blank. A guess, always presented as "assuming".
    ///
    /// Today that is NTAG203 for 12h (MIFARE Ultralight C, formatted, announces 12h too and cannot
    /// be told apart without its 3DES AUTHENTICATE, which TapCard does not send), and MIFARE
    /// Ultralight for 06h or a blank CC.
    public static func assumed(withoutVersionCCSize ccSize: UInt8?) -> TagModel? {
        let candidates = allCases.filter { $0.type2Layout != nil && $0.type2Layout?.version == nil }
        guard let ccSize, ccSize != 0 else {
            return candidates.first { !$0.shipsFormatted }
        }
        return candidates.first { $0.formattedCC?[2] == ccSize }
    }
}
