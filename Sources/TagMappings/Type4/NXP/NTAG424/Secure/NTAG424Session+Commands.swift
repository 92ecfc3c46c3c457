import Ciphers
import TagFrames

/// The authenticated NTAG 424 DNA commands as wrapped APDUs (NTAG 424 DNA datasheet, command set; AN12196;
/// shared/reference/type4-type5-ntag424.md §2.3–§2.5). Each marks its exchange as outstanding:
/// unwrap the tag's answer with the mode given in the method's comment.
extension NTAG424Session {
    private static func threeBytes(_ value: Int, _ field: String) throws(NTAG424SecureError) -> [UInt8] {
        guard (0...0xFF_FFFF).contains(value) else { throw .outOfRange(field: field, value: value, maximum: 0xFF_FFFF) }
        return [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }

    /// GetFileSettings of `file` (`90 F5`, header FileNo) in MAC mode; unwrap with `.mac` to get
    /// FileType ‖ FileOption ‖ AccessRights ‖ FileSize ‖ [SDM settings].
    public mutating func getFileSettings(file: UInt8) throws(NTAG424SecureError) -> CommandAPDU {
        try wrap(ins: DESFireInstruction.getFileSettings.rawValue, header: [file], mode: .mac)
    }

    /// ChangeFileSettings of `file` (`90 5F`, header FileNo) with `settings` (FileOption ‖
    /// AccessRights ‖ [SDM part], §2.6) in FULL mode; the answer is MACt alone: unwrap with `.mac`.
    public mutating func changeFileSettings(file: UInt8, settings: [UInt8]) throws(NTAG424SecureError)
        -> CommandAPDU
    {
        try wrap(ins: DESFireInstruction.changeFileSettings.rawValue, header: [file], data: settings, mode: .full)
    }

    /// ChangeKey of key `number` to `newKey` with key version `version` (`90 C4`, header KeyNo, FULL).
    /// For a key other than the authenticated one the key data is (New ⊕ Old) ‖ KeyVer ‖
    /// CRC32(New), so `oldKey` is required; unwrap the answer (MACt alone) with `.mac`. For the
    /// authenticated key it is New ‖ KeyVer and `oldKey` is ignored; the tag then ends the
    /// session and answers `91 00` without a MAC: unwrap with `.plain` and authenticate again
    /// with the new key.
    public mutating func changeKey(
        _ number: UInt8, to newKey: [UInt8], version: UInt8, replacing oldKey: [UInt8]? = nil
    )
        throws(NTAG424SecureError) -> CommandAPDU
    {
        guard number <= 4 else { throw .noSuchKey(number) }
        guard newKey.count == 16 else { throw .wrongLength(what: "new key", bytes: newKey.count, expected: 16) }
        let keyData: [UInt8]
        if number == keyNumber {
            keyData = newKey + [version]
        } else {
            guard let oldKey else { throw .oldKeyRequired(keyNumber: number) }
            guard oldKey.count == 16 else { throw .wrongLength(what: "old key", bytes: oldKey.count, expected: 16) }
            keyData = zip(newKey, oldKey).map { $0 ^ $1 } + [version] + CRC32.ntag424(newKey)
        }
        return try wrap(ins: DESFireInstruction.changeKey.rawValue, header: [number], data: keyData, mode: .full)
    }

    /// SetConfiguration option 05 (capability data, `90 5C`, header Option, FULL) with PDCap2.1
    /// bit 1 set: switches the tag to LRP secure messaging for good (datasheet §10.5.1: 4 RFU
    /// bytes, PDCap2.1, 3 RFU, PDCap2.5, PDCap2.6). Key 0 must be authenticated. The current
    /// session stays AES; the next AuthenticateEV2First must ask for LRP. Unwrap the answer (MACt
    /// alone) with `.mac`.
    public mutating func enableLRP() throws(NTAG424SecureError) -> CommandAPDU {
        try wrap(
            ins: DESFireInstruction.setConfiguration.rawValue, header: [0x05],
            data: [0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00], mode: .full)
    }

    /// GetCardUID (`90 51`, FULL); unwrap with `.full` to get the 7-byte UID.
    public mutating func getCardUID() throws(NTAG424SecureError) -> CommandAPDU {
        try wrap(ins: DESFireInstruction.getCardUID.rawValue, mode: .full)
    }

    /// GetKeyVersion of key `number` (`90 64`, header KeyNo, MAC); unwrap with `.mac` to get KeyVer.
    public mutating func getKeyVersion(_ number: UInt8) throws(NTAG424SecureError) -> CommandAPDU {
        guard number <= 4 else { throw .noSuchKey(number) }
        return try wrap(ins: DESFireInstruction.getKeyVersion.rawValue, header: [number], mode: .mac)
    }

    /// ReadData of `length` bytes (0 = to the end of the file) from `offset` of `file` (`90 AD`,
    /// header FileNo ‖ Offset(3, LSB first) ‖ Length(3, LSB first)) in the file's `mode`: the
    /// command carries no data, so in FULL mode it is MACed only; unwrap with the same `mode`.
    public mutating func readData(file: UInt8, offset: Int, length: Int, mode: NTAG424CommMode)
        throws(NTAG424SecureError) -> CommandAPDU
    {
        let header = try [file] + Self.threeBytes(offset, "offset") + Self.threeBytes(length, "length")
        return try wrap(ins: DESFireInstruction.readData.rawValue, header: header, mode: mode)
    }

    /// WriteData of `data` at `offset` of `file` (`90 8D`, header FileNo ‖ Offset(3) ‖ Length(3),
    /// then the data) in the file's `mode`; unwrap with `.mac` in MAC and FULL modes (MACt alone),
    /// `.plain` in plain mode.
    public mutating func writeData(file: UInt8, offset: Int, data: [UInt8], mode: NTAG424CommMode)
        throws(NTAG424SecureError) -> CommandAPDU
    {
        let header = try [file] + Self.threeBytes(offset, "offset") + Self.threeBytes(data.count, "length")
        return try wrap(ins: DESFireInstruction.writeData.rawValue, header: header, data: data, mode: mode)
    }
}
