import TapCardSupport

/// Something in a Type 5 CC that readers disagree on but that still leaves the data area known.
/// `Type5CapabilityContainer.problems` lists them; plans refuse on their own checks (access bits,
/// size, ``Type5CapabilityContainer/mlenConvention`` `.beyondMemory`), never on this list.
public enum Type5CCProblem: Sendable, Hashable, CustomStringConvertible {
    /// MLEN × 8 (`declared`) equals the whole memory (`memoryBytes`, CC included), as on the ICODE
    /// SLIX of trace V-T5T-1; the data area is taken as `dataAreaBytes` (memory − CC).
    case mlenIsWholeMemory(declared: Int, memoryBytes: Int, dataAreaBytes: Int)
    /// MLEN × 8 (`declared`) is more than the whole memory; clamped to `dataAreaBytes`.
    case mlenBeyondMemory(declared: Int, memoryBytes: Int, dataAreaBytes: Int)
    /// The Android (ST/onsemi legacy) format: MLEN FF with CC3 bit 2; the data area comes from the
    /// memory size, `dataAreaBytes` (nil when the memory size is unknown: 2040 assumed).
    case overflowFormat(dataAreaBytes: Int?)
    /// An 8-byte CC whose 16-bit MLEN (`mlen`) would fit the 4-byte form (below 256): legal, but
    /// not how ST or TapCard format.
    case eightByteFormForSmallMLEN(mlen: Int)
    /// CC bytes 4–5 of an 8-byte CC are RFU and should be 00 00.
    case reservedBytesNotZero([UInt8])
    /// The minor version (CC1 bits 5–4) is above 0; the mapping reads it as version 1.0.
    case newerMinorVersion(UInt8)

    public var description: String {
        switch self {
        case .mlenIsWholeMemory(let declared, let memoryBytes, let dataAreaBytes):
            "The CC's MLEN × 8 = \(declared) bytes is the whole \(memoryBytes)-byte memory, CC included (as on ICODE SLIX tags formatted that way); the data area is taken as the \(dataAreaBytes) bytes after the CC."
        case .mlenBeyondMemory(let declared, let memoryBytes, let dataAreaBytes):
            "The CC's MLEN × 8 = \(declared) bytes is more than the tag's \(memoryBytes) bytes of memory; the data area is taken as the \(dataAreaBytes) bytes after the CC."
        case .overflowFormat(let dataAreaBytes):
            if let dataAreaBytes {
                "The CC uses the legacy MLEN-overflow format (MLEN FF, CC3 bit 2); the data area is the \(dataAreaBytes) bytes of memory after the CC."
            } else {
                "The CC uses the legacy MLEN-overflow format (MLEN FF, CC3 bit 2), but the memory size is unknown; the data area is taken as 2040 bytes."
            }
        case .eightByteFormForSmallMLEN(let mlen):
            "The CC has the 8-byte form with MLEN \(mlen), which the 4-byte form could hold."
        case .reservedBytesNotZero(let bytes):
            "The 8-byte CC's RFU bytes 4–5 are \(Hex.encode(bytes, uppercase: true, separator: " ")), not 00 00."
        case .newerMinorVersion(let minor):
            "The CC has mapping version 1.\(minor); TapCard reads it as 1.0."
        }
    }
}
