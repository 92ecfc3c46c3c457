import TagCatalog
import TagFrames

/// The commands on the selected application's files. ReadData, WriteData and ChangeFileSettings
/// are NTAG 424 DNA's (`NTAG424Chip.readData`, `writeData`, `changeFileSettings`: the same
/// DESFire EV2 commands, with the same access rules and statuses), run on a view of the
/// application's files as ``Type4File``s whose settings are the GetFileSettings answer.
extension DESFireChip {
    mutating func fileCommand(
        _ command: CommandAPDU, application: inout DESFireApplication, freeMemory: Int,
        context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let ins = command.ins
        let facts = self.facts
        switch ins {
        case Instruction.createStdDataFile:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                Self.createStdDataFile(
                    rest, authenticatedKey: key, application: &application, freeMemory: freeMemory, facts: facts,
                    context: context)
            }
        case Instruction.getFileIDs:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard application.freeDirectory || key == 0 else { return .error(0xAE) }
                return .success(application.files.map(\.number))
            }
        case Instruction.getISOFileIDs:
            // The files' ISO identifiers, 2 bytes each, LSB first, in the order the files were
            // created (MIFARE DESFire EV1 datasheet, GetISOFileIDs); none in an application
            // created without them.
            let response = desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard application.freeDirectory || key == 0 else { return .error(0xAE) }
                return .success(
                    application.files.compactMap(\.isoFileID).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            }
            return chained(response, frameSize: 2 * Self.isoFileIDsPerFrame)
        case Instruction.getFileSettings:
            return desfireSecured(command, headerLength: 1, mode: .mac) { header, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard application.freeDirectory || key == 0 else { return .error(0xAE) }
                guard let number = header.first, let index = application.index(ofFile: number) else {
                    return .error(0xF0)
                }
                return .success(application.files[index].settings)
            }
        default:
            break
        }
        var view = Self.view(application)
        let response: ResponseAPDU
        if Instruction.readData.contains(ins) {
            let mode = dataMode(command.data, write: false, memory: view)
            let answer = desfireSecured(command, headerLength: 7, mode: mode, fileData: true) { header, rest, key in
                NTAG424Chip.readData(header: header, rest: rest, authenticatedKey: key, memory: view)
            }
            response = ins == 0xBD ? chained(answer, frameSize: Self.frameData) : answer
        } else if Instruction.writeData.contains(ins) {
            let mode = dataMode(command.data, write: true, memory: view)
            response = desfireSecured(command, headerLength: 7, mode: mode, fileData: true) { header, rest, key in
                NTAG424Chip.writeData(
                    header: header, data: rest, authenticatedKey: key, memory: &view, context: &context)
            }
        } else if ins == Instruction.changeFileSettings {
            let mode = changeFileSettingsMode(command.data, memory: view)
            response = desfireSecured(command, headerLength: 1, mode: mode, encipheredLength: 3) { header, rest, key in
                // Bit 6 would enable Secure Dynamic Messaging, which the DESFire model does not mirror.
                guard (rest.first ?? 0) & 0x40 == 0 else { return .error(0x9E) }
                return NTAG424Chip.changeFileSettings(
                    header: header, settings: rest, authenticatedKey: key, memory: &view, context: context)
            }
        } else {
            return refuse(0x1C)
        }
        Self.copyBack(view, into: &application)
        return response
    }

    /// The application's files as ``Type4File``s (identifier: the ISO FID, or 0 without one) and
    /// its keys, in the same order.
    static func view(_ application: DESFireApplication) -> Type4Memory {
        Type4Memory(
            files: application.files.map {
                Type4File(
                    identifier: $0.isoFileID ?? 0, number: $0.number, contents: $0.contents, settings: $0.settings)
            }, keys: application.keys, signature: [])
    }

    /// What a command changed in a ``view(_:)``: contents, communication settings, access rights.
    static func copyBack(_ view: Type4Memory, into application: inout DESFireApplication) {
        for (index, file) in view.files.enumerated() where application.files.indices.contains(index) {
            application.files[index].contents = file.contents
            if let settings = file.settings, settings.count >= 4, let rights = file.accessRights {
                application.files[index].communication = settings[1]
                application.files[index].accessRights = rights
            }
        }
    }

    /// CreateStdDataFile (MIFARE DESFire EV1/EV3 datasheet, "CreateStdDataFile"): FileNo ‖ [ISO
    /// FID (2, LSB first), present exactly when the application has ISO file IDs] ‖ CommSett ‖
    /// AccessRights (2) ‖ FileSize (3, LSB first). Length `91 7E`; application settings bit 2 or
    /// its master key `91 AE`; file number over 31, CommSett bits 7-2, size 0, a right naming a
    /// key the application does not have `91 9E`; file number or ISO FID already there `91 DE`;
    /// memory `91 0E`. The new file holds zeros.
    static func createStdDataFile(
        _ data: [UInt8], authenticatedKey: UInt8?, application: inout DESFireApplication, freeMemory: Int,
        facts: DESFireFacts, context: Type4CommandContext
    ) -> NTAG424Outcome {
        let withISO = application.isoFileID != nil
        guard data.count == (withISO ? 9 : 7) else { return .error(0x7E) }
        guard application.freeFileCreation || authenticatedKey == 0 else { return .error(0xAE) }
        let number = data[0]
        let isoFileID: UInt16? = withISO ? UInt16(data[1]) | UInt16(data[2]) << 8 : nil
        let at = withISO ? 3 : 1
        let communication = data[at]
        let rights = Type4AccessRights(bytes: data[at + 1], data[at + 2])
        let size = Int(data[at + 3]) | Int(data[at + 4]) << 8 | Int(data[at + 5]) << 16
        guard number <= 31, communication & 0xFC == 0, size > 0,
            rights.namesOnlyExistingKeys(keyCount: application.keys.count)
        else { return .error(0x9E) }
        let duplicate = application.files.contains {
            $0.number == number || (isoFileID != nil && $0.isoFileID == isoFileID)
        }
        guard !duplicate else { return .error(0xDE) }
        guard facts.fileBytes(size) <= freeMemory else { return .error(0x0E) }
        if !context.tornWrite {
            application.files.append(
                DESFireDataFile(
                    number: number, isoFileID: isoFileID, communication: communication, accessRights: rights,
                    contents: [UInt8](repeating: 0, count: size)))
        }
        return .success()
    }
}
