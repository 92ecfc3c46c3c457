import TagFrames
import Testing

@testable import Type3

@Suite struct Type3CommandTests {
    /// nfcpy `tt3.py` read_without_encryption: `01` service, code LSB first, block count, then
    /// 2-byte block list elements `80 nn`.
    @Test func checkListsServiceAndBlocks() {
        let idm: [UInt8] = [0x01, 0x2E, 0x3D, 0x4C, 0x5B, 0x6A, 0x79, 0x88]
        let command = Type3Command.check(idm: idm, service: 0x000B, blocks: [0, 1])
        #expect(command.code == 0x06)
        #expect(command.parameters == [0x01, 0x0B, 0x00, 0x02, 0x80, 0x00, 0x80, 0x01])
    }

    @Test func updateCarriesTheBlockData() {
        let data = [UInt8](repeating: 0xAB, count: 16)
        let command = Type3Command.update(
            idm: [UInt8](repeating: 0, count: 8), service: 0x0009, blocks: [5], data: data)
        #expect(command.code == 0x08)
        #expect(command.parameters == [0x01, 0x09, 0x00, 0x01, 0x80, 0x05] + data)
    }
}
