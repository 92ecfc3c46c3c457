import TagFrames

/// The ISO/IEC 7816-4 commands (CLA 00) of ``DESFireChip``: SELECT over the card's own tree
/// (applications by DF name or DF FID, files of the selected application by ISO FID, `3F00` the
/// PICC level), then READ and UPDATE BINARY through `Type4ISOCommands` on the selected
/// application's files. See ``DESFireChip`` for the answers chosen where the sources are silent.
extension DESFireChip {
    /// The PICC level's ISO FID (the master file).
    static let masterFile: UInt16 = 0x3F00

    mutating func iso(
        _ command: CommandAPDU, picc: inout DESFirePICC, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        switch command.ins {
        case Type4ISOCommands.Instruction.select:
            return select(command, picc: picc)
        case Type4ISOCommands.Instruction.readBinary, Type4ISOCommands.Instruction.updateBinary:
            if session != nil {
                session = nil
                return .init(status: .securityNotSatisfied)
            }
            guard let selected, let index = picc.index(ofApplication: selected) else {
                return .init(status: .commandNotAllowed)
            }
            var application = picc.applications[index]
            let response = binary(command, application: &application, context: &context)
            picc.applications[index] = application
            return response
        default:
            return .init(status: .insNotSupported)
        }
    }

    private mutating func select(_ command: CommandAPDU, picc: DESFirePICC) -> ResponseAPDU {
        guard command.p2 == 0x00 || command.p2 == 0x0C else { return .init(status: .wrongParameters) }
        switch command.p1 {
        case 0x04:
            guard !command.data.isEmpty, let application = picc.applications.first(where: { $0.dfName == command.data })
            else { return .init(status: .fileNotFound) }
            selectLevel(application.aid, dfName: application.dfName)
            return .init(status: .success)
        case 0x00:
            guard command.data.count == 2 else { return .init(status: .wrongLength) }
            let identifier = UInt16(command.data[0]) << 8 | UInt16(command.data[1])
            if identifier == Self.masterFile {
                selectLevel(nil, dfName: [])
                return .init(status: .success)
            }
            if let selected, let file = picc.application(selected)?.files.first(where: { $0.isoFileID == identifier }) {
                currentFile = file.number
                return .init(status: .success)
            }
            if let application = picc.applications.first(where: { $0.isoFileID == identifier }) {
                selectLevel(application.aid, dfName: application.dfName)
                return .init(status: .success)
            }
            return .init(status: .fileNotFound)
        default:
            return .init(status: .wrongParameters)
        }
    }

    /// READ or UPDATE BINARY on the selected application's files that have an ISO FID.
    private mutating func binary(
        _ command: CommandAPDU, application: inout DESFireApplication, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let isoFiles = application.files.indices.filter { application.files[$0].isoFileID != nil }
        var view = Self.view(application)
        view.files = isoFiles.map { view.files[$0] }
        var commands = Type4ISOCommands(access: .fileSettings, shortFileIdentifiers: false)
        commands.limitsFromCC = false
        let current = currentFile.flatMap { number in view.files.firstIndex { $0.number == number } }
        commands.restore(applicationSelected: true, currentFile: current)
        let response = commands.respond(to: command, memory: &view, context: &context)
        for (position, index) in isoFiles.enumerated() {
            application.files[index].contents = view.files[position].contents
        }
        return response
    }
}
