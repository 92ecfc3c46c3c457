import TagFrames

/// "Send this FeliCa command to the card in the field": the channel of NFC Forum Type 3 tags.
/// The carrier adds the LEN byte and the CRC; the response's status flags are data.
public protocol FeliCaChannel: AnyObject {
    /// The 8-byte manufacture ID the card answered polling with.
    var idm: [UInt8] { get }
    /// The 8-byte manufacture parameter (IC code and timing).
    var pmm: [UInt8] { get }

    func send(_ command: FeliCaCommand) async throws(ChannelError) -> FeliCaResponse
}
