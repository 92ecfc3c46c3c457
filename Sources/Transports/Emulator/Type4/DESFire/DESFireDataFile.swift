/// A standard data file of a MIFARE DESFire application (CreateStdDataFile): its number in the
/// application, its ISO file identifier when the application has them, how its data travels, who
/// may read and write it, and its bytes.
public struct DESFireDataFile: Sendable, Equatable {
    /// The file number, 0…31.
    public var number: UInt8
    /// The ISO/IEC 7816-4 file identifier (AN11004: E103, E104), `nil` in an application created
    /// without ISO file identifiers.
    public var isoFileID: UInt16?
    /// The communication settings byte: `00` plain, `01` MAC, `03` enciphered (bits 1-0).
    public var communication: UInt8
    /// Read, Write, ReadWrite and Change: an application key 0…D, `E` free, `F` never.
    public var accessRights: Type4AccessRights
    /// The file's bytes; its size is their count. A new file holds zeros (ASSUMED: the datasheet
    /// at hand does not say what a new standard data file reads as).
    public var contents: [UInt8]

    public init(
        number: UInt8, isoFileID: UInt16?, communication: UInt8, accessRights: Type4AccessRights, contents: [UInt8]
    ) {
        self.number = number
        self.isoFileID = isoFileID
        self.communication = communication
        self.accessRights = accessRights
        self.contents = contents
    }

    public var size: Int { contents.count }

    /// The GetFileSettings answer: FileType `00` (standard data file) ‖ communication ‖ access
    /// rights (2 bytes, LSB first) ‖ size (3 bytes, LSB first).
    public var settings: [UInt8] {
        [0x00, communication] + accessRights.bytes
            + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF)]
    }
}
