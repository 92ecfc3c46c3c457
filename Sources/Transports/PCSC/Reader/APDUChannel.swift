/// Something that answers ISO 7816 command APDUs as raw bytes: a card in a PC/SC reader, or a
/// stand-in in tests. Inside the PC/SC transport only; workflows see ``/TagTransport/ISODepChannel``
/// or ``/TagTransport/NFCAChannel``.
public protocol APDUChannel: AnyObject {
    /// Sends one command APDU and returns the response APDU, status word last.
    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8]

    /// Resets the card and connects again (`SCardReconnect` with `SCARD_RESET_CARD`): the reader
    /// takes the tag through activation again, which wakes a Type 2 tag a NAK sent to IDLE.
    func reset() async throws(PCSCError)
}
