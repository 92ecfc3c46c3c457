/// A connection to the card in one reader (`SCardConnect`, shared). Disconnected (leaving the
/// card as it is) when the object goes away or on ``disconnect()``.
public final class PCSCCard: APDUChannel {
    private let context: PCSCContext
    private var handle: PCSCHandle?
    private var activeProtocol: PCSCDword
    public let reader: String
    /// The answer to reset PC/SC reported when the card was connected.
    public let atr: [UInt8]

    init(context: PCSCContext, handle: PCSCHandle, activeProtocol: PCSCDword, reader: String, atr: [UInt8]) {
        self.context = context
        self.handle = handle
        self.activeProtocol = activeProtocol
        self.reader = reader
        self.atr = atr
    }

    deinit {
        if let handle { _ = context.library.disconnect(handle, PCSCConstant.leaveCard) }
    }

    /// Sends one command APDU and returns the response APDU (data and status word).
    public func transmit(_ apdu: [UInt8]) throws(PCSCError) -> [UInt8] {
        guard let handle else { throw PCSCError.call(function: "SCardTransmit", code: 0x8010_0003) }
        guard !apdu.isEmpty else { throw PCSCError.call(function: "SCardTransmit", code: 0x8010_0004) }
        // 258 bytes hold any short-APDU response (256 data bytes + SW1 SW2).
        var response = [UInt8](repeating: 0, count: 258)
        var length = PCSCDword(response.count)
        let rc = apdu.withUnsafeBufferPointer { command in
            response.withUnsafeMutableBufferPointer { out in
                context.library.transmit(
                    handle, activeProtocol, command.baseAddress!, PCSCDword(command.count), out.baseAddress!, &length)
            }
        }
        try PCSCContext.check(rc, "SCardTransmit", reader: reader)
        return Array(response.prefix(min(Int(length), response.count)))
    }

    /// Resets the card and connects again with the protocol it had.
    public func reset() throws(PCSCError) {
        guard let handle else { throw PCSCError.call(function: "SCardReconnect", code: 0x8010_0003) }
        var active: PCSCDword = 0
        let rc = context.library.reconnect(
            handle, PCSCConstant.shareShared, PCSCConstant.protocolT0 | PCSCConstant.protocolT1, PCSCConstant.resetCard,
            &active)
        try PCSCContext.check(rc, "SCardReconnect", reader: reader)
        activeProtocol = active
    }

    /// Ends the connection, leaving the card powered.
    public func disconnect() {
        if let handle { _ = context.library.disconnect(handle, PCSCConstant.leaveCard) }
        handle = nil
    }
}
