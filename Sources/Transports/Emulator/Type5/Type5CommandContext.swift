/// What the harness tells a Type 5 chip about the request it carries out, and what the chip
/// reports back.
struct Type5CommandContext {
    /// Set when the request is torn in `.corruptedWrite` mode: a block write lands only the first
    /// ⌊n/2⌋ of its n bytes and keeps the old bytes after them.
    var tornWrite = false
    /// When set, writes answer error `13` and locks error `14`, and nothing changes.
    var failWrites = false
    /// The blocks the request programmed (block numbers, in order).
    var programmed: [Int] = []
    /// Other EEPROM programming the request caused (a lock bit, AFI, DSFID), counted like a block.
    var otherProgramming = 0

    /// Every programming operation, for the timing model.
    var programmingOperations: Int { programmed.count + otherProgramming }

    /// Writes `data` (the caller checked the range and the locks) from block `first` on. A torn
    /// write lands the first ⌊n/2⌋ bytes of the range and leaves the rest as it was (a modelling
    /// choice: the datasheets read do not say in which order a chip programs its blocks —
    /// UNVERIFIED).
    mutating func program(_ data: [UInt8], from first: Int, blockSize: Int, memory: inout Type5Memory) {
        guard blockSize > 0, first >= 0 else { return }
        let landed = tornWrite ? data.count / 2 : data.count
        var offset = 0
        while offset < landed {
            let block = first + offset / blockSize
            let column = offset % blockSize
            guard memory.blocks.indices.contains(block), memory.blocks[block].indices.contains(column) else { return }
            memory.blocks[block][column] = data[offset]
            if programmed.last != block { programmed.append(block) }
            offset += 1
        }
    }
}
