import TagFrames
import TagTransport
import TapCardSupport

/// A Type 2 tag behind a PC/SC contactless reader, as a ``/TagTransport/NFCAChannel``: raw NFC-A commands are
/// translated into PC/SC Part 3 storage-card APDUs, so the tag engine's workflows run unchanged.
///
/// - `30 p` READ → `FF B0 00 p 10` (16 bytes, rolling over at the end of memory as the tag does);
/// - `A2 p d0 d1 d2 d3` WRITE → `FF D6 00 p 04 d0…d3`, answered with the ACK `0A`;
/// - `3A s e` FAST_READ → through the reader's pass-through, else a run of `FF B0` reads;
/// - GET_VERSION `60`, READ_SIG `3C`, PWD_AUTH `1B` and anything else → the ACR122U-class
///   pass-through `FF 00 00 00 Lc D4 42 <command>` (PN53x InCommunicateThru). A reader that
///   refuses it is remembered, and those commands then throw ``/TagTransport/ChannelError/unsupported(command:reason:)``.
///
/// Status words: `6A 82` (address out of range) becomes the tag's NAK 0 as the tag itself would
/// answer; `69 82` (security status: locked) and other error words stay status words (the tag or
/// reader refused). A card or reader that goes away becomes ``/TagTransport/ChannelError/tagLost(command:)``.
public final class StorageCardTransport<Channel: APDUChannel>: NFCAChannel {
    public let channel: Channel
    /// A name for messages (the reader's).
    public let readerName: String
    /// `nil` until the first pass-through attempt; then whether the reader offers it.
    public private(set) var passThroughAvailable: Bool?

    public init(channel: Channel, readerName: String, passThroughAvailable: Bool? = nil) {
        self.channel = channel
        self.readerName = readerName
        self.passThroughAvailable = passThroughAvailable
    }

    /// The card's UID (`FF CA 00 00 00`).
    public func uid() async throws(ChannelError) -> [UInt8] {
        let label = CommandLabel.apdu(cla: 0xFF, ins: 0xCA, p1: 0x00, p2: 0x00)
        let response = try await exchange([0xFF, 0xCA, 0x00, 0x00, 0x00], command: label)
        return try Self.data(of: response, command: label)
    }

    public func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        guard let opcode = command.first else {
            throw ChannelError.malformedResponse(command: 0, received: 0, expected: 1)
        }
        switch opcode {
        case 0x30 where command.count == 2:
            return try await readFourPages(command[1], command: 0x30)
        case 0xA2 where command.count == 6:
            let apdu: [UInt8] = [0xFF, 0xD6, 0x00, command[1], 0x04] + command[2..<6]
            let response = try await exchange(apdu, command: 0xA2)
            _ = try Self.data(of: response, command: 0xA2)
            return [0x0A]
        case 0x3A where command.count == 3:
            if passThroughAvailable != false {
                do {
                    return try await fastReadThrough(start: command[1], end: command[2])
                } catch .unsupported {
                    // Fall through to plain reads below.
                }
            }
            return try await fastReadByPages(start: command[1], end: command[2])
        default:
            return try await passThrough(command)
        }
    }

    /// Resets the card through the reader, which activates the tag again (WUPA, SELECT).
    public func reactivate() async throws(ChannelError) {
        do {
            try await channel.reset()
        } catch {
            throw Self.transportError(error, command: nil)
        }
    }

    private func readFourPages(_ page: UInt8, command: CommandLabel) async throws(ChannelError) -> [UInt8] {
        let response = try await exchange([0xFF, 0xB0, 0x00, page, 0x10], command: command)
        let data = try Self.data(of: response, command: command)
        guard data.count == 16 else {
            throw ChannelError.malformedResponse(command: command, received: data.count, expected: 16)
        }
        return data
    }

    /// Pages per pass-through FAST_READ: the answer must fit a short response APDU with the
    /// `D5 43 status` header (a PN53x frame holds about 250 bytes), so long ranges go in pieces.
    static var fastReadPagesPerExchange: Int { 59 }

    private func fastReadThrough(start: UInt8, end: UInt8) async throws(ChannelError) -> [UInt8] {
        guard start <= end else { return try await passThrough([0x3A, start, end]) }
        var result: [UInt8] = []
        var first = Int(start)
        while first <= Int(end) {
            let last = min(Int(end), first + Self.fastReadPagesPerExchange - 1)
            result += try await passThrough([0x3A, UInt8(first), UInt8(last)])
            first = last + 1
        }
        return result
    }

    private func fastReadByPages(start: UInt8, end: UInt8) async throws(ChannelError) -> [UInt8] {
        guard start <= end else { throw ChannelError.nak(code: 0x0, command: 0x3A) }
        var result: [UInt8] = []
        var page = Int(start)
        while page <= Int(end) {
            let chunk = try await readFourPages(UInt8(page), command: 0x3A)
            let pages = min(4, Int(end) - page + 1)
            result += chunk.prefix(pages * 4)
            page += 4
        }
        return result
    }

    private func passThrough(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        let opcode = CommandLabel.nfcA(command[0])
        if passThroughAvailable == false {
            throw ChannelError.unsupported(
                command: opcode, reason: "the reader '\(readerName)' offers no pass-through for raw tag commands")
        }
        guard command.count <= 250 else {
            throw ChannelError.unsupported(command: opcode, reason: "the command is longer than a short APDU allows")
        }
        let apdu: [UInt8] = [0xFF, 0x00, 0x00, 0x00, UInt8(command.count + 2), 0xD4, 0x42] + command
        let response = try await exchange(apdu, command: opcode)
        guard response.count >= 2 else {
            throw ChannelError.malformedResponse(command: opcode, received: response.count, expected: 2)
        }
        let sw1 = response[response.count - 2]
        let sw2 = response[response.count - 1]
        if sw1 != 0x90 || sw2 != 0x00 {
            if Self.meansNotSupported(sw1, sw2) {
                passThroughAvailable = false
                throw ChannelError.unsupported(
                    command: opcode,
                    reason:
                        "the reader '\(readerName)' offers no pass-through (it answered FF 00 00 00 … D4 42 with \(Self.hex([sw1, sw2])))"
                )
            }
            throw ChannelError.statusWord(sw1: sw1, sw2: sw2, command: opcode)
        }
        // D5 43 <status> <tag's answer>
        let body = Array(response.dropLast(2))
        guard body.count >= 3, body[0] == 0xD5, body[1] == 0x43 else {
            throw ChannelError.malformedResponse(command: opcode, received: body.count, expected: 3)
        }
        passThroughAvailable = true
        let status = body[2] & 0x3F
        guard status == 0 else {
            throw ChannelError.reader(
                code: Int64(status),
                message:
                    "the reader's pass-through reported status 0x\(String(status, radix: 16, uppercase: true))"
                    + (status == 0x01 ? " (the tag did not answer)" : ""))
        }
        let answer = Array(body.dropFirst(3))
        // A lone byte other than the ACK is the tag's 4-bit NAK.
        if answer.count == 1, answer[0] != 0x0A {
            throw ChannelError.nak(code: answer[0] & 0x0F, command: opcode)
        }
        return answer
    }

    private func exchange(_ apdu: [UInt8], command: CommandLabel) async throws(ChannelError) -> [UInt8] {
        let response: [UInt8]
        do {
            response = try await channel.transmit(apdu)
        } catch {
            throw Self.transportError(error, command: command)
        }
        // Every response APDU ends in a status word; none at all means the card did not answer
        // (pcscd hands back an empty response when vpcd's card goes away mid-command).
        guard !response.isEmpty else { throw ChannelError.tagLost(command: command) }
        return response
    }

    /// The data of a response APDU, or the status word as a typed error.
    static func data(of response: [UInt8], command: CommandLabel) throws(ChannelError) -> [UInt8] {
        guard response.count >= 2 else {
            throw ChannelError.malformedResponse(command: command, received: response.count, expected: 2)
        }
        let sw1 = response[response.count - 2]
        let sw2 = response[response.count - 1]
        switch (sw1, sw2) {
        case (0x90, 0x00): return Array(response.dropLast(2))
        case (0x6A, 0x82): throw ChannelError.nak(code: 0x0, command: command)
        default: throw ChannelError.statusWord(sw1: sw1, sw2: sw2, command: command)
        }
    }

    static func transportError(_ error: PCSCError, command: CommandLabel?) -> ChannelError {
        PCSCChannelError.from(error, command: command)
    }

    static func meansNotSupported(_ sw1: UInt8, _ sw2: UInt8) -> Bool {
        switch (sw1, sw2) {
        case (0x6D, 0x00), (0x6E, 0x00), (0x6A, 0x81), (0x68, 0x00), (0x6B, 0x00): true
        default: false
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        Hex.encode(bytes, uppercase: true, separator: " ")
    }
}
