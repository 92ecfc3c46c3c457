import TagCatalog
import TagFrames

/// ST25DV04K (DS10925): the ISO/IEC 15693-3 commands of ``Type5ISOCore`` on 128 blocks of 4 bytes
/// — READ MULTIPLE up to 32 blocks, WRITE MULTIPLE up to 4 ("single and multiple blocks write
/// (up to 4) (same for Extended commands)", DS10925 Features) — and the extended commands with
/// 2-byte block numbers, LSB first: `30` read single, `31` write single, `32` lock, `33` read
/// multiple, `34` write multiple, `3B` extended GET SYSTEM INFO, `3C` extended GET MULTIPLE BLOCK
/// SECURITY STATUS (§3.2).
///
/// ST's custom commands (IC manufacturer code 02: configuration, passwords, mailbox, fast reads)
/// answer error `01`: not modelled. Area protection by the RF passwords is not modelled either.
struct ST25DV04KChip: Type5Chip {
    private var core: Type5ISOCore

    init(facts: Type5Facts, uid: [UInt8]) { core = Type5ISOCore(facts: facts, uid: uid) }

    var state: Type5VICCState { core.state }

    mutating func reset() { core.reset() }

    mutating func respond(
        to air: Type5AirRequest, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response? {
        guard case .proceed(let addressed) = core.admit(air) else { return nil }
        if air.request.flags.contains(.inventory) { return core.inventory(air.request, memory: memory) }
        if air.request.isCustom { return Type5ISOCore.error(.notSupported) }
        return core.standard(air.request, addressed: addressed, memory: &memory, context: &context)
    }
}
