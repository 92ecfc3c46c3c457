import TLVArea
import TagWorkflows
import Testing
import Type2

/// Every state the NFC Forum TLV mappings distinguish is reported as itself (issue 39, item 7):
/// a formatted area with no NDEF Message TLV is not an empty message, and a control TLV of the
/// wrong length, or one a mapping does not have, is a malformed TLV, never an interrupted write.
@Suite struct TLVAreaStateTests {
    /// Pages 0–3 of a tag with a 64-byte data area (CC E1 10 08 00), then `data`.
    func type2(_ data: [UInt8]) -> Type2Snapshot {
        var memory = [UInt8](repeating: 0, count: 16 + 64)
        memory.replaceSubrange(12..<16, with: [0xE1, 0x10, 0x08, 0x00])
        memory.replaceSubrange(16..<16 + data.count, with: data)
        return Type2Snapshot(memory: memory, model: nil)
    }

    @Test func terminatorFirstIsNoNDEFMessageTLV() throws {
        let content = NDEFContent.from(type2([0xFE]))
        guard case .noNDEFMessageTLV(let statement) = content else {
            Issue.record("\(content)")
            return
        }
        #expect(statement.contains("a Terminator TLV at page 4 byte 0"))
        #expect(statement.contains("tapcard write creates the NDEF Message TLV at page 4 byte 0"))
        #expect(content.message == nil)
    }

    @Test func onlyNULLTLVsIsNoNDEFMessageTLV() {
        guard case .noNDEFMessageTLV(let statement) = NDEFContent.from(type2([])) else {
            Issue.record("not no-NDEF-TLV")
            return
        }
        #expect(statement.contains("only NULL TLVs (64 of them)"))
    }

    /// `01 04 A0 0C 34 00` (length 4) and `02 02 A0 0C` (length 2) before a valid NDEF TLV.
    @Test(
        arguments: [
            ([0x01, 0x04, 0xA0, 0x0C, 0x34, 0x00, 0x03, 0x00, 0xFE], "Lock Control TLV (type 01)", 4),
            ([0x00, 0x02, 0x02, 0xA0, 0x0C, 0x03, 0x00, 0xFE], "Memory Control TLV (type 02)", 2),
        ] as [([UInt8], String, Int)])
    func controlTLVOfTheWrongLengthIsMalformed(_ data: [UInt8], name: String, length: Int) {
        let content = NDEFContent.from(type2(data))
        guard case .malformed(let error) = content else {
            Issue.record("\(content)")
            return
        }
        let offset = data[0] == 0 ? 1 : 0
        #expect(
            error.sentence.contains(
                "\(name) at page 4 byte \(offset) (data-area offset \(offset)) has a \(length)-byte value"))
        #expect(!error.sentence.contains("holds an interrupted write"))
        // The NDEF TLV goes where the walk found no valid control TLV before it: page 4 byte 0.
        #expect(error.sentence.contains("tapcard write puts the NDEF Message TLV at page 4 byte 0"))
    }

    /// A Type 5 area (no control TLVs) holding `01 03 …` first: a TLV type the mapping does not
    /// have, named with its block, not an interrupted write.
    @Test func controlTLVOnType5IsMalformed() {
        var memory = [UInt8](repeating: 0, count: 4 + 32)
        memory.replaceSubrange(0..<4, with: [0xE1, 0x40, 0x04, 0x00])
        memory.replaceSubrange(4..<13, with: [0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE, 0x00])
        let walk = TLVWalk.walk(
            memory: memory, area: DataArea(start: 4, end: 36, unitSize: 4), controlTLVs: .refused)
        let content = NDEFContent.from(walk: walk, places: .blocks(size: 4), mapping: .type5)
        guard case .malformed(let error) = content else {
            Issue.record("\(content)")
            return
        }
        #expect(error.sentence.contains("at block 1 byte 0 (data-area offset 0) has type 01 (Lock Control)"))
        #expect(error.sentence.contains("the NFC Forum Type 5 mapping does not have"))
    }

    /// A MIFARE Classic NDEF area whose TLVs end before any NDEF Message TLV: named with the
    /// card's own block number.
    @Test func classicTerminatorFirstNamesTheCardBlock() {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes[2] = 0xFE
        let walk = TLVWalk.walk(
            memory: bytes, area: DataArea(start: 0, end: 32, unitSize: 16), controlTLVs: .refused)
        let content = NDEFContent.from(walk: walk, places: .classicBlocks([4, 5]), mapping: .classic)
        guard case .noNDEFMessageTLV(let statement) = content else {
            Issue.record("\(content)")
            return
        }
        #expect(statement.contains("2 NULL TLVs, then a Terminator TLV at block 4 byte 2"))
    }
}
