import TapCardSupport

/// "Send these bytes to the tag in the field, get bytes back or a typed failure."
///
/// The one seam between everything that is data and everything that touches a radio. Commands
/// and responses are raw NFC-A frames without CRC, as a Type 2 tag sees them (`30 04` READ,
/// `A2 05 …` WRITE, `60` GET_VERSION). Conventions every implementation keeps:
/// - a 4-bit ACK is returned as the single byte `0x0A`;
/// - a 4-bit NAK is thrown as ``TransportError/nak(code:command:)`` (the tag refused);
/// - silence is ``TransportError/timeout(command:milliseconds:)``, a tag gone is
///   ``TransportError/tagLost(command:)``: nobody knows whether the command landed.
///
/// The emulator, PC/SC (which translates to storage-card APDUs or reader pass-through) and
/// CoreNFC (`sendMiFareCommand`) implement it; workflows are generic over it.
public protocol TagTransport: AnyObject {
    /// Sends one command frame to the tag and returns its response frame.
    func transceive(_ command: [UInt8]) async throws(TransportError) -> [UInt8]
}
