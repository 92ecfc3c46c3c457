/// An NTAG 424 DNA GetFileSettings answer (NT4H2421Gx datasheet §10.7.2; reference §2.2):
/// FileType (1) · FileOption (1) · AccessRights (2, little endian) · FileSize (3, LSB first) ·
/// SDM settings when FileOption bit 6 is set.
///
/// The SDM settings (SDMOptions, SDMAccessRights, mirror offsets) are kept as raw bytes in
/// ``trailing``; ``sdm`` decodes them as `NTAG424SDMSettings`.
public struct NTAG424FileSettings: Sendable, Hashable {
    /// `00` StandardData, the only file type NTAG 424 DNA has.
    public var fileType: UInt8
    /// The FileOption byte as the tag answered it (communication mode in bits 1-0, SDM in bit 6).
    public var fileOption: UInt8
    public var accessRights: NTAG424AccessRights
    /// The file's size in bytes.
    public var size: Int
    /// The bytes after the size: the SDM settings when ``isSDMEnabled``, decoded by ``sdm``.
    public var trailing: [UInt8]

    public init(
        fileType: UInt8, fileOption: UInt8, accessRights: NTAG424AccessRights, size: Int, trailing: [UInt8] = []
    ) {
        self.fileType = fileType
        self.fileOption = fileOption
        self.accessRights = accessRights
        self.size = size
        self.trailing = trailing
    }

    public var communicationMode: NTAG424CommMode { NTAG424CommMode(fileOption: fileOption) }

    /// FileOption bit 6: Secure Dynamic Messaging and mirroring enabled.
    public var isSDMEnabled: Bool { fileOption & 0x40 != 0 }

    /// The SDM part decoded, `nil` when SDM is off.
    public var sdm: Result<NTAG424SDMSettings, NTAG424ParseError>? {
        isSDMEnabled ? NTAG424SDMSettings.parse(trailing) : nil
    }

    /// The answer encoded again; equals the parsed bytes.
    public var bytes: [UInt8] {
        [fileType, fileOption] + accessRights.bytes + NTAG424Command.littleEndian3(size) + trailing
    }

    /// Reads a GetFileSettings answer (the data before `91 00`). Total.
    public static func parse(_ bytes: [UInt8]) -> Result<NTAG424FileSettings, NTAG424ParseError> {
        guard bytes.count >= 7 else { return .failure(.fileSettingsTruncated(bytes: bytes.count)) }
        return .success(
            NTAG424FileSettings(
                fileType: bytes[0], fileOption: bytes[1],
                accessRights: NTAG424AccessRights(low: bytes[2], high: bytes[3]),
                size: Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16, trailing: Array(bytes[7...])))
    }
}
