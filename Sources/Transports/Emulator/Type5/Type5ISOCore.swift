import TagCatalog
import TagFrames

/// The ISO/IEC 15693-3 part both emulated Type 5 chips share: the request flags and the VICC
/// state (Ready, Selected, Quiet), the mandatory and optional commands `01`, `02`, `20`–`2C`, and
/// the extended commands `30`–`34`, `3B`, `3C` on chips that have them. The chips
/// (``ICODESLIX2Chip``, ``ST25DV04KChip``) add their custom commands. Nothing here reads a Type 5
/// mapping: the facts are the catalog's (``/TagCatalog/Type5Facts``), the behaviour is written from
/// shared/reference/type4-type5-ntag424.md §3.1–3.2 and Flipper Zero's listener
/// (`lib/nfc/protocols/iso15693_3/iso15693_3_listener_i.c`), where this file departs from the
/// listener it says so.
///
/// Rules (sources as above):
/// - Inventory flag set: only INVENTORY (`01`) is answered; a quiet chip stays silent.
/// - Select and address flags together: silence. Addressed to another UID: silence (and a SELECT
///   for another UID drops a selected chip back to Ready, as Flipper's listener does). Select
///   flag while not Selected: silence. Quiet: only addressed requests are answered (ISO/IEC
///   15693-3 §8.3; Flipper's listener tests this the other way round, which looks like a bug).
/// - Custom commands (`A0`–`DF`) with another IC manufacturer code: silence (Flipper's listener).
/// - Option flag: reads put a block security status byte (`00`, `01` locked) before each block.
///   On write-alike commands (writes, locks, AFI/DSFID) a real VICC answers only after a separate
///   EOF from the reader; the emulator accepts the flag and answers at once.
/// - Protocol extension flag: ignored (both chips have at most 256 blocks).
/// - Errors: flags `01` and the code (``Type5ErrorCode``), in every addressing mode.
struct Type5ISOCore: Sendable {
    let facts: Type5Facts
    let uid: [UInt8]
    private(set) var state: Type5VICCState = .ready

    init(facts: Type5Facts, uid: [UInt8]) {
        self.facts = facts
        self.uid = uid
    }

    mutating func reset() { state = .ready }

    /// What to do with a request after the flags and the state have been looked at.
    enum Admission {
        case silent
        /// Carry it out (`addressed`: the address flag was set and the UID was ours).
        case proceed(addressed: Bool)
    }

    static func error(_ code: Type5ErrorCode) -> ISO15693Response {
        ISO15693Response(flags: 0x01, payload: [code.rawValue])
    }

    static func done(_ payload: [UInt8] = []) -> ISO15693Response { ISO15693Response(flags: 0x00, payload: payload) }

    /// Flags and state, before any command runs.
    mutating func admit(_ air: Type5AirRequest) -> Admission {
        let flags = air.request.flags
        if flags.contains(.inventory) { return state == .quiet ? .silent : .proceed(addressed: false) }
        let addressed = flags.contains(.address)
        let selected = flags.contains(.select)
        if addressed && selected { return .silent }
        if addressed {
            guard air.addressedUID == uid else {
                if air.request.command == 0x25, state == .selected { state = .ready }
                return .silent
            }
        } else if selected {
            guard state == .selected else { return .silent }
        } else if state == .quiet {
            return .silent
        }
        if air.request.isCustom, air.manufacturerCode != facts.manufacturerCode { return .silent }
        return .proceed(addressed: addressed)
    }

    /// INVENTORY (`01`) with the inventory flag: `[AFI] MaskLength Mask` → DSFID and the UID,
    /// LSB first. The mask is compared with the UID's least significant bits; an AFI that matches
    /// neither the chip's family nor its subfamily (`0` is a wildcard nibble) stays silent; a
    /// malformed request stays silent (Flipper's listener).
    func inventory(_ request: ISO15693Request, memory: Type5Memory) -> ISO15693Response? {
        guard request.command == 0x01 else { return nil }
        var parameters = request.parameters[...]
        if request.flags.contains(.select) {  // bit 5 is "AFI present" when the inventory flag is set
            guard let afi = parameters.popFirst() else { return nil }
            let familyMatches = afi >> 4 == 0 || afi >> 4 == memory.afi >> 4
            let subfamilyMatches = afi & 0x0F == 0 || afi & 0x0F == memory.afi & 0x0F
            guard familyMatches && subfamilyMatches else { return nil }
        }
        guard let maskLength = parameters.popFirst().map(Int.init), maskLength <= 64,
            parameters.count == (maskLength + 7) / 8
        else { return nil }
        let lsbFirst = Array(uid.reversed())
        let mask = Array(parameters)
        for bit in 0..<maskLength {
            let mine = lsbFirst[bit / 8] >> (bit % 8) & 1
            let theirs = mask[bit / 8] >> (bit % 8) & 1
            guard mine == theirs else { return nil }
        }
        return Self.done([memory.dsfid] + lsbFirst)
    }

    /// The standard and extended commands; `nil` for silence. Custom commands are the chip's.
    mutating func standard(
        _ request: ISO15693Request, addressed: Bool, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response? {
        let parameters = request.parameters
        let option = request.flags.contains(.option)
        switch request.command {
        case 0x02:
            guard addressed else { return nil }
            state = .quiet
            return nil
        case 0x20: return readSingle(parameters, width: 1, option: option, memory: memory)
        case 0x21: return writeSingle(parameters, width: 1, memory: &memory, context: &context)
        case 0x22: return lock(parameters, width: 1, memory: &memory, context: &context)
        case 0x23: return readMultiple(parameters, width: 1, option: option, memory: memory)
        case 0x24: return writeMultiple(parameters, width: 1, memory: &memory, context: &context)
        case 0x25:
            guard addressed else { return nil }
            state = .selected
            return Self.done()
        case 0x26:
            state = .ready
            return Self.done()
        case 0x27, 0x29:
            guard parameters.count == 1 else { return Self.error(.notRecognised) }
            let isAFI = request.command == 0x27
            if isAFI ? memory.afiLocked : memory.dsfidLocked { return Self.error(.blockLocked) }
            if context.failWrites { return Self.error(.writeFailed) }
            if isAFI { memory.afi = parameters[0] } else { memory.dsfid = parameters[0] }
            context.otherProgramming += 1
            return Self.done()
        case 0x28, 0x2A:
            guard parameters.isEmpty else { return Self.error(.notRecognised) }
            let isAFI = request.command == 0x28
            if isAFI ? memory.afiLocked : memory.dsfidLocked { return Self.error(.alreadyLocked) }
            if context.failWrites { return Self.error(.lockFailed) }
            if isAFI { memory.afiLocked = true } else { memory.dsfidLocked = true }
            context.otherProgramming += 1
            return Self.done()
        case 0x2B:
            guard parameters.isEmpty else { return Self.error(.notRecognised) }
            return Self.done(systemInformation(infoFlags: 0x0F, memory: memory, extended: false))
        case 0x2C: return securityStatus(parameters, width: 1, memory: memory)
        case 0x30 where facts.supportsExtendedCommands:
            return readSingle(parameters, width: 2, option: option, memory: memory)
        case 0x31 where facts.supportsExtendedCommands:
            return writeSingle(parameters, width: 2, memory: &memory, context: &context)
        case 0x32 where facts.supportsExtendedCommands:
            return lock(parameters, width: 2, memory: &memory, context: &context)
        case 0x33 where facts.supportsExtendedCommands:
            return readMultiple(parameters, width: 2, option: option, memory: memory)
        case 0x34 where facts.supportsExtendedCommands:
            return writeMultiple(parameters, width: 2, memory: &memory, context: &context)
        case 0x3B where facts.supportsExtendedCommands:
            guard parameters.count == 1 else { return Self.error(.notRecognised) }
            return Self.done(systemInformation(infoFlags: parameters[0] & 0x0F, memory: memory, extended: true))
        case 0x3C where facts.supportsExtendedCommands:
            return securityStatus(parameters, width: 2, memory: memory)
        default:
            return Self.error(.notSupported)
        }
    }

    /// GET SYSTEM INFO (`2B`): InfoFlags `0F`, UID LSB first, DSFID, AFI, blocks − 1, block size − 1,
    /// IC reference (§3.2; trace V-T5T-1). EXTENDED GET SYSTEM INFO (`3B`) answers the fields its
    /// request byte asks for among b0 DSFID, b1 AFI, b2 memory size (blocks − 1 on two bytes, LSB
    /// first, then block size − 1), b3 IC reference; the further fields (MOI, command list, CSI)
    /// are not answered — their layout is UNVERIFIED.
    func systemInformation(infoFlags: UInt8, memory: Type5Memory, extended: Bool) -> [UInt8] {
        var answer = [infoFlags] + uid.reversed()
        if infoFlags & 0x01 != 0 { answer.append(memory.dsfid) }
        if infoFlags & 0x02 != 0 { answer.append(memory.afi) }
        if infoFlags & 0x04 != 0 {
            let blocks = max(0, facts.blockCount - 1)
            answer += extended ? [UInt8(blocks & 0xFF), UInt8(blocks >> 8 & 0xFF)] : [UInt8(clamping: blocks)]
            answer.append(UInt8(clamping: max(0, facts.blockSize - 1)) & 0x1F)
        }
        if infoFlags & 0x08 != 0 { answer.append(facts.icReference) }
        return answer
    }

    /// A block number of `width` bytes, LSB first, from the start of `parameters`.
    private static func number(_ parameters: [UInt8], at index: Int, width: Int) -> Int? {
        guard index >= 0, index + width <= parameters.count else { return nil }
        return width == 1 ? Int(parameters[index]) : Int(parameters[index]) | Int(parameters[index + 1]) << 8
    }

    private func block(_ index: Int, option: Bool, memory: Type5Memory) -> [UInt8] {
        let data = memory.blocks.indices.contains(index) ? memory.blocks[index] : []
        return option ? [memory.isLocked(index) ? 0x01 : 0x00] + data : data
    }

    private func readSingle(_ parameters: [UInt8], width: Int, option: Bool, memory: Type5Memory) -> ISO15693Response {
        guard parameters.count == width, let index = Self.number(parameters, at: 0, width: width) else {
            return Self.error(.notRecognised)
        }
        guard index < facts.blockCount, memory.blocks.indices.contains(index) else {
            return Self.error(.blockNotAvailable)
        }
        return Self.done(block(index, option: option, memory: memory))
    }

    /// First block and count (count − 1 on the air) of a multiple-block command.
    private static func range(_ parameters: [UInt8], width: Int) -> (first: Int, count: Int)? {
        guard let first = number(parameters, at: 0, width: width),
            let last = number(parameters, at: width, width: width)
        else { return nil }
        return (first, last + 1)
    }

    private func available(first: Int, count: Int, memory: Type5Memory) -> Bool {
        first + count <= facts.blockCount && first + count <= memory.blocks.count
    }

    private func readMultiple(_ parameters: [UInt8], width: Int, option: Bool, memory: Type5Memory)
        -> ISO15693Response
    {
        guard let limit = facts.maximumBlocksPerRead else { return Self.error(.notSupported) }
        guard parameters.count == 2 * width, let (first, count) = Self.range(parameters, width: width) else {
            return Self.error(.notRecognised)
        }
        guard available(first: first, count: count, memory: memory) else { return Self.error(.blockNotAvailable) }
        // Beyond the chip's limit: error 0F (UNVERIFIED: the datasheets read do not name the code).
        guard count <= limit else { return Self.error(.unknown) }
        return Self.done((first..<first + count).flatMap { block($0, option: option, memory: memory) })
    }

    private func securityStatus(_ parameters: [UInt8], width: Int, memory: Type5Memory) -> ISO15693Response {
        guard parameters.count == 2 * width, let (first, count) = Self.range(parameters, width: width) else {
            return Self.error(.notRecognised)
        }
        guard available(first: first, count: count, memory: memory) else { return Self.error(.blockNotAvailable) }
        return Self.done((first..<first + count).map { memory.isLocked($0) ? 0x01 : 0x00 })
    }

    private func writeSingle(
        _ parameters: [UInt8], width: Int, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response {
        guard parameters.count == width + facts.blockSize, let index = Self.number(parameters, at: 0, width: width)
        else { return Self.error(.notRecognised) }
        guard index < facts.blockCount, memory.blocks.indices.contains(index) else {
            return Self.error(.blockNotAvailable)
        }
        if memory.isLocked(index) { return Self.error(.blockLocked) }
        if context.failWrites { return Self.error(.writeFailed) }
        var data = Array(parameters[width...])
        if index == facts.counterBlock { data = Self.counterWrite(data, current: memory.blocks[index]) }
        context.program(data, from: index, blockSize: facts.blockSize, memory: &memory)
        return Self.done()
    }

    /// ICODE SLIX2's counter block (79): writing `01 00 00 00` increments the 16-bit counter in
    /// bytes 0–1 (LSB first) instead of storing it; any other value is stored as given, which
    /// presets the counter (Flipper `slix_listener_i.c` write-block extension). Saturating at
    /// FFFF and keeping bytes 2–3 on an increment: UNVERIFIED.
    static func counterWrite(_ data: [UInt8], current: [UInt8]) -> [UInt8] {
        guard data == [0x01, 0x00, 0x00, 0x00], current.count >= 2 else { return data }
        let value = Int(current[0]) | Int(current[1]) << 8
        let next = min(0xFFFF, value + 1)
        var updated = current
        updated[0] = UInt8(next & 0xFF)
        updated[1] = UInt8(next >> 8)
        return updated
    }

    private func writeMultiple(
        _ parameters: [UInt8], width: Int, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response {
        guard let limit = facts.maximumBlocksPerWrite else { return Self.error(.notSupported) }
        guard let (first, count) = Self.range(parameters, width: width),
            parameters.count == 2 * width + count * facts.blockSize
        else { return Self.error(.notRecognised) }
        guard available(first: first, count: count, memory: memory) else { return Self.error(.blockNotAvailable) }
        // Beyond the chip's limit (4 on ST25DV04K): error 0F (UNVERIFIED code).
        guard count <= limit else { return Self.error(.unknown) }
        if (first..<first + count).contains(where: { memory.isLocked($0) }) { return Self.error(.blockLocked) }
        if context.failWrites { return Self.error(.writeFailed) }
        context.program(Array(parameters[(2 * width)...]), from: first, blockSize: facts.blockSize, memory: &memory)
        return Self.done()
    }

    private func lock(
        _ parameters: [UInt8], width: Int, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response {
        guard facts.supportsLockBlock else { return Self.error(.notSupported) }
        guard parameters.count == width, let index = Self.number(parameters, at: 0, width: width) else {
            return Self.error(.notRecognised)
        }
        guard index < facts.blockCount, memory.locked.indices.contains(index) else {
            return Self.error(.blockNotAvailable)
        }
        // The counter block cannot be locked; Flipper's listener answers its generic error (0F).
        if index == facts.counterBlock { return Self.error(.unknown) }
        if memory.locked[index] { return Self.error(.alreadyLocked) }
        if context.failWrites { return Self.error(.lockFailed) }
        memory.locked[index] = true
        context.otherProgramming += 1
        return Self.done()
    }
}
