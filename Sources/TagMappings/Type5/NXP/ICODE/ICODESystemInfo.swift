/// The answer to the ICODE custom command GET NXP SYSTEM INFO (`AB`): after the response flags,
/// `PP pointer(1) ‖ PP condition(1) ‖ lock bits(1) ‖ feature flags(4)` (Flipper Zero
/// `lib/nfc/protocols/slix/slix_i.c` `slix_get_nxp_system_info_response_parse`, layout
/// `SlixGetNxpSystemInfoResponseLayout`; the feature flags are a `uint32_t` read in place on a
/// little-endian MCU, so LSB first). Lock bits: b0 AFI, b1 EAS, b2 DSFID, b3 PPL (`slix_i.h`
/// `SLIX_LOCK_BITS_*`). The meaning of each feature-flag bit is not decoded here (UNVERIFIED
/// against the datasheet).
public struct ICODESystemInfo: Sendable, Hashable {
    /// The protection pointer: the first block of the protected high area.
    public var protectionPointer: UInt8
    /// Which passwords protect reads and writes of the low and high areas.
    public var protectionCondition: UInt8
    public var lockBits: UInt8
    public var featureFlags: UInt32

    public init(protectionPointer: UInt8, protectionCondition: UInt8, lockBits: UInt8, featureFlags: UInt32) {
        self.protectionPointer = protectionPointer
        self.protectionCondition = protectionCondition
        self.lockBits = lockBits
        self.featureFlags = featureFlags
    }

    public var isAFILocked: Bool { lockBits & 0x01 != 0 }
    public var isEASLocked: Bool { lockBits & 0x02 != 0 }
    public var isDSFIDLocked: Bool { lockBits & 0x04 != 0 }
    /// The page protection condition is locked.
    public var isProtectionLocked: Bool { lockBits & 0x08 != 0 }

    /// Decodes the payload (7 bytes, as Flipper requires exactly); `nil` for any other length.
    public static func parse(_ payload: [UInt8]) -> ICODESystemInfo? {
        guard payload.count == 7 else { return nil }
        let flags = (3..<7).reduce(UInt32(0)) { $0 | UInt32(payload[$1]) << (8 * UInt32($1 - 3)) }
        return ICODESystemInfo(
            protectionPointer: payload[0], protectionCondition: payload[1], lockBits: payload[2], featureFlags: flags)
    }

    /// The payload again.
    public var payload: [UInt8] {
        let flags = (0..<4).map { UInt8(truncatingIfNeeded: featureFlags >> (8 * $0)) }
        return [protectionPointer, protectionCondition, lockBits] + flags
    }
}
