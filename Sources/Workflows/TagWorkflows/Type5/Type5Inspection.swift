import Originality
import Type5

/// Everything `info` shows about a Type 5 tag: the read over the whole data area, the iOS and
/// Android compatibility warnings, the block security statuses, and on an ICODE SLIX2 its
/// originality signature and GET NXP SYSTEM INFO.
public struct Type5Inspection: Sendable, Equatable {
    public var read: Type5ReadReport
    /// ``/Type5/Type5Compatibility/warnings(for:)`` of what was read.
    public var warnings: [Type5CompatibilityWarning]
    /// Block → locked, from GET MULTIPLE BLOCK SECURITY STATUS; `nil` when the carrier or the
    /// tag did not answer it.
    public var blockSecurity: [Int: Bool]?
    /// The READ SIGNATURE answer (ICODE SLIX2), or `nil` when not sent or refused.
    public var signature: [UInt8]?
    /// The signature's check against NXP's ICODE SLIX2 key, for an NXP chip.
    public var signatureCheck: SignatureCheck?
    /// GET NXP SYSTEM INFO (ICODE SLIX2), or `nil` when not sent or refused.
    public var nxpSystemInfo: ICODESystemInfo?

    public init(
        read: Type5ReadReport, warnings: [Type5CompatibilityWarning], blockSecurity: [Int: Bool]?,
        signature: [UInt8]?, signatureCheck: SignatureCheck?, nxpSystemInfo: ICODESystemInfo?
    ) {
        self.read = read
        self.warnings = warnings
        self.blockSecurity = blockSecurity
        self.signature = signature
        self.signatureCheck = signatureCheck
        self.nxpSystemInfo = nxpSystemInfo
    }

    /// The locked blocks, ascending (empty when none is, or none was read).
    public var lockedBlocks: [Int] { (blockSecurity ?? [:]).filter(\.value).map(\.key).sorted() }
}
