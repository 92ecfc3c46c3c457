import TapCardSupport

/// Why a card image holds no MAD TapCard can use.
public enum MADError: TapCardError, Equatable {
    /// Sector 0's general purpose byte has no DA bit (bit 7): the card declares no MAD.
    case notAvailable(generalPurposeByte: UInt8)
    /// The ADV bits name a MAD version other than 1 or 2.
    case unknownVersion(Int, generalPurposeByte: UInt8)
    /// The CRC stored in byte 0 of MAD`madVersion` is not the CRC of its info byte and AIDs.
    case crcMismatch(madVersion: Int, stored: UInt8, computed: UInt8)
    /// Block `block` is missing from the image (or is not 16 bytes).
    case missingBlock(Int)
    /// Block `block` could not be read: neither the MAD key nor the transport key opens sector 0.
    case unreadable(block: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .notAvailable(let gpb):
            "The card has no MAD: sector 0's general purpose byte is 0x\(hex(gpb)), without the DA bit (0x80)."
        case .unknownVersion(let version, let gpb):
            "The MAD version is \(version) (sector 0's general purpose byte 0x\(hex(gpb))); only 1 and 2 exist."
        case .crcMismatch(let version, let stored, let computed):
            "MAD\(version)'s CRC is 0x\(hex(stored)) on the card, but its info byte and AIDs give 0x\(hex(computed))."
        case .missingBlock(let block):
            "Block \(block), which holds part of the MAD, is not in the card image (or is not 16 bytes)."
        case .unreadable(let block):
            "Block \(block), which holds part of the MAD, could not be read: neither the MAD key A0A1A2A3A4A5 nor the transport key FFFFFFFFFFFF opens sector 0 (as key A or key B), so the card has no MAD TapCard can read."
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
