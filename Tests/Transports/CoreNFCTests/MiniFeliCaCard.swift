import TagFrames
import TagTransport

/// A small FeliCa card for the adapter's tests, until the emulated FeliCa Lite-S is wired in:
/// Polling (`00`) for the system codes it has, Check (`06`) and Update (`08`) of four 16-byte
/// blocks through service `000B` / `0009` (read-only / read-write random service, little endian on
/// the air), with status flags `FF A8` (block number out of range) otherwise. Polling is a
/// ``/TagFrames/FeliCaCommand`` with code `00`, no IDm and the parameters system code (upper byte
/// first), request code, time slot; `FFFF` matches any system. A request code of 1 asks for the
/// system code as request data. A command to another IDm, or a Polling for a system it lacks, gets
/// no answer (a timeout). Every command it receives is logged.
final class MiniFeliCaCard: FeliCaChannel {
    let idm: [UInt8]
    let pmm: [UInt8]
    let systemCodes: [UInt16]
    private(set) var blocks: [[UInt8]]
    private(set) var received: [FeliCaCommand] = []

    init(
        systemCodes: [UInt16] = [0x88B4, 0x12FC], idm: [UInt8] = [0x01, 0x2E, 0x4C, 0x7A, 0x11, 0x22, 0x33, 0x44],
        pmm: [UInt8] = [0x00, 0xF1, 0x00, 0x00, 0x00, 0x01, 0x43, 0x00]
    ) {
        self.systemCodes = systemCodes
        self.idm = idm
        self.pmm = pmm
        self.blocks = (0..<4).map { block in (0..<16).map { UInt8(block * 0x10 + $0) } }
    }

    func send(_ command: FeliCaCommand) async throws(ChannelError) -> FeliCaResponse {
        received.append(command)
        let silence = ChannelError.timeout(command: command.label, milliseconds: 10)
        let p = command.parameters
        if command.code == 0x00 {
            guard command.idm.isEmpty, p.count == 4 else { throw silence }
            let code = UInt16(p[0]) << 8 | UInt16(p[1])
            guard code == 0xFFFF || systemCodes.contains(code) else { throw silence }
            let answered = code == 0xFFFF ? systemCodes[0] : code
            let requestData = p[2] == 1 ? [UInt8(answered >> 8), UInt8(answered & 0xFF)] : []
            return FeliCaResponse(code: 0x01, idm: idm, payload: pmm + requestData)
        }
        guard command.idm == idm else { throw silence }
        switch command.code {
        case 0x06, 0x08:
            guard let list = Self.blockList(p) else { return status(command, 0xFF, 0xA1) }
            guard list.blocks.allSatisfy({ $0 < blocks.count }) else { return status(command, 0xFF, 0xA8) }
            if command.code == 0x06 {
                return FeliCaResponse(
                    code: 0x07, idm: idm,
                    payload: [0x00, 0x00, UInt8(list.blocks.count)] + list.blocks.flatMap { blocks[$0] })
            }
            let data = Array(p[list.end...])
            guard data.count == 16 * list.blocks.count else { return status(command, 0xFF, 0xA1) }
            for (index, block) in list.blocks.enumerated() { blocks[block] = Array(data[index * 16..<index * 16 + 16]) }
            return status(command, 0x00, 0x00)
        default:
            throw silence
        }
    }

    private func status(_ command: FeliCaCommand, _ sf1: UInt8, _ sf2: UInt8) -> FeliCaResponse {
        FeliCaResponse(code: command.code + 1, idm: idm, payload: [sf1, sf2])
    }

    /// One service, then the 2-byte block list elements (`80 nn`); where the block data starts.
    static func blockList(_ p: [UInt8]) -> (blocks: [Int], end: Int)? {
        guard p.count >= 4, p[0] == 1 else { return nil }
        let count = Int(p[3])
        guard p.count >= 4 + 2 * count else { return nil }
        let blocks = (0..<count).map { Int(p[4 + 2 * $0 + 1]) }
        return (blocks, 4 + 2 * count)
    }
}
