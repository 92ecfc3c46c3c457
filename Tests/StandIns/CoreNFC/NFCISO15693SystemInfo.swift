import Foundation

/// Stand-in for the Swift overlay's `struct NFCISO15693SystemInfo` (iOS 14, iPhoneOS17.0.sdk
/// `CoreNFC.swiftmodule/arm64-apple-ios.swiftinterface`), built from
/// `getSystemInfoAndUIDWithRequestFlag:`'s results: `-1` for a field the tag did not report,
/// `blockSize` the real size (1–32) and `totalBlocks` the real count (1–256), and
/// `uniqueIdentifier` "in little endian byte order from the response packet" (`NFCISO15693Tag.h`)
/// — the reverse of `NFCISO15693Tag.identifier`, which is big endian.
public struct NFCISO15693SystemInfo {
    public var uniqueIdentifier: Data
    public var dataStorageFormatIdentifier: Int
    public var applicationFamilyIdentifier: Int
    public var blockSize: Int
    public var totalBlocks: Int
    public var icReference: Int

    public init(
        uniqueIdentifier _uniqueIdentifier: Data, dataStorageFormatIdentifier _dataStorageFormatIdentifier: Int,
        applicationFamilyIdentifier _applicationFamilyIdentifier: Int, blockSize _blockSize: Int,
        totalBlocks _totalBlocks: Int, icReference _icReference: Int
    ) {
        uniqueIdentifier = _uniqueIdentifier
        dataStorageFormatIdentifier = _dataStorageFormatIdentifier
        applicationFamilyIdentifier = _applicationFamilyIdentifier
        blockSize = _blockSize
        totalBlocks = _totalBlocks
        icReference = _icReference
    }
}
