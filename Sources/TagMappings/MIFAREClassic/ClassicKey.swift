/// A 6-byte MIFARE Classic key (key A or key B of a sector trailer).
public struct ClassicKey: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The six key bytes. Always 6 (the initialiser pads or cuts).
    public let bytes: [UInt8]

    /// Keeps the first 6 bytes of `bytes`, zero-padded when shorter.
    public init(_ bytes: [UInt8]) {
        self.bytes = Array((bytes + [UInt8](repeating: 0, count: 6)).prefix(6))
    }

    /// Factory (transport) key of every sector: `FFFFFFFFFFFF` (MF1S50 datasheet, delivery state).
    public static let transport = ClassicKey([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    /// Public key A of the MAD sectors: `A0A1A2A3A4A5` (AN10787, AN1304).
    public static let madKeyA = ClassicKey([0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5])
    /// Public key A of the NFC Forum (NDEF) sectors: `D3F7D3F7D3F7` (AN1304).
    public static let ndefKeyA = ClassicKey([0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7])

    /// Lowercase hex, as JSON v1 writes bytes. Only public keys should ever be printed.
    public var description: String {
        bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }
}
