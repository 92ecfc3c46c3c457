import TagCatalog

extension DESFirePICC {
    /// This card with the NDEF application of NXP AN11004 (mapping version 2) added, as a
    /// formatter leaves it: AID 000001, key settings `0F`, one AES key of zeros, ISO FID E110, DF
    /// name D2 76 00 00 85 01 01; file 01 / E103 (plain, access `E000`, 15 bytes) holding the CC
    /// `00 0F 20 00 3B 00 34 04 06 E1 04 <size> 00 00`; file 02 / E104 (plain, access `EEE0`,
    /// `facts.formattedNDEFFileBytes` bytes, NLEN 0). These bytes' home is the Type 4 mapping
    /// (`DESFireNDEFApplication`, `DESFireFormatPlan`), which the emulator does not import; the
    /// emulator tests check that running that plan on a factory card gives exactly this card.
    public func withNDEFApplication(_ facts: DESFireFacts) -> DESFirePICC {
        let size = facts.formattedNDEFFileBytes
        let cc: [UInt8] = [
            0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, UInt8(size >> 8 & 0xFF),
            UInt8(size & 0xFF), 0x00, 0x00,
        ]
        let files = [
            DESFireDataFile(
                number: 0x01, isoFileID: 0xE103, communication: 0x00,
                accessRights: Type4AccessRights(read: 0xE, write: 0x0, readWrite: 0x0, change: 0x0), contents: cc),
            DESFireDataFile(
                number: 0x02, isoFileID: 0xE104, communication: 0x00,
                accessRights: Type4AccessRights(read: 0xE, write: 0xE, readWrite: 0xE, change: 0x0),
                contents: [UInt8](repeating: 0, count: size)),
        ]
        var card = self
        card.applications.append(
            DESFireApplication(
                aid: 0x000001, keySettings: 0x0F, keyType: .aes, keys: [Type4Key()], isoFileID: 0xE110,
                dfName: Type4Facts.ndefApplication, files: files))
        return card
    }
}
