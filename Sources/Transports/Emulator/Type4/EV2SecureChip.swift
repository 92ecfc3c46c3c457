import TagFrames

/// A Type 4 chip that answers DESFire EV2 native commands with EV2 secure messaging: NTAG 424 DNA
/// and MIFARE DESFire EV3. What the two share is written once, in this protocol's extensions:
/// AuthenticateEV2First/NonFirst (`EV2SecureChip+Authentication.swift`), MAC and FULL mode, the
/// command counter and the GetVersion chain (`EV2SecureChip+SecureMessaging.swift`). Each chip keeps
/// its own command table and says which keys an authentication proves.
protocol EV2SecureChip: Type4Chip {
    /// The authenticated session, if any.
    var session: EV2TagSession? { get set }
    /// An authentication whose part 1 was answered.
    var pendingAuthentication: EV2PendingAuthentication? { get set }
    /// Where RndB and TI come from.
    var challenges: NTAG424Challenges { get set }
    /// The GetVersion parts sent so far in the current chain (0: no chain).
    var versionPartsSent: Int { get set }
    /// True when the current GetVersion chain began in a session (its last part carries a MAC).
    var versionChainMACed: Bool { get set }
    /// The 7-byte UID, the start of GetVersion part 3.
    var uid: [UInt8] { get }
    /// GetVersion parts 1 and 2.
    var versionParts: [[UInt8]] { get }
    /// GetVersion part 3 after the UID.
    var versionPart3Tail: [UInt8] { get }
}

extension EV2SecureChip {
    /// `91 <code>`.
    static func native(_ code: UInt8) -> StatusWord { StatusWord(sw1: 0x91, sw2: code) }

    /// `91 <code>`; in a session the error ends it (NTAG 424 DNA datasheet §9.1.9).
    mutating func refuse(_ code: UInt8) -> ResponseAPDU {
        session = nil
        return .init(status: Self.native(code))
    }
}
