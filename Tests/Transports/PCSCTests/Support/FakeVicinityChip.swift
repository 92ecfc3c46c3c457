import TagFrames
import TagTransport

/// A small ISO 15693 chip for these tests (the emulated SLIX2 and ST25DV04K live elsewhere):
/// `blockCount` blocks of `blockSize` bytes; READ SINGLE BLOCK (20), WRITE SINGLE BLOCK (21),
/// READ MULTIPLE BLOCKS (23) and their extended forms (30, 31), answering with the error codes of
/// ISO/IEC 15693-3 table 7: `10` block not available, `12` locked, `13` write failed, `0F` for a
/// read the test marks as failing, `01` for any other command. Can "leave the field".
final class FakeVicinityChip: ISO15693Channel {
    let uid: [UInt8]
    let blockSize: Int
    var memory: [UInt8]
    var lockedBlocks: Set<Int> = []
    var failingWrites: Set<Int> = []
    var failingReads: Set<Int> = []
    var gone = false
    private(set) var requests: [ISO15693Request] = []

    init(uid: [UInt8] = [0xE0, 0x04, 0x01, 0x08, 0x12, 0x34, 0x56, 0x78], blockSize: Int = 4, blockCount: Int = 80) {
        self.uid = uid
        self.blockSize = blockSize
        self.memory = (0..<(blockSize * blockCount)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    }

    var blockCount: Int { memory.count / blockSize }

    func block(_ number: Int) -> [UInt8] {
        Array(memory[(number * blockSize)..<((number + 1) * blockSize)])
    }

    func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        requests.append(request)
        if gone { throw ChannelError.tagLost(command: request.label) }
        let p = request.parameters
        switch request.command {
        case 0x20 where p.count == 1, 0x30 where p.count == 2:
            let number = p.count == 1 ? Int(p[0]) : Int(p[0]) | Int(p[1]) << 8
            guard number < blockCount else { return Self.error(0x10) }
            if failingReads.contains(number) { return Self.error(0x0F) }
            return ISO15693Response(flags: 0x00, payload: block(number))
        case 0x23 where p.count == 2:
            let first = Int(p[0])
            let last = first + Int(p[1])
            guard last < blockCount else { return Self.error(0x10) }
            return ISO15693Response(flags: 0x00, payload: Array(memory[(first * blockSize)..<((last + 1) * blockSize)]))
        case 0x21 where p.count == 1 + blockSize, 0x31 where p.count == 2 + blockSize:
            let width = request.command == 0x21 ? 1 : 2
            let number = width == 1 ? Int(p[0]) : Int(p[0]) | Int(p[1]) << 8
            guard number < blockCount else { return Self.error(0x10) }
            if lockedBlocks.contains(number) { return Self.error(0x12) }
            if failingWrites.contains(number) { return Self.error(0x13) }
            memory.replaceSubrange((number * blockSize)..<((number + 1) * blockSize), with: p[width...])
            return ISO15693Response(flags: 0x00, payload: [])
        default:
            return Self.error(0x01)
        }
    }

    static func error(_ code: UInt8) -> ISO15693Response {
        ISO15693Response(flags: 0x01, payload: [code])
    }
}
