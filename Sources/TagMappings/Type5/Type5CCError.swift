import TapCardSupport

/// Why block 0 (and 1) of a Type 5 tag hold no CC TapCard can use. The origin is `.tag`: the bytes
/// are the tag's own, read successfully; the tag refused nothing.
public enum Type5CCError: TapCardError, Equatable {
    /// Fewer bytes than the CC needs: 4, or 8 when CC2 is 00.
    case truncated(bytes: [UInt8], needed: Int)
    /// Byte 0 is not the magic E1 or E2: the tag is not NDEF-formatted (a factory ICODE SLIX has
    /// no CC, shared/reference/users-asks.md §3).
    case noMagic(bytes: [UInt8])
    /// CC1 bits 7–6 give a major version other than 1 (T5T 1.0; AOSP `rw_i93.cc` refuses a major
    /// version above its own).
    case unsupportedVersion(major: UInt8, minor: UInt8, bytes: [UInt8])

    public var origin: ErrorOrigin { .tag }

    public var bytes: [UInt8] {
        switch self {
        case .truncated(let bytes, _), .noMagic(let bytes), .unsupportedVersion(_, _, let bytes): bytes
        }
    }

    public var sentence: String {
        let shown = Hex.encode(bytes, uppercase: true, separator: " ")
        switch self {
        case .truncated(let bytes, let needed):
            return
                "The tag's CC gave \(bytes.count) bytes (\(shown.isEmpty ? "none" : shown)); a Type 5 CC needs \(needed)."
        case .noMagic:
            return
                "The tag's block 0 starts \(shown), not the Type 5 CC magic E1 or E2: the tag is not NDEF-formatted (format it first)."
        case .unsupportedVersion(let major, let minor, _):
            return
                "The tag's CC (\(shown)) has mapping version \(major).\(minor) (CC byte 1 bits 7–6); TapCard reads version 1 only."
        }
    }
}
