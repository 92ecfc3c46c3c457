/// Something that answers ISO 7816 command APDUs: a card in a PC/SC reader, or a stand-in in tests.
public protocol APDUChannel: AnyObject {
    /// Sends one command APDU and returns the response APDU, status word last.
    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8]
}
