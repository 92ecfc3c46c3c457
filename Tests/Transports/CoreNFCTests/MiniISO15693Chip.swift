import TagFrames
import TagTransport

/// A small ISO/IEC 15693 chip for the adapter's tests, until the emulated SLIX2 and ST25DV are
/// wired in: eight 4-byte blocks, READ SINGLE BLOCK (20), WRITE SINGLE BLOCK (21), LOCK BLOCK (22),
/// READ MULTIPLE BLOCKS (23), GET SYSTEM INFO (2B), GET MULTIPLE BLOCK SECURITY STATUS (2C) and one
/// custom command (A5, answering its parameters reversed), with the ISO/IEC 15693-3 error codes
/// `01` (command not supported), `0F` (unknown error), `10` (block not available), `11` (block
/// already locked) and `12` (block locked, cannot be changed). The option flag puts each block's
/// security status byte (`01` locked) first. Every request it receives is logged.
final class MiniISO15693Chip: ISO15693Channel {
    /// NXP (`04`) ICODE-like UID, `E0` first.
    let uid: [UInt8]
    static let blockSize = 4
    static let dsfid: UInt8 = 0x00
    static let afi: UInt8 = 0x00
    static let icReference: UInt8 = 0x01
    static let customCode: UInt8 = 0xA5

    private(set) var blocks: [[UInt8]]
    private(set) var locked: Set<Int>
    private(set) var received: [ISO15693Request] = []

    init(uid: [UInt8] = [0xE0, 0x04, 0x01, 0x08, 0x12, 0x34, 0x56, 0x78], locked: Set<Int> = [7]) {
        self.uid = uid
        self.blocks = (0..<8).map { block in (0..<Self.blockSize).map { UInt8(block * 0x10 + $0) } }
        self.locked = locked
    }

    func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        received.append(request)
        return answer(request)
    }

    static func error(_ code: UInt8) -> ISO15693Response { ISO15693Response(flags: 0x01, payload: [code]) }
    static func ok(_ payload: [UInt8] = []) -> ISO15693Response { ISO15693Response(flags: 0x00, payload: payload) }

    private func block(_ index: Int, option: Bool) -> [UInt8] {
        (option ? [locked.contains(index) ? 0x01 : 0x00] : []) + blocks[index]
    }

    private func answer(_ request: ISO15693Request) -> ISO15693Response {
        let p = request.parameters
        let option = request.flags.contains(.option)
        switch (request.command, p.count) {
        case (0x20, 1):
            guard Int(p[0]) < blocks.count else { return Self.error(0x10) }
            return Self.ok(block(Int(p[0]), option: option))
        case (0x21, 1 + Self.blockSize):
            let index = Int(p[0])
            guard index < blocks.count else { return Self.error(0x10) }
            guard !locked.contains(index) else { return Self.error(0x12) }
            blocks[index] = Array(p.dropFirst())
            return Self.ok()
        case (0x22, 1):
            let index = Int(p[0])
            guard index < blocks.count else { return Self.error(0x10) }
            guard locked.insert(index).inserted else { return Self.error(0x11) }
            return Self.ok()
        case (0x23, 2), (0x2C, 2):
            let first = Int(p[0])
            let last = first + Int(p[1])
            guard last < blocks.count else { return Self.error(0x10) }
            if request.command == 0x2C { return Self.ok((first...last).map { locked.contains($0) ? 0x01 : 0x00 }) }
            return Self.ok((first...last).flatMap { block($0, option: option) })
        case (0x2B, 0):
            // Info flags 0F: DSFID, AFI, memory size, IC reference; UID least significant byte first.
            return Self.ok(
                [0x0F] + uid.reversed() + [
                    Self.dsfid, Self.afi, UInt8(blocks.count - 1), UInt8(Self.blockSize - 1), Self.icReference,
                ])
        case (Self.customCode, _):
            return Self.ok(p.reversed())
        case (0x20...0x2C, _):
            return Self.error(0x0F)
        default:
            return Self.error(0x01)
        }
    }
}
