/// What `protect` is asked to set on an NTAG21x or Ultralight EV1.
public struct ProtectionRequest: Sendable, Equatable {
    public var password: Type2Password
    public var acknowledge: PasswordAcknowledge
    /// AUTH0: the first page that needs the password (by default the first data page, 4).
    public var firstPage: Int
    /// PROT: reads from `firstPage` on need the password too.
    public var protectsReads: Bool
    /// Wrong passwords allowed before the chip locks itself for good; `nil`: no limit (AUTHLIM 0).
    public var attempts: Int?

    public static let defaultFirstPage = 4

    public init(
        password: Type2Password, acknowledge: PasswordAcknowledge = .factory, firstPage: Int = defaultFirstPage,
        protectsReads: Bool = false, attempts: Int? = nil
    ) {
        self.password = password
        self.acknowledge = acknowledge
        self.firstPage = firstPage
        self.protectsReads = protectsReads
        self.attempts = attempts
    }
}
