import TagCatalog
import TagFrames

/// A FeliCa Lite-S (RC-S966) answering commands without encryption, as the emulator models it.
/// Its block numbers, system code, PMm and MC bytes come from ``/TagCatalog/Type3Facts``; what it
/// does with them is written here, independently of the Type 3 mapping.
///
/// - Polling (00): answers system code 88B4, and 12FC only while MC SYS_OP bit 0 is set (nfcpy
///   `FelicaLite._format` sets it "so the card answers 12FC"); FFh in either byte is a wildcard
///   (nfcpy `polling`); FFFF answers 88B4 (which system FFFF selects on a Lite-S with NDEF on:
///   UNVERIFIED). Request code 01 appends the system code (nfcpy: 18-byte answer); other codes
///   answer without it (UNVERIFIED for 02). Several time slots are not modeled (slot 0).
/// - Check (06) through 000B or 0009, at most 4 blocks (the catalog); every block readable, RC
///   and CK read as zeros (write-only: UNVERIFIED), S_PAD blocks whose MC bytes 6–7 bit is set
///   need authentication (flags xx B1, nfcpy "authentication required to read").
/// - Update (08) through 0009 only, one block (a second block is allowed only as MAC_A in a
///   write with MAC, which is not implemented: xx B2); S_PAD writable per MC_SP, refused when the
///   MC bytes 8–11 demand a MAC (xx B1); ID, D_ID, SER_C, CKV, CK and MC writable while MC_ALL is
///   FF (nfcpy `_protect`); RC and REG writable; MAC, SYS_C, WCNT, CRC_CHECK read-only; MAC_A and
///   STATE only with a MAC (xx B2). A write to S_PAD or REG increments WCNT (3 bytes,
///   little-endian, saturating at FFFFFF): UNVERIFIED.
/// - Status flag 1 locates the error (FFh: the command; 01h, 02h, …: the element of the list);
///   flag 2: A1 services ≠ 1, A2 block count, A3 service index, A6 wrong service (nfcpy 01A6),
///   A7 access mode, A8 no such block, A5 read-only, 70 memory failure (``failWrites``). The
///   codes other than A6/B1/B2 are UNVERIFIED (the card manual's list is not in the sources).
/// - Request Service (02): key version 0000 for 000B/0009, FFFF for others (UNVERIFIED);
///   Request Response (04): mode 00.
/// - Malformed packets (lengths that do not add up) get no answer (UNVERIFIED). Nothing traps.
struct FeliCaLiteSChip {
    let facts: Type3Facts
    let idm: [UInt8]
    var blocks: [Int: [UInt8]]

    /// Per-command faults and what a command programmed.
    struct Context {
        var failWrites = false
        var tornWrite = false
        var programmed: [Int] = []
    }

    static let register = 0x0E
    static let randomChallenge = 0x80
    static let mac = 0x81
    static let systemBlocksUnderMCAll: Set<Int> = [0x82, 0x83, 0x84, 0x86, 0x87]
    static let systemCodeBlock = 0x85
    static let cardKey = 0x87
    static let writeCount = 0x90
    static let macA = 0x91
    static let state = 0x92

    var memoryConfiguration: [UInt8] { blocks[facts.memoryConfigurationBlock] ?? [] }
    private func mcByte(_ index: Int) -> UInt8 {
        let mc = memoryConfiguration
        return index < mc.count ? mc[index] : 0
    }
    private func mcBits(_ index: Int) -> UInt16 { UInt16(mcByte(index)) | UInt16(mcByte(index + 1)) << 8 }

    var isNDEFEnabled: Bool { mcByte(3) & 0x01 == 0x01 }

    /// The system codes the card answers, in order.
    var systemCodes: [UInt16] { isNDEFEnabled ? [facts.systemCode, Type3Facts.ndefSystemCode] : [facts.systemCode] }

    /// The answer to `command`, `nil` when the card stays silent.
    mutating func respond(to command: FeliCaCommand, context: inout Context) -> FeliCaResponse? {
        if command.code == 0x00 { return polling(command.parameters) }
        guard command.idm == idm else { return nil }
        let p = command.parameters
        switch command.code {
        case 0x02:
            guard let count = p.first, count >= 1, count <= 32, p.count == 1 + 2 * Int(count) else { return nil }
            var payload: [UInt8] = [count]
            for index in 0..<Int(count) {
                let code = UInt16(p[1 + 2 * index]) | UInt16(p[2 + 2 * index]) << 8
                payload += code == facts.readService || code == facts.writeService ? [0x00, 0x00] : [0xFF, 0xFF]
            }
            return answer(0x03, payload)
        case 0x04:
            guard p.isEmpty else { return nil }
            return answer(0x05, [0x00])
        case 0x06:
            return check(p)
        case 0x08:
            return update(p, context: &context)
        default:
            return nil
        }
    }

    private func answer(_ code: UInt8, _ payload: [UInt8]) -> FeliCaResponse {
        FeliCaResponse(code: code, idm: idm, payload: payload)
    }

    private func polling(_ p: [UInt8]) -> FeliCaResponse? {
        guard p.count == 4 else { return nil }
        func matches(_ code: UInt16) -> Bool {
            (p[0] == 0xFF || p[0] == UInt8(code >> 8)) && (p[1] == 0xFF || p[1] == UInt8(code & 0xFF))
        }
        guard let code = systemCodes.first(where: matches) else { return nil }
        var payload = facts.pmm
        if p[2] == 0x01 { payload += [UInt8(code >> 8), UInt8(code & 0xFF)] }
        return answer(0x01, payload)
    }

    /// A parsed service and block list: the service codes and each element's (block, service
    /// index, access mode); the bytes after the list. `nil` when the lengths do not add up.
    private struct BlockList {
        var services: [UInt16]
        var elements: [(block: Int, serviceIndex: Int, accessMode: Int)]
        var rest: [UInt8]
    }

    private func parseList(_ p: [UInt8]) -> BlockList? {
        guard let serviceCount = p.first else { return nil }
        var at = 1
        var services: [UInt16] = []
        for _ in 0..<Int(serviceCount) {
            guard at + 1 < p.count else { return nil }
            services.append(UInt16(p[at]) | UInt16(p[at + 1]) << 8)
            at += 2
        }
        guard at < p.count else { return nil }
        let blockCount = Int(p[at])
        at += 1
        var elements: [(block: Int, serviceIndex: Int, accessMode: Int)] = []
        for _ in 0..<blockCount {
            guard at < p.count else { return nil }
            let head = p[at]
            if head & 0x80 != 0 {
                guard at + 1 < p.count else { return nil }
                elements.append((Int(p[at + 1]), Int(head & 0x0F), Int(head >> 4 & 0x07)))
                at += 2
            } else {
                guard at + 2 < p.count else { return nil }
                elements.append((Int(p[at + 1]) | Int(p[at + 2]) << 8, Int(head & 0x0F), Int(head >> 4 & 0x07)))
                at += 3
            }
        }
        return BlockList(services: services, elements: elements, rest: Array(p[at...]))
    }

    /// Flags for the element at `index` of the list.
    private func elementFlag(_ index: Int) -> UInt8 { index < 8 ? UInt8(1) << UInt8(index) : 0xFF }

    /// The list checks common to Check and Update; `nil` when it is fine.
    private func listRefusal(_ list: BlockList, services allowed: [UInt16], maximumBlocks: Int) -> [UInt8]? {
        guard list.services.count == 1 else { return [0xFF, 0xA1] }
        guard allowed.contains(list.services[0]) else { return [0x01, 0xA6] }
        guard (1...maximumBlocks).contains(list.elements.count) else { return [0xFF, 0xA2] }
        for (index, element) in list.elements.enumerated() {
            guard element.serviceIndex == 0 else { return [elementFlag(index), 0xA3] }
            guard element.accessMode == 0 else { return [elementFlag(index), 0xA7] }
            guard blocks[element.block] != nil else { return [elementFlag(index), 0xA8] }
        }
        return nil
    }

    private func check(_ p: [UInt8]) -> FeliCaResponse? {
        guard let list = parseList(p), list.rest.isEmpty else { return nil }
        if let refusal = listRefusal(
            list, services: [facts.readService, facts.writeService], maximumBlocks: facts.maximumBlocksPerCheck)
        {
            return answer(0x07, refusal)
        }
        var data: [UInt8] = []
        for (index, element) in list.elements.enumerated() {
            let block = element.block
            if facts.userBlocks.contains(block), mcBits(6) >> UInt16(block) & 1 == 1 {
                return answer(0x07, [elementFlag(index), 0xB1])
            }
            let writeOnly = block == Self.randomChallenge || block == Self.cardKey
            data += writeOnly ? [UInt8](repeating: 0, count: 16) : blocks[block] ?? []
        }
        return answer(0x07, [0x00, 0x00, UInt8(list.elements.count)] + data)
    }

    /// Flag 2 when `block` may not be written without a MAC, `nil` when it may.
    private func writeRefusal(_ block: Int) -> UInt8? {
        if facts.userBlocks.contains(block) {
            guard mcBits(0) >> UInt16(block) & 1 == 1 else { return 0xA5 }
            guard (mcBits(8) | mcBits(10)) >> UInt16(block) & 1 == 0 else { return 0xB1 }
            return nil
        }
        if block == Self.register || block == Self.randomChallenge { return nil }
        if Self.systemBlocksUnderMCAll.contains(block) || block == facts.memoryConfigurationBlock {
            return mcByte(2) == 0xFF ? nil : 0xA5
        }
        if block == Self.macA || block == Self.state { return 0xB2 }
        return 0xA5
    }

    private mutating func update(_ p: [UInt8], context: inout Context) -> FeliCaResponse? {
        guard let list = parseList(p), list.rest.count == 16 * list.elements.count else { return nil }
        if let refusal = listRefusal(list, services: [facts.writeService], maximumBlocks: 2) {
            return answer(0x09, refusal)
        }
        if list.elements.count == 2 {
            // Two blocks are a write with MAC (the second is MAC_A); not implemented.
            return answer(
                0x09,
                [list.elements[1].block == Self.macA ? 0x02 : 0xFF, list.elements[1].block == Self.macA ? 0xB2 : 0xA2])
        }
        let block = list.elements[0].block
        if let flag2 = writeRefusal(block) { return answer(0x09, [0x01, flag2]) }
        if context.failWrites { return answer(0x09, [0x01, 0x70]) }
        let old = blocks[block] ?? [UInt8](repeating: 0, count: 16)
        let new = list.rest
        blocks[block] = context.tornWrite ? Array(new.prefix(8)) + Array(old.dropFirst(8).prefix(8)) : new
        context.programmed.append(block)
        if facts.userBlocks.contains(block) || block == Self.register { incrementWriteCount(context: &context) }
        return answer(0x09, [0x00, 0x00])
    }

    private mutating func incrementWriteCount(context: inout Context) {
        var counter = blocks[Self.writeCount] ?? [UInt8](repeating: 0, count: 16)
        guard counter.count >= 3 else { return }
        let value = Int(counter[0]) | Int(counter[1]) << 8 | Int(counter[2]) << 16
        let next = min(value + 1, 0xFF_FFFF)
        counter[0] = UInt8(next & 0xFF)
        counter[1] = UInt8(next >> 8 & 0xFF)
        counter[2] = UInt8(next >> 16 & 0xFF)
        blocks[Self.writeCount] = counter
        context.programmed.append(Self.writeCount)
    }
}
