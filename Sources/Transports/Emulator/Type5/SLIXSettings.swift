/// The ICODE SLIX2 settings beyond ISO/IEC 15693 that a Flipper Zero `.nfc` file keeps, as
/// Flipper's `lib/nfc/protocols/slix/slix.c` saves them: five 32-bit passwords (stored as the
/// 4 bytes the file shows), privacy mode, the protection pointer and condition, and the EAS and
/// PPL lock bits.
///
/// Defaults are Flipper's when a file omits a password: read, write and EAS/AFI `00000000`,
/// privacy and destroy `FFFFFFFF` (`slix.c` slix_password_configs) — not confirmed as NXP's
/// factory values (UNVERIFIED). The emulator keeps these and reports them in GET NXP SYSTEM INFO;
/// it does not enforce password protection (SET PASSWORD, protected pages): UNMODELLED.
public struct SLIXSettings: Sendable, Equatable {
    public var readPassword: [UInt8]
    public var writePassword: [UInt8]
    public var privacyPassword: [UInt8]
    public var destroyPassword: [UInt8]
    public var easPassword: [UInt8]
    /// In privacy mode the chip answers nothing but GET RANDOM NUMBER (`B2`).
    public var privacyMode: Bool
    /// The block where the "high" protected area starts (GET NXP SYSTEM INFO byte 1).
    public var protectionPointer: UInt8
    /// Read/write protection of the low and high areas: b0 RL, b1 WL, b4 RH, b5 WH (`slix.h`).
    public var protectionCondition: UInt8
    public var easLocked: Bool
    public var protectionPointerLocked: Bool
    /// The file's `Capabilities` line (a Flipper emulation mode, kept and written back, not
    /// emulated); `Default` when the file has none, as the firmware reads it.
    public var capabilities = SLIXCapabilities.default

    public init(
        readPassword: [UInt8] = [0, 0, 0, 0], writePassword: [UInt8] = [0, 0, 0, 0],
        privacyPassword: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF], destroyPassword: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF],
        easPassword: [UInt8] = [0, 0, 0, 0], privacyMode: Bool = false, protectionPointer: UInt8 = 0,
        protectionCondition: UInt8 = 0, easLocked: Bool = false, protectionPointerLocked: Bool = false
    ) {
        self.readPassword = readPassword
        self.writePassword = writePassword
        self.privacyPassword = privacyPassword
        self.destroyPassword = destroyPassword
        self.easPassword = easPassword
        self.privacyMode = privacyMode
        self.protectionPointer = protectionPointer
        self.protectionCondition = protectionCondition
        self.easLocked = easLocked
        self.protectionPointerLocked = protectionPointerLocked
    }
}
