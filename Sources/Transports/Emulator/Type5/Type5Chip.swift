import TagFrames

/// The behaviour of one Type 5 chip: a state transition from one request to its response. The
/// harness (``EmulatedType5Tag``) owns the field, faults, log and timing; a chip only answers.
/// `respond(to:memory:context:)` never traps — every length, block number and range is checked,
/// because the emulator is fuzzed — and returns `nil` for silence (the harness turns it into
/// `ChannelError.timeout`).
protocol Type5Chip: Sendable {
    mutating func respond(
        to request: Type5AirRequest, memory: inout Type5Memory, context: inout Type5CommandContext
    ) -> ISO15693Response?

    /// A new RF session: back to the Ready state.
    mutating func reset()

    var state: Type5VICCState { get }
}
