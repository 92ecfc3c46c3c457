/// NXP AN11004 ("MIFARE DESFire as Type 4 Tag", rev. 2.4) as values: where the NFC Forum Type 4
/// NDEF application lives on a DESFire card.
///
/// Mapping version 2 (DESFire EV1 and later; what TapCard formats): application `000001`
/// (`01 00 00` on the wire) with ISO file ID `E110` and DF name `D2760000850101`, key settings
/// `0F`, one key; the CC file is file number `01` with ISO file ID `E103`, 15 bytes, plain, access
/// rights `E000`; the NDEF file is file number `02` with ISO file ID `E104`, plain, access rights
/// `EEE0`. Mapping version 1 (MF3ICD40) used application `EEEE10`, CC file number `03` and NDEF
/// file number `04`, found by native commands only; TapCard recognises it for reading and never
/// creates it. (libfreefare `examples/mifare-desfire-create-ndef.c` transcribes the same steps.)
public enum DESFireNDEFApplication {
    /// The AN11004 mapping an application follows.
    public enum Mapping: Sendable, Hashable, CaseIterable {
        /// Version 1, MF3ICD40: AID `EEEE10`. Read only.
        case version1
        /// Version 2, EV1 and later: AID `000001`, ISO DF name and ISO file IDs.
        case version2

        /// The application's AID.
        public var applicationID: DESFireApplicationID {
            switch self {
            case .version1: DESFireNDEFApplication.version1ApplicationID
            case .version2: DESFireNDEFApplication.applicationID
            }
        }

        /// The CC file's native file number (`03` in v1, `01` in v2).
        public var ccFileNumber: UInt8 {
            switch self {
            case .version1: 0x03
            case .version2: DESFireNDEFApplication.ccFileNumber
            }
        }

        /// The NDEF file's native file number (`04` in v1, `02` in v2).
        public var ndefFileNumber: UInt8 {
            switch self {
            case .version1: 0x04
            case .version2: DESFireNDEFApplication.ndefFileNumber
            }
        }
    }

    /// Mapping v2's application: `000001`.
    public static let applicationID = DESFireApplicationID(wire: 0x01, 0x00, 0x00)
    /// Mapping v1's application: `EEEE10` (recognised for reading only).
    public static let version1ApplicationID = DESFireApplicationID(wire: 0x10, 0xEE, 0xEE)
    /// The application's ISO DF file ID: `E110`.
    public static let dfFileID: UInt16 = 0xE110
    /// The NDEF Tag Application's DF name (NFC Forum T4T v2.0): `D2 76 00 00 85 01 01`.
    public static let dfName: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    /// The application master key settings AN11004 gives: `0F` (keys changeable, free directory
    /// list and file creation, settings changeable).
    public static let keySettings: UInt8 = 0x0F
    /// One application key (key 0, the application master key).
    public static let numberOfKeys = 1

    /// The CC file: native number `01`, ISO file ID `E103`, 15 bytes, access rights `E000`
    /// (read free, write/read-write/change with key 0).
    public static let ccFileNumber: UInt8 = 0x01
    /// The CC file's ISO file ID: `E103`.
    public static let ccFileID: UInt16 = 0xE103
    /// The CC file's size: 15 bytes.
    public static let ccFileSize = 15
    /// The CC file's access rights: `E000`.
    public static let ccAccessRights: UInt16 = 0xE000

    /// The NDEF file: native number `02`, ISO file ID `E104`, access rights `EEE0` (read, write
    /// and read-write free, change with key 0).
    public static let ndefFileNumber: UInt8 = 0x02
    /// The NDEF file's ISO file ID: `E104`.
    public static let ndefFileID: UInt16 = 0xE104
    /// The NDEF file's access rights: `EEE0`.
    public static let ndefAccessRights: UInt16 = 0xEEE0

    /// The CC's mapping version: 2.0 (`20`).
    public static let mappingVersion: UInt8 = 0x20
    /// MLe, the most a READ BINARY answers: `003B` (59), as AN11004 writes the CC.
    public static let maximumResponseData: UInt16 = 0x003B
    /// MLc, the most an UPDATE BINARY carries: `0034` (52), as AN11004 writes the CC.
    public static let maximumCommandData: UInt16 = 0x0034

    /// The NDEF file sizes the CC's 2-byte field allows (T4T v2.0: `0005`…`FFFE`; 5 = NLEN and the
    /// smallest record).
    public static let ndefFileSizes = 5...0xFFFE

    /// The 15-byte CC file for an NDEF file of `ndefFileSize` bytes: `00 0F` CCLEN · `20` mapping
    /// 2.0 · `00 3B` MLe · `00 34` MLc · `04 06` NDEF file control TLV · `E1 04` · the size (2
    /// bytes, most significant first) · `00` read access · `00` write access.
    public static func capabilityContainer(ndefFileSize: Int) -> Result<[UInt8], DESFireCommandError> {
        guard ndefFileSizes.contains(ndefFileSize) else {
            return .failure(
                .ndefFileSize(
                    bytes: ndefFileSize, minimum: ndefFileSizes.lowerBound, maximum: ndefFileSizes.upperBound))
        }
        return .success([
            0x00, UInt8(ccFileSize), mappingVersion, UInt8(maximumResponseData >> 8),
            UInt8(maximumResponseData & 0xFF), UInt8(maximumCommandData >> 8), UInt8(maximumCommandData & 0xFF),
            0x04, 0x06, UInt8(ndefFileID >> 8), UInt8(ndefFileID & 0xFF), UInt8(ndefFileSize >> 8),
            UInt8(ndefFileSize & 0xFF), 0x00, 0x00,
        ])
    }

    /// The mapping an application ID belongs to, or `nil` for another application.
    public static func mapping(of aid: DESFireApplicationID) -> Mapping? {
        Mapping.allCases.first { $0.applicationID == aid }
    }
}
