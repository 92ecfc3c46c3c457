/// The storage size byte of a DESFire GetVersion answer.
///
/// The rule, as the MIFARE DESFire datasheet's GetVersion section gives it (read here through its
/// transcriptions: libfreefare `mifare-desfire-info.c` prints "=" or ">" 2^n the same way): the 7 most
/// significant bits are `n`, and the size is based on 2^n; the least
/// significant bit is 0 when the size is exactly 2^n bytes and 1 when it is between 2^n and
/// 2^(n+1) bytes. So `18` is exactly 4096 bytes (4K), `1A` exactly 8192, `16` exactly 2048, and
/// `11` (an NTAG 424 DNA) between 256 and 512 bytes.
public struct DESFireStorageSize: Sendable, Hashable, CustomStringConvertible {
    /// The byte as answered.
    public var byte: UInt8

    public init(byte: UInt8) { self.byte = byte }

    /// `n`: the byte's 7 most significant bits.
    public var exponent: Int { Int(byte >> 1) }

    /// True when bit 0 is 0: the size is exactly 2^n bytes.
    public var isExact: Bool { byte & 0x01 == 0 }

    /// 2^n bytes: the size when ``DESFireStorageSize/isExact``, otherwise the size is more than this. `nil` when 2^n
    /// does not fit an `Int` (n ≥ 62; no card answers that, but the byte allows it).
    public var bytes: Int? { exponent < 62 ? 1 << exponent : nil }

    /// 2^(n+1) bytes: the size is less than this when it is not ``DESFireStorageSize/isExact``; equal to ``DESFireStorageSize/bytes``
    /// when it is. `nil` when it does not fit an `Int`.
    public var upperBound: Int? {
        if isExact { return bytes }
        return exponent < 61 ? 1 << (exponent + 1) : nil
    }

    /// "4096 bytes", "between 256 and 512 bytes", or "2^100 bytes" beyond `Int`.
    public var description: String {
        guard let low = bytes else { return "2^\(exponent) bytes" }
        if isExact { return "\(low) bytes" }
        guard let high = upperBound else { return "more than \(low) bytes" }
        return "between \(low) and \(high) bytes"
    }
}
