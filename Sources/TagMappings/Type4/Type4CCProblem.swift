import TapCardSupport

/// Something in a Type 4 CC file that Android's reader (`rw_t4t.cc` `rw_t4t_validate_cc_file`)
/// would refuse but that still leaves the NDEF file's place and size known, so a reader can work
/// around it. `Type4CapabilityContainer.problems` lists them; the write plan refuses on its own
/// checks (write access, size), not on this list.
public enum Type4CCProblem: Sendable, Hashable, CustomStringConvertible {
    /// MLe (offset 3) is below 0x000F. Reads use chunks of at most MLe (at least 1).
    case maximumResponseTooSmall(Int)
    /// MLc (offset 5) is 0. Writes use chunks of 1 byte.
    case maximumCommandTooSmall(Int)
    /// The NDEF file's maximum size is outside the range the version allows: 0x0005…0x7FFF for
    /// the NDEF File Control TLV, 7…0xFFFFFFFE for the extended one.
    case ndefSizeOutOfRange(size: Int, isExtended: Bool)
    /// The NDEF file's read access is `FF` or a reserved value (01…7F): the file is not readable.
    case invalidReadAccess(Type4Access)
    /// The NDEF file's write access is a reserved value (01…7F): TapCard treats it as not writable.
    case reservedWriteAccess(Type4Access)
    /// An Extended NDEF File Control TLV (T4T 3.0) in a CC whose mapping version is below 3.0.
    case extendedControlBeforeVersion3(major: UInt8)
    /// A TLV after the NDEF File Control TLV that is not a Proprietary File Control TLV (05 06 …):
    /// skipped.
    case unknownTLV(offset: Int, tag: UInt8, length: Int)
    /// A TLV at `offset` runs past CCLEN (`cclen`); reading stopped there.
    case tlvBeyondLength(offset: Int, tag: UInt8, cclen: Int)

    /// One sentence with the figures.
    public var description: String {
        switch self {
        case .maximumResponseTooSmall(let mle):
            "The CC file's MLe (offset 3) is \(mle), below the 15 T4T 2.0 requires; reads use chunks of \(max(1, mle)) bytes."
        case .maximumCommandTooSmall(let mlc):
            "The CC file's MLc (offset 5) is \(mlc), below the 1 T4T 2.0 requires; writes use chunks of 1 byte."
        case .ndefSizeOutOfRange(let size, let isExtended):
            isExtended
                ? "The CC file's extended NDEF file size is \(size) bytes, outside 7…4294967294."
                : "The CC file's NDEF file size is \(size) bytes, outside 5…32767."
        case .invalidReadAccess(let access):
            "The CC file's NDEF read access is \(access), which no reader can meet; the file is not readable."
        case .reservedWriteAccess(let access):
            "The CC file's NDEF write access is \(access) (RFU); TapCard treats the file as not writable."
        case .extendedControlBeforeVersion3(let major):
            "The CC file has an Extended NDEF File Control TLV (T4T 3.0) but mapping version \(major).x."
        case .unknownTLV(let offset, let tag, let length):
            "The CC file has a TLV of type 0x\(Hex.encode([tag], uppercase: true)) and length \(length) at offset \(offset), which is not a Proprietary File Control TLV; it was skipped."
        case .tlvBeyondLength(let offset, let tag, let cclen):
            "The CC file's TLV of type 0x\(Hex.encode([tag], uppercase: true)) at offset \(offset) runs past CCLEN (\(cclen) bytes); reading stopped there."
        }
    }
}
