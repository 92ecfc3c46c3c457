import TagFrames

/// The commands that NDEF-format a DESFire EV1/EV2/EV3 per AN11004 mapping version 2, for a given
/// NDEF file size, from what the card already holds (``DESFireNDEFState``). A pure value: nothing
/// is sent.
///
/// The order, and why:
/// 1. SelectApplication `000000`, the PICC level, and CreateApplication `000001` (key settings
///    `0F`, 1 key, AES or DES, ISO FID `E110`, DF name `D2760000850101`). From here a Type 4
///    reader's SELECT of the DF name succeeds and its SELECT of E103 fails: no NDEF card yet.
/// 2. SelectApplication `000001`, CreateStdDataFile 01 / E103 (plain, 15 bytes) with every access
///    right free (`EEEE`), WriteData of the CC, then ChangeFileSettings to AN11004's `E000` (read
///    free, write key 0). A file whose change right is free takes ChangeFileSettings in plain
///    (DESFire EV1 datasheet, ChangeFileSettings), so the CC goes in **without any
///    authentication**, the same way on EV1, EV2 and EV3. (An order that authenticates with the
///    new application's key 0 first needs the generation's own secure messaging for every later
///    command; this one needs none.) The application's key settings `0F` let anyone create files.
/// 3. CreateStdDataFile 02 / E104 (plain, `EEE0`, the NDEF file size): the **commit**. Only now
///    does the CC name a file that exists, so only now can a reader select E104 and read NLEN.
///    Creating the NDEF file last is what makes a tear anywhere earlier harmless for readers.
/// 4. WriteData `00 00` at offset 0 of file 02 (NLEN 0): an empty NDEF message, stated rather
///    than left to the new file's initial content.
///
/// Every step is the same on a rerun: a plan made from the state a tear left contains only the
/// steps still missing (the CC written again while its rights are still `EEEE`, since a torn
/// WriteData may have landed half of it), so running `format` again finishes the job.
///
/// When the PICC's key settings do not allow free creation, the card refuses CreateApplication
/// with `91 AE`; the driver then authenticates with the PICC master key and sends the same
/// command inside that session. The plan holds no keys.
public struct DESFireFormatPlan: Sendable, Hashable {
    /// The NDEF file's size in bytes (NLEN included).
    public var ndefFileSize: Int
    /// True when the application's key is AES (`KeySett2` bit 7), false for DES.
    public var aes: Bool
    /// The steps in the order they must run (empty when the card is already formatted).
    public var steps: [DESFireFormatStep]

    /// The CC file's rights while it is written: every right free (`EEEE`).
    public static let openCCAccessRights: UInt16 = 0xEEEE

    /// The plan for an NDEF file of `ndefFileSize` bytes (5…65534, the CC's field), with an AES
    /// (default) or DES application key, on a card holding `state`. When the CC is already in
    /// place (`state.ccNDEFFileSize`), its size wins: the NDEF file must match the CC.
    public static func make(
        ndefFileSize: Int, aes: Bool = true, state: DESFireNDEFState = .absent
    ) -> Result<DESFireFormatPlan, DESFireCommandError> {
        typealias App = DESFireNDEFApplication
        let size = state.ccNDEFFileSize ?? ndefFileSize
        let cc: [UInt8]
        switch App.capabilityContainer(ndefFileSize: size) {
        case .failure(let error): return .failure(error)
        case .success(let bytes): cc = bytes
        }
        let create = DESFireCommand.createApplication(
            App.applicationID, keySettings: App.keySettings, numberOfKeys: App.numberOfKeys, aes: aes,
            isoFileID: App.dfFileID, dfName: App.dfName)
        let ccFile = DESFireCommand.createStdDataFile(
            file: App.ccFileNumber, isoFileID: App.ccFileID, communication: .plain, accessRights: openCCAccessRights,
            size: App.ccFileSize)
        let ndefFile = DESFireCommand.createStdDataFile(
            file: App.ndefFileNumber, isoFileID: App.ndefFileID, communication: .plain,
            accessRights: App.ndefAccessRights, size: size)
        guard case .success(let createCommand) = create, case .success(let ccCommand) = ccFile,
            case .success(let ndefCommand) = ndefFile
        else {
            // The constants above are in range and the size was checked, so this is unreachable;
            // a refusal with the size keeps the function total without a trap.
            return .failure(.fileSize(bytes: size))
        }
        var steps: [DESFireFormatStep] = []
        if !state.applicationExists {
            steps.append(
                DESFireFormatStep(
                    purpose: .selectPICC, command: DESFireCommand.selectApplication(.picc), role: .preparation))
            steps.append(DESFireFormatStep(purpose: .createApplication, command: createCommand, role: .setup))
        }
        let ccInPlace = state.files.contains(App.ccFileNumber) && state.ccAccessRights == App.ccAccessRights
        let ndefInPlace = state.files.contains(App.ndefFileNumber)
        if !ccInPlace || !ndefInPlace {
            steps.append(
                DESFireFormatStep(
                    purpose: .selectApplication, command: DESFireCommand.selectApplication(App.applicationID),
                    role: .preparation))
        }
        if !state.files.contains(App.ccFileNumber) {
            steps.append(DESFireFormatStep(purpose: .createCCFile, command: ccCommand, role: .setup))
        }
        if !ccInPlace {
            steps.append(
                DESFireFormatStep(
                    purpose: .writeCC, command: DESFireCommand.writeData(file: App.ccFileNumber, offset: 0, data: cc),
                    role: .setup))
            steps.append(
                DESFireFormatStep(
                    purpose: .restrictCCFile,
                    command: DESFireCommand.changeFileSettings(
                        file: App.ccFileNumber, communication: .plain, accessRights: App.ccAccessRights),
                    role: .setup))
        }
        if !ndefInPlace {
            steps.append(DESFireFormatStep(purpose: .createNDEFFile, command: ndefCommand, role: .commit))
            steps.append(
                DESFireFormatStep(
                    purpose: .clearNDEFLength,
                    command: DESFireCommand.writeData(file: App.ndefFileNumber, offset: 0, data: [0x00, 0x00]),
                    role: .finish))
        }
        return .success(DESFireFormatPlan(ndefFileSize: size, aes: aes, steps: steps))
    }
}
