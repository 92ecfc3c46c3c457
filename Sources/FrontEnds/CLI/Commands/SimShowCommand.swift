import TagEmulator

/// `tapcard sim show FILE`: the hardware facts of a virtual tag.
struct SimShowCommand: Command {
    static let name = "sim show"
    static let summary = "Show a virtual tag's chip, UID, CC, lock bytes and signature check."
    static let options: [OptionSpec] = [.json]
    static let help = """
        Usage: tapcard sim show FILE [--json]

        Prints the chip, UID, memory size, Capability Container, static lock bytes and the
        originality signature check of the virtual tag FILE, straight from its memory (no
        commands are sent). For the NDEF view, use 'tapcard info --tag FILE'.

        Options:
          --json   Print one JSON object instead of text.

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let path = try arguments.requiredPositional("FILE (a virtual tag)")
        try arguments.finish()
        let summary = SimSummary(path: path, tag: try VirtualTagFile.load(path))
        if json {
            io.printJSON(summary.json(action: "shown"))
        } else {
            summary.lines(action: "").forEach { io.print($0) }
        }
        return .success
    }
}
