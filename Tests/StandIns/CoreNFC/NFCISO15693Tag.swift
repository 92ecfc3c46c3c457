import Foundation

/// Stand-in for `NFCISO15693Tag` (iOS 11/13/14) with the calls TapCard needs, under the Swift
/// names `CoreNFC.apinotes` gives them (iPhoneOS17.0.sdk; type4-type5-ntag424.md §4.2). The
/// `Result`-based iOS 14 overlay and the `async` twins are in `NFCISO15693Tag+Overlay.swift`.
///
/// What the header text promises, and ``StandInISO15693Tag`` does: for every standard command
/// "Address flag is automatically enforced by default and the tag's UID is sent with the command;
/// setting RequestFlagSelect to flags will disable the Address flag"; `customCommand` inserts the
/// IC manufacturer code "after the command byte"; the option flag puts each block's security
/// status byte first; a tag's error answer comes back as an `NSError` whose userInfo holds
/// ``NFCISO15693TagResponseErrorKey``; "Each data frame send out by the reader may not exceed 256
/// bytes total." Completion handlers are `@Sendable` (the safe superset for Swift 6).
///
/// Left out (TapCard does not call them): `stayQuiet`, `writeMultipleBlocks`, `select`,
/// `resetToReady`, the AFI/DSFID calls, `fastReadMultipleBlocks`, the iOS 14 crypto calls and
/// the legacy `sendCustomCommand(commandConfiguration:)` / `readMultipleBlock(readConfiguration:)`.
public protocol NFCISO15693Tag: NFCNDEFTag {
    /// "The 64 bit hardware UID of the tag. Data is in Big Endian byte order." (`E0` first.)
    var identifier: Data { get }
    /// "The IC manufacturer code (bits 56 – 49) in UID according to ISO/IEC 7816-6:2004."
    var icManufacturerCode: Int { get }
    /// "The IC serial number (bits 48 – 1) in UID assigned by the manufacturer. Data is in Big Endian byte order."
    var icSerialNumber: Data { get }

    /// READ SINGLE BLOCK (0x20); blocks 0…255.
    func readSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8,
        completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void)
    /// WRITE SINGLE BLOCK (0x21).
    func writeSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8, dataBlock: Data,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// LOCK BLOCK (0x22).
    func lockBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// READ MULTIPLE BLOCKS (0x23): "Valid start index range is 0 to 255 inclusively. Valid length
    /// is 1 to 256 inclusively."
    func readMultipleBlocks(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        completionHandler: @escaping @Sendable ([Data], (any Error)?) -> Void)
    /// GET SYSTEM INFO (0x2B), the iOS 13 form (deprecated in iOS 14, `NS_SWIFT_DISABLE_ASYNC`):
    /// dsfid, afi, blockSize, blockCount, icReference, `-1` where absent.
    func getSystemInfo(
        requestFlags flags: NFCISO15693RequestFlag,
        completionHandler: @escaping @Sendable (Int, Int, Int, Int, Int, (any Error)?) -> Void)
    /// `getSystemInfoAndUIDWithRequestFlag:completionHandler:` (iOS 14), `SwiftPrivate` in the
    /// apinotes: apps call the overlay's `getSystemInfo(requestFlags:resultHandler:)` or
    /// `systemInfo(requestFlags:)`. The UID is little endian, as in the response packet.
    func __getSystemInfoAndUID(
        withRequestFlag flags: NFCISO15693RequestFlag,
        completionHandler: @escaping @Sendable (Data?, Int, Int, Int, Int, Int, (any Error)?) -> Void)
    /// GET MULTIPLE BLOCK SECURITY STATUS (0x2C): one status byte per block.
    func getMultipleBlockSecurityStatus(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        completionHandler: @escaping @Sendable ([NSNumber], (any Error)?) -> Void)
    /// A custom command (0xA0…0xDF): "IC manufacturer code from the tag is automatically inserted
    /// after the command byte before appending the custom request parameters".
    func customCommand(
        requestFlags flags: NFCISO15693RequestFlag, customCommandCode: Int, customRequestParameters: Data,
        completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void)
    /// EXTENDED READ SINGLE BLOCK (0x30); blocks 0…65535.
    func extendedReadSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int,
        completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void)
    /// EXTENDED WRITE SINGLE BLOCK (0x31).
    func extendedWriteSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int, dataBlock: Data,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// EXTENDED LOCK BLOCK (0x32).
    func extendedLockBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// EXTENDED READ MULTIPLE BLOCKS (0x33): start 0…65535, length 1…65536.
    func extendedReadMultipleBlocks(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        completionHandler: @escaping @Sendable ([Data], (any Error)?) -> Void)
    /// `sendRequestWithFlag:commandCode:data:completionHandler:` (iOS 14), `SwiftPrivate`: apps call
    /// the overlay's `sendRequest(requestFlags:commandCode:data:)`. "The request data frame is
    /// concatenation of 8 bits request flag, 8 bits command code, and optional data. Total length
    /// of the data frame cannot exceed 256 bytes. The 8 bits response flag and the data are
    /// returned" — nothing is inserted: an addressed request carries the UID in `data`.
    func __sendRequest(
        withFlag flags: Int, commandCode: Int, data: Data?,
        completionHandler: @escaping @Sendable (NFCISO15693ResponseFlag, Data?, (any Error)?) -> Void)
}
