/// One GetDFNames entry: an application that has an ISO DF identifier, with its DF name.
public struct DESFireDFName: Sendable, Hashable {
    /// The application's AID.
    public var application: DESFireApplicationID
    /// Its ISO/IEC 7816-4 DF identifier (AN11004's NDEF application: `E110`).
    public var isoFileID: UInt16
    /// Its DF name, 0 to 16 bytes (AN11004's: `D2 76 00 00 85 01 01`).
    public var name: [UInt8]

    public init(application: DESFireApplicationID, isoFileID: UInt16, name: [UInt8]) {
        self.application = application
        self.isoFileID = isoFileID
        self.name = name
    }
}
