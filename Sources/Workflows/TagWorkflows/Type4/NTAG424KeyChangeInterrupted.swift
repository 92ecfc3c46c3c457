import TapCardSupport

/// A key change that started and did not finish, saying which key to use for each number. Never
/// holds a key.
public struct NTAG424KeyChangeInterrupted: TapCardError, Equatable {
    /// Keys that hold their new values.
    public var changed: [Int]
    /// The key whose ChangeKey (or its check) was cut: old or new, nobody knows; `nil` when the
    /// cut came after a ChangeKey the tag acknowledged (its GetKeyVersion), so every key is known.
    public var uncertain: Int?
    /// Keys that still hold their old values.
    public var unchanged: [Int]
    public var cause: Type4Failure

    public var origin: ErrorOrigin { cause.origin }

    private static func list(_ keys: [Int]) -> String {
        keys.count == 1 ? "key \(keys[0])" : "keys \(keys.map(String.init).joined(separator: ", "))"
    }

    public var sentence: String {
        var parts = [
            uncertain.map { "The key change stopped at key \($0): \(cause.sentence)" }
                ?? "The key change stopped after key \(changed.last.map(String.init) ?? "?") was changed: \(cause.sentence)"
        ]
        if !changed.isEmpty {
            parts.append(
                "\(Self.list(changed)) \(changed.count == 1 ? "holds its new value" : "hold their new values").")
        }
        if let uncertain {
            parts.append(
                "Key \(uncertain) holds either the old or the new value: try the new one first (tapcard ntag424 info --key)."
            )
        }
        if !unchanged.isEmpty {
            parts.append(
                "\(Self.list(unchanged)) still \(unchanged.count == 1 ? "holds its old value" : "hold their old values")."
            )
        }
        parts.append(
            uncertain == 0
                ? "Keep both the old and the new keys."
                : "Run the same command again with the same keys to finish; keep both the old and the new keys until it does."
        )
        return parts.joined(separator: " ")
    }
}
