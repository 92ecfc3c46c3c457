import TagFrames

/// "Send this ISO/IEC 15693 request to the vicinity tag in the field": the channel of NFC Forum
/// Type 5 tags. The request carries flags, command and parameters; the channel inserts the UID
/// when the address flag is set and the IC manufacturer code for custom commands. An error flag
/// in the response is data for the Type 5 mapping to judge.
public protocol ISO15693Channel: AnyObject {
    /// The 8-byte UID, `E0` first as it is written (the air sends it LSB first).
    var uid: [UInt8] { get }

    func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response
}
