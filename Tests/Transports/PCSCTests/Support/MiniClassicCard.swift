import TagTransport

/// A small MIFARE Classic 1K for the PC/SC tests: one key A per sector, no access bits, no key B
/// rules. It answers as the ``ClassicChannel`` contract says (`63 00` a refused key, `69 82` a
/// block outside the authenticated sector, `6A 82` past the card), enough to check the bytes
/// both sides of the reader exchange. The emulator's Classic carries the full rules.
final class MiniClassicCard: ClassicChannel {
    let uid: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF]
    let blockCount = 64
    var blocks = [[UInt8]](repeating: [UInt8](repeating: 0, count: 16), count: 64)
    var keyA: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    var isPresent = true
    private var slots: [UInt8: [UInt8]] = [:]
    private var sector: Int?

    func loadKey(_ key: [UInt8], slot: UInt8) async throws(ChannelError) {
        guard slot <= 1 else { throw .statusWord(sw1: 0x63, sw2: 0x00, command: ClassicCommand.loadKey(slot: slot)) }
        slots[slot] = key
    }

    func authenticate(block: Int, role: ClassicKeyRole, slot: UInt8) async throws(ChannelError) {
        let label = ClassicCommand.authenticate(block: block, role: role)
        guard isPresent else { throw .tagLost(command: label) }
        sector = nil
        guard block < 64 else { throw .statusWord(sw1: 0x6A, sw2: 0x82, command: label) }
        guard role == .a, slots[slot] == keyA else { throw .statusWord(sw1: 0x63, sw2: 0x00, command: label) }
        sector = block / 4
    }

    func readBlock(_ block: Int) async throws(ChannelError) -> [UInt8] {
        let label = ClassicCommand.read(block: block)
        guard isPresent else { throw .tagLost(command: label) }
        guard block < 64 else { throw .statusWord(sw1: 0x6A, sw2: 0x82, command: label) }
        guard sector == block / 4 else { throw .statusWord(sw1: 0x69, sw2: 0x82, command: label) }
        return blocks[block]
    }

    func writeBlock(_ block: Int, _ data: [UInt8]) async throws(ChannelError) {
        let label = ClassicCommand.write(block: block)
        guard isPresent else { throw .tagLost(command: label) }
        guard block < 64 else { throw .statusWord(sw1: 0x6A, sw2: 0x82, command: label) }
        guard sector == block / 4 else { throw .statusWord(sw1: 0x69, sw2: 0x82, command: label) }
        blocks[block] = data
    }
}
