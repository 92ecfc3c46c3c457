import Cards
import CommandLineKit
import Contacts
import NDEF
import TagWorkflows
import TapCardSupport

/// `tapcard demo`: the main job end to end on a virtual tag — write a business card, read it
/// back, show the verified report.
struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "Write a business card to the virtual tag, read it back, show the verified report."
    static let options: [OptionSpec] = [.json] + TagTarget.options + DatabaseOption.options + ProfileOptions.options
    static let help = """
        Usage: tapcard demo [profile options] [--tag FILE] [--json] [--db PATH]

        The main job with no hardware: writes a vCard business card as an NDEF MIME record to
        the virtual NTAG213, reads the tag back the way a phone would and prints what was
        written, the capacity the tag reports, the pages written, the commands sent and their
        modeled air time. Without profile options the card is Ada Lovelace's. The write is
        recorded in the TapCard database (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(TagRecording.help)

        """ + ProfileOptions.help

    /// The demo card when no profile option is given; its vCard 3.0 fits an NTAG213.
    static let sample = ContactProfile(
        displayName: "Ada Lovelace", name: PersonName(family: "Lovelace", given: "Ada"),
        emails: ["ada@example.com"])

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        var profile = try ProfileOptions.parse(&arguments, io: io)
        if profile == ContactProfile() { profile = sample }
        let tag = try await OpenedTag.open(&arguments, io: io)
        defer { tag.close() }
        try tag.finish(&arguments)
        let message = try CardEncoding.message(for: profile, as: .vcard)
        let driver = try tag.driver(command: name)
        let outcome = try await tag.operating { try await driver.writeMessage(message, verify: true) }
        recording.record(outcome, operation: .write, io: io)
        let readBack = try await tag.operating { try await tag.driver(command: name).readTag() }
        if json {
            io.printJSON(
                JSON.object([
                    ("write", TagOutput.writeJSON(outcome, label: tag.label)),
                    ("read", TagOutput.reportJSON(readBack, label: tag.label)),
                ]))
            return .success
        }
        io.print(
            "1. Write \(profile.formattedName)'s business card (\(outcome.messageBytes)-byte NDEF message: one text/vcard record)"
        )
        TagOutput.write(outcome, label: tag.label, json: false, io: io)
        io.print("")
        io.print("2. Read it back as a phone would")
        for line in TagText.content(readBack.content) { io.print(line) }
        io.print(TagText.statistics(readBack.statistics))
        return .success
    }
}
