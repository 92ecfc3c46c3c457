import TagWorkflows
import Testing

/// The one interruption judgement, over the commit orders of every tag type.
@Suite struct InterruptionTests {
    /// Type 4 (NLEN := 0, body in chunks, NLEN), Type 2/5 (TLV length 0, data, length).
    static let chunked: [CommitRole] = [.clearLength, .data, .data, .commit]

    @Test func everyStopOfAChunkedWrite() {
        func state(_ index: Int, _ landed: Bool, empty: Bool = false) -> TagStateAfterWrite {
            Interruption.state(roles: Self.chunked, failedIndex: index, mayHaveLanded: landed, oldWasEmpty: empty)
        }
        #expect(state(0, true) == .oldOrEmpty)
        #expect(state(0, false) == .old)
        #expect(state(0, true, empty: true) == .empty)
        #expect(state(1, true) == .empty)
        #expect(state(2, false) == .empty)
        #expect(state(3, true) == .emptyOrNew)
        #expect(state(3, false) == .empty)
        // After the last step nothing is pending: only a lost reply is left, and it landed.
        #expect(state(4, true) == .new)
    }

    @Test func aSingleCommitIsOldOrNew() {
        #expect(
            Interruption.state(roles: [.commit], failedIndex: 0, mayHaveLanded: true, oldWasEmpty: false) == .oldOrNew)
        #expect(Interruption.state(roles: [.commit], failedIndex: 0, mayHaveLanded: false, oldWasEmpty: false) == .old)
        #expect(
            Interruption.state(roles: [.commit], failedIndex: 0, mayHaveLanded: true, oldWasEmpty: true) == .emptyOrNew)
    }

    @Test func stepsThatAreNoPartOfTheMessageChangeNothing() {
        let roles: [CommitRole] = [.other, .clearLength, .data, .commit, .other]
        #expect(Interruption.state(roles: roles, failedIndex: 1, mayHaveLanded: false, oldWasEmpty: false) == .old)
        #expect(Interruption.state(roles: roles, failedIndex: 4, mayHaveLanded: true, oldWasEmpty: false) == .new)
    }
}
