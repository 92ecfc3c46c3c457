import Focus
import ViewModels

/// `tapcard focus pair`: pair the tapped tag with the profile.
struct FocusPairCommand: Command {
    static let name = "focus pair"
    static let summary = "Pair a tag (its UID and chip) with the profile."
    static let help = """
        Usage: tapcard focus pair [--label L] [--location PLACE] [--tag FILE] [--db PATH] [--profile NAME]

        Pairs the tag with the focus profile. The pairing is the tag's UID and chip type, never its
        NDEF content, so rewriting the tag keeps the pairing. Pair several tags (home, office) by
        running this once per tag. Pairing again updates the label and location. Pairing is refused
        while a session runs.

        Options:
          --label L           A name for the tag ("Kitchen").
          --location PLACE    Where the tag lives ("kitchen drawer"); a wrong tag's refusal names it.

        """ + TappedTag.optionHelp + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let label = try arguments.option("--label")
        let location = try arguments.option("--location")
        let options = try FocusOptions.parse(&arguments, io: io)
        let target = try TagTarget.open(&arguments, io: io)
        try arguments.finish()
        let tag = try await TappedTag.read(target)
        let controller = try options.controller()
        let now = CLIClock.now(io)
        try tag.recordSighting(in: controller.store, at: now)
        let outcome = try controller.pair(
            tag.identity, label: label, location: location, signature: tag.signature, at: now)
        switch outcome {
        case .paired(let paired): io.print("Paired \(paired.identity) (\(paired.whereabouts)).")
        case .updated(let paired): io.print("Updated \(paired.identity) (\(paired.whereabouts)).")
        }
        io.print("Originality signature: \(tag.signatureStatement ?? tag.signature.sentence)")
        io.print("")
        io.print(PairingNotice.text)
        return .success
    }
}
