/// One application of a MIFARE DESFire card (CreateApplication): its 24-bit AID, its key settings
/// and keys, its optional ISO file identifier and DF name, and its standard data files.
public struct DESFireApplication: Sendable, Equatable {
    /// The AID as documents write it (`0x000001` for AN11004's NDEF application); never 0, which
    /// is the PICC level.
    public var aid: UInt32
    /// KeySett1: bits 7-4 who may change keys, bit 3 settings changeable, bit 2 files created and
    /// deleted without the application master key, bit 1 file directory readable without it,
    /// bit 0 master key changeable (MIFARE DESFire EV1 datasheet, "key settings").
    public var keySettings: UInt8
    /// The kind of every key of the application.
    public var keyType: DESFireKeyType
    /// Keys 0…n−1 (1 to 14), each of ``DESFireKeyType/keyLength`` bytes; a new application's are
    /// all zeros, version 0.
    public var keys: [Type4Key]
    /// The ISO/IEC 7816-4 DF identifier (AN11004: E110), `nil` when created without one.
    public var isoFileID: UInt16?
    /// The ISO/IEC 7816-4 DF name (AN11004: D2 76 00 00 85 01 01), empty when none.
    public var dfName: [UInt8]
    /// The standard data files, in the order they were created.
    public var files: [DESFireDataFile]

    public init(
        aid: UInt32, keySettings: UInt8, keyType: DESFireKeyType, keys: [Type4Key], isoFileID: UInt16? = nil,
        dfName: [UInt8] = [], files: [DESFireDataFile] = []
    ) {
        self.aid = aid
        self.keySettings = keySettings
        self.keyType = keyType
        self.keys = keys
        self.isoFileID = isoFileID
        self.dfName = dfName
        self.files = files
    }

    /// KeySett2 as GetKeySettings answers it: the key count, bit 5 when the application has ISO
    /// file identifiers, bits 7-6 the key type.
    public var keySettings2: UInt8 {
        UInt8(truncatingIfNeeded: keys.count) | (isoFileID != nil ? 0x20 : 0x00) | keyType.settingsBits
    }

    /// The AID's three wire bytes, least significant first.
    public var aidBytes: [UInt8] { [UInt8(aid & 0xFF), UInt8(aid >> 8 & 0xFF), UInt8(aid >> 16 & 0xFF)] }

    /// The index of file `number`.
    func index(ofFile number: UInt8) -> Int? { files.firstIndex { $0.number == number } }

    /// Bit 2 of the key settings: files may be created and deleted without the master key.
    var freeFileCreation: Bool { keySettings & 0x04 != 0 }
    /// Bit 1 of the key settings: GetFileIDs, GetFileSettings and GetKeySettings without the master key.
    var freeDirectory: Bool { keySettings & 0x02 != 0 }
}
