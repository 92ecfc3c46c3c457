/// The last block of a sector: key A (bytes 0–5), access bits (6–8), the general purpose byte
/// (9, GPB: free for the application; AN10787 and AN1304 give it meaning) and key B (10–15).
///
/// A trailer read back from a card shows key A as zeros (never readable) and key B as zeros
/// unless the access bits let it be read; parsing does not care what the keys hold.
public struct SectorTrailer: Sendable, Equatable, Hashable {
    public var keyA: ClassicKey
    public var accessBits: AccessBits
    /// The general purpose byte (byte 9).
    public var generalPurposeByte: UInt8
    public var keyB: ClassicKey

    public init(keyA: ClassicKey, accessBits: AccessBits, generalPurposeByte: UInt8, keyB: ClassicKey) {
        self.keyA = keyA
        self.accessBits = accessBits
        self.generalPurposeByte = generalPurposeByte
        self.keyB = keyB
    }

    /// The factory trailer: both keys `FFFFFFFFFFFF`, access bits `FF 07 80`, GPB `69`.
    public static let transport = SectorTrailer(
        keyA: .transport, accessBits: .transport, generalPurposeByte: 0x69, keyB: .transport)

    /// Parses one 16-byte block. Refuses another length and access bytes whose inverted copies disagree.
    public static func parse(_ block: [UInt8]) -> Result<SectorTrailer, SectorTrailerError> {
        guard block.count == ClassicLayout.blockSize else { return .failure(.wrongLength(count: block.count)) }
        switch AccessBits.parse(Array(block[6..<9])) {
        case .failure(let error):
            return .failure(.accessBits(error))
        case .success(let bits):
            return .success(
                SectorTrailer(
                    keyA: ClassicKey(Array(block[0..<6])), accessBits: bits, generalPurposeByte: block[9],
                    keyB: ClassicKey(Array(block[10..<16]))))
        }
    }

    /// The 16 bytes to write.
    public var bytes: [UInt8] { keyA.bytes + accessBits.bytes + [generalPurposeByte] + keyB.bytes }
}
