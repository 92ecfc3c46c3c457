import TagTransport
import TapCardSupport
import Type2

/// Every protection write was acknowledged, but reading the tag back disagreed.
public enum ProtectionVerificationFailed: TapCardError, Equatable {
    case configuration(expected: AccessConfiguration, read: AccessConfiguration?)
    case passwordNotAccepted(Type2Password)
    case acknowledge(expected: PasswordAcknowledge, received: PasswordAcknowledge?)
    /// Every write was acknowledged; the read-back was then cut off (`writes` landed, the tag is
    /// in `state`).
    case readBackInterrupted(writes: Int, state: ProtectionState, cause: ChannelError)

    public var origin: ErrorOrigin {
        if case .readBackInterrupted(_, _, let cause) = self { return cause.origin }
        return .tag
    }

    public var sentence: String {
        switch self {
        case .configuration(let expected, let read):
            "Every write was acknowledged, but CFG0/CFG1 read back as \(read.map { Hex.encode($0.cfg0 + $0.cfg1, separator: " ") } ?? "nothing") instead of \(Hex.encode(expected.cfg0 + expected.cfg1, separator: " "))."
        case .passwordNotAccepted(let password):
            "Every write was acknowledged, but the tag did not accept the new password \(password) afterwards."
        case .readBackInterrupted(let writes, let state, let cause):
            "All \(writes) \(writes == 1 ? "write was" : "writes were") acknowledged, so the tag is now \(state.phrase); reading it back to check was then cut off: \(cause.sentence) Run 'tapcard info' to check"
                + (state == .protectedWithNewPassword
                    ? ", with the new password: the tag no longer holds the old one, and it counts a wrong password against AUTHLIM."
                    : ".")
        case .acknowledge(let expected, let received):
            "Every write was acknowledged, but the tag answered the new password with PACK \(received.map(\.description) ?? "of the wrong length") instead of \(expected)."
        }
    }
}
