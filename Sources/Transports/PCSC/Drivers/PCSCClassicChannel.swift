import TagFrames
import TagTransport
import TapCardSupport

/// A MIFARE Classic card behind a PC/SC contactless reader, as a ``/TagTransport/ClassicChannel``:
/// each operation is one PC/SC Part 3 storage-card APDU (PC/SC Part 3 §3.2.2.1; the ACR122U,
/// OMNIKEY 5x22 and SpringCard manuals give the same bytes):
///
/// - LOAD KEYS `FF 82 00 slot 06 key` (P1 `00`: the reader's volatile memory);
/// - GENERAL AUTHENTICATE `FF 86 00 00 05 01 00 block 60|61 slot` (version `01`, block MSB and
///   LSB, key type `60` key A or `61` key B, the key slot);
/// - READ BINARY `FF B0 00 block 10`, UPDATE BINARY `FF D6 00 block 10 data`.
///
/// Status words become ``/TagTransport/ChannelError`` cases labelled with the command and its
/// block (``/TagTransport/ClassicCommand``): `90 00` is success; `6A 81`, `6D 00`, `6E 00`,
/// `68 00`, `69 81` (the reader has no such command) are
/// ``/TagTransport/ChannelError/unsupported(command:reason:)``; every other word (`63 00`
/// authentication or operation failed, `69 82` security status not satisfied, `6A 82` no such
/// block, `65 81` memory failure…) is the card's or reader's refusal,
/// ``/TagTransport/ChannelError/statusWord(sw1:sw2:command:)``, kept as it came. A card that goes
/// away becomes ``/TagTransport/ChannelError/tagLost(command:)``.
public final class PCSCClassicChannel<Channel: APDUChannel>: ClassicChannel {
    public let channel: Channel
    /// A name for messages (the reader's).
    public let readerName: String
    public let uid: [UInt8]
    public let blockCount: Int

    public init(channel: Channel, readerName: String, uid: [UInt8], blockCount: Int) {
        self.channel = channel
        self.readerName = readerName
        self.uid = uid
        self.blockCount = blockCount
    }

    public func loadKey(_ key: [UInt8], slot: UInt8) async throws(ChannelError) {
        let label = ClassicCommand.loadKey(slot: slot)
        guard key.count == 6 else {
            throw ChannelError.unsupported(command: label, reason: "a MIFARE Classic key has 6 bytes, not \(key.count)")
        }
        _ = try await exchange([0xFF, 0x82, 0x00, slot, 0x06] + key, command: label, expecting: 0)
    }

    public func authenticate(block: Int, role: ClassicKeyRole, slot: UInt8) async throws(ChannelError) {
        let label = ClassicCommand.authenticate(block: block, role: role)
        let apdu: [UInt8] = [
            0xFF, 0x86, 0x00, 0x00, 0x05, 0x01, UInt8(block >> 8 & 0xFF), UInt8(block & 0xFF), role.opcode, slot,
        ]
        _ = try await exchange(apdu, command: label, expecting: 0)
    }

    public func readBlock(_ block: Int) async throws(ChannelError) -> [UInt8] {
        let apdu: [UInt8] = [0xFF, 0xB0, UInt8(block >> 8 & 0xFF), UInt8(block & 0xFF), 0x10]
        return try await exchange(apdu, command: ClassicCommand.read(block: block), expecting: 16)
    }

    public func writeBlock(_ block: Int, _ data: [UInt8]) async throws(ChannelError) {
        let label = ClassicCommand.write(block: block)
        guard data.count == 16 else {
            throw ChannelError.unsupported(
                command: label, reason: "a MIFARE Classic block has 16 bytes, not \(data.count)")
        }
        let apdu: [UInt8] = [0xFF, 0xD6, UInt8(block >> 8 & 0xFF), UInt8(block & 0xFF), 0x10] + data
        _ = try await exchange(apdu, command: label, expecting: 0)
    }

    /// One APDU: its data (`expecting` bytes), or the status word or transport failure as an error.
    private func exchange(_ apdu: [UInt8], command: CommandLabel, expecting: Int) async throws(ChannelError)
        -> [UInt8]
    {
        let response: [UInt8]
        do {
            response = try await channel.transmit(apdu)
        } catch {
            throw PCSCChannelError.from(error, command: command)
        }
        // No status word at all: the card did not answer (pcscd returns nothing when vpcd's card leaves).
        guard !response.isEmpty else { throw ChannelError.tagLost(command: command) }
        guard response.count >= 2 else {
            throw ChannelError.malformedResponse(command: command, received: response.count, expected: expecting + 2)
        }
        let sw1 = response[response.count - 2]
        let sw2 = response[response.count - 1]
        switch (sw1, sw2) {
        case (0x90, 0x00):
            let data = Array(response.dropLast(2))
            guard data.count == expecting else {
                throw ChannelError.malformedResponse(command: command, received: data.count, expected: expecting)
            }
            return data
        case (0x6A, 0x81), (0x6D, 0x00), (0x6E, 0x00), (0x68, 0x00), (0x69, 0x81):
            throw ChannelError.unsupported(
                command: command,
                reason:
                    "the reader '\(readerName)' answered \(Hex.encode([apdu[0], apdu[1]], uppercase: true, separator: " ")) with \(Hex.encode([sw1, sw2], uppercase: true, separator: " ")): it has no such MIFARE Classic command"
            )
        default:
            throw ChannelError.statusWord(sw1: sw1, sw2: sw2, command: command)
        }
    }
}
