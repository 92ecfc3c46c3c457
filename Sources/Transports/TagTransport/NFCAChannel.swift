import TapCardSupport

/// "Send this NFC-A frame to the tag in the field, get a frame back or a typed failure": the
/// channel of NFC Forum Type 2 tags.
///
/// Commands and responses are raw NFC-A frames without CRC, as a Type 2 tag sees them (`30 04`
/// READ, `A2 05 …` WRITE, `60` GET_VERSION). Conventions every implementation keeps:
/// - a 4-bit ACK is returned as the single byte `0x0A`;
/// - a 4-bit NAK is thrown as ``ChannelError/nak(code:command:)`` (the tag refused);
/// - silence is ``ChannelError/timeout(command:milliseconds:)``, a tag gone is
///   ``ChannelError/tagLost(command:)``: nobody knows whether the command landed.
///
/// A Type 2 tag that NAKs (or, like MIFARE Ultralight, stays silent) drops back to IDLE and
/// answers nothing until it is woken and selected again: ``reactivate()`` does that.
///
/// The emulator, PC/SC (which translates to storage-card APDUs or reader pass-through) and
/// CoreNFC (`sendMiFareCommand`) implement it.
public protocol NFCAChannel: AnyObject {
    /// Sends one command frame to the tag and returns its response frame.
    func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8]

    /// Wakes the tag and selects it again (WUPA, anticollision, SELECT), after a NAK or silence
    /// sent it to IDLE. Any password session is gone afterwards, as on the chip.
    func reactivate() async throws(ChannelError)

    /// True when a NAK leaves the channel usable once ``reactivate()`` ran (the emulator, a PC/SC
    /// reader); false where a NAK ends the connection for good (iOS reports it as "Tag connection
    /// lost" and keeps it dropped for the session), so a driver must not send a command there
    /// that may be refused merely to learn something.
    var survivesRefusal: Bool { get }
}

extension NFCAChannel {
    public var survivesRefusal: Bool { true }
}
