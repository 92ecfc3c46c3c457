import TagFrames
import TagTransport

/// An ISO 14443-4 card on a PC/SC reader as an ``/TagTransport/ISODepChannel``: the reader does
/// the ISO-DEP block framing, so APDUs go through `SCardTransmit` as they are. Two ISO 7816-4
/// transport conventions are handled here, where they belong (T=0 style answers some readers
/// pass on): `61 xx` (more data: GET RESPONSE `00 C0 00 00 xx`) and `6C xx` (wrong Le: the same
/// command again with Le = xx).
public final class ISODepCard<Channel: APDUChannel>: ISODepChannel {
    public let channel: Channel

    public init(channel: Channel) {
        self.channel = channel
    }

    /// A short response APDU: 256 data bytes and the status word (PCSCCard's buffer).
    public var maximumResponseBytes: Int? { 258 }

    public func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        var response = try await exchange(command)
        if response.status.sw1 == 0x6C {
            var again = command
            again.le = response.status.sw2 == 0 ? 256 : Int(response.status.sw2)
            response = try await exchange(again)
        }
        var data = response.data
        // At most 64 GET RESPONSE rounds (16 KiB): a card that keeps answering 61 xx is broken.
        var rounds = 0
        while response.status.sw1 == 0x61, rounds < 64 {
            rounds += 1
            let more = CommandAPDU(
                cla: command.cla & 0x03, ins: 0xC0, p1: 0, p2: 0,
                le: response.status.sw2 == 0 ? 256 : Int(response.status.sw2))
            response = try await exchange(more)
            data += response.data
        }
        return ResponseAPDU(data: data, status: response.status)
    }

    private func exchange(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        let bytes: [UInt8]
        do {
            bytes = try await channel.transmit(command.bytes)
        } catch {
            throw PCSCChannelError.from(error, command: command.label)
        }
        // No status word at all: the card did not answer (pcscd hands back an empty response when
        // vpcd's card goes away mid-command).
        guard !bytes.isEmpty else { throw ChannelError.tagLost(command: command.label) }
        switch ResponseAPDU.parse(bytes) {
        case .success(let response): return response
        case .failure: throw ChannelError.malformedResponse(command: command.label, received: bytes.count, expected: 2)
        }
    }
}
