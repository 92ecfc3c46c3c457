/// An AuthenticateAES (`AA`) whose first part the card answered with E(K, RndB) `91 AF`, waiting
/// for `90 AF` with E(K, RndA ‖ rotl1(RndB)). Any other command aborts it, as for EV2First.
struct EV1PendingAuthentication: Sendable {
    let keyNumber: UInt8
    let key: [UInt8]
    let rndB: [UInt8]
    /// E(K, RndB) as sent: the IV the reader's answer is enciphered with.
    let sentBlock: [UInt8]
}
