/// What a tag holds after a write that stopped at step `failedIndex`, judged from the roles of
/// the steps alone (``CommitRole``): the one piece of interruption analysis every tag type uses.
public enum Interruption {
    /// - Parameters:
    ///   - roles: the plan's steps in order.
    ///   - failedIndex: the step that was not acknowledged (every earlier one was).
    ///   - mayHaveLanded: false when the tag refused the step (a NAK, a status word): it did not
    ///     land. True when nobody knows (tear, timeout, tag lost).
    ///   - oldWasEmpty: the tag held an empty message before the write.
    public static func state(
        roles: [CommitRole], failedIndex: Int, mayHaveLanded: Bool, oldWasEmpty: Bool
    ) -> TagStateAfterWrite {
        func stateAfter(landed count: Int) -> TagStateAfterWrite {
            if count == 0 || count > roles.count { return oldWasEmpty ? .empty : .old }
            // The last length-changing step that landed decides.
            for role in roles[..<count].reversed() {
                switch role {
                case .commit: return .new
                case .clearLength: return .empty
                case .data, .other: continue
                }
            }
            return oldWasEmpty ? .empty : .old
        }
        let before = stateAfter(landed: failedIndex)
        guard mayHaveLanded else { return before }
        let after = stateAfter(landed: failedIndex + 1)
        switch (before, after) {
        case (.old, .empty): return .oldOrEmpty
        case (.empty, .new): return .emptyOrNew
        case (.old, .new): return .oldOrNew
        default: return before
        }
    }
}
