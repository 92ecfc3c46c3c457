import TagFrames

/// A plain NFC Forum Type 4 tag (T4T v2.0): the NDEF application, its CC and NDEF files, and
/// the ISO commands of ``Type4ISOCommands`` with access from the CC.
///
/// Anything but CLA 00 is `6E 00` (class not supported), native `90 60` GetVersion included: iOS
/// sends it to every ISO 7816 tag and carries on after the error (shared/reference/
/// type4-type5-ntag424.md V-T4T-4 and §1.6). An unknown CLA 00 instruction is `6D 00`.
struct GenericType4Chip: Type4Chip {
    private var iso = Type4ISOCommands(access: .capabilityContainer, shortFileIdentifiers: false)

    var isApplicationSelected: Bool { iso.isApplicationSelected }

    mutating func respond(
        to command: CommandAPDU, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        guard command.cla == 0x00 else { return .init(status: .claNotSupported) }
        return iso.respond(to: command, memory: &memory, context: &context)
    }

    mutating func reset() { iso.reset() }
}
