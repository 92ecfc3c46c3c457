import TagFrames

/// The command sequence that NDEF-formats a blank (or application-free) DESFire EV1/EV2/EV3 per
/// AN11004 mapping version 2, for a given NDEF file size. A pure value: nothing is sent.
///
/// The order, and why:
/// 1. SelectApplication `000000`, then authenticate with the PICC master key.
/// 2. CreateApplication `000001` (key settings `0F`, 1 key, AES or DES, ISO FID `E110`, DF name
///    `D2760000850101`). From here the card holds the application but it has no files: a Type 4
///    reader's SELECT of the DF name succeeds and its SELECT of E103 fails, so it is no NDEF card.
/// 3. SelectApplication `000001`, authenticate with its key 0.
/// 4. CreateStdDataFile 01 / E103 (plain, `E000`, 15 bytes), then WriteData of the CC.
///    The CC goes in with native WriteData (`90 8D`), not ISO UPDATE BINARY: the file's write
///    access is key 0, so the write belongs to the native authenticated session of step 3, and
///    WriteData names the file by its number in the selected application, with no ISO SELECT of
///    E103 in between. AN11004 and libfreefare write it this way.
/// 5. CreateStdDataFile 02 / E104 (plain, `EEE0`, the NDEF file size): the **commit**. Only now
///    does the CC name a file that exists, so only now can a reader select E104 and read NLEN.
///    Creating the NDEF file last is what makes a tear anywhere earlier harmless for readers.
/// 6. WriteData `00 00` at offset 0 of file 02 (NLEN 0): an empty NDEF message, stated rather
///    than left to the new file's initial content.
///
/// Steps 2, 4 and 5 use card memory that, on these chips, only FormatPICC gives back: a caller
/// confirms before running the plan.
public struct DESFireFormatPlan: Sendable, Hashable {
    /// The NDEF file's size in bytes (NLEN included).
    public var ndefFileSize: Int
    /// True when the application's key is AES (`KeySett2` bit 7), false for DES.
    public var aes: Bool
    /// The steps in the order they must run.
    public var steps: [DESFireFormatStep]

    /// The plan for an NDEF file of `ndefFileSize` bytes (5…65534, the CC's field), with an AES
    /// (default) or DES application key.
    public static func make(ndefFileSize: Int, aes: Bool = true) -> Result<DESFireFormatPlan, DESFireCommandError> {
        typealias App = DESFireNDEFApplication
        let cc: [UInt8]
        switch App.capabilityContainer(ndefFileSize: ndefFileSize) {
        case .failure(let error): return .failure(error)
        case .success(let bytes): cc = bytes
        }
        let create = DESFireCommand.createApplication(
            App.applicationID, keySettings: App.keySettings, numberOfKeys: App.numberOfKeys, aes: aes,
            isoFileID: App.dfFileID, dfName: App.dfName)
        let ccFile = DESFireCommand.createStdDataFile(
            file: App.ccFileNumber, isoFileID: App.ccFileID, communication: .plain, accessRights: App.ccAccessRights,
            size: App.ccFileSize)
        let ndefFile = DESFireCommand.createStdDataFile(
            file: App.ndefFileNumber, isoFileID: App.ndefFileID, communication: .plain,
            accessRights: App.ndefAccessRights, size: ndefFileSize)
        guard case .success(let createCommand) = create, case .success(let ccCommand) = ccFile,
            case .success(let ndefCommand) = ndefFile
        else {
            // The constants above are in range and the size was checked, so this is unreachable;
            // a refusal with the size keeps the function total without a trap.
            return .failure(.fileSize(bytes: ndefFileSize))
        }
        let steps = [
            DESFireFormatStep(
                purpose: .selectPICC, command: DESFireCommand.selectApplication(.picc), role: .preparation),
            DESFireFormatStep(purpose: .authenticatePICCMasterKey, command: nil, role: .preparation),
            DESFireFormatStep(purpose: .createApplication, command: createCommand, role: .setup),
            DESFireFormatStep(
                purpose: .selectApplication, command: DESFireCommand.selectApplication(App.applicationID),
                role: .preparation),
            DESFireFormatStep(purpose: .authenticateApplicationMasterKey, command: nil, role: .preparation),
            DESFireFormatStep(purpose: .createCCFile, command: ccCommand, role: .setup),
            DESFireFormatStep(
                purpose: .writeCC, command: NTAG424Command.writeData(file: App.ccFileNumber, offset: 0, data: cc),
                role: .setup),
            DESFireFormatStep(purpose: .createNDEFFile, command: ndefCommand, role: .commit),
            DESFireFormatStep(
                purpose: .clearNDEFLength,
                command: NTAG424Command.writeData(file: App.ndefFileNumber, offset: 0, data: [0x00, 0x00]),
                role: .finish),
        ]
        return .success(DESFireFormatPlan(ndefFileSize: ndefFileSize, aes: aes, steps: steps))
    }
}
