/// An AuthenticateEV2First or NonFirst whose first part the tag has answered with E(K, RndB)
/// `91 AF`, waiting for the reader's `90 AF` with E(K, RndA ‖ RndB') (NTAG 424 DNA datasheet
/// §9.1.5, §9.1.6, §10.4.1, §10.4.2). Any other command aborts it (§9.1.5: "On any command
/// different from AuthenticateEV2First - Part2 … the PICC aborts the ongoing authentication").
struct EV2PendingAuthentication: Sendable {
    /// The key being proven (0…4) and its value when part 1 arrived.
    let keyNumber: UInt8
    let key: [UInt8]
    /// The tag's challenge.
    let rndB: [UInt8]
    /// First: the TI the tag drew for the new transaction. NonFirst: the current TI.
    let transactionIdentifier: [UInt8]
    /// NonFirst: the counter of the session it continues (kept, §9.1.2); First: `nil` (reset to 0).
    let continuedCounter: UInt16?
    /// PCDcap2 as sent in part 1, cut or padded with zeros to 6 bytes (echoed in part 2's answer).
    let pcdCap2: [UInt8]

    var isFirst: Bool { continuedCounter == nil }
}
