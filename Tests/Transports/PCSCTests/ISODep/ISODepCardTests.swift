import PCSCTransport
import TagFrames
import TagTransport
import Testing

/// An APDU channel answering from a script, recording what it was sent.
final class ScriptedAPDUs: APDUChannel {
    var answers: [[UInt8]]
    private(set) var sent: [[UInt8]] = []
    init(_ answers: [[UInt8]]) { self.answers = answers }
    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8] {
        sent.append(apdu)
        guard !answers.isEmpty else { throw .cardRemoved(reader: "test") }
        return answers.removeFirst()
    }
    func reset() async throws(PCSCError) {}
}

/// An ISO-DEP tag that echoes the command's header as data, for the bridge.
final class EchoTag: ISODepChannel {
    var gone = false
    func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        if gone { throw .tagLost(command: command.label) }
        return ResponseAPDU(data: [command.cla, command.ins, command.p1, command.p2] + command.data, status: .success)
    }
}

@Suite struct ISODepCardTests {
    @Test func apdusGoThroughAsTheyAreAndStatusWordsAreData() async throws {
        let channel = ScriptedAPDUs([[0x6A, 0x82], [0x01, 0x02, 0x90, 0x00]])
        let card = ISODepCard(channel: channel)
        let refused = try await card.transmit(CommandAPDU(cla: 0, ins: 0xA4, p1: 4, p2: 0, data: [0xD2], le: 256))
        #expect(refused.status == .fileNotFound && refused.data.isEmpty)
        let read = try await card.transmit(CommandAPDU(cla: 0, ins: 0xB0, p1: 0, p2: 0, le: 2))
        #expect(read.data == [1, 2])
        #expect(channel.sent == [[0x00, 0xA4, 0x04, 0x00, 0x01, 0xD2, 0x00], [0x00, 0xB0, 0x00, 0x00, 0x02]])
    }

    @Test func getResponseAndWrongLeAreHandledBelowTheMapping() async throws {
        let channel = ScriptedAPDUs([[0x6C, 0x05], [0x01, 0x02, 0x61, 0x03], [0x03, 0x04, 0x05, 0x90, 0x00]])
        let card = ISODepCard(channel: channel)
        let response = try await card.transmit(CommandAPDU(cla: 0, ins: 0xB0, p1: 0, p2: 0, le: 2))
        #expect(response.data == [1, 2, 3, 4, 5] && response.status == .success)
        #expect(
            channel.sent == [
                [0x00, 0xB0, 0x00, 0x00, 0x02], [0x00, 0xB0, 0x00, 0x00, 0x05], [0x00, 0xC0, 0x00, 0x00, 0x03],
            ]
        )
    }

    @Test func aCardThatVanishesIsALostTagNamingTheCommand() async {
        let card = ISODepCard(channel: ScriptedAPDUs([[]]))
        await #expect(throws: ChannelError.tagLost(command: .apdu(cla: 0, ins: 0xD6, p1: 0, p2: 0))) {
            try await card.transmit(CommandAPDU(cla: 0, ins: 0xD6, p1: 0, p2: 0, data: [0, 0]))
        }
        let removed = ISODepCard(channel: ScriptedAPDUs([]))
        await #expect(throws: ChannelError.tagLost(command: .apdu(cla: 0, ins: 0xB0, p1: 0, p2: 0))) {
            try await removed.transmit(CommandAPDU(cla: 0, ins: 0xB0, p1: 0, p2: 0, le: 1))
        }
    }

    @Test func theBridgeAnswersLikeAReaderForAnISODepCard() async {
        #expect(
            ISODepBridge<EchoTag>.atr(ats: [0x06, 0x77, 0x77, 0x71, 0x02, 0x80]) == [
                0x3B, 0x81, 0x80, 0x01, 0x80, 0x80,
            ])
        // And PC/SC's own classifier takes that ATR for an ISO-DEP card with historical byte 80.
        #expect(CardKind(atr: [0x3B, 0x81, 0x80, 0x01, 0x80, 0x80]) == .isoDep(historicalBytes: [0x80]))
        let tag = EchoTag()
        let bridge = ISODepBridge(tag: tag, uid: [0x04, 1, 2, 3, 4, 5, 6])
        #expect(await bridge.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x00]) == [0x04, 1, 2, 3, 4, 5, 6, 0x90, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x04, 0x10]) == [0x6A, 0x81])
        #expect(await bridge.respond(to: [0x00, 0xA4]) == [0x67, 0x00])
        #expect(
            await bridge.respond(to: [0x00, 0xD6, 0x00, 0x02, 0x01, 0xAA]) == [
                0x00, 0xD6, 0x00, 0x02, 0xAA, 0x90, 0x00,
            ])
        tag.gone = true
        #expect(await bridge.respond(to: [0x00, 0xB0, 0x00, 0x00, 0x02]).isEmpty)
    }
}
