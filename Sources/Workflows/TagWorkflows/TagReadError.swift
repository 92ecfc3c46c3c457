import TapCardSupport

/// The tag is formatted but its NDEF data cannot be read as a message.
public enum TagReadError: TapCardError, Equatable {
    /// The NDEF TLV or the message inside it is incomplete or malformed — what a write torn at
    /// the page that commits the NDEF length leaves behind. `detail` names the byte and rule.
    case interruptedWrite(detail: String)
    /// A Lock Control (01) or Memory Control (02) TLV whose length is not 3 (NFC Forum T2T §2.3.3,
    /// §2.3.4), before any NDEF Message TLV: NDEF detection stops there. No torn write leaves one
    /// (a write never changes a control TLV). `place` says where ("page 4 byte 0"), `rewrite` what
    /// `write` does about it.
    case malformedControlTLV(
        name: String, typeByte: UInt8, length: Int, dataAreaOffset: Int, place: String, rewrite: String)
    /// A TLV type the tag type's mapping does not have, before any NDEF Message TLV: a Lock or
    /// Memory Control TLV on a Type 5 tag or in a MIFARE Classic NDEF area, whose TLVs are NULL,
    /// NDEF, Proprietary and Terminator (T5T §4.3; AN1304 §6). Readers stop there (Android
    /// `rw_i93.cc`: "Invalid type").
    case typeNotInMapping(
        name: String, typeByte: UInt8, dataAreaOffset: Int, place: String, mapping: String, rewrite: String)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .interruptedWrite(let detail):
            "The tag holds an interrupted write (\(detail)); rewrite this tag."
        case .malformedControlTLV(let name, let typeByte, let length, let offset, let place, let rewrite):
            "The tag's \(name) TLV (type \(Hex.encode([typeByte], uppercase: true))) at \(place) (data-area offset \(offset)) has a \(length)-byte value; the NFC Forum Type 2 Tag specification gives it exactly 3 bytes, so NDEF detection stops there and readers find no message. This is a malformed TLV, not an interrupted write (a write never changes a control TLV). \(rewrite)"
        case .typeNotInMapping(let name, let typeByte, let offset, let place, let mapping, let rewrite):
            "The tag's TLV at \(place) (data-area offset \(offset)) has type \(Hex.encode([typeByte], uppercase: true)) (\(name)), which \(mapping) does not have (its TLVs are NULL, NDEF Message, Proprietary and Terminator), so readers stop there and find no message. This is a malformed TLV area, not an interrupted write. \(rewrite)"
        }
    }
}
