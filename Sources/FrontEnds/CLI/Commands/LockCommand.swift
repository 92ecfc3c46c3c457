import CommandLineKit
import TagWorkflows

/// `tapcard lock --yes-lock-permanently`: makes a tag read-only for ever.
struct LockCommand: Command {
    static let name = "lock"
    static let summary = "Make a tag permanently read-only (needs --yes-lock-permanently)."
    static let options: [OptionSpec] =
        [
            .json, .flag("--yes-lock-permanently", "Confirms that the tag can never be written again."),
            .secret(
                "--key", "HEX32", environment: "TAPCARD_KEY",
                "NTAG 424 DNA: its key 0 (default: the factory key, all zeros)."),
        ]
        + TearOptions.options + TagTarget.options + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard lock --yes-lock-permanently [--tag FILE] [--password HEX8 | --key HEX32] [--json] [--db PATH]

        IRREVERSIBLE. Sets the CC access byte to 0x0F, then every dynamic and static lock bit,
        then CFGLCK on chips with configuration pages (so nobody can later put a password on the
        locked tag). No command can ever make such a tag writable again. Without
        --yes-lock-permanently nothing is sent to the tag. Every page the lock writes is checked
        against the tag's password protection before the first write: a lock on a protected tag
        without its password is refused whole, never left half-done.

        On an NTAG 424 DNA the lock authenticates with its key 0 (AuthenticateEV2First;
        --key HEX32, else the factory key of all zeros) and sends three steps, each skipped when
        already in place: FF into the CC file's NDEF write-access byte, then ChangeFileSettings of
        the NDEF file and of the CC file to write, read-write and change "never"; it reads the CC
        and both files' settings back to verify. A lock that stops part-way says which steps
        landed; the same command completes it. A MIFARE DESFire EV2/EV3 formatted per AN11004
        is locked the same way with its NDEF application's key 0, an EV1 through AuthenticateAES;
        on a DESFire the lock is NOT permanent: the PICC master key can delete the application or
        format the card, and key 0 (anyone, with AN11004's key settings 0F) can replace the NDEF
        file. The report names who can undo it.
        A generic Type 4 tag is refused with the reason: the Type 4 mapping has no lock command.

        On a Type 5 tag: the CC's write access set to 11 (read-only), then LOCK BLOCK of every
        block of the NDEF TLV, the CC block last; each step skipped when already in place, and the
        CC and block security read back to verify. A lock that stops part-way says which steps
        landed; the same command completes it. A reader that cannot send ISO 15693 commands
        (GET SYSTEM INFO, LOCK BLOCK: a PC/SC storage-card interface) is refused before anything is
        written. On a FeliCa Lite-S (Type 3): the attribute block's RW flag set to 00, then the
        MC block with S_PAD0–13 and MC itself read-only (permanent: the MC cannot be written
        again); the same command completes a lock that stopped. A completed lock is recorded in the TapCard
        database's write log (see 'tapcard tags').

        Options:
          --yes-lock-permanently  Confirms that the tag can never be written again.
          --key HEX32             NTAG 424 DNA: its key 0 (default: the factory key, all zeros).
                                  Never printed or logged.
          --simulate-tear-after N (virtual tags) Let exactly N commands complete, then take the
                                  tag out of the field; the error is followed by what the tag now
                                  reads as, and the same lock run again finishes it.
          --tear-mode MODE        not-delivered (default), reply-lost or corrupted-write.
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let confirmed = arguments.flag("--yes-lock-permanently")
        let key = try KeyInputError.key(&arguments)
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        let password = try PasswordOptions.parse(&arguments)
        let tear = try TearOptions.parse(&arguments)
        // The confirmation first: a refusal opens (or creates) nothing.
        guard confirmed else { throw ConfirmationRequired.lockPermanently }
        let tag = try await OpenedTag.open(&arguments, io: io)
        if key != nil, tag.forumType != 4 {
            tag.close()
            throw UsageError(
                "--key is an NTAG 424 DNA's AES key; this is \(TagFacts.kindPhrase(forumType: tag.forumType))\(tag.forumType == 2 ? " (its password is --password)" : "").",
                command: name)
        }
        try tag.finish(&arguments)
        return try await TagVerbs.lock(
            tag, confirmed: confirmed, key: key, password: password, json: json, recording: recording, tear: tear,
            io: io)
    }
}
