/// How an unauthenticated read of an NTAG 424 DNA file is answered with respect to SDM, decided
/// before the read runs (`NTAG424Chip.prepareSDMRead(fileIndex:instruction:previous:memory:)`).
enum SDMReadPreparation: Sendable {
    /// SDM is off for the file (or its settings do not decode): the stored bytes.
    case asStored
    /// The read would increment SDMReadCtr past SDMReadCtrLimit (or past FFFFFF): refused.
    case limitReached
    /// The file as output; if the read succeeds, the counter becomes `counter` and the chip
    /// remembers `state`.
    case mirrored(output: [UInt8], counter: Int, state: SDMReadState)
}
