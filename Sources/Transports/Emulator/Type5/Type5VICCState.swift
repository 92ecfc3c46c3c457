/// The ISO/IEC 15693-3 §8 state of an emulated Type 5 chip in one RF session. Power-off (out of
/// the field) is the harness's; a new session starts in ``ready``.
public enum Type5VICCState: String, Sendable, Equatable {
    /// Answers non-addressed and addressed requests; select-flag requests are ignored.
    case ready
    /// After an addressed SELECT (`25`): also answers select-flag requests.
    case selected
    /// After STAY QUIET (`02`): answers only addressed requests (no inventory).
    case quiet
}
