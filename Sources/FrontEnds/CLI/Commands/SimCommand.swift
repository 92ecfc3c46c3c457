import CommandLineKit

/// `tapcard sim`: create, import, export and show virtual tags (the emulator's files).
struct SimCommand: Command {
    static let name = "sim"
    static let summary = "Create, import, export and show virtual tags (every emulated chip: NFC Forum Types 2-5)."
    static let options: [OptionSpec] = []
    static var subcommands: [any Command.Type] {
        [
            SimNewCommand.self, SimImportCommand.self, SimExportCommand.self, SimShowCommand.self,
        ]
    }
    static let help = """
        Usage: tapcard sim new MODEL FILE [--uid HEX | --idm HEX] [--blank] [--force] [--json]
               tapcard sim import DUMP FILE [--model MODEL] [--force] [--json]
               tapcard sim export FILE (--flipper OUT.nfc | --proxmark3 OUT.json | --bin OUT.bin | --eml OUT.eml |
                                       --mct OUT.mct) [--force] [--json]
               tapcard sim show FILE [--json]

        A virtual tag is a file holding one emulated tag: the chip model, UID, originality
        signature, counters and every page of memory. The file is a Flipper Zero .nfc file
        (version 4), so a Flipper can emulate it and any Flipper tool can read it. Every tag
        command (read, info, write, erase, format, lock) takes one with --tag FILE.

        Subcommands:
          new      Create a factory-fresh tag (NDEF formatted unless --blank).
          import   Make a virtual tag from a Flipper Zero .nfc dump, or a raw .bin with --model;
                   a MIFARE Classic from Proxmark3, MIFARE Classic Tool and libnfc dumps too.
          export   Write a virtual tag as a Flipper Zero .nfc file, a Proxmark3 JSON dump or a
                   raw .bin image; a MIFARE Classic also as .eml and MIFARE Classic Tool .mct.
          show     Chip, UID, CC, lock bytes and the originality signature check.

        MODEL (sim new): \(SimModels.allNames.joined(separator: ", ")).
        'sim import' takes the Type 2 ones.

        Run 'tapcard sim SUBCOMMAND --help' for its options.

        """

    /// Never called: the dispatcher runs the subcommand the next word names.
    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        throw UsageError("'sim' needs a subcommand: new, import, export or show.", command: name)
    }
}
