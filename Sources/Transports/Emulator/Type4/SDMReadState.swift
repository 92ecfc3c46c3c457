/// What an NTAG 424 DNA remembers of the last mirrored read of its SDM file, until the next command
/// of another kind or a new RF session: repeated reads with the same command (ISO READ BINARY `B0`
/// or native ReadData `AD`) reuse its counter value and PICCData padding, so a reader that reads
/// NLEN and then the body sees one counter (shared/reference/type4-type5-ntag424.md §2.7).
struct SDMReadState: Sendable, Equatable {
    /// The INS of the read: `B0` or `AD`.
    var instruction: UInt8
    /// The PICCData padding drawn by the read that incremented the counter.
    var padding: [UInt8]
}
