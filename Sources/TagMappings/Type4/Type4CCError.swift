import TapCardSupport

/// Why the bytes of a Type 4 CC file (E103) do not say where the NDEF file is, or say it in a way
/// that would make a reader touch the wrong file. `Type4CapabilityContainer.parse(_:)` fails with
/// one of these; everything a reader can still work around is a ``Type4CCProblem`` instead.
///
/// The origin is `.tag`: the bytes are the tag's own file, read successfully, and they contradict
/// the mapping. The tag did not
/// refuse a command, and the sentences say so ("The tag's CC file …", never "The tag refused …").
public enum Type4CCError: TapCardError, Equatable {
    /// Fewer bytes than the fields up to the end of the NDEF File Control TLV need.
    case truncated(bytes: Int, needed: Int)
    /// CCLEN (offset 0) is smaller than the CC with its NDEF File Control TLV: 15 bytes
    /// (NFC Forum T4T 2.0 §5.1; Android `T4T_CC_FILE_MIN_LEN`), 17 with the extended TLV.
    case lengthTooSmall(cclen: Int, minimum: Int)
    /// The mapping version (offset 2) has a major version this mapping does not read: 0, or
    /// above 3 (Android refuses a major version above its own, 3).
    case unsupportedVersion(major: UInt8, minor: UInt8)
    /// The TLV at offset 7 is not an NDEF File Control TLV (T = 04) nor an extended one (T = 06).
    case missingNDEFFileControl(offset: Int, tag: UInt8)
    /// The NDEF File Control TLV at `offset` has length `length`, not `expected` (06, or 08 extended).
    case wrongTLVLength(offset: Int, tag: UInt8, length: UInt8, expected: UInt8)
    /// The NDEF file identifier is one a reader must never write NDEF data to: E103 (the CC file
    /// itself), E102, 3F00 (the master file), 3FFF, FFFF, and 0000 from T4T 2.0 on (Android
    /// `rw_t4t_validate_cc_file`).
    case forbiddenNDEFFile(identifier: UInt16)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .truncated(let bytes, let needed):
            "The tag's CC file gave \(bytes) bytes; the header and NDEF File Control TLV need \(needed)."
        case .lengthTooSmall(let cclen, let minimum):
            "The tag's CC file says its length (CCLEN, offset 0) is \(cclen) bytes, below the \(minimum) a CC with an NDEF File Control TLV needs."
        case .unsupportedVersion(let major, let minor):
            "The tag's CC file has mapping version \(major).\(minor) (offset 2, byte 0x\(Hex.encode([major << 4 | minor & 0x0F], uppercase: true))); TapCard reads major versions 1 to 3."
        case .missingNDEFFileControl(let offset, let tag):
            "The tag's CC file has a TLV of type 0x\(Hex.encode([tag], uppercase: true)) at offset \(offset) where the NDEF File Control TLV (type 04, or 06 extended) belongs."
        case .wrongTLVLength(let offset, let tag, let length, let expected):
            "The tag's CC file has an NDEF File Control TLV (type 0x\(Hex.encode([tag], uppercase: true))) at offset \(offset) with length \(length); it must be \(expected)."
        case .forbiddenNDEFFile(let identifier):
            "The tag's CC file names file \(Hex.encode([UInt8(identifier >> 8), UInt8(identifier & 0xFF)], uppercase: true)) as the NDEF file, an identifier reserved for other files (E103, E102, 3F00, 3FFF, FFFF, 0000); TapCard will not read or write it as NDEF."
        }
    }
}
