/// What a Flipper Zero `Type 4 Tag` or `NTAG4xx` file records (Momentum and Unleashed firmwares,
/// `lib/nfc/protocols/type_4_tag` and `lib/nfc/protocols/ntag4xx`): the ISO 14443-4A base (UID,
/// ATQA, SAK, ATS) and, for a Type 4 Tag, the NDEF message, or for an NTAG4xx, the chip's
/// GetVersion answer.
///
/// Neither records the Capability Container: the firmware reads it (NDEF file identifier, its
/// size, read and write access, MLe and MLc) but does not save it, and emulates a file it loaded
/// with its own.
public struct FlipperType4Dump: Sendable, Equatable {
    /// The file's `Device type`.
    public enum Kind: String, Sendable, Equatable {
        case type4Tag = "Type 4 Tag"
        case ntag4xx = "NTAG4xx"
    }

    public var kind: Kind
    public var uid: [UInt8]
    /// ATQA as the file writes it (`03 44`).
    public var atqa: [UInt8]
    public var sak: UInt8
    /// The ATS, TL first; `nil` when the file has none (`T0` absent: TL 1).
    public var ats: [UInt8]?
    /// The NDEF message (the NDEF file's bytes after NLEN, NLEN of them); empty when the tag's
    /// NLEN was 0. `nil` in an NTAG4xx file.
    public var ndefMessage: [UInt8]?
    /// The NTAG4xx GetVersion answer (29 bytes: hardware, software, UID, batch, production week
    /// and year, fab key identifier); `nil` in a Type 4 Tag file.
    public var piccVersion: [UInt8]?

    public init(
        kind: Kind, uid: [UInt8], atqa: [UInt8], sak: UInt8, ats: [UInt8]?, ndefMessage: [UInt8]?,
        piccVersion: [UInt8]?
    ) {
        self.kind = kind
        self.uid = uid
        self.atqa = atqa
        self.sak = sak
        self.ats = ats
        self.ndefMessage = ndefMessage
        self.piccVersion = piccVersion
    }
}
