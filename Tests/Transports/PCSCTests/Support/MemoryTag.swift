import TagTransport

/// A minimal NTAG213-shaped tag for these tests (the full emulator lives in TagEmulator): READ with
/// roll-over, WRITE with NAK 0 beyond the end or on a page marked locked, GET_VERSION, and a NAK
/// for anything else. Written from the NTAG213/215/216 datasheet §10 command set.
final class MemoryTag: NFCAChannel {
    /// No IDLE state to leave: a fake answers whenever it is asked.
    func reactivate() async throws(ChannelError) {}
    var memory: [UInt8]
    var lockedPages: Set<Int> = []
    /// Answer FAST_READ (`3A start end`, NTAG21x datasheet §10.3); off, the tag NAKs it.
    var supportsFastRead = false
    private(set) var commands: [[UInt8]] = []
    static let version: [UInt8] = [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03]

    init(memory: [UInt8]) {
        self.memory = memory
    }

    /// An NTAG213 image: UID 04 11 22 33 44 55 66 with correct BCCs, CC E1 10 12 00, empty NDEF TLV.
    static func ntag213() -> MemoryTag {
        var memory = [UInt8](repeating: 0, count: 180)
        let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        memory[0..<3] = uid[0..<3]
        memory[3] = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
        memory[4..<8] = uid[3..<7]
        memory[8] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        memory[12..<16] = [0xE1, 0x10, 0x12, 0x00]
        memory[16..<19] = [0x03, 0x00, 0xFE]
        return MemoryTag(memory: memory)
    }

    var pageCount: Int { memory.count / 4 }

    func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        commands.append(command)
        switch command.first {
        case 0x30 where command.count == 2:
            let page = Int(command[1])
            guard page < pageCount else { throw ChannelError.nak(code: 0, command: 0x30) }
            return (0..<16).map { memory[(page * 4 + $0) % memory.count] }
        case 0xA2 where command.count == 6:
            let page = Int(command[1])
            guard page >= 2, page < pageCount, !lockedPages.contains(page) else {
                throw ChannelError.nak(code: 0, command: 0xA2)
            }
            memory.replaceSubrange((page * 4)..<(page * 4 + 4), with: command[2..<6])
            return [0x0A]
        case 0x3A where command.count == 3 && supportsFastRead:
            let start = Int(command[1])
            let end = Int(command[2])
            guard start <= end, end < pageCount else { throw ChannelError.nak(code: 0, command: 0x3A) }
            return Array(memory[(start * 4)..<((end + 1) * 4)])
        case 0x60 where command.count == 1:
            return Self.version
        case let opcode?:
            throw ChannelError.nak(code: 0, command: .nfcA(opcode))
        case nil:
            throw ChannelError.nak(code: 0, command: 0)
        }
    }
}
