import TagFrames

/// The behaviour of one Type 4 chip: a state transition from one command APDU to its response.
/// The harness (``EmulatedType4Tag``) owns the field, faults, log and timing; a chip only answers.
/// `respond(to:memory:context:)` never traps: every length, offset and index is checked, because
/// the emulator is fuzzed.
protocol Type4Chip: Sendable {
    /// Carries out `command` against `memory`, recording what it programs in `context`.
    mutating func respond(
        to command: CommandAPDU, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU

    /// A new RF session (the tag came back into the field, or left it): nothing is selected.
    mutating func reset()

    /// True while the NDEF application is selected.
    var isApplicationSelected: Bool { get }
}

/// What the harness tells a chip about the command it carries out, and what the chip reports back.
struct Type4CommandContext {
    /// Set when the command is torn in `.corruptedWrite` mode: a write lands only its first half.
    var tornWrite = false
    /// When set, an ISO UPDATE BINARY fails with this status (65 81, memory failure) and changes nothing.
    var isoWriteFailure: StatusWord?
    /// When set, a native WriteData fails with this status (91 EE, memory error) and changes nothing.
    var nativeWriteFailure: StatusWord?
    /// What the command changed.
    var programmed: [ProgrammedBytes] = []

    /// Writes `bytes` at `offset` of file `index`, which the caller has checked fit. A torn write
    /// lands its first ⌊n/2⌋ bytes and leaves the rest of the range as it was (a modelling choice:
    /// the datasheets do not say in which order a chip programs a range, nor whether NTAG 424
    /// DNA's StandardData files are tear-protected — UNVERIFIED).
    mutating func program(_ bytes: [UInt8], at offset: Int, file index: Int, memory: inout Type4Memory) {
        guard memory.files.indices.contains(index), offset >= 0,
            offset + bytes.count <= memory.files[index].contents.count
        else { return }
        let landed = tornWrite ? bytes.count / 2 : bytes.count
        guard landed > 0 else { return }
        memory.files[index].contents.replaceSubrange(offset..<(offset + landed), with: bytes.prefix(landed))
        programmed.append(ProgrammedBytes(file: memory.files[index].identifier, offset: offset, count: landed))
    }
}
