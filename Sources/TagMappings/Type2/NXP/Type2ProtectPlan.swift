/// The page writes that set, change or remove an NTAG21x / Ultralight EV1 password, in an order
/// that a tear at any point leaves the tag unprotected or protected by a password someone knows —
/// never by half-written bytes.
///
/// AUTH0 is the switch. PWD and PACK are only written while the switch is off: a protected tag
/// whose password changes is switched off first (AUTH0 = FFh), then PWD, PACK and ACCESS are
/// written, and AUTH0 comes last. Removing protection switches AUTH0 off first, then clears PROT
/// and AUTHLIM and puts PWD and PACK back to their factory values. Writes whose bytes the tag
/// already holds are left out (PWD and PACK read as zeros, so they are known only from a
/// successful PWD_AUTH: the password it accepted and the PACK it answered).
///
/// nfcpy's `NTAG21x._protect_with_password` (`tt2_nxp.py`) writes CFG0, and with it AUTH0, before
/// PWD: a tear after that write leaves the tag protected by whatever PWD held.
public struct Type2ProtectPlan: Sendable, Equatable {
    public var writes: [PageWrite]
    /// The configuration once every write landed.
    public var final: AccessConfiguration
    /// The configuration before.
    public var current: AccessConfiguration
    /// The password in effect after the plan (for `unprotect`, the factory password).
    public var finalPassword: Type2Password
    public var finalAcknowledge: PasswordAcknowledge

    /// What the chip already holds, as far as TapCard knows: the configuration pages, and the
    /// password and PACK when a PWD_AUTH with them just succeeded.
    public struct Known: Sendable, Equatable {
        public var configuration: AccessConfiguration
        public var password: Type2Password?
        public var acknowledge: PasswordAcknowledge?

        public init(
            configuration: AccessConfiguration, password: Type2Password? = nil, acknowledge: PasswordAcknowledge? = nil
        ) {
            self.configuration = configuration
            self.password = password
            self.acknowledge = acknowledge
        }
    }

    /// Plans `request` over what the chip holds.
    public static func protect(_ request: ProtectionRequest, known: Known) throws(Type2ProtectError) -> Type2ProtectPlan
    {
        let current = known.configuration
        let scheme = current.scheme
        guard !current.isConfigurationLocked else { throw .configurationLocked(auth0: current.auth0) }
        guard (3...scheme.lastPage).contains(request.firstPage) else {
            throw .firstPageOutOfRange(page: request.firstPage, lastPage: scheme.lastPage)
        }
        guard let authlim = scheme.authlim(forAttempts: request.attempts) else {
            throw .attemptsNotSupported(attempts: request.attempts ?? 0, allowed: scheme.allowedAttempts)
        }
        var access = current.access & ~(AccessConfiguration.protectReadsBit | AccessConfiguration.authlimMask)
        if request.protectsReads { access |= AccessConfiguration.protectReadsBit }
        access |= UInt8(authlim)
        return build(
            current: known, password: request.password, acknowledge: request.acknowledge, access: access,
            auth0: UInt8(request.firstPage))
    }

    /// Plans removing the protection: AUTH0 off first, then PROT and AUTHLIM cleared, PWD and
    /// PACK back to `FF FF FF FF` / `00 00`.
    public static func unprotect(known: Known) throws(Type2ProtectError) -> Type2ProtectPlan {
        let current = known.configuration
        guard !current.isConfigurationLocked else { throw .configurationLocked(auth0: current.auth0) }
        let access = current.access & ~(AccessConfiguration.protectReadsBit | AccessConfiguration.authlimMask)
        // An unprotected tag's PWD is unknown but harmless: only reset it when it was in use.
        let resetPassword = current.isProtected
        return build(
            current: known, password: resetPassword ? .factory : nil, acknowledge: resetPassword ? .factory : nil,
            access: access, auth0: AccessConfiguration.auth0Off)
    }

    /// `password`/`acknowledge` `nil`: leave PWD/PACK as they are.
    private static func build(
        current known: Known, password: Type2Password?, acknowledge: PasswordAcknowledge?, access: UInt8,
        auth0: UInt8
    ) -> Type2ProtectPlan {
        let current = known.configuration
        let scheme = current.scheme
        let writesPassword = password != nil && password != known.password
        let writesAcknowledge = acknowledge != nil && acknowledge != known.acknowledge
        var writes: [PageWrite] = []
        var cfg0 = current.cfg0
        if current.isProtected && (writesPassword || writesAcknowledge || auth0 == AccessConfiguration.auth0Off) {
            cfg0[3] = AccessConfiguration.auth0Off
            writes.append(PageWrite(page: scheme.configPage, bytes: cfg0, role: .authenticationSwitch))
        }
        if writesPassword, let password {
            writes.append(PageWrite(page: scheme.passwordPage, bytes: password.bytes, role: .password))
        }
        if writesAcknowledge, let acknowledge {
            writes.append(
                PageWrite(page: scheme.acknowledgePage, bytes: acknowledge.bytes + [0, 0], role: .passwordAcknowledge))
        }
        var cfg1 = current.cfg1
        cfg1[0] = access
        if cfg1 != current.cfg1 {
            writes.append(PageWrite(page: scheme.accessPage, bytes: cfg1, role: .accessConfiguration))
        }
        if cfg0[3] != auth0 {
            cfg0[3] = auth0
            writes.append(PageWrite(page: scheme.configPage, bytes: cfg0, role: .authenticationSwitch))
        }
        let final = AccessConfiguration(scheme: scheme, cfg0: cfg0, cfg1: cfg1) ?? current
        return Type2ProtectPlan(
            writes: writes, final: final, current: current,
            finalPassword: password ?? known.password ?? .factory,
            finalAcknowledge: acknowledge ?? known.acknowledge ?? .factory)
    }

    /// The state once the first `landed` writes landed (and none after).
    public func state(afterLanded landed: Int) -> ProtectionState {
        var auth0 = current.auth0
        var password: ProtectionState = .protectedWithCurrentPassword
        for write in writes.prefix(landed) {
            switch write.role {
            case .authenticationSwitch: auth0 = Int(write.bytes[3])
            case .password: password = .protectedWithNewPassword
            default: break
            }
        }
        return auth0 <= current.scheme.lastPage ? password : .unprotected
    }

    /// Every state the tag may be in when write `failedIndex` was not acknowledged. With
    /// `mayHaveLanded` (a timeout or a lost tag, not a NAK), the write may have landed, or have
    /// been torn half-programmed: a torn AUTH0 leaves the switch on or off, a torn PWD leaves
    /// bytes nobody knows.
    public func possibleStates(failedIndex: Int, mayHaveLanded: Bool) -> [ProtectionState] {
        var states: Set<ProtectionState> = [state(afterLanded: failedIndex)]
        guard mayHaveLanded, failedIndex < writes.count else { return states.sorted() }
        states.insert(state(afterLanded: failedIndex + 1))
        let before = state(afterLanded: failedIndex)
        switch writes[failedIndex].role {
        case .authenticationSwitch:
            // A torn AUTH0 byte holds some page number: protected by the password in effect, or not.
            let inEffect = writes.prefix(failedIndex).contains { $0.role == .password }
            states.insert(inEffect ? .protectedWithNewPassword : .protectedWithCurrentPassword)
            states.insert(.unprotected)
        case .password where before != .unprotected:
            states.insert(.protectedWithUnknownPassword)
        default:
            break
        }
        return states.sorted()
    }
}
