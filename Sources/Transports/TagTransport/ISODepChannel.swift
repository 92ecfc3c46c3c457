import TagFrames

/// "Send this APDU to the ISO-DEP (ISO/IEC 14443-4) tag in the field, get its response": the
/// channel of NFC Forum Type 4 tags (generic T4T, NTAG 424 DNA, DESFire).
///
/// The carrier does the ISO-DEP block framing (PCB, chaining, WTX): PC/SC readers and CoreNFC
/// both deliver whole APDUs. The status word is data: the Type 4 mapping decides which status
/// words are refusals. Only a failure of the carrier (no answer, the tag gone) is thrown.
public protocol ISODepChannel: AnyObject {
    /// The largest response APDU (data + SW) the carrier takes in one exchange, when it has a limit
    /// below the 256 + 2 bytes of a short APDU; `nil` when it does not.
    var maximumResponseBytes: Int? { get }

    /// Sends one command APDU and returns the tag's response.
    func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU
}

extension ISODepChannel {
    public var maximumResponseBytes: Int? { nil }
}
