import TagFrames
import TapCardSupport

/// The tag refused a key's change because the old value given for it is not on the tag, nor is the
/// new one: that key is left as it is and nothing after it was sent. Never holds a key.
public struct NTAG424KeyChangeRefused: TapCardError, Equatable {
    /// The key refused.
    public var key: Int
    /// The tag's answer to its ChangeKey.
    public var status: StatusWord
    /// Keys changed in this run (proven: ChangeKey accepted, or key 0 authenticated).
    public var changed: [Int]
    /// Keys found holding their new values (proven the same way).
    public var alreadyNew: [Int]
    /// Keys not attempted: they still hold what they held.
    public var notSent: [Int]

    public var origin: ErrorOrigin { .refusal }

    private static func list(_ keys: [Int]) -> String {
        keys.count == 1 ? "key \(keys[0])" : "keys \(keys.map(String.init).joined(separator: ", "))"
    }

    public var sentence: String {
        var parts = [
            "The tag did not accept the old value given for key \(key) (--old-key \(key)=…), nor the new one (\(status)): key \(key) is unchanged."
        ]
        if !changed.isEmpty { parts.append("\(Self.list(changed)) now hold the new values (the tag accepted them).") }
        if !alreadyNew.isEmpty { parts.append("\(Self.list(alreadyNew)) already held the new values (proven).") }
        if !notSent.isEmpty { parts.append("\(Self.list(notSent)) were not sent and hold what they held.") }
        return parts.joined(separator: " ")
    }
}
