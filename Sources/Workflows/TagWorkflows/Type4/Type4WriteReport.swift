import NDEF
import TagCatalog
import Type4

/// What a completed Type 4 write did, with figures only from what happened.
public struct Type4WriteReport: Sendable, Equatable {

    /// How the write was checked (the one ``WriteVerification`` of every tag type).
    public typealias Verification = WriteVerification

    public var identification: Type4Identification
    public var uid: [UInt8]?
    public var messageBytes: Int
    public var encodedMessage: [UInt8]
    public var previousContent: NDEFContent
    public var capacity: Capacity
    /// 2 (NLEN) or 4 (ENLEN).
    public var lengthFieldBytes: Int
    /// The file written.
    public var file: UInt16
    /// The writes sent, in order: UPDATE BINARY, or WriteData when `authenticatedKey` is set.
    public var writes: [Type4FileWrite]
    /// The key number the write authenticated with (an NTAG 424 DNA file whose write access is a
    /// key), `nil` for a plain write.
    public var authenticatedKey: UInt8? = nil
    public var verification: Verification
    /// Commands and modeled air time of the preflight and the write.
    public var writeStatistics: CommandStatistics
    /// Commands and modeled air time of the read-back.
    public var verifyStatistics: CommandStatistics

    public var verified: Bool { verification.verified }
}
