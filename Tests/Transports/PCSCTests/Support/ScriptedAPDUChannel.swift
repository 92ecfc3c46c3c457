import PCSCTransport

/// An APDU channel that answers with a closure: a reader whose every answer the test chooses
/// (a bridge, a status word, silence, a PC/SC failure). Logs what was sent.
final class ScriptedAPDUChannel: APDUChannel {
    var answer: ([UInt8]) async throws(PCSCError) -> [UInt8]
    private(set) var log: [[UInt8]] = []

    init(answer: @escaping ([UInt8]) async throws(PCSCError) -> [UInt8]) {
        self.answer = answer
    }

    func reset() async throws(PCSCError) {}

    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8] {
        log.append(apdu)
        return try await answer(apdu)
    }
}
