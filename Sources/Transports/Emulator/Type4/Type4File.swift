import TagCatalog

/// One elementary file of an emulated Type 4 tag: its identifiers, its bytes, and on NTAG 424 DNA
/// its native settings.
public struct Type4File: Sendable, Equatable {
    /// The ISO/IEC 7816-4 file identifier (E103 is the CC file, E104 the NDEF file).
    public var identifier: UInt16
    /// The native file number, which is also the short file identifier of ISO READ BINARY with
    /// P1 bit 7 set (NTAG 424 DNA: 1, 2, 3); `nil` on a chip without native commands.
    public var number: UInt8?
    /// The file's bytes; the file's size is their count.
    public var contents: [UInt8]
    /// The GetFileSettings answer (NTAG 424 DNA): FileType, FileOption, AccessRights (2 bytes),
    /// FileSize (3 bytes, LSB first); `nil` on a chip without native commands, whose access
    /// conditions are the CC's read and write access bytes.
    public var settings: [UInt8]?
    /// SDMReadCtr (NTAG 424 DNA, 24 bits): the unauthenticated reads of the file counted while
    /// Secure Dynamic Messaging is enabled; set to 0 when ChangeFileSettings enables SDM
    /// (shared/reference/type4-type5-ntag424.md §2.7). It lives in the chip's EEPROM, so it is kept
    /// with the file. Setting it directly bypasses every rule: it is for tests and fixtures.
    public var sdmReadCounter: Int

    public init(identifier: UInt16, number: UInt8?, contents: [UInt8], settings: [UInt8]?, sdmReadCounter: Int = 0) {
        self.identifier = identifier
        self.number = number
        self.contents = contents
        self.settings = settings
        self.sdmReadCounter = sdmReadCounter
    }

    /// The file as the catalog says it ships: its contents padded with zeros to its size.
    public init(facts: Type4Facts.File) {
        let size = max(0, facts.size)
        let shipped = Array(facts.contents.prefix(size))
        self.init(
            identifier: facts.identifier, number: facts.number,
            contents: shipped + [UInt8](repeating: 0, count: size - shipped.count), settings: facts.factorySettings)
    }

    public var size: Int { contents.count }

    /// The access rights in ``settings`` (bytes 2 and 3), when there are settings.
    public var accessRights: Type4AccessRights? {
        guard let settings, settings.count >= 4 else { return nil }
        return Type4AccessRights(bytes: settings[2], settings[3])
    }
}
