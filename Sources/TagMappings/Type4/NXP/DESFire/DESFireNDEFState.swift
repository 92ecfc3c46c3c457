/// What a DESFire card already holds of AN11004's NDEF application, as read before a format: the
/// input that lets ``DESFireFormatPlan`` finish a format a tear stopped, instead of starting over
/// (a second CreateApplication would be refused `91 DE`, duplicate).
public struct DESFireNDEFState: Sendable, Hashable {
    /// Application `000001` exists (GetApplicationIDs).
    public var applicationExists: Bool
    /// The file numbers of application `000001` (GetFileIDs); empty when it does not exist.
    public var files: Set<UInt8>
    /// The CC file's access rights as GetFileSettings answered them (`Read<<12 | Write<<8 |
    /// ReadWrite<<4 | Change`), when the CC file exists.
    public var ccAccessRights: UInt16?
    /// The NDEF file size the CC file names, when it exists, its rights are final and its bytes
    /// parse: the size a resumed format must create the NDEF file with.
    public var ccNDEFFileSize: Int?
    /// Why application `000001` is not AN11004's NDEF application (``DESFireApplicationSurvey``),
    /// `nil` when it is, or when it does not exist. A format never touches a foreign application.
    public var foreign: DESFireForeignApplication?

    public init(
        applicationExists: Bool, files: Set<UInt8> = [], ccAccessRights: UInt16? = nil, ccNDEFFileSize: Int? = nil,
        foreign: DESFireForeignApplication? = nil
    ) {
        self.applicationExists = applicationExists
        self.files = files
        self.ccAccessRights = ccAccessRights
        self.ccNDEFFileSize = ccNDEFFileSize
        self.foreign = foreign
    }

    /// A card without the NDEF application (blank, or holding only other applications).
    public static let absent = DESFireNDEFState(applicationExists: false)

    /// True when the application, both files and the CC's final rights are in place: the card is
    /// an NDEF card and a format has nothing to add.
    public var isComplete: Bool {
        foreign == nil && applicationExists && files.contains(DESFireNDEFApplication.ccFileNumber)
            && files.contains(DESFireNDEFApplication.ndefFileNumber)
            && ccAccessRights == DESFireNDEFApplication.ccAccessRights
    }
}
