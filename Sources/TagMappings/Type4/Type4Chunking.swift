/// How many bytes one READ BINARY asks for and one UPDATE BINARY carries on a given tag and
/// carrier (NFC Forum T4T 2.0 §5.4; nfcpy `tt4.py` reads in chunks of MLe and writes in chunks of
/// MLc).
///
/// - Read: MLe, at most 256 (a short Le), and at most `carrierLimit − 2` (the status word shares
///   the response frame).
/// - Write: MLc, at most 255 (a short Lc), and at most `carrierLimit − 5` (CLA INS P1 P2 Lc share
///   the command frame).
///
/// Both are at least 1, whatever the CC or the carrier says, so a plan always progresses.
/// Extended-length APDUs (Android's coding once MLe > 256 or MLc > 255, reference V-T4T-2) are not
/// used: every tag in the catalog takes short APDUs.
public struct Type4Chunking: Sendable, Hashable {
    /// The largest Le of one READ BINARY.
    public var readChunk: Int
    /// The largest Lc of one UPDATE BINARY.
    public var writeChunk: Int

    /// `carrierLimit` is the largest APDU, in bytes, the carrier passes in either direction (a
    /// reader's buffer, a platform API's limit), or `nil` when only the tag limits it.
    public init(cc: Type4CapabilityContainer, carrierLimit: Int? = nil) {
        var read = min(cc.maximumResponseData, 256)
        var write = min(cc.maximumCommandData, 255)
        if let carrierLimit {
            read = min(read, carrierLimit - 2)
            write = min(write, carrierLimit - 5)
        }
        readChunk = max(1, read)
        writeChunk = max(1, write)
    }
}
