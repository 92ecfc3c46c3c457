import TagTransport
import TapCardSupport
import Type2

/// A protection change that started and did not finish: which write failed, and every state the
/// tag can be in (the plan's order makes "protected by bytes nobody knows" impossible).
public struct ProtectionInterrupted: TapCardError, Equatable {
    public var write: PageWrite
    /// Index of the failed write; the writes before it were acknowledged.
    public var failedIndex: Int
    public var total: Int
    /// The states the tag may be in, sorted.
    public var states: [ProtectionState]
    public var newPassword: Type2Password
    public var cause: ChannelError

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let what =
            switch write.role {
            case .authenticationSwitch: "CFG0, with AUTH0"
            case .password: "PWD"
            case .passwordAcknowledge: "PACK"
            case .accessConfiguration: "CFG1, with ACCESS"
            default: "page \(write.page)"
            }
        let phrases = states.map { state in
            state == .protectedWithNewPassword ? "protected with the new password \(newPassword)" : state.phrase
        }
        let list =
            phrases.count <= 1
            ? phrases.joined() : phrases.dropLast().joined(separator: ", ") + " or " + phrases[phrases.count - 1]
        let landed =
            failedIndex == 0
            ? "No write had landed before it"
            : "The \(failedIndex) \(failedIndex == 1 ? "write" : "writes") before it landed"
        // A tag that may now be protected with the new password opens only with it: the rerun
        // must give it as the current password (TapCard never guesses a password at a tag).
        let withNew =
            states.contains(.protectedWithNewPassword)
            ? ", giving \(newPassword) as the current password if the tag is protected with it" : ""
        let next =
            states.count == 1
            ? "Run the command again\(withNew) to finish."
            : "Run 'tapcard info' to see which, then run the command again\(withNew)."
        return
            "Writing page \(write.page) (\(what); write \(failedIndex + 1) of \(total)) was not acknowledged: \(cause.sentence) \(landed), so the tag is now \(list). \(next)"
    }
}
