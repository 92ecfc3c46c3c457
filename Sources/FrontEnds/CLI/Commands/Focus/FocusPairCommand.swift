import Focus
import FocusSessions

/// `tapcard focus pair`: pair the tapped tag with the profile.
struct FocusPairCommand: Command {
    static let name = "focus pair"
    static let summary = "Pair a tag (its UID and chip) with the profile."
    static let options: [OptionSpec] =
        [
            .json, .value("--label", "TEXT", "A name for the tag."),
            .value("--location", "TEXT", "Where the tag lives (shown when another tag is refused)."),
        ] + TappedTag.options
    static let help = """
        Usage: tapcard focus pair [--label L] [--location PLACE] [--json] [--tag FILE] [--db PATH] [--profile NAME]

        Pairs the tag with the focus profile. The pairing is the tag's UID and chip type, never its
        NDEF content, so rewriting the tag keeps the pairing. Pair several tags (home, office) by
        running this once per tag. Pairing again updates the label and location. Pairing is refused
        while a session runs.

        Options:
          --label L           A name for the tag ("Kitchen").
          --location PLACE    Where the tag lives ("kitchen drawer"); a wrong tag's refusal names it.
          --json              Print {"outcome": paired|updated, "tag": …, "signature_statement": …, "notice": …}.

        """ + TappedTag.optionHelp + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let label = try arguments.option("--label")
        let location = try arguments.option("--location")
        let json = arguments.flag("--json")
        let (tag, controller, now) = try await TappedTag.sight(&arguments, io: io)
        let outcome = try controller.pair(
            tag.identity, label: label, location: location, signature: tag.signature, at: now)
        let statement = tag.signatureStatement ?? tag.signature.sentence
        if json {
            let (word, paired) =
                switch outcome {
                case .paired(let paired): ("paired", paired)
                case .updated(let paired): ("updated", paired)
                }
            io.printJSON(
                JSON.object([
                    ("outcome", .string(word)), ("tag", FocusJSON.pairedTag(paired)),
                    ("signature_statement", .string(statement)), ("notice", .string(PairingNotice.text)),
                ]))
            return .success
        }
        switch outcome {
        case .paired(let paired): io.print("Paired \(paired.identity) (\(paired.whereabouts)).")
        case .updated(let paired): io.print("Updated \(paired.identity) (\(paired.whereabouts)).")
        }
        io.print("Originality signature: \(statement)")
        io.print("")
        io.print(PairingNotice.text)
        return .success
    }
}
