import PCSCTransport
import TagTransport

/// An APDU channel that answers with a ``StorageCardBridge``: the reader and the card of the
/// real stack, minus pcscd. Can refuse pass-through (a reader without it) and "lose" the card.
final class BridgeChannel<Tag: NFCAChannel>: APDUChannel {
    let bridge: StorageCardBridge<Tag>
    var refusesPassThrough = false
    /// After this many APDUs the card is gone.
    var removeAfter: Int?
    private(set) var log: [[UInt8]] = []

    init(bridge: StorageCardBridge<Tag>) {
        self.bridge = bridge
    }

    /// A card reset reaches the tag as a new activation (vpcd's reset does the same).
    func reset() async throws(PCSCError) {
        if let removeAfter, log.count >= removeAfter { throw PCSCError.cardRemoved(reader: "test") }
        try? await bridge.tag.reactivate()
    }

    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8] {
        if let removeAfter, log.count >= removeAfter { throw PCSCError.cardRemoved(reader: "test") }
        log.append(apdu)
        if refusesPassThrough, apdu.starts(with: [0xFF, 0x00, 0x00, 0x00]) { return [0x6D, 0x00] }
        return await bridge.respond(to: apdu)
    }
}
