/// The NDEF file of a Type 4 tag: a length field (NLEN, 2 bytes big endian; ENLEN, 4 bytes, in a
/// T4T 3.0 extended file), then the NDEF message (NFC Forum T4T 2.0 §5.2). NLEN 0 is an empty
/// (initialised) tag.
public enum Type4NDEFFile {
    /// The largest offset READ BINARY and UPDATE BINARY address (15 bits in P1-P2, P1 bit 7 = 0).
    public static let maximumShortOffset = 0x7FFF

    /// The length field for a message of `length` bytes, `bytes` wide (2 or 4), big endian.
    public static func lengthField(_ length: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: length >> ($0 * 8)) }
    }

    /// Reads the length field from the first bytes of the NDEF file and checks it against the CC:
    /// NLEN must be ≤ maximum size − 2 (ENLEN: − 4) (reference §1.3; Android `rw_t4t.cc`). A
    /// larger one is the tag's fault, which the error says with the figures.
    public static func parseLength(_ bytes: [UInt8], cc: Type4CapabilityContainer) -> Result<Int, Type4LengthError> {
        let field = cc.lengthFieldBytes
        guard bytes.count >= field else { return .failure(.truncated(bytes: bytes.count, needed: field)) }
        let length = bytes.prefix(field).reduce(0) { $0 << 8 | Int($1) }
        guard length <= cc.maximumMessageBytes else {
            return .failure(
                .beyondFile(
                    length: length, capacity: cc.maximumMessageBytes, maximumSize: cc.ndefFile.maximumSize,
                    lengthFieldBytes: field, file: cc.ndefFile.identifier))
        }
        return .success(length)
    }
}
