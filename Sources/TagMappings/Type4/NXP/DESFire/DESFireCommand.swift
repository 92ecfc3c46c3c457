import TagFrames

/// DESFire native commands, ISO/IEC 7816-4 wrapped: `90 <INS> 00 00 [<Lc> <data>] 00` (MIFARE
/// DESFire EV1 datasheet, "ISO/IEC 7816-4 wrapping of native commands"). The answer ends in
/// `91 00`, or `91 AF` when another frame follows (`90 AF`). Multi-byte numbers go least
/// significant byte first: AIDs, ISO file IDs, access rights, file sizes. These are the plain
/// forms; a card whose keys require it wants them inside an authenticated session.
///
/// GetVersion and AdditionalFrame are the commands `NTAG424Command` already builds: the same
/// bytes on both chips. ReadData and WriteData use the native codes `BD`/`3D` that every DESFire
/// generation answers, not NTAG 424 DNA's `AD`/`8D`.
public enum DESFireCommand {
    /// SelectApplication (`90 5A 00 00 03 <AID, LSB first> 00`); ``DESFireApplicationID/picc``
    /// selects the PICC level.
    public static func selectApplication(_ aid: DESFireApplicationID) -> CommandAPDU {
        native(.selectApplication, aid.wire)
    }

    /// GetApplicationIDs (`90 6A 00 00 00`): the AIDs, 3 bytes each, maybe over several frames.
    public static var getApplicationIDs: CommandAPDU { native(.getApplicationIDs) }

    /// GetFreeMemory (`90 6E 00 00 00`): 3 bytes, least significant first.
    public static var getFreeMemory: CommandAPDU { native(.getFreeMemory) }

    /// FormatPICC (`90 FC 00 00 00`): deletes every application and file. Irreversible; needs
    /// the PICC master key.
    public static var formatPICC: CommandAPDU { native(.formatPICC) }

    /// GetDFNames (`90 6D 00 00 00`): one frame for each application with an ISO DF identifier.
    public static var getDFNames: CommandAPDU { native(.getDFNames) }

    /// GetISOFileIDs (`90 61 00 00 00`) of the selected application: 2 bytes a file, LSB first.
    public static var getISOFileIDs: CommandAPDU { native(.getISOFileIDs) }

    /// GetKeySettings (`90 45 00 00 00`) of the selected application or the PICC level:
    /// KeySett1 and the key count with the key type.
    public static var getKeySettings: CommandAPDU { native(.getKeySettings) }

    /// GetFileIDs (`90 6F 00 00 00`) of the selected application.
    public static var getFileIDs: CommandAPDU { native(.getFileIDs) }

    /// CreateApplication (`90 CA 00 00 <Lc> <AID 3> <KeySett1> <KeySett2> [<ISO FID 2>] [<DF name>] 00`).
    ///
    /// `KeySett2` is built from the parts: bits 3-0 the number of keys (1…14), bit 5 set when an
    /// ISO file ID follows, bit 7 set for AES keys (bits 7-6 `10`; `00` is DES/3DES). AN11004's NDEF
    /// application: AID 000001, key settings `0F`, one key, ISO FID E110, DF name D2760000850101.
    public static func createApplication(
        _ aid: DESFireApplicationID, keySettings: UInt8, numberOfKeys: Int, aes: Bool, isoFileID: UInt16? = nil,
        dfName: [UInt8] = []
    ) -> Result<CommandAPDU, DESFireCommandError> {
        guard (1...14).contains(numberOfKeys) else { return .failure(.numberOfKeys(numberOfKeys)) }
        if !dfName.isEmpty && isoFileID == nil { return .failure(.dfNameWithoutFileID) }
        guard dfName.count <= 16 else { return .failure(.dfNameLength(bytes: dfName.count)) }
        var settings2 = UInt8(numberOfKeys)
        if isoFileID != nil { settings2 |= 0x20 }
        if aes { settings2 |= 0x80 }
        var data = aid.wire + [keySettings, settings2]
        if let isoFileID { data += littleEndian2(isoFileID) }
        data += dfName
        return .success(native(.createApplication, data))
    }

    /// CreateStdDataFile (`90 CD 00 00 <Lc> <file> [<ISO FID 2>] <comm> <access 2> <size 3> 00`).
    ///
    /// `accessRights` is the 16-bit word as documents write it, `Read<<12 | Write<<8 |
    /// ReadWrite<<4 | Change` (AN11004's CC file: `E000`, read free, the rest key 0), sent least
    /// significant byte first (`00 E0`).
    public static func createStdDataFile(
        file: UInt8, isoFileID: UInt16? = nil, communication: DESFireCommunicationMode, accessRights: UInt16,
        size: Int
    ) -> Result<CommandAPDU, DESFireCommandError> {
        guard file <= 31 else { return .failure(.fileNumber(file)) }
        guard (1...0xFF_FFFF).contains(size) else { return .failure(.fileSize(bytes: size)) }
        var data = [file]
        if let isoFileID { data += littleEndian2(isoFileID) }
        data += [communication.rawValue] + littleEndian2(accessRights) + NTAG424Command.littleEndian3(size)
        return .success(native(.createStdDataFile, data))
    }

    /// ChangeFileSettings in plain (`90 5F 00 00 04 <file> <comm> <access 2> 00`): what a file
    /// whose change right is free (`E`) takes without authentication (DESFire EV1 datasheet,
    /// ChangeFileSettings). `accessRights` as in ``createStdDataFile(file:isoFileID:communication:accessRights:size:)``.
    public static func changeFileSettings(
        file: UInt8, communication: DESFireCommunicationMode, accessRights: UInt16
    ) -> CommandAPDU {
        native(.changeFileSettings, [file, communication.rawValue] + littleEndian2(accessRights))
    }

    /// GetFileSettings of `file` in the selected application (`90 F5 00 00 01 <file> 00`).
    public static func getFileSettings(_ file: UInt8) -> CommandAPDU { native(.getFileSettings, [file]) }

    /// ReadData in plain with the native code every generation answers (`90 BD 00 00 07 <file>
    /// <offset 3> <length 3> 00`; EV1 has no `AD`, the ISO-chained form EV2 added and NTAG 424
    /// DNA uses).
    public static func readData(file: UInt8, offset: Int, length: Int) -> CommandAPDU {
        native(.nativeReadData, [file] + NTAG424Command.littleEndian3(offset) + NTAG424Command.littleEndian3(length))
    }

    /// WriteData in plain with the native code every generation answers (`90 3D 00 00 <Lc> <file>
    /// <offset 3> <length 3> <data> 00`; EV1 has no `8D`).
    public static func writeData(file: UInt8, offset: Int, data: [UInt8]) -> CommandAPDU {
        native(
            .nativeWriteData,
            [file] + NTAG424Command.littleEndian3(offset) + NTAG424Command.littleEndian3(data.count) + data)
    }

    /// A native command with Le = 00 (any length), as NXP's examples send it.
    static func native(_ instruction: DESFireInstruction, _ data: [UInt8] = []) -> CommandAPDU {
        CommandAPDU(cla: 0x90, ins: instruction.rawValue, p1: 0x00, p2: 0x00, data: data, le: 256)
    }

    static func littleEndian2(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}
