/// How many bytes of NDEF message fit in a tag's NDEF data area: the derivation, in code, behind
/// every capacity figure TapCard assumes.
public enum NDEFCapacity {
    /// The largest NDEF message that fits in an NFC Forum Type 2 data area.
    ///
    /// - Parameters:
    ///   - dataAreaBytes: the data area the Capability Container announces, CC byte 2 × 8 (Type 2
    ///     mapping: the data area starts at page 4).
    ///   - bytesBeforeNDEF: TLVs that sit in front of the NDEF Message TLV (a Lock Control TLV is
    ///     `01 03 xx xx xx`, 5 bytes).
    ///   - reservedBytes: bytes inside the data area that Lock or Memory Control TLVs reserve and a
    ///     writer must skip (none for the NXP models' factory layouts: their dynamic lock bytes lie
    ///     just past the data area).
    ///
    /// The NDEF Message TLV costs a type byte and a length field: one length byte for messages up
    /// to 254 bytes, `FF` plus two bytes from 255 on (0xFF in the one-byte form means "three-byte
    /// form follows"). The answer is the better of the two forms, so 256 free bytes hold a
    /// 254-byte message (nfcpy's `tt2.py get_capacity` subtracts 4 for anything over 256 and would
    /// say 252 for 256; both agree on every factory layout here). A terminator TLV is not counted:
    /// it is written only "if space permits".
    public static func type2MaximumMessage(dataAreaBytes: Int, bytesBeforeNDEF: Int = 0, reservedBytes: Int = 0)
        -> Int
    {
        let free = dataAreaBytes - bytesBeforeNDEF - reservedBytes
        let shortForm = min(free - 2, 0xFE)
        let longForm = min(free - 4, 0xFFFE)
        return max(0, shortForm, free - 4 >= 0xFF ? longForm : 0)
    }

    /// The largest NDEF message in an NFC Forum Type 4 tag whose CC file announces an NDEF file of
    /// `ndefFileBytes` (Maximum NDEF file size): the file starts with the 2-byte NLEN field.
    public static func type4MaximumMessage(ndefFileBytes: Int) -> Int {
        max(0, ndefFileBytes - 2)
    }
}
