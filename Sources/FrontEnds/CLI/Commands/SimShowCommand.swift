import CommandLineKit
import TagEmulator
import TapCardSupport

/// `tapcard sim show FILE`: the hardware facts of a virtual tag.
struct SimShowCommand: Command {
    static let name = "sim show"
    static let summary = "Show a virtual tag's chip, UID, CC, lock bytes (or files) and signature."
    static let options: [OptionSpec] = [.json]
    static let help = """
        Usage: tapcard sim show FILE [--json]

        Prints the chip, UID, memory size, Capability Container, static lock bytes and the
        originality signature check of the virtual tag FILE, straight from its memory (no
        commands are sent). For the NDEF view, use 'tapcard info --tag FILE'. For a Type 4 tag
        (NTAG 424 DNA, generic T4T): the CC, each file's size and access rights, the key
        versions and the stored signature. For a Type 5 tag (ICODE SLIX2, ST25DV04K): the blocks,
        the CC in block 0, the locked blocks, DSFID and AFI and the stored signature.

        Options:
          --json   Print one JSON object instead of text.

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let path = try arguments.requiredPositional("FILE (a virtual tag)")
        try arguments.finish()
        TagOutput.virtualTag(try VirtualTag.load(path), path: path).print(
            action: "shown", title: "", json: json, io: io)
        return .success
    }
}
