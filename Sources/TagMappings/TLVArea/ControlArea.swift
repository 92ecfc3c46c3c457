/// A byte range named by a Lock Control TLV (dynamic lock bits) or a Memory Control TLV (reserved
/// bytes). Bytes inside the data area that such a TLV names are skipped when reading or writing
/// NDEF data (NFC Forum T2T §2.3.3, §2.3.4; nfcpy `tt2.py` `get_lock_byte_range`,
/// `get_rsvd_byte_range`).
public struct ControlArea: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Dynamic lock bits.
        case lock
        /// Reserved memory.
        case reserved
    }

    public var kind: Kind
    /// Byte offset from the start of page 0 (T2T: page address × bytes per page + byte offset).
    public var byteAddress: Int
    /// Bytes the area occupies.
    public var byteCount: Int
    /// For lock areas, how many lock bits the area holds (0 encodes 256).
    public var lockBits: Int
    /// For lock areas, how many data bytes each lock bit protects.
    public var bytesLockedPerBit: Int

    public init(kind: Kind, byteAddress: Int, byteCount: Int, lockBits: Int = 0, bytesLockedPerBit: Int = 0) {
        self.kind = kind
        self.byteAddress = byteAddress
        self.byteCount = byteCount
        self.lockBits = lockBits
        self.bytesLockedPerBit = bytesLockedPerBit
    }

    public var byteRange: Range<Int> { byteAddress..<byteAddress + byteCount }

    /// Decodes the 3-byte value of a Lock Control (`kind == .lock`) or Memory Control TLV.
    ///
    /// Byte 0: high nibble = page address, low nibble = byte offset in that page; byte 1 = size
    /// (lock bits, or reserved bytes; 0 means 256); byte 2: low nibble = log2(bytes per page),
    /// high nibble = log2(bytes locked per lock bit). NTAG213's factory `A0 0C 34`: page 10 of
    /// 16-byte pages = byte 160, 12 lock bits in 2 bytes, 8 bytes per bit.
    public static func decode(kind: Kind, value: [UInt8]) -> ControlArea? {
        guard value.count == 3 else { return nil }
        let pageAddress = Int(value[0] >> 4)
        let byteOffset = Int(value[0] & 0x0F)
        let bytesPerPage = 1 << Int(value[2] & 0x0F)
        let size = value[1] == 0 ? 256 : Int(value[1])
        let address = pageAddress * bytesPerPage + byteOffset
        switch kind {
        case .lock:
            return ControlArea(
                kind: .lock, byteAddress: address, byteCount: (size + 7) / 8, lockBits: size,
                bytesLockedPerBit: 1 << Int(value[2] >> 4))
        case .reserved:
            return ControlArea(kind: .reserved, byteAddress: address, byteCount: size)
        }
    }
}
