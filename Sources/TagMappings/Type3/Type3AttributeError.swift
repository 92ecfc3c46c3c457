import TapCardSupport

/// Why 16 bytes are not an attribute information block TapCard can use (NFC Forum Type 3 Tag
/// mapping as nfcpy `tt3.py` `_read_attribute_data` checks it). The origin is `.tag`: the bytes
/// came from the card; nothing was written.
public enum Type3AttributeError: TapCardError, Equatable {
    /// The block is not 16 bytes.
    case length(Int)
    /// The checksum (bytes 14–15, big-endian) is not the sum of bytes 0–13: the card is not NDEF
    /// formatted, or its attribute block is damaged (nfcpy: "checksum error", no NDEF).
    case checksum(stored: UInt16, computed: UInt16)
    /// The mapping version's major number (upper nibble of Ver) is not 1 (nfcpy: "unsupported
    /// ndef mapping major version").
    case unsupportedVersion(UInt8)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .length(let count):
            "The attribute information block has \(count) bytes; a FeliCa block has 16, so the card holds no NDEF TapCard can read."
        case .checksum(let stored, let computed):
            "The attribute information block's checksum is \(hex16(stored)) but its bytes 0–13 add up to \(hex16(computed)): the card is not NDEF formatted (or block 0 is damaged)."
        case .unsupportedVersion(let version):
            "The attribute information block names Type 3 mapping version \(version >> 4).\(version & 0x0F) (Ver \(Hex.encode([version], uppercase: true))); TapCard reads major version 1 only."
        }
    }

    private func hex16(_ value: UInt16) -> String {
        Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)], uppercase: true)
    }
}
