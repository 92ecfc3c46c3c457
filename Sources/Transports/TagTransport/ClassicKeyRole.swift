/// Which key of a MIFARE Classic sector trailer an authentication uses: key A (trailer bytes 0–5,
/// air command `60`, PC/SC general authenticate key type `60`) or key B (bytes 10–15, `61`).
public enum ClassicKeyRole: String, Sendable, Equatable, Hashable, CaseIterable {
    case a = "key-a"
    case b = "key-b"

    /// The MIFARE Classic AUTHENTICATE opcode, which PC/SC Part 3's GENERAL AUTHENTICATE also
    /// uses as its key type byte: `60` key A, `61` key B (MF1S50 datasheet §9.4, PC/SC Part 3 §3.2.2.1.6).
    public var opcode: UInt8 { self == .a ? 0x60 : 0x61 }

    /// "key A", "key B".
    public var displayName: String { self == .a ? "key A" : "key B" }
}
