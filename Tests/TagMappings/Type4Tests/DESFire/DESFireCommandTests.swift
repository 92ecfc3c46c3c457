import TagFrames
import Testing
import Type4

/// Every builder's bytes. The AN11004 values (AID 000001, key settings 0F, KeySett2 21, ISO FID
/// E110, DF name D2760000850101; CC file 01/E103 plain E000 size 0F; NDEF file 02/E104 plain
/// EEE0) are as libfreefare `examples/mifare-desfire-create-ndef.c` transcribes AN11004 §6.5 and
/// Proxmark3 `doc/ndef_type4a.md` repeats them; the byte order (LSB first) is the EV1 datasheet's.
@Suite struct DESFireCommandTests {
    @Test func simpleCommands() {
        #expect(DESFireCommand.getApplicationIDs.bytes == [0x90, 0x6A, 0x00, 0x00, 0x00])
        #expect(DESFireCommand.getFreeMemory.bytes == [0x90, 0x6E, 0x00, 0x00, 0x00])
        #expect(DESFireCommand.formatPICC.bytes == [0x90, 0xFC, 0x00, 0x00, 0x00])
        #expect(DESFireCommand.getFileIDs.bytes == [0x90, 0x6F, 0x00, 0x00, 0x00])
        #expect(
            DESFireCommand.selectApplication(DESFireNDEFApplication.applicationID).bytes == [
                0x90, 0x5A, 0x00, 0x00, 0x03, 0x01, 0x00, 0x00, 0x00,
            ])
        #expect(
            DESFireCommand.selectApplication(.picc).bytes == [0x90, 0x5A, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00])
        #expect(
            DESFireCommand.selectApplication(DESFireNDEFApplication.version1ApplicationID).bytes == [
                0x90, 0x5A, 0x00, 0x00, 0x03, 0x10, 0xEE, 0xEE, 0x00,
            ])
    }

    @Test func createNDEFApplication() throws {
        let des = try DESFireCommand.createApplication(
            DESFireNDEFApplication.applicationID, keySettings: 0x0F, numberOfKeys: 1, aes: false, isoFileID: 0xE110,
            dfName: DESFireNDEFApplication.dfName
        ).get()
        #expect(
            des.bytes == [
                0x90, 0xCA, 0x00, 0x00, 0x0E, 0x01, 0x00, 0x00, 0x0F, 0x21, 0x10, 0xE1,
                0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00,
            ])
        // AES keys: KeySett2 bit 7 (libfreefare APPLICATION_CRYPTO_AES 0x80), so 21 becomes A1.
        let aes = try DESFireCommand.createApplication(
            DESFireNDEFApplication.applicationID, keySettings: 0x0F, numberOfKeys: 1, aes: true, isoFileID: 0xE110,
            dfName: DESFireNDEFApplication.dfName
        ).get()
        #expect(aes.data[4] == 0xA1)
        // Without ISO parts: AID, two settings bytes, nothing else.
        let plain = try DESFireCommand.createApplication(
            DESFireApplicationID(wire: 0xD3, 0xD2, 0xD1), keySettings: 0x0B, numberOfKeys: 5, aes: true
        ).get()
        #expect(plain.bytes == [0x90, 0xCA, 0x00, 0x00, 0x05, 0xD3, 0xD2, 0xD1, 0x0B, 0x85, 0x00])
    }

    @Test func createApplicationRefusals() {
        let aid = DESFireNDEFApplication.applicationID
        #expect(
            DESFireCommand.createApplication(aid, keySettings: 0x0F, numberOfKeys: 0, aes: true)
                == .failure(.numberOfKeys(0)))
        #expect(
            DESFireCommand.createApplication(aid, keySettings: 0x0F, numberOfKeys: 15, aes: true)
                == .failure(.numberOfKeys(15)))
        #expect(
            DESFireCommand.createApplication(aid, keySettings: 0x0F, numberOfKeys: 1, aes: true, dfName: [0xD2])
                == .failure(.dfNameWithoutFileID))
        #expect(
            DESFireCommand.createApplication(
                aid, keySettings: 0x0F, numberOfKeys: 1, aes: true, isoFileID: 0xE110,
                dfName: [UInt8](repeating: 1, count: 17)) == .failure(.dfNameLength(bytes: 17)))
        #expect(DESFireCommandError.numberOfKeys(0).origin == .refusal)
    }

    @Test func createFiles() throws {
        let cc = try DESFireCommand.createStdDataFile(
            file: 0x01, isoFileID: 0xE103, communication: .plain, accessRights: 0xE000, size: 15
        ).get()
        #expect(
            cc.bytes == [0x90, 0xCD, 0x00, 0x00, 0x09, 0x01, 0x03, 0xE1, 0x00, 0x00, 0xE0, 0x0F, 0x00, 0x00, 0x00])
        let ndef = try DESFireCommand.createStdDataFile(
            file: 0x02, isoFileID: 0xE104, communication: .plain, accessRights: 0xEEE0, size: 0x0800
        ).get()
        #expect(
            ndef.bytes == [0x90, 0xCD, 0x00, 0x00, 0x09, 0x02, 0x04, 0xE1, 0x00, 0xE0, 0xEE, 0x00, 0x08, 0x00, 0x00])
        // Mapping v1's CC file has no ISO file ID: 7 data bytes.
        let v1 = try DESFireCommand.createStdDataFile(
            file: 0x03, communication: .full, accessRights: 0xE000, size: 0x0F_0000
        ).get()
        #expect(v1.bytes == [0x90, 0xCD, 0x00, 0x00, 0x07, 0x03, 0x03, 0x00, 0xE0, 0x00, 0x00, 0x0F, 0x00])
        #expect(
            DESFireCommand.createStdDataFile(file: 32, communication: .plain, accessRights: 0, size: 1)
                == .failure(.fileNumber(32)))
        #expect(
            DESFireCommand.createStdDataFile(file: 1, communication: .plain, accessRights: 0, size: 0)
                == .failure(.fileSize(bytes: 0)))
        #expect(
            DESFireCommand.createStdDataFile(file: 1, communication: .plain, accessRights: 0, size: 0x100_0000)
                == .failure(.fileSize(bytes: 0x100_0000)))
    }

    @Test func everyCommandReparses() throws {
        var commands = [
            DESFireCommand.getApplicationIDs, DESFireCommand.getFreeMemory, DESFireCommand.formatPICC,
            DESFireCommand.getFileIDs, DESFireCommand.selectApplication(.picc),
        ]
        commands += try DESFireFormatPlan.make(ndefFileSize: 0x1E00).get().steps.compactMap(\.command)
        for command in commands {
            #expect(CommandAPDU.parse(command.bytes) == .success(command))
            #expect(command.cla == 0x90 && !command.isExtended)
        }
    }

    @Test func instructionNames() {
        #expect(DESFireInstruction.describe(0xCA) == "CreateApplication (90 CA)")
        #expect(DESFireInstruction.describe(0x01) == "the command 90 01")
        #expect(DESFireInstruction.describe(0x71) == "AuthenticateEV2First (90 71)")
        // One table for the family (NTAG 424 DNA's commands and DESFire's): every name once, and
        // the labels errors name commands by come from it.
        let all = DESFireInstruction.allCases
        // Every name once, except ReadData and WriteData: the datasheets give the native code
        // (BD, 3D) and the ISO-chained one (AD, 8D) the same name.
        let shared = Dictionary(grouping: all, by: \.name).filter { $0.value.count > 1 }
        #expect(Set(shared.keys) == ["ReadData", "WriteData"])
        #expect(DESFireInstruction.describe(0x3D) == "WriteData (90 3D)")
        for instruction in all {
            #expect(CommandLabel.apdu(cla: 0x90, ins: instruction.rawValue, p1: 0, p2: 0).name == instruction.name)
        }
    }
}
