import CommandLineKit
import Focus
import FocusSessions
import TapCardSupport

/// `tapcard focus unpair`: remove a tag from the profile (refused while a session runs).
struct FocusUnpairCommand: Command {
    static let name = "focus unpair"
    static let summary = "Remove a paired tag (the tag itself, or its UID when it is lost)."
    static let options: [OptionSpec] =
        [.json, .value("--uid", "HEX", "The paired tag's UID, without the tag (e.g. 04:A1:B2:C3:D4:E5:80).")]
        + TappedTag.options
    static let help = """
        Usage: tapcard focus unpair [--tag FILE | --reader NAME|INDEX | --uid HEX] [--json] [--db PATH] [--profile NAME]

        Removes a tag from the focus profile: it can no longer start or end a session. Name the
        tag by tapping it (--tag, --reader, or the default virtual tag), or, for a tag that is lost
        or broken, by the UID a pairing recorded (--uid; 'tapcard focus status' lists them).
        Unpairing is refused while a session runs, like pairing: otherwise the tag at hand could be
        swapped in to end it. The tag stays in the inventory ('tapcard tags').

        Options:
          --uid HEX           The paired tag's UID (hex, colons or spaces allowed); no tag is read.
          --json              Print {"outcome": "unpaired", "tag": …, "paired_tags": […]}.

        """ + TappedTag.optionHelp + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let identity: TagIdentity
        let controller: FocusController
        if let uidText = try arguments.option("--uid") {
            let options = try FocusOptions.parse(&arguments, io: io)
            try arguments.finish()
            let cleaned = uidText.filter { $0 != ":" && $0 != " " && $0 != "-" }
            guard let uid = try? Hex.decode(cleaned), !uid.isEmpty else {
                throw UsageError(
                    "--uid takes the tag's UID in hex (e.g. 04:A1:B2:C3:D4:E5:80), not '\(uidText)'.", command: name)
            }
            controller = try options.controller()
            let matches = try controller.load().profile.pairedTags.filter { $0.identity.uid == uid }
            guard let only = matches.first, matches.count == 1 else {
                if matches.isEmpty {
                    throw FocusFailure.refused(.notPaired(TagIdentity(uid: uid, chip: "tag")))
                }
                throw UsageError(
                    "Several paired tags have the UID \(Hex.encode(uid, uppercase: true, separator: ":")) (\(matches.map(\.identity.chip).joined(separator: ", "))); tap the one to unpair with --tag or --reader.",
                    command: name
                )
            }
            identity = only.identity
        } else {
            let sighted = try await TappedTag.sight(&arguments, io: io)
            identity = sighted.tag.identity
            controller = sighted.controller
        }
        let before = try controller.load().profile.pairedTags
        try controller.unpair(identity, at: CLIClock.now(io))
        let removed = before.first { $0.identity == identity }
        let remaining = try controller.load().profile.pairedTags
        if json {
            io.printJSON(
                JSON.object([
                    ("outcome", .string("unpaired")),
                    ("tag", removed.map(FocusJSON.pairedTag) ?? FocusJSON.tag(identity)),
                    ("paired_tags", .array(remaining.map(FocusJSON.pairedTag))),
                ]))
            return .success
        }
        io.print("Unpaired \(identity) (\(removed?.whereabouts ?? "the tag")).")
        if remaining.isEmpty {
            io.print("No tag is paired now; pair one with 'tapcard focus pair' before the next session.")
        } else {
            io.print("Still paired: \(remaining.map { "\($0.identity) (\($0.whereabouts))" }.joined(separator: "; ")).")
        }
        return .success
    }
}
