/// The typed confirmation a key change needs: without the new keys the tag's files and SDM
/// settings can never be changed again.
public enum NTAG424KeyChangeConfirmation: Sendable, Equatable {
    case changeKeys
}
