import NDEF

/// A profile encoded one way: the NDEF message bytes that would be written, and how they fit.
public struct EncodedCard: Sendable, Equatable {
    public let format: CardFormat
    /// The whole NDEF message as it would be written (no TLV framing).
    public let messageBytes: [UInt8]
    public let verdict: FitVerdict

    public var size: Int { messageBytes.count }
    public var fits: Bool { verdict.fits }
}
