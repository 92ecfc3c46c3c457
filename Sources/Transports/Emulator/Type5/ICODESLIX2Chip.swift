import TagCatalog
import TagFrames

/// NXP ICODE SLIX2 (SL2S2602): the ISO/IEC 15693-3 commands of ``Type5ISOCore`` (80 blocks of
/// 4 bytes, block 79 the counter, no WRITE MULTIPLE BLOCKS) and the NXP custom commands TapCard
/// uses, with IC manufacturer code 04 (Flipper Zero `lib/nfc/protocols/slix/slix_i.h`,
/// `slix_listener_i.c`):
/// - `AB` GET NXP SYSTEM INFO → protection pointer, protection condition, lock bits (b0 AFI,
///   b1 EAS, b2 DSFID, b3 PPL) and the 32-bit feature flags LSB first, `7F 35 00 00` for SLIX2
///   (`slix_i.h` SLIX2_FEATURE_FLAGS: UM_PP, COUNTER, EAS_ID, EAS_PP, AFI_PP, INVENTORY_READ_EXT,
///   EAS_IR, ORIGINALITY_SIG, PERSISTENT_QUIET, PRIVACY, DESTROY).
/// - `B2` GET RANDOM NUMBER → two random bytes (seeded through ``EmulatedType5Tag/seedRandom(_:)``).
/// - `BD` READ SIGNATURE → the 32 stored signature bytes.
///
/// The other NXP commands (EAS, passwords, page protection, privacy, destroy, persistent quiet)
/// answer error `01`: the emulator does not model them (a real SLIX2 does). In privacy mode
/// (``SLIXSettings/privacyMode``) the chip answers GET RANDOM NUMBER only, and is silent to
/// everything else, inventory included (Flipper's listener; the SET PASSWORD that leaves privacy
/// mode is not modelled).
struct ICODESLIX2Chip: Type5Chip {
    private var core: Type5ISOCore
    var randomState: UInt64

    /// GET NXP SYSTEM INFO feature flags, LSB first.
    static let featureFlags: [UInt8] = [0x7F, 0x35, 0x00, 0x00]

    init(facts: Type5Facts, uid: [UInt8], randomSeed: UInt64) {
        core = Type5ISOCore(facts: facts, uid: uid)
        randomState = randomSeed
    }

    var state: Type5VICCState { core.state }

    mutating func reset() { core.reset() }

    mutating func respond(
        to air: Type5AirRequest, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response? {
        let request = air.request
        if memory.slix?.privacyMode == true, request.command != 0xB2 || !request.isCustom { return nil }
        guard case .proceed(let addressed) = core.admit(air) else { return nil }
        if request.flags.contains(.inventory) { return core.inventory(request, memory: memory) }
        guard request.isCustom else {
            return core.standard(request, addressed: addressed, memory: &memory, context: &context)
        }
        switch request.command {
        case 0xAB:
            let slix = memory.slix ?? SLIXSettings()
            var lockBits: UInt8 = 0
            if memory.afiLocked { lockBits |= 0x01 }
            if slix.easLocked { lockBits |= 0x02 }
            if memory.dsfidLocked { lockBits |= 0x04 }
            if slix.protectionPointerLocked { lockBits |= 0x08 }
            return Type5ISOCore.done(
                [slix.protectionPointer, slix.protectionCondition, lockBits] + Self.featureFlags)
        case 0xB2:
            let random = nextRandom()
            return Type5ISOCore.done([UInt8(random & 0xFF), UInt8(random >> 8)])
        case 0xBD:
            return Type5ISOCore.done(memory.signature)
        default:
            return Type5ISOCore.error(.notSupported)
        }
    }

    /// SplitMix64's step (Steele, Lea, Flood 2014), cut to 16 bits.
    private mutating func nextRandom() -> UInt16 {
        randomState &+= 0x9E37_79B9_7F4A_7C15
        var z = randomState
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt16(truncatingIfNeeded: z ^ (z >> 31))
    }
}
