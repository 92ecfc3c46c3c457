import TagFrames

/// The native command table of ``DESFireChip``: which level a command belongs to, the mode it
/// travels in during an EV2 session, and the function that carries it out.
extension DESFireChip {
    /// Native instructions `DESFireChip` answers.
    enum Instruction {
        static let getVersion: UInt8 = 0x60
        static let authenticateEV2First: UInt8 = 0x71
        static let authenticateEV2NonFirst: UInt8 = 0x77
        static let authenticateAES: UInt8 = 0xAA
        static let selectApplication: UInt8 = 0x5A
        static let getApplicationIDs: UInt8 = 0x6A
        /// GetDFNames: each application's AID, ISO DF identifier and DF name, one per frame.
        static let getDFNames: UInt8 = 0x6D
        /// GetISOFileIDs: the selected application's ISO file identifiers.
        static let getISOFileIDs: UInt8 = 0x61
        static let createApplication: UInt8 = 0xCA
        static let deleteApplication: UInt8 = 0xDA
        static let formatPICC: UInt8 = 0xFC
        static let getFreeMemory: UInt8 = 0x6E
        static let getKeySettings: UInt8 = 0x45
        static let createStdDataFile: UInt8 = 0xCD
        static let getFileIDs: UInt8 = 0x6F
        static let getFileSettings: UInt8 = 0xF5
        static let changeFileSettings: UInt8 = 0x5F
        /// ReadData with native chaining (`BD`) and with ISO/IEC 7816-4 chaining (`AD`, NTAG 424 DNA's).
        static let readData: Set<UInt8> = [0xBD, 0xAD]
        /// WriteData, native (`3D`) and ISO chained (`8D`).
        static let writeData: Set<UInt8> = [0x3D, 0x8D]
    }

    /// Commands that need an application selected.
    static let applicationLevel = Set<UInt8>([
        Instruction.createStdDataFile, Instruction.getFileIDs, Instruction.getFileSettings,
        Instruction.changeFileSettings, Instruction.getISOFileIDs,
    ]).union(Instruction.readData).union(Instruction.writeData)
    /// Commands that need the PICC level.
    static let piccLevel: Set<UInt8> = [
        Instruction.getApplicationIDs, Instruction.getDFNames, Instruction.createApplication,
        Instruction.deleteApplication,
        Instruction.formatPICC,
    ]

    mutating func native(
        _ command: CommandAPDU, picc: inout DESFirePICC, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let ins = command.ins
        let data = command.data
        if Self.applicationLevel.contains(ins) && selected == nil { return refuse(0x9D) }
        if Self.piccLevel.contains(ins) && selected != nil { return refuse(0x9D) }
        let authenticating = ins == Instruction.authenticateEV2First || ins == Instruction.authenticateEV2NonFirst
        if authenticating {
            // An EV1 does not know EV2First and NonFirst; on a later card they end an EV1 session.
            ev1Session = nil
            guard speaksEV2 else { return refuse(0x1C) }
        }
        if let session, session.commandCounter == 0xFFFF, !authenticating { return refuse(0x1E) }
        let facts = self.facts
        let selected = self.selected
        switch ins {
        case Instruction.getVersion:
            ev1Session = nil
            return getVersion(command)
        case Instruction.authenticateAES:
            let level = levelKeys(picc)
            return authenticateAES(data, keys: level.keys, type: level.type)
        case Instruction.authenticateEV2First, Instruction.authenticateEV2NonFirst:
            let level = levelKeys(picc)
            guard let number = data.first else { return refuse(0x7E) }
            guard level.keys.indices.contains(Int(number)) else { return refuse(0x40) }
            // AuthenticateEV2 proves AES keys only; a DES or 3DES key needs the legacy
            // authentications, which are not modelled (UNVERIFIED status).
            guard level.type == .aes else { return refuse(0xAE) }
            return ins == Instruction.authenticateEV2First
                ? authenticateFirst(data, keys: level.keys) : authenticateNonFirst(data, keys: level.keys)
        case Instruction.selectApplication:
            guard data.count == 3 else { return refuse(0x7E) }
            let aid = UInt32(data[2]) << 16 | UInt32(data[1]) << 8 | UInt32(data[0])
            if aid == 0 {
                selectLevel(nil, dfName: [])
                return .init(status: .nativeSuccess)
            }
            guard let application = picc.application(aid) else {
                session = nil
                return .init(status: Self.native(0xA0))
            }
            selectLevel(aid, dfName: application.dfName)
            return .init(status: .nativeSuccess)
        case Instruction.getApplicationIDs:
            let response = desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard picc.keySettings & 0x02 != 0 || key == 0 else { return .error(0xAE) }
                return .success(picc.applications.flatMap(\.aidBytes))
            }
            return chained(response, frameSize: 3 * Self.applicationIDsPerFrame)
        case Instruction.getDFNames:
            // One frame an application with an ISO DF identifier (MIFARE DESFire EV1 datasheet,
            // GetDFNames): AID (3 bytes, LSB first) ‖ ISO FID (2 bytes, LSB first) ‖ DF name.
            // Under the same rights as GetApplicationIDs.
            let entries = picc.applications.compactMap { application -> [UInt8]? in
                guard let fid = application.isoFileID else { return nil }
                return application.aidBytes + [UInt8(fid & 0xFF), UInt8(fid >> 8)] + application.dfName
            }
            let response = desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard picc.keySettings & 0x02 != 0 || key == 0 else { return .error(0xAE) }
                return .success(entries.flatMap { $0 })
            }
            return chained(response, frameLengths: entries.map(\.count))
        case Instruction.createApplication:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                Self.createApplication(rest, authenticatedKey: key, picc: &picc, facts: facts, context: context)
            }
        case Instruction.deleteApplication:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.count == 3 else { return .error(0x7E) }
                guard key == 0 else { return .error(0xAE) }
                let aid = UInt32(rest[2]) << 16 | UInt32(rest[1]) << 8 | UInt32(rest[0])
                guard let index = picc.index(ofApplication: aid) else { return .error(0xA0) }
                if !context.tornWrite { picc.applications.remove(at: index) }
                return .success()
            }
        case Instruction.formatPICC:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard key == 0 else { return .error(0xAE) }
                if !context.tornWrite { picc.applications.removeAll() }
                return .success()
            }
        case Instruction.getFreeMemory:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, _ in
                guard rest.isEmpty else { return .error(0x7E) }
                let free = picc.freeMemory(facts)
                return .success([UInt8(free & 0xFF), UInt8(free >> 8 & 0xFF), UInt8(free >> 16 & 0xFF)])
            }
        case Instruction.getKeySettings:
            return desfireSecured(command, headerLength: 0, mode: .mac) { _, rest, key in
                guard rest.isEmpty else { return .error(0x7E) }
                guard let selected, let application = picc.application(selected) else {
                    guard picc.keySettings & 0x02 != 0 || key == 0 else { return .error(0xAE) }
                    return .success([picc.keySettings, 0x01 | picc.masterKeyType.settingsBits])
                }
                guard application.freeDirectory || key == 0 else { return .error(0xAE) }
                return .success([
                    application.keySettings,
                    UInt8(truncatingIfNeeded: application.keys.count) | application.keyType.settingsBits,
                ])
            }
        default:
            guard let selected, let index = picc.index(ofApplication: selected) else { return refuse(0x1C) }
            let free = picc.freeMemory(facts)
            var application = picc.applications[index]
            let response = fileCommand(command, application: &application, freeMemory: free, context: &context)
            picc.applications[index] = application
            return response
        }
    }
}
