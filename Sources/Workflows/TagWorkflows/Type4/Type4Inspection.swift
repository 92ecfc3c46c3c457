import Originality
import Type4

/// Everything `info` shows about a Type 4 tag: the read, for an NTAG 424 DNA its file settings
/// and originality signature, for a DESFire its applications and free memory.
public struct Type4Inspection: Sendable, Equatable {
    public var read: Type4ReadReport
    /// GetFileSettings of files 1–3 (NTAG 424 DNA), by file number; a refused one is missing.
    public var fileSettings: [UInt8: NTAG424FileSettings]
    /// The Read_Sig answer (NTAG 424 DNA), or `nil` when the tag gave none.
    public var signature: [UInt8]?
    /// The signature's check against NXP's key, when there was one to check.
    public var signatureCheck: SignatureCheck?
    /// The PICC-level facts of a DESFire (``Type4Identification/desfire`` set); `nil` otherwise.
    public var desfire: DESFireCardInfo?

    public init(
        read: Type4ReadReport, fileSettings: [UInt8: NTAG424FileSettings], signature: [UInt8]?,
        signatureCheck: SignatureCheck?, desfire: DESFireCardInfo? = nil
    ) {
        self.desfire = desfire
        self.read = read
        self.fileSettings = fileSettings
        self.signature = signature
        self.signatureCheck = signatureCheck
    }
}
